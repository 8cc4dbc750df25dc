// libgps loaded when first used instead of when petspot starts.
//
// Linked normally, libgps.so and what it brings (libdbus, libsystemd and their dependencies)
// are relocated at every start of petspot, though only the commands that talk to gpsd use
// them. The functions the Location module uses are defined here with libgps' own names and
// signatures (gps.h; libgps_json_unpack as the CGPS shim declares it) and forward to the
// library, opened with dlopen at the first call. The definitions are hidden, so they only
// satisfy this program's own references; libgps' calls to itself stay inside libgps. If
// libgps cannot be opened (a broken installation), the first call says so and aborts.

// Everything gps.h includes comes first, so that the hidden visibility below applies to
// libgps' own declarations only: a libc symbol declared hidden here (stderr, snprintf) would
// be hidden in the whole link, and no longer found in libc.
#include <dlfcn.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>

#pragma GCC visibility push(hidden)
#include <gps.h>
int libgps_json_unpack(const char *buf, struct gps_data_t *gpsdata, const char **end);
#pragma GCC visibility pop

#include "CGPSLoader.h"

// The real functions, resolved once (under `once`), read-only afterwards.
static struct {
    __typeof__(&gps_open) gps_open;
    __typeof__(&gps_close) gps_close;
    __typeof__(&gps_waiting) gps_waiting;
    __typeof__(&gps_stream) gps_stream;
    __typeof__(&libgps_json_unpack) libgps_json_unpack;
} real;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *library;
static const char *missing;
static char failure[512];

#define RESOLVE(name)                                                      \
    do {                                                                   \
        real.name = (__typeof__(real.name))dlsym(library, #name);          \
        if (real.name == NULL && missing == NULL) missing = #name;         \
    } while (0)

static void load(void) {
    // The soname of Debian 12's libgps (gpsd 3.22, API 11), then the development link.
    const char *names[] = {"libgps.so.28", "libgps.so"};
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libgps.so.28 not found");
        return;
    }
    RESOLVE(gps_open);
    RESOLVE(gps_close);
    RESOLVE(gps_waiting);
    RESOLVE(gps_stream);
    RESOLVE(libgps_json_unpack);
    if (missing != NULL) snprintf(failure, sizeof failure, "the library has no %s", missing);
}

static void require(void) {
    pthread_once(&once, load);
    if (library == NULL || missing != NULL) {
        fprintf(stderr, "petspot: cannot use libgps (%s). Install it: apt-get install libgps28\n", failure);
        abort();
    }
}

int gps_open(const char *host, const char *port, struct gps_data_t *data) {
    require();
    return real.gps_open(host, port, data);
}
int gps_close(struct gps_data_t *data) { require(); return real.gps_close(data); }
bool gps_waiting(const struct gps_data_t *data, int timeout) { require(); return real.gps_waiting(data, timeout); }
int gps_stream(struct gps_data_t *data, unsigned int flags, void *d) { require(); return real.gps_stream(data, flags, d); }
int libgps_json_unpack(const char *buf, struct gps_data_t *gpsdata, const char **end) {
    require();
    return real.libgps_json_unpack(buf, gpsdata, end);
}
