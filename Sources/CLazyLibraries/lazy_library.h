// A C library opened with dlopen at the first call of one of its functions instead of being
// linked, so that `petspot` does not load it (and what it brings) at every start.
//
// Linked normally, libproj.so brings about 40 libraries (libcurl with GnuTLS, Kerberos and
// LDAP, libtiff with its codecs, SQLite, libstdc++) and libgps.so brings libdbus and
// libsystemd; the dynamic loader relocated all of them at every start — three times the work
// of a Swift program that only imports Foundation (Docs/CLI.md, Start-up) — though most
// commands never measure a distance or talk to gpsd.
//
// proj.c and gps.c define each function their Swift module calls, with the library's own name
// and signature (from its header), and forward it to the library's. Those definitions are
// hidden: they satisfy this program's own references, and the library's calls to itself stay
// inside the library. A library that cannot be opened (a broken installation: petspot was
// built against its headers) is said on standard error at the first call, which then aborts.
#ifndef PETSPOT_LAZY_LIBRARY_H
#define PETSPOT_LAZY_LIBRARY_H

#include <pthread.h>

typedef struct LazyLibrary {
    /// What the message calls it: "PROJ".
    const char *what;
    /// The file names tried in turn: the soname the package was built against, then the
    /// development link.
    const char *names[2];
    /// The Debian package that provides it, for the message.
    const char *package;
    /// The opened library, or NULL.
    void *handle;
    /// The first function the library does not have, or NULL.
    const char *missing;
    /// Why it cannot be used, for the message.
    char failure[512];
} LazyLibrary;

/// Opens `library` (the first of its names that opens). Call it from a `pthread_once` routine.
__attribute__((visibility("hidden"))) void lazy_library_open(LazyLibrary *library);

/// The address of the function `name` in the opened `library`, or NULL (the first missing one
/// is remembered).
__attribute__((visibility("hidden"))) void *lazy_library_symbol(LazyLibrary *library, const char *name);

/// After the `pthread_once` that opened it: returns when `library` is usable, else says why on
/// standard error and aborts.
__attribute__((visibility("hidden"))) void lazy_library_require(const LazyLibrary *library);

/// Defines, in a library's .c file, what opens it at the first call: `library`, the
/// LazyLibrary of the given fields (`.what`, `.names`, `.package`); `real`, a pointer to each
/// function that FUNCTIONS names (`#define FUNCTIONS(X) X(gps_open) X(gps_close)`, each
/// declared before, by the library's header or the file), resolved once (under `once`),
/// read-only afterwards; and `load`, the `pthread_once` routine that opens the library and
/// resolves them.
#define LAZY_LIBRARY(FUNCTIONS, ...)                                                                                 \
    static struct {                                                                                                  \
        FUNCTIONS(LAZY_LIBRARY_POINTER)                                                                              \
    } real;                                                                                                          \
    static pthread_once_t once = PTHREAD_ONCE_INIT;                                                                  \
    static LazyLibrary library = {__VA_ARGS__};                                                                      \
    static void load(void) {                                                                                         \
        lazy_library_open(&library);                                                                                 \
        if (library.handle == NULL) return;                                                                          \
        FUNCTIONS(LAZY_LIBRARY_RESOLVE)                                                                              \
    }

/// `real`'s field for the function `name`: a pointer of its type.
#define LAZY_LIBRARY_POINTER(name) __typeof__(&name) name;
/// Resolves `real.name` in `library` (NULL, and `library.missing` set, when it lacks it).
#define LAZY_LIBRARY_RESOLVE(name) real.name = (__typeof__(real.name))lazy_library_symbol(&library, #name);

#endif
