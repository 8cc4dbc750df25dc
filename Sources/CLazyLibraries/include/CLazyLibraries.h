// PROJ and libgps, opened when first used: see lazy_library.h. Nothing here to import: the
// Geodesy and Location modules call the libraries' own APIs, declared by the CProj and CGPS
// modules, and proj.c and gps.c define them.
#ifndef PETSPOT_CLAZYLIBRARIES_H
#define PETSPOT_CLAZYLIBRARIES_H
#endif
