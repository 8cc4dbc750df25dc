// PROJ, libgps and libcurl, opened when first used: see lazy_library.h. The Geodesy and
// Location modules call PROJ's and libgps' own APIs, declared by the CProj and CGPS modules,
// and proj.c and gps.c define them; the Mail module calls petspot_smtp_send (smtp.c).
#ifndef PETSPOT_CLAZYLIBRARIES_H
#define PETSPOT_CLAZYLIBRARIES_H
#include "petspot_smtp.h"
#include "petspot_towns.h"
#endif
