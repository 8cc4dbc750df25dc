// libgeonames' towns behind petspot_towns.h, libgeonames opened at the first call (see
// lazy_library.h). Its header needs GLib's; the few functions used are declared here instead,
// with a town (a GVariant) as an opaque pointer. A library that cannot be opened is an error
// the caller reports, not an abort.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "include/petspot_towns.h"
#include "lazy_library.h"

typedef struct geonames_city geonames_city;

int geonames_get_n_cities(void);
geonames_city *geonames_get_city(int index);
void geonames_city_free(geonames_city *city);
const char *geonames_city_get_name(geonames_city *city);
const char *geonames_city_get_state(geonames_city *city);
const char *geonames_city_get_country(geonames_city *city);
const char *geonames_city_get_country_code(geonames_city *city);
double geonames_city_get_latitude(geonames_city *city);
double geonames_city_get_longitude(geonames_city *city);
unsigned int geonames_city_get_population(geonames_city *city);

#define FUNCTIONS(X)                                                                                                   \
    X(geonames_get_n_cities)                                                                                           \
    X(geonames_get_city)                                                                                               \
    X(geonames_city_free)                                                                                              \
    X(geonames_city_get_name)                                                                                          \
    X(geonames_city_get_state)                                                                                         \
    X(geonames_city_get_country)                                                                                       \
    X(geonames_city_get_country_code)                                                                                  \
    X(geonames_city_get_latitude)                                                                                      \
    X(geonames_city_get_longitude)                                                                                     \
    X(geonames_city_get_population)

// Debian 12's libgeonames 0.3 (libgeonames0), then the development link.
LAZY_LIBRARY(FUNCTIONS, .what = "libgeonames",
             .names = {"libgeonames.so.0", "libgeonames.so"}, .package = "libgeonames0")

int petspot_towns_count(char *error, int error_size) {
    pthread_once(&once, load);
    if (library.handle == NULL) {
        snprintf(error, (size_t)error_size, "%s (install Debian's %s)", library.failure, library.package);
        return -1;
    }
    if (library.missing != NULL) {
        snprintf(error, (size_t)error_size, "libgeonames lacks %s", library.missing);
        return -1;
    }
    return real.geonames_get_n_cities();
}

static void copy(char *to, size_t size, const char *from) {
    snprintf(to, size, "%s", from ? from : "");
}

int petspot_town_at(int index, petspot_town *town) {
    pthread_once(&once, load);
    if (library.handle == NULL || library.missing != NULL) return -1;
    geonames_city *city = real.geonames_get_city(index);
    if (city == NULL) return -1;
    copy(town->name, sizeof town->name, real.geonames_city_get_name(city));
    copy(town->state, sizeof town->state, real.geonames_city_get_state(city));
    copy(town->country, sizeof town->country, real.geonames_city_get_country(city));
    copy(town->country_code, sizeof town->country_code, real.geonames_city_get_country_code(city));
    town->latitude = real.geonames_city_get_latitude(city);
    town->longitude = real.geonames_city_get_longitude(city);
    town->population = real.geonames_city_get_population(city);
    real.geonames_city_free(city);
    return 0;
}
