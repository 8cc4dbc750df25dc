// libgps, the gpsd client library (Debian: libgps-dev), for the Location module's gpsd
// provider. Only `Sources/Location/Providers/GPSD/` imports this module.
#ifndef PETSPOT_CGPS_SHIM_H
#define PETSPOT_CGPS_SHIM_H

#include <gps.h>

// The provider is written for libgps API 11 (gpsd 3.21–3.24: three-argument gps_read,
// `timespec_t` times, `altMSL`/`altHAE`). Another major version changes those signatures.
#if GPSD_API_MAJOR_VERSION != 11
#error "PetSpot's gpsd provider is written for libgps API 11 (gpsd 3.22); this gps.h has another major version"
#endif

#endif
