#ifndef SWIPEDISMISS_CEPOLL_SHIM_H
#define SWIPEDISMISS_CEPOLL_SHIM_H
// epoll, which Swift's Glibc module leaves out: the accessibility plugin joins its two bus
// connections' sockets into one descriptor that the host's poll() waits on. Part of libc:
// nothing to link.
#include <sys/epoll.h>
#endif
