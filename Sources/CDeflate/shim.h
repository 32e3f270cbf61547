#ifndef ZOETROPE_CDEFLATE_SHIM_H
#define ZOETROPE_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
