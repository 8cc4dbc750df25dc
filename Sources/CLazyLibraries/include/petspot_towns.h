// The towns of Debian's libgeonames (24,361, with the library: no files to ship), read one at
// a time (libgeonames opened at the first call, see lazy_library.h). The Places module's
// TownList is the only caller.
#ifndef PETSPOT_TOWNS_H
#define PETSPOT_TOWNS_H

typedef struct petspot_town {
    char name[128];
    char state[128];
    char country[128];
    char country_code[8];
    double latitude;
    double longitude;
    unsigned int population;
} petspot_town;

/// How many towns the library has; -1 when it cannot be opened (`error` says why).
int petspot_towns_count(char *error, int error_size);

/// Copies town `index` (0 ..< count) into `town` (texts cut to fit); 0 on success.
int petspot_town_at(int index, petspot_town *town);

#endif
