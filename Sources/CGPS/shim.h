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

// libgps' parser of one JSON object, exported by libgps.so but declared only in gpsd's private
// headers. `gps_unpack` calls it in a loop until the end of the buffer, and in libgps 3.22 that
// loop never ends when the parser fails without moving `end` (`{"class""class":"TPV"}`, a
// DEVICE path longer than its field, ...: found by the FuzzGPSDReport fuzz target). PetSpot
// calls it once per line instead: gpsd writes one object per line.
int libgps_json_unpack(const char *buf, struct gps_data_t *gpsdata, const char **end);

#endif
