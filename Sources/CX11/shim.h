#ifndef SWIPEDISMISS_CX11_SHIM_H
#define SWIPEDISMISS_CX11_SHIM_H
// Xlib for the window and its events, and cairo's xlib surface for the back buffer.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <cairo/cairo-xlib.h>
#endif
