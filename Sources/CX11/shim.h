#ifndef SWIPEDISMISS_CX11_SHIM_H
#define SWIPEDISMISS_CX11_SHIM_H
// Xlib for the window and its events, cairo's xlib surface for the server-side back buffer,
// and MIT-SHM (libXext) with System V shared memory for presenting client-side pixels.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <cairo/cairo-xlib.h>
#endif
