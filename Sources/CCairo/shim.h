#ifndef ZOETROPE_CCAIRO_SHIM_H
#define ZOETROPE_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <pixman.h>
#endif
