#ifndef ZOETROPE_CZLIB_SHIM_H
#define ZOETROPE_CZLIB_SHIM_H
#include <zlib.h>

// zlib's inflateInit2 is a macro; Swift cannot call macros.
static inline int zoetrope_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

// A gzip stream (as in Telegram's .tgs stickers): window bits 15, plus 16 for the gzip wrapper.
static inline int zoetrope_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
// A raw deflate stream (a zip entry's), at `level`.
static inline int zoetrope_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
#endif
