#ifndef ZOETROPE_CPANGO_SHIM_H
#define ZOETROPE_CPANGO_SHIM_H
// Pango with PangoCairo: shaping (HarfBuzz), font lookup (fontconfig), bidi and line
// breaking for ZoetropeRender/Text/, the only folder that imports this module. PangoFc lets a
// font map look up fonts in a fontconfig set of its own (a scene's or a Lottie file's fonts).
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#endif
