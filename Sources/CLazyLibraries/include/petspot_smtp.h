// One mail sent through libcurl's SMTP client (libcurl opened at the first send, see
// lazy_library.h). The Mail module's SMTPClient is the only caller.
#ifndef PETSPOT_SMTP_H
#define PETSPOT_SMTP_H

#include <stddef.h>

typedef struct petspot_smtp_request {
    /// `smtp://host:port` or `smtps://host:port` (no user or password in it).
    const char *url;
    /// NULL for no AUTH.
    const char *username;
    const char *password;
    /// A PEM file of the certificate authorities to trust instead of the system's, or NULL.
    const char *cafile;
    /// 1: refuse a server that offers no STARTTLS (and smtps://); 0: STARTTLS when offered.
    int require_tls;
    const char *mail_from;
    const char *recipient;
    /// The whole message, headers and body, lines ending in CRLF.
    const char *message;
    size_t message_length;
    long connect_timeout_seconds;
    long timeout_seconds;
} petspot_smtp_request;

typedef struct petspot_smtp_result {
    /// CURLcode: 0 when the server took the mail.
    int code;
    /// The server's last reply code (250 …), 0 when none came.
    long reply_code;
    /// The server's last reply line, without CRLF (cut to fit).
    char reply[512];
    /// libcurl's words for a failure, or why libcurl cannot be used.
    char error[512];
    /// 1 when libcurl could not be opened (`error` says why).
    int library_missing;
} petspot_smtp_result;

/// Sends `request`'s message; fills `result`. Returns result->code. Blocks until the server
/// answered or the timeouts passed: call it from a thread that may block.
int petspot_smtp_send(const petspot_smtp_request *request, petspot_smtp_result *result);

#endif
