// Pointers to the interface tables and a memfd, for Swift (see CWaylandProtocols.h).
#define _GNU_SOURCE
#include <sys/mman.h>
#include "CWaylandProtocols.h"

const struct wl_interface *swd_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *swd_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *swd_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *swd_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *swd_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *swd_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *swd_wp_fractional_scale_manager_v1_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
const struct wl_interface *swd_zwp_pointer_gestures_v1_interface(void) {
    return &zwp_pointer_gestures_v1_interface;
}

int swd_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING); }
