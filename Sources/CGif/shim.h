#ifndef SWIPEDISMISS_CGIF_SHIM_H
#define SWIPEDISMISS_CGIF_SHIM_H
// giflib (libgif-dev): the GIF encoder the Gif plugin writes animations with, and the
// decoder its tests read them back with. Debian ships no pkg-config file for giflib,
// so the module map links "gif" by name.
#include <gif_lib.h>
#endif
