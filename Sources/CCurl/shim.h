// libcurl for IconFetching. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift
// cannot call, so each argument type gets a typed inline wrapper; nothing else lives here.
#include <curl/curl.h>

typedef size_t (*xds_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode xds_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode xds_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode xds_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode xds_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode xds_curl_set_callback(CURL *handle, CURLoption option, xds_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode xds_curl_set_opensocket(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}
static inline CURLcode xds_curl_set_blob(CURL *handle, CURLoption option, void *bytes, size_t length) {
    struct curl_blob blob = { bytes, length, CURL_BLOB_COPY };
    return curl_easy_setopt(handle, option, &blob);
}
static inline CURLcode xds_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode xds_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
