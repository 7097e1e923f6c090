#include "raw_cairo.h"
int raw_cairo_placeholder(void) { return 0; }
