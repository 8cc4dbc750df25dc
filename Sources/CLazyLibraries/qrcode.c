// libqrencode behind petspot_qrcode.h, opened at the first call (see lazy_library.h). Its
// header is not needed: the functions used and their result are declared here as
// qrencode.h 4.1 has them. A library that cannot be opened is an error the caller reports,
// not an abort.
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "include/petspot_qrcode.h"
#include "lazy_library.h"

// qrencode.h: `typedef struct { int version; int width; unsigned char *data; } QRcode;`, level
// M is QR_ECLEVEL_M = 1; bit 0 of each data byte is the module's colour.
typedef struct {
    int version;
    int width;
    unsigned char *data;
} QRcode;
enum { QR_ECLEVEL_M = 1 };
// `level` is a QRecLevel (an int-sized enum).
QRcode *QRcode_encodeData(int size, const unsigned char *data, int version, int level);
void QRcode_free(QRcode *qrcode);

#define FUNCTIONS(X) X(QRcode_encodeData) X(QRcode_free)

// Debian 12's libqrencode 4.1 (libqrencode4), then the development link.
LAZY_LIBRARY(FUNCTIONS, .what = "libqrencode",
             .names = {"libqrencode.so.4", "libqrencode.so"}, .package = "libqrencode4")

int petspot_qrcode_encode(const unsigned char *data, int size, unsigned char *modules, int capacity, int *width,
                          char *error, int error_size) {
    pthread_once(&once, load);
    if (library.handle == NULL) {
        snprintf(error, (size_t)error_size, "%s (install Debian's %s)", library.failure, library.package);
        return PETSPOT_QRCODE_NO_LIBRARY;
    }
    if (library.missing != NULL) {
        snprintf(error, (size_t)error_size, "libqrencode lacks %s", library.missing);
        return PETSPOT_QRCODE_NO_LIBRARY;
    }
    // Version 40 at level M holds 2,331 bytes; anything longer cannot fit (and the library's
    // own check would be reached only after copying it all).
    if (size <= 0 || size > 2331) return size <= 0 ? PETSPOT_QRCODE_FAILED : PETSPOT_QRCODE_TOO_LONG;
    errno = 0;
    QRcode *code = real.QRcode_encodeData(size, data, 0, QR_ECLEVEL_M);
    if (code == NULL) {
        if (errno == ERANGE) return PETSPOT_QRCODE_TOO_LONG;
        snprintf(error, (size_t)error_size, "libqrencode failed: %s", strerror(errno));
        return PETSPOT_QRCODE_FAILED;
    }
    int side = code->width;
    if (side <= 0 || side > PETSPOT_QRCODE_MAX_WIDTH || side * side > capacity) {
        real.QRcode_free(code);
        snprintf(error, (size_t)error_size, "libqrencode made a code %d modules wide", side);
        return PETSPOT_QRCODE_FAILED;
    }
    for (int i = 0; i < side * side; i++) modules[i] = code->data[i] & 1;
    *width = side;
    real.QRcode_free(code);
    return PETSPOT_QRCODE_OK;
}
