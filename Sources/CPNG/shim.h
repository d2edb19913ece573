// libpng's simplified API (png_image) for IconImages: errors come back as a flag and a message,
// never as a longjmp through Swift frames. The format and version macros do not import into
// Swift, so two inline helpers set them.
#include <png.h>
#include <string.h>

static inline int xds_png_begin(png_imagep image, const void *bytes, size_t length) {
    image->version = PNG_IMAGE_VERSION;
    image->opaque = NULL;
    return png_image_begin_read_from_memory(image, bytes, length);
}
/// Decodes into `buffer` (width * height * 4 bytes) as 8-bit, non-premultiplied sRGB RGBA.
static inline int xds_png_finish_rgba(png_imagep image, void *buffer) {
    image->format = PNG_FORMAT_RGBA;
    return png_image_finish_read(image, NULL, buffer, 0, NULL);
}
static inline int xds_png_failed(png_imagep image) {
    return (image->warning_or_error & PNG_IMAGE_ERROR) != 0;
}
/// Encodes `width × height` 8-bit RGBA (non-premultiplied) as PNG into `memory`; with `memory`
/// NULL, stores the size needed in `*length`. Returns non-zero on success.
static inline int xds_png_write_rgba(png_uint_32 width, png_uint_32 height, const void *pixels, void *memory,
                                     png_alloc_size_t *length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    int ok = png_image_write_to_memory(&image, memory, length, 0, pixels, 0, NULL);
    png_image_free(&image);
    return ok;
}
