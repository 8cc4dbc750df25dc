// PROJ's C API for the Geodesy module: coordinate operations (proj.h) and
// Karney's geodesic algorithms (geodesic.h). Only Sources/Geodesy/PROJ/ imports this.
#ifndef PETSPOT_CPROJ_SHIM_H
#define PETSPOT_CPROJ_SHIM_H

#include <proj.h>
#include <geodesic.h>

// Written and tested against PROJ 9.1 (Debian 12); needs the PROJ 8+ error API
// (proj_context_errno_string) and geodesic.h 2.x.
#if PROJ_VERSION_MAJOR < 8
#error "PetSpot Geodesy needs PROJ 8 or later (Debian 12 ships 9.1: apt-get install libproj-dev)"
#endif
#if GEODESIC_VERSION_MAJOR < 2
#error "PetSpot Geodesy needs geodesic.h 2.x (shipped with PROJ 8 and later)"
#endif

#endif
