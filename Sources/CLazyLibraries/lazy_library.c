#include "lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void lazy_library_open(LazyLibrary *library) {
    for (size_t i = 0; i < sizeof library->names / sizeof library->names[0] && library->handle == NULL; i++) {
        if (library->names[i] != NULL) library->handle = dlopen(library->names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library->handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->failure, sizeof library->failure, "%s", reason ? reason : "not found");
    }
}

void *lazy_library_symbol(LazyLibrary *library, const char *name) {
    void *address = dlsym(library->handle, name);
    if (address == NULL && library->missing == NULL) {
        library->missing = name;
        snprintf(library->failure, sizeof library->failure, "the library has no %s", name);
    }
    return address;
}

void lazy_library_require(const LazyLibrary *library) {
    if (library->handle != NULL && library->missing == NULL) return;
    fprintf(stderr, "petspot: cannot use %s (%s). Install it: apt-get install %s\n", library->what, library->failure,
            library->package);
    abort();
}
