#ifndef ZOETROPE_CZLIB_SHIM_H
#define ZOETROPE_CZLIB_SHIM_H
#include <zlib.h>

// zlib's inflateInit2 is a macro; Swift cannot call macros.
static inline int zoetrope_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
#endif
