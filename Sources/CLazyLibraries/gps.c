// libgps' functions that the Location module calls, forwarded to libgps, opened at the first
// call (see lazy_library.h).

// Everything gps.h includes comes first, so that the hidden visibility below applies to
// libgps' own declarations only: a libc symbol declared hidden here (stderr, snprintf) would
// be hidden in the whole link, and no longer found in libc.
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>

#pragma GCC visibility push(hidden)
#include <gps.h>
int libgps_json_unpack(const char *buf, struct gps_data_t *gpsdata, const char **end);
#pragma GCC visibility pop

#include "lazy_library.h"

// The functions forwarded below, in `real` once resolved.
#define FUNCTIONS(X) X(gps_open) X(gps_close) X(gps_stream) X(libgps_json_unpack)

// Debian 12's libgps (gpsd 3.22, API 11), then the development link.
LAZY_LIBRARY(FUNCTIONS, .what = "libgps", .names = {"libgps.so.28", "libgps.so"}, .package = "libgps28")

static void require(void) {
    pthread_once(&once, load);
    lazy_library_require(&library);
}

int gps_open(const char *host, const char *port, struct gps_data_t *data) {
    require();
    return real.gps_open(host, port, data);
}
int gps_close(struct gps_data_t *data) { require(); return real.gps_close(data); }
int gps_stream(struct gps_data_t *data, unsigned int flags, void *d) { require(); return real.gps_stream(data, flags, d); }
int libgps_json_unpack(const char *buf, struct gps_data_t *gpsdata, const char **end) {
    require();
    return real.libgps_json_unpack(buf, gpsdata, end);
}
