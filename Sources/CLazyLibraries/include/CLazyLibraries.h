// PROJ, libgps, libcurl, libgeonames and libqrencode, opened when first used: see
// lazy_library.h. The Geodesy and Location modules call PROJ's and libgps' own APIs, declared
// by the CProj and CGPS modules, and proj.c and gps.c define them; the Mail module calls
// petspot_smtp_send (smtp.c), Places petspot_town_at (towns.c), QRCodes petspot_qrcode_encode
// (qrcode.c).
#ifndef PETSPOT_CLAZYLIBRARIES_H
#define PETSPOT_CLAZYLIBRARIES_H
#include "petspot_smtp.h"
#include "petspot_towns.h"
#include "petspot_qrcode.h"
#endif
