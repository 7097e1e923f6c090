// The scripted compositor's xdg-shell, wp_viewporter and wp_fractional_scale_v1.
#include "internal.h"

static void destroy_request(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

// xdg_toplevel: everything but destroy is accepted and ignored.
static void ignore_resource(struct wl_client *c, struct wl_resource *r, struct wl_resource *o) { (void)c; (void)r; (void)o; }
static void ignore_string(struct wl_client *c, struct wl_resource *r, const char *s) { (void)c; (void)r; (void)s; }
static void ignore_menu(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t n, int32_t x, int32_t y) {
    (void)c; (void)r; (void)s; (void)n; (void)x; (void)y;
}
static void ignore_move(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t n) { (void)c; (void)r; (void)s; (void)n; }
static void ignore_resize(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t n, uint32_t e) {
    (void)c; (void)r; (void)s; (void)n; (void)e;
}
static void ignore_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) { (void)c; (void)r; (void)w; (void)h; }
static void ignore_plain(struct wl_client *c, struct wl_resource *r) { (void)c; (void)r; }

static const struct xdg_toplevel_interface toplevel_impl = {
    .destroy = destroy_request, .set_parent = ignore_resource, .set_title = ignore_string,
    .set_app_id = ignore_string, .show_window_menu = ignore_menu, .move = ignore_move,
    .resize = ignore_resize, .set_max_size = ignore_size, .set_min_size = ignore_size,
    .set_maximized = ignore_plain, .unset_maximized = ignore_plain, .set_fullscreen = ignore_resource,
    .unset_fullscreen = ignore_plain, .set_minimized = ignore_plain,
};

static void toplevel_destroyed(struct wl_resource *resource) {
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    if (surface) surface->toplevel = NULL;
}

static void get_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    struct wl_resource *toplevel =
        wl_resource_create(client, &xdg_toplevel_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(toplevel, &toplevel_impl, surface, toplevel_destroyed);
    surface->toplevel = toplevel;
    surface->compositor->surface = surface;
}

static void get_popup(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *p, struct wl_resource *o) {
    (void)c; (void)id; (void)p; (void)o;
    wl_resource_post_error(r, XDG_SURFACE_ERROR_NOT_CONSTRUCTED, "no popups here");
}

static void set_window_geometry(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c; (void)r; (void)x; (void)y; (void)w; (void)h;
}

static void ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {
    (void)client; (void)serial;
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    pthread_mutex_lock(&surface->compositor->lock);
    surface->compositor->stats.configures_acked++;
    pthread_mutex_unlock(&surface->compositor->lock);
}

static const struct xdg_surface_interface xdg_surface_impl = {
    .destroy = destroy_request, .get_toplevel = get_toplevel, .get_popup = get_popup,
    .set_window_geometry = set_window_geometry, .ack_configure = ack_configure,
};

static void xdg_surface_destroyed(struct wl_resource *resource) {
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    if (surface) surface->xdg_surface = NULL;
}

void tc_send_configure(struct tc_surface *surface) {
    if (!surface->toplevel || !surface->xdg_surface) return;
    struct wl_array states;
    wl_array_init(&states);
    xdg_toplevel_send_configure(surface->toplevel, 0, 0, &states);  // 0x0: the client's size
    wl_array_release(&states);
    xdg_surface_send_configure(surface->xdg_surface, ++surface->compositor->serial);
    surface->configured = 1;
}

void tc_send_sized_configure(struct tc_surface *surface, int32_t width, int32_t height) {
    if (!surface->toplevel || !surface->xdg_surface) return;
    struct wl_array states;
    wl_array_init(&states);
    xdg_toplevel_send_configure(surface->toplevel, width, height, &states);
    wl_array_release(&states);
    xdg_surface_send_configure(surface->xdg_surface, ++surface->compositor->serial);
}

static void create_positioner(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    (void)client; (void)id;
    wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_POSITIONER, "no positioners here");
}

static void get_xdg_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *wl_surface) {
    struct tc_surface *surface = wl_resource_get_user_data(wl_surface);
    struct wl_resource *xdg = wl_resource_create(client, &xdg_surface_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(xdg, &xdg_surface_impl, surface, xdg_surface_destroyed);
    surface->xdg_surface = xdg;
}

static void pong(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {
    (void)client; (void)resource; (void)serial;
}

static const struct xdg_wm_base_interface wm_base_impl = {
    .destroy = destroy_request, .create_positioner = create_positioner,
    .get_xdg_surface = get_xdg_surface, .pong = pong,
};

void tc_bind_xdg_wm_base(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &xdg_wm_base_interface, version, id);
    wl_resource_set_implementation(resource, &wm_base_impl, data, NULL);
}

// wp_viewporter: the destination is double-buffered, applied on the surface's commit.
static void set_source(struct wl_client *c, struct wl_resource *r, wl_fixed_t x, wl_fixed_t y, wl_fixed_t w, wl_fixed_t h) {
    (void)c; (void)r; (void)x; (void)y; (void)w; (void)h;
}

static void set_destination(struct wl_client *client, struct wl_resource *resource, int32_t width, int32_t height) {
    (void)client;
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    if (!surface) return;
    surface->pending_dest_w = width;
    surface->pending_dest_h = height;
}

static const struct wp_viewport_interface viewport_impl = {
    .destroy = destroy_request, .set_source = set_source, .set_destination = set_destination,
};

static void viewport_destroyed(struct wl_resource *resource) {
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    if (surface) {
        surface->viewport = NULL;
        surface->pending_dest_w = surface->pending_dest_h = -1;
    }
}

static void get_viewport(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *wl_surface) {
    struct tc_surface *surface = wl_resource_get_user_data(wl_surface);
    struct wl_resource *viewport = wl_resource_create(client, &wp_viewport_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(viewport, &viewport_impl, surface, viewport_destroyed);
    surface->viewport = viewport;
}

static const struct wp_viewporter_interface viewporter_impl = {
    .destroy = destroy_request, .get_viewport = get_viewport,
};

void tc_bind_viewporter(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wp_viewporter_interface, version, id);
    wl_resource_set_implementation(resource, &viewporter_impl, data, NULL);
}

// wp_fractional_scale_v1: the preferred scale is sent as soon as the object exists.
static const struct wp_fractional_scale_v1_interface fractional_impl = { .destroy = destroy_request };
static void fractional_destroyed(struct wl_resource *resource) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    if (compositor->fractional == resource) compositor->fractional = NULL;
}

static void get_fractional_scale(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *wl_surface) {
    (void)wl_surface;
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    struct wl_resource *scale = wl_resource_create(client, &wp_fractional_scale_v1_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(scale, &fractional_impl, compositor, fractional_destroyed);
    compositor->fractional = scale;
    wp_fractional_scale_v1_send_preferred_scale(scale, compositor->options.preferred_scale_120);
}

static const struct wp_fractional_scale_manager_v1_interface fractional_manager_impl = {
    .destroy = destroy_request, .get_fractional_scale = get_fractional_scale,
};

void tc_bind_fractional(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wp_fractional_scale_manager_v1_interface, version, id);
    wl_resource_set_implementation(resource, &fractional_manager_impl, data, NULL);
}

// zwp_pointer_gestures_v1 version 3: hold gestures the test begins and ends; swipes and
// pinches exist (a client may ask) but never fire.
static const struct zwp_pointer_gesture_hold_v1_interface hold_impl = { .destroy = destroy_request };
static const struct zwp_pointer_gesture_swipe_v1_interface swipe_impl = { .destroy = destroy_request };
static const struct zwp_pointer_gesture_pinch_v1_interface pinch_impl = { .destroy = destroy_request };

static void hold_destroyed(struct wl_resource *resource) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    if (compositor->hold == resource) compositor->hold = NULL;
}

static void get_hold(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *pointer) {
    (void)pointer;
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    struct wl_resource *hold = wl_resource_create(client, &zwp_pointer_gesture_hold_v1_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(hold, &hold_impl, compositor, hold_destroyed);
    compositor->hold = hold;
}

static void get_swipe(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *pointer) {
    (void)pointer;
    struct wl_resource *swipe = wl_resource_create(client, &zwp_pointer_gesture_swipe_v1_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(swipe, &swipe_impl, NULL, NULL);
}

static void get_pinch(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *pointer) {
    (void)pointer;
    struct wl_resource *pinch = wl_resource_create(client, &zwp_pointer_gesture_pinch_v1_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(pinch, &pinch_impl, NULL, NULL);
}

static const struct zwp_pointer_gestures_v1_interface gestures_impl = {
    .get_swipe_gesture = get_swipe, .get_pinch_gesture = get_pinch, .release = destroy_request,
    .get_hold_gesture = get_hold,
};

void tc_bind_gestures(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &zwp_pointer_gestures_v1_interface, version, id);
    wl_resource_set_implementation(resource, &gestures_impl, data, NULL);
}
