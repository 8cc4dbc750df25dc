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

// The real functions, resolved once (under `once`), read-only afterwards.
static struct {
    __typeof__(&gps_open) gps_open;
    __typeof__(&gps_close) gps_close;
    __typeof__(&gps_stream) gps_stream;
    __typeof__(&libgps_json_unpack) libgps_json_unpack;
} real;

static pthread_once_t once = PTHREAD_ONCE_INIT;
// Debian 12's libgps (gpsd 3.22, API 11), then the development link.
static LazyLibrary library = {.what = "libgps", .names = {"libgps.so.28", "libgps.so"}, .package = "libgps28"};

#define RESOLVE(name) real.name = (__typeof__(real.name))lazy_library_symbol(&library, #name)

static void load(void) {
    lazy_library_open(&library);
    if (library.handle == NULL) return;
    RESOLVE(gps_open);
    RESOLVE(gps_close);
    RESOLVE(gps_stream);
    RESOLVE(libgps_json_unpack);
}

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
