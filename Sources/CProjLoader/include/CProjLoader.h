// PROJ, loaded when first used: see proj_loader.c. Nothing here to import: the Geodesy module
// calls PROJ's own API, declared by the CProj module, and proj_loader.c defines it.
#ifndef PETSPOT_CPROJ_LOADER_H
#define PETSPOT_CPROJ_LOADER_H
#endif
