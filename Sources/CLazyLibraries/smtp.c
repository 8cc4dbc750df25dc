// libcurl's SMTP client behind petspot_smtp_send (petspot_smtp.h), with libcurl opened at the
// first mail (see lazy_library.h). Unlike PROJ and libgps, a libcurl that cannot be opened is
// an error the caller reports, not an abort: mail is an optional feature of the server.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#pragma GCC visibility push(hidden)
#include <curl/curl.h>
#pragma GCC visibility pop

#include "include/petspot_smtp.h"
#include "lazy_library.h"

#define FUNCTIONS(X)                                                                                                   \
    X(curl_global_init)                                                                                                \
    X(curl_easy_init)                                                                                                  \
    X(curl_easy_setopt)                                                                                                \
    X(curl_easy_perform)                                                                                               \
    X(curl_easy_getinfo)                                                                                               \
    X(curl_easy_cleanup)                                                                                               \
    X(curl_easy_strerror)                                                                                              \
    X(curl_slist_append)                                                                                               \
    X(curl_slist_free_all)

// Debian 12's libcurl (7.88, OpenSSL), then the development link.
LAZY_LIBRARY(FUNCTIONS, .what = "libcurl", .names = {"libcurl.so.4", "libcurl.so"}, .package = "libcurl4")
static int global_code = -1;

// The `pthread_once` routine: `load`, then libcurl's global start.
static void start(void) {
    load();
    if (library.handle != NULL && library.missing == NULL) global_code = real.curl_global_init(CURL_GLOBAL_DEFAULT);
}

typedef struct upload {
    const char *bytes;
    size_t left;
} upload;

static size_t read_message(char *buffer, size_t size, size_t count, void *context) {
    upload *message = context;
    size_t room = size * count;
    size_t taken = message->left < room ? message->left : room;
    memcpy(buffer, message->bytes, taken);
    message->bytes += taken;
    message->left -= taken;
    return taken;
}

// Keeps the server's last reply line (CURLINFO_HEADER_IN); nothing else of the session.
static int keep_reply(CURL *handle, curl_infotype type, char *data, size_t size, void *context) {
    (void)handle;
    if (type != CURLINFO_HEADER_IN) return 0;
    petspot_smtp_result *result = context;
    while (size > 0 && (data[size - 1] == '\n' || data[size - 1] == '\r')) size--;
    if (size >= sizeof result->reply) size = sizeof result->reply - 1;
    memcpy(result->reply, data, size);
    result->reply[size] = 0;
    return 0;
}

int petspot_smtp_send(const petspot_smtp_request *request, petspot_smtp_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&once, start);
    if (library.handle == NULL || library.missing != NULL || global_code != 0) {
        result->library_missing = 1;
        result->code = -1;
        if (library.handle == NULL)
            snprintf(result->error, sizeof result->error, "%s (install Debian's %s)", library.failure, library.package);
        else
            snprintf(result->error, sizeof result->error, "libcurl lacks %s or did not start",
                     library.missing ? library.missing : "curl_global_init");
        return result->code;
    }
    CURL *handle = real.curl_easy_init();
    if (handle == NULL) {
        result->code = CURLE_FAILED_INIT;
        snprintf(result->error, sizeof result->error, "libcurl could not make a handle");
        return result->code;
    }
    char error[CURL_ERROR_SIZE] = {0};
    upload message = {request->message, request->message_length};
    struct curl_slist *recipients = real.curl_slist_append(NULL, request->recipient);
    real.curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    real.curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    real.curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    real.curl_easy_setopt(handle, CURLOPT_URL, request->url);
    real.curl_easy_setopt(handle, CURLOPT_USE_SSL, (long)(request->require_tls ? CURLUSESSL_ALL : CURLUSESSL_TRY));
    real.curl_easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L);
    real.curl_easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);
    if (request->cafile != NULL) real.curl_easy_setopt(handle, CURLOPT_CAINFO, request->cafile);
    if (request->username != NULL) real.curl_easy_setopt(handle, CURLOPT_USERNAME, request->username);
    if (request->password != NULL) real.curl_easy_setopt(handle, CURLOPT_PASSWORD, request->password);
    real.curl_easy_setopt(handle, CURLOPT_MAIL_FROM, request->mail_from);
    real.curl_easy_setopt(handle, CURLOPT_MAIL_RCPT, recipients);
    real.curl_easy_setopt(handle, CURLOPT_UPLOAD, 1L);
    real.curl_easy_setopt(handle, CURLOPT_READFUNCTION, read_message);
    real.curl_easy_setopt(handle, CURLOPT_READDATA, &message);
    real.curl_easy_setopt(handle, CURLOPT_INFILESIZE_LARGE, (curl_off_t)request->message_length);
    real.curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, request->connect_timeout_seconds);
    real.curl_easy_setopt(handle, CURLOPT_TIMEOUT, request->timeout_seconds);
    // The debug callback sees the server's replies only when verbose; it prints nothing.
    real.curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, keep_reply);
    real.curl_easy_setopt(handle, CURLOPT_DEBUGDATA, result);
    real.curl_easy_setopt(handle, CURLOPT_VERBOSE, 1L);
    CURLcode code = real.curl_easy_perform(handle);
    long reply = 0;
    real.curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &reply);
    result->reply_code = reply;
    result->code = (int)code;
    if (code != CURLE_OK)
        snprintf(result->error, sizeof result->error, "%s", error[0] ? error : real.curl_easy_strerror(code));
    real.curl_slist_free_all(recipients);
    real.curl_easy_cleanup(handle);
    return result->code;
}
