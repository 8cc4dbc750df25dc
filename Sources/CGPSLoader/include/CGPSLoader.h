// libgps, loaded when first used: see gps_loader.c. Nothing here to import: the Location module
// calls libgps' own API, declared by the CGPS module, and gps_loader.c defines it.
#ifndef PETSPOT_CGPS_LOADER_H
#define PETSPOT_CGPS_LOADER_H
#endif
