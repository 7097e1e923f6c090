#ifndef SWIPEDISMISS_CEPOLL_SHIM_H
#define SWIPEDISMISS_CEPOLL_SHIM_H
// epoll, which Swift's Glibc module leaves out: the accessibility plugin joins its two bus
// connections' sockets into one descriptor that the host's poll() waits on, with a timerfd
// for its deadlines (a bus that stops answering is given up on time, whatever the host waits
// for). Part of libc: nothing to link.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#endif
