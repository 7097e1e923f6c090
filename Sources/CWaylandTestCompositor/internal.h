// Shared between the scripted compositor's files; not part of its public header.
#pragma once
#define _GNU_SOURCE
#include <pthread.h>
#include <wayland-server.h>
#include "WaylandTestCompositor.h"
#include "generated/xdg-shell-server-protocol.h"
#include "generated/viewporter-server-protocol.h"
#include "generated/fractional-scale-v1-server-protocol.h"
#include "generated/pointer-gestures-unstable-v1-server-protocol.h"

struct tc_surface {
    struct swd_test_compositor *compositor;
    struct wl_resource *resource;
    struct wl_resource *xdg_surface;
    struct wl_resource *toplevel;
    struct wl_resource *viewport;
    struct wl_resource *pending_buffer;
    struct wl_resource *current_buffer;
    int buffer_attached;
    int32_t pending_scale, scale;
    int32_t pending_dest_w, pending_dest_h, dest_w, dest_h;
    int configured;
    int entered;
    struct wl_list pending_frames;  // wl_callback resources, by their links
};

struct swd_test_compositor {
    struct wl_display *display;
    struct wl_event_loop *loop;
    struct wl_event_source *command_source;
    struct wl_event_source *frame_timer;
    pthread_t thread;
    pthread_mutex_t lock;
    int command_pipe[2];
    int running;
    swd_test_compositor_options options;
    struct tc_surface *surface;    // the toplevel's surface (the last one given a role)
    struct wl_resource *pointer;
    struct wl_resource *touch;      // the client's wl_touch, if it asked
    struct wl_resource *keyboard;   // the client's wl_keyboard, if it asked
    struct wl_resource *hold;       // zwp_pointer_gesture_hold_v1 of the client's pointer
    struct wl_resource *output;
    struct wl_resource *fractional; // the client's wp_fractional_scale_v1, if it asked
    struct wl_list frames;         // committed wl_callback resources, answered by the timer
    uint32_t serial;
    int hidden;                    // frame callbacks are held back while set
    swd_test_compositor_stats stats;
};

uint32_t tc_now_ms(void);
void tc_bind_xdg_wm_base(struct wl_client *client, void *data, uint32_t version, uint32_t id);
void tc_bind_viewporter(struct wl_client *client, void *data, uint32_t version, uint32_t id);
void tc_bind_gestures(struct wl_client *client, void *data, uint32_t version, uint32_t id);
void tc_bind_fractional(struct wl_client *client, void *data, uint32_t version, uint32_t id);
/// The initial configure of a toplevel, sent on its first commit.
void tc_send_configure(struct tc_surface *surface);
/// A configure of `width` × `height` (any values: a hostile compositor's).
void tc_send_sized_configure(struct tc_surface *surface, int32_t width, int32_t height);
