#ifndef ZOETROPE_CWEBP_SHIM_H
#define ZOETROPE_CWEBP_SHIM_H
#include <webp/decode.h>
#endif
