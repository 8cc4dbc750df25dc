// PROJ's functions that the Geodesy module calls, forwarded to libproj, opened at the first
// call (see lazy_library.h).

#define PROJ_DLL __attribute__((visibility("hidden")))
#define GEOD_DLL __attribute__((visibility("hidden")))

#include <pthread.h>

#include <geodesic.h>
#include <proj.h>

#include "lazy_library.h"

// The functions forwarded below, in `real` once resolved.
#define FUNCTIONS(X)                                                                                                   \
    X(proj_context_create)                                                                                             \
    X(proj_context_destroy)                                                                                            \
    X(proj_context_set_search_paths)                                                                                   \
    X(proj_context_errno_string)                                                                                       \
    X(proj_log_func)                                                                                                   \
    X(proj_create)                                                                                                     \
    X(proj_create_crs_to_crs_from_pj)                                                                                  \
    X(proj_normalize_for_visualization)                                                                                \
    X(proj_destroy)                                                                                                    \
    X(proj_trans)                                                                                                      \
    X(proj_coord)                                                                                                      \
    X(proj_errno)                                                                                                      \
    X(proj_errno_reset)                                                                                                \
    X(proj_get_type)                                                                                                   \
    X(proj_is_crs)                                                                                                     \
    X(proj_get_name)                                                                                                   \
    X(geod_init)                                                                                                       \
    X(geod_direct)                                                                                                     \
    X(geod_inverse)                                                                                                    \
    X(geod_polygonarea)

// Debian 12's libproj (PROJ 9.1), then the development link.
LAZY_LIBRARY(FUNCTIONS, .what = "PROJ", .names = {"libproj.so.25", "libproj.so"}, .package = "libproj25")

static void require(void) {
    pthread_once(&once, load);
    lazy_library_require(&library);
}

PJ_CONTEXT *proj_context_create(void) { require(); return real.proj_context_create(); }
PJ_CONTEXT *proj_context_destroy(PJ_CONTEXT *ctx) { require(); return real.proj_context_destroy(ctx); }
void proj_context_set_search_paths(PJ_CONTEXT *ctx, int count, const char *const *paths) {
    require();
    real.proj_context_set_search_paths(ctx, count, paths);
}
const char *proj_context_errno_string(PJ_CONTEXT *ctx, int err) {
    require();
    return real.proj_context_errno_string(ctx, err);
}
void proj_log_func(PJ_CONTEXT *ctx, void *data, PJ_LOG_FUNCTION logf) { require(); real.proj_log_func(ctx, data, logf); }
PJ *proj_create(PJ_CONTEXT *ctx, const char *definition) { require(); return real.proj_create(ctx, definition); }
PJ *proj_create_crs_to_crs_from_pj(
    PJ_CONTEXT *ctx, const PJ *source, const PJ *target, PJ_AREA *area, const char *const *options) {
    require();
    return real.proj_create_crs_to_crs_from_pj(ctx, source, target, area, options);
}
PJ *proj_normalize_for_visualization(PJ_CONTEXT *ctx, const PJ *obj) {
    require();
    return real.proj_normalize_for_visualization(ctx, obj);
}
PJ *proj_destroy(PJ *P) { require(); return real.proj_destroy(P); }
PJ_COORD proj_trans(PJ *P, PJ_DIRECTION direction, PJ_COORD coord) { require(); return real.proj_trans(P, direction, coord); }
PJ_COORD proj_coord(double x, double y, double z, double t) { require(); return real.proj_coord(x, y, z, t); }
int proj_errno(const PJ *P) { require(); return real.proj_errno(P); }
int proj_errno_reset(const PJ *P) { require(); return real.proj_errno_reset(P); }
PJ_TYPE proj_get_type(const PJ *obj) { require(); return real.proj_get_type(obj); }
int proj_is_crs(const PJ *obj) { require(); return real.proj_is_crs(obj); }
const char *proj_get_name(const PJ *obj) { require(); return real.proj_get_name(obj); }
void geod_init(struct geod_geodesic *g, double a, double f) { require(); real.geod_init(g, a, f); }
void geod_direct(const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12, double *plat2,
                 double *plon2, double *pazi2) {
    require();
    real.geod_direct(g, lat1, lon1, azi1, s12, plat2, plon2, pazi2);
}
void geod_inverse(const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2, double *ps12,
                  double *pazi1, double *pazi2) {
    require();
    real.geod_inverse(g, lat1, lon1, lat2, lon2, ps12, pazi1, pazi2);
}
void geod_polygonarea(const struct geod_geodesic *g, double lats[], double lons[], int n, double *pA, double *pP) {
    require();
    real.geod_polygonarea(g, lats, lons, n, pA, pP);
}
