#ifndef ZOETROPE_CPANGO_SHIM_H
#define ZOETROPE_CPANGO_SHIM_H
// Pango with PangoCairo: shaping (HarfBuzz), font lookup (fontconfig), bidi and line
// breaking for ZoetropeRender/Text/, the only folder that imports this module.
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
#endif
