#ifndef ZOETROPE_CCAIRO_SHIM_H
#define ZOETROPE_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
