#ifndef SWIPEDISMISS_CCAIRO_SHIM_H
#define SWIPEDISMISS_CCAIRO_SHIM_H
// The cairo surfaces the Cairo plugin paints on: image (PNG), PDF and SVG.
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#endif
