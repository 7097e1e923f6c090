#ifndef SWIPEDISMISS_CDBUS_SHIM_H
#define SWIPEDISMISS_CDBUS_SHIM_H
// libdbus, for the accessibility plugin's AT-SPI bridge: the session bus (org.a11y.Status,
// org.a11y.Bus.GetAddress) and the accessibility bus, spoken directly without a main loop;
// epoll joins the two connections' sockets into one descriptor for the host's poll().
// The plugin itself calls libdbus through dlopen/dlsym (Plugins/Accessibility/LibDBus.swift),
// so that a program using it loads libdbus only when there is a bus to talk to; this module
// (which links libdbus through pkg-config) is what the tests check that binding against.
#include <dbus/dbus.h>
#include <sys/epoll.h>
#endif
