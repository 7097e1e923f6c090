// The client side of the protocols Plugins/Wayland speaks beyond the core one, as
// wayland-scanner generates it (scripts/gen-wayland-protocols.sh; do not edit those files).
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"

// The interface tables, as pointers: Swift imports a C `const struct` global as a value, so
// `&xdg_wm_base_interface` cannot be spelled there and a copy's address would be wrong.
const struct wl_interface *swd_wl_compositor_interface(void);
const struct wl_interface *swd_wl_shm_interface(void);
const struct wl_interface *swd_wl_seat_interface(void);
const struct wl_interface *swd_wl_output_interface(void);
const struct wl_interface *swd_xdg_wm_base_interface(void);
const struct wl_interface *swd_wp_viewporter_interface(void);
const struct wl_interface *swd_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *swd_zwp_pointer_gestures_v1_interface(void);

// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING): an anonymous file for wl_shm pools.
int swd_memfd_create(const char *name);
