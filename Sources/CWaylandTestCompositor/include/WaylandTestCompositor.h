// A scripted Wayland compositor on libwayland-server, for the tests: one client, one toplevel,
// and input the test sends when it wants (finger scrolls with axis_stop, wheel notches,
// pointer drags, hold gestures, touches), at scales it chooses (an integer output scale, a fractional preferred
// scale through wp_fractional_scale_v1 with wp_viewporter). It runs on a thread of its own;
// every function here may be called from any thread.
#pragma once
#include <stdint.h>

typedef struct swd_test_compositor swd_test_compositor;

/// What the compositor offers.
typedef struct swd_test_compositor_options {
    int32_t output_scale;          // wl_output.scale (1 when 0)
    uint32_t preferred_scale_120;  // 0: no wp_fractional_scale_manager_v1; else its preferred scale × 120
    int offer_xdg_shell;           // 0: no xdg_wm_base (a client must refuse to start)
} swd_test_compositor_options;

/// What the client has done so far (read under the compositor's lock).
typedef struct swd_test_compositor_stats {
    int commits;                 // wl_surface.commit of the toplevel's surface
    int buffer_commits;          // commits that attached a buffer
    int32_t buffer_width;        // the last attached buffer, in pixels
    int32_t buffer_height;
    int32_t buffer_scale;        // wl_surface.set_buffer_scale in effect at the last commit
    int32_t viewport_width;      // wp_viewport.set_destination in effect (-1: none)
    int32_t viewport_height;
    int configures_acked;        // xdg_surface.ack_configure
    int frames_done;             // wl_callback.done sent
    int has_pointer;             // the client asked for a wl_pointer
    int has_touch;               // the client asked for a wl_touch
    int cursor_sets;             // wl_pointer.set_cursor with a surface
    int clients;                 // clients connected now
} swd_test_compositor_stats;

/// Starts a compositor listening at `socket_path` (a new Unix socket); NULL on failure.
swd_test_compositor *swd_test_compositor_start(const char *socket_path, swd_test_compositor_options options);
/// Stops the thread, disconnects the client and frees everything.
void swd_test_compositor_stop(swd_test_compositor *compositor);
/// A copy of the statistics.
swd_test_compositor_stats swd_test_compositor_get_stats(swd_test_compositor *compositor);

/// wl_pointer.enter at (x, y) on the toplevel, then a frame.
void swd_test_compositor_pointer_enter(swd_test_compositor *compositor, double x, double y);
/// wl_pointer.motion to (x, y), then a frame.
void swd_test_compositor_pointer_motion(swd_test_compositor *compositor, double x, double y);
/// wl_pointer.button BTN_LEFT pressed (1) or released (0), then a frame.
void swd_test_compositor_pointer_button(swd_test_compositor *compositor, int pressed);
/// One frame of a finger scroll: axis_source(finger), axis(vertical, value), frame.
void swd_test_compositor_finger_scroll(swd_test_compositor *compositor, double value);
/// The fingers lift: axis_source(finger), axis_stop(vertical), frame.
void swd_test_compositor_finger_stop(swd_test_compositor *compositor);
/// `notches` wheel notches in one frame: axis_source(wheel), axis_discrete, axis(10 × notches), frame.
void swd_test_compositor_wheel(swd_test_compositor *compositor, int notches);
/// Two fingers rest on the touchpad: zwp_pointer_gesture_hold_v1.begin on the toplevel.
void swd_test_compositor_hold_begin(swd_test_compositor *compositor);
/// They lift (cancelled 0) or start moving (1): zwp_pointer_gesture_hold_v1.end.
void swd_test_compositor_hold_end(swd_test_compositor *compositor, int cancelled);
/// wl_touch.down of touch point `id` at (x, y) on the toplevel, then a frame.
void swd_test_compositor_touch_down(swd_test_compositor *compositor, int32_t id, double x, double y);
/// wl_touch.motion of touch point `id` to (x, y), then a frame.
void swd_test_compositor_touch_motion(swd_test_compositor *compositor, int32_t id, double x, double y);
/// wl_touch.up of touch point `id`, then a frame.
void swd_test_compositor_touch_up(swd_test_compositor *compositor, int32_t id);
/// wl_touch.cancel: the compositor took every touch point over (a system gesture).
void swd_test_compositor_touch_cancel(swd_test_compositor *compositor);
/// wl_keyboard.key: evdev `code` pressed (1) or released (0); no keymap is sent, so the client
/// reads the code by its US-layout meaning.
void swd_test_compositor_key(swd_test_compositor *compositor, uint32_t code, int pressed);
/// wl_pointer.button of evdev `code` (BTN_SIDE, BTN_BACK, …) pressed (1) or released (0), then
/// a frame.
void swd_test_compositor_pointer_button_code(swd_test_compositor *compositor, uint32_t code, int pressed);
/// wl_keyboard.enter (1) or leave (0) on the toplevel: the window gains or loses the focus.
void swd_test_compositor_keyboard_focus(swd_test_compositor *compositor, int focused);
/// Hides (1) or shows (0) the toplevel: while hidden, no frame callback is answered.
void swd_test_compositor_set_hidden(swd_test_compositor *compositor, int hidden);

/// Sends xdg_toplevel.configure of `width` × `height` (any values, as a hostile compositor
/// might) and an xdg_surface.configure.
void swd_test_compositor_configure(swd_test_compositor *compositor, int32_t width, int32_t height);
/// Sends wl_output.scale `scale` (any value) and done.
void swd_test_compositor_set_output_scale(swd_test_compositor *compositor, int32_t scale);
/// Sends wp_fractional_scale_v1.preferred_scale `scale_120` (any value), if the client asked.
void swd_test_compositor_set_preferred_scale(swd_test_compositor *compositor, uint32_t scale_120);
