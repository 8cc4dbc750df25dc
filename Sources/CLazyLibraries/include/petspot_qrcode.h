// QR codes from Debian's libqrencode (libqrencode4), opened at the first call (see
// lazy_library.h). The QRCode module's QRCode is the only caller.
#ifndef PETSPOT_QRCODE_H
#define PETSPOT_QRCODE_H

/// The widest QR code (version 40): 177 modules a side.
#define PETSPOT_QRCODE_MAX_WIDTH 177

// What petspot_qrcode_encode answers.
/// The code is in `modules`.
#define PETSPOT_QRCODE_OK 0
/// libqrencode cannot be opened (`error` says why).
#define PETSPOT_QRCODE_NO_LIBRARY (-1)
/// The bytes do not fit in the largest QR code at level M.
#define PETSPOT_QRCODE_TOO_LONG (-2)
/// The library failed otherwise (`error` says why).
#define PETSPOT_QRCODE_FAILED (-3)

/// Encodes `size` bytes of `data` (any bytes, NUL included: 8-bit mode) at error correction
/// level M, the smallest version that holds them. On success writes the side's width to
/// `width` and `width * width` modules, row by row, to `modules` (1 dark, 0 light; `capacity`
/// must be at least PETSPOT_QRCODE_MAX_WIDTH²).
int petspot_qrcode_encode(const unsigned char *data, int size, unsigned char *modules, int capacity, int *width,
                          char *error, int error_size);

#endif
