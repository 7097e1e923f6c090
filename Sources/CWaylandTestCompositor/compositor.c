// The scripted compositor's core: its thread and socket, the commands the test sends, and
// wl_compositor, wl_surface, wl_shm (libwayland-server's own), wl_output, wl_seat, wl_pointer,
// wl_touch, and a wl_keyboard that gains and loses the focus and sends keys by evdev code (no keymap).
#include "internal.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum command_type { CMD_STOP, CMD_ENTER, CMD_MOTION, CMD_BUTTON, CMD_FINGER, CMD_FINGER_STOP, CMD_WHEEL, CMD_HOLD_BEGIN, CMD_HOLD_END, CMD_HIDE,
                   CMD_CONFIGURE, CMD_OUTPUT_SCALE, CMD_PREFERRED_SCALE, CMD_KEY, CMD_BUTTON_CODE,
                   CMD_TOUCH_DOWN, CMD_TOUCH_MOTION,
                   CMD_TOUCH_UP, CMD_TOUCH_CANCEL, CMD_KEYBOARD_FOCUS };
struct command { enum command_type type; double x, y; int value; };

uint32_t tc_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)((uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000);
}

static void destroy_request(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

// wl_surface
static void surface_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *buffer, int32_t x, int32_t y) {
    (void)c; (void)x; (void)y;
    struct tc_surface *surface = wl_resource_get_user_data(r);
    surface->pending_buffer = buffer;
    surface->buffer_attached = 1;
}
static void surface_damage(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c; (void)r; (void)x; (void)y; (void)w; (void)h;
}
static void callback_unlink(struct wl_resource *resource) { wl_list_remove(wl_resource_get_link(resource)); }
static void surface_frame(struct wl_client *client, struct wl_resource *r, uint32_t id) {
    struct tc_surface *surface = wl_resource_get_user_data(r);
    struct wl_resource *callback = wl_resource_create(client, &wl_callback_interface, 1, id);
    wl_resource_set_implementation(callback, NULL, NULL, callback_unlink);
    wl_list_insert(surface->pending_frames.prev, wl_resource_get_link(callback));
}
static void surface_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *region) { (void)c; (void)r; (void)region; }
static void surface_transform(struct wl_client *c, struct wl_resource *r, int32_t t) { (void)c; (void)r; (void)t; }
static void surface_scale(struct wl_client *c, struct wl_resource *r, int32_t scale) {
    (void)c;
    struct tc_surface *surface = wl_resource_get_user_data(r);
    surface->pending_scale = scale;
}
static void surface_offset(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y) { (void)c; (void)r; (void)x; (void)y; }

static void surface_commit(struct wl_client *client, struct wl_resource *r) {
    (void)client;
    struct tc_surface *surface = wl_resource_get_user_data(r);
    struct swd_test_compositor *compositor = surface->compositor;
    surface->scale = surface->pending_scale;
    surface->dest_w = surface->pending_dest_w;
    surface->dest_h = surface->pending_dest_h;
    // Committed callbacks are answered by the frame timer, as a display's refresh would.
    wl_list_insert_list(compositor->frames.prev, &surface->pending_frames);
    wl_list_init(&surface->pending_frames);
    int attached = surface->buffer_attached && surface->pending_buffer;
    int32_t width = 0, height = 0;
    if (attached) {
        struct wl_shm_buffer *shm = wl_shm_buffer_get(surface->pending_buffer);
        if (shm) {
            width = wl_shm_buffer_get_width(shm);
            height = wl_shm_buffer_get_height(shm);
        }
        // The last buffer is done with once a new one is committed (its pixels were "shown").
        if (surface->current_buffer && surface->current_buffer != surface->pending_buffer)
            wl_buffer_send_release(surface->current_buffer);
        surface->current_buffer = surface->pending_buffer;
    }
    surface->buffer_attached = 0;
    surface->pending_buffer = NULL;
    if (surface == compositor->surface) {
        pthread_mutex_lock(&compositor->lock);
        compositor->stats.commits++;
        if (attached) {
            compositor->stats.buffer_commits++;
            compositor->stats.buffer_width = width;
            compositor->stats.buffer_height = height;
            compositor->stats.buffer_scale = surface->scale;
            compositor->stats.viewport_width = surface->dest_w;
            compositor->stats.viewport_height = surface->dest_h;
        }
        pthread_mutex_unlock(&compositor->lock);
        if (!surface->configured) tc_send_configure(surface);
        if (!surface->entered && compositor->output &&
            wl_resource_get_client(compositor->output) == wl_resource_get_client(r)) {
            wl_surface_send_enter(r, compositor->output);
            surface->entered = 1;
        }
    }
}

static const struct wl_surface_interface surface_impl = {
    .destroy = destroy_request, .attach = surface_attach, .damage = surface_damage,
    .frame = surface_frame, .set_opaque_region = surface_region, .set_input_region = surface_region,
    .commit = surface_commit, .set_buffer_transform = surface_transform,
    .set_buffer_scale = surface_scale, .damage_buffer = surface_damage, .offset = surface_offset,
};

static void surface_destroyed(struct wl_resource *resource) {
    struct tc_surface *surface = wl_resource_get_user_data(resource);
    struct wl_resource *callback, *next;
    wl_resource_for_each_safe(callback, next, &surface->pending_frames) wl_resource_destroy(callback);
    if (surface->compositor->surface == surface) surface->compositor->surface = NULL;
    if (surface->xdg_surface) wl_resource_set_user_data(surface->xdg_surface, NULL);
    if (surface->toplevel) wl_resource_set_user_data(surface->toplevel, NULL);
    if (surface->viewport) wl_resource_set_user_data(surface->viewport, NULL);
    free(surface);
}

static void create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct tc_surface *surface = calloc(1, sizeof *surface);
    surface->compositor = wl_resource_get_user_data(resource);
    surface->pending_scale = surface->scale = 1;
    surface->pending_dest_w = surface->pending_dest_h = surface->dest_w = surface->dest_h = -1;
    wl_list_init(&surface->pending_frames);
    surface->resource = wl_resource_create(client, &wl_surface_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(surface->resource, &surface_impl, surface, surface_destroyed);
}

static void region_rect(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c; (void)r; (void)x; (void)y; (void)w; (void)h;
}
static const struct wl_region_interface region_impl = { .destroy = destroy_request, .add = region_rect, .subtract = region_rect };
static void create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *region = wl_resource_create(client, &wl_region_interface, 1, id);
    (void)resource;
    wl_resource_set_implementation(region, &region_impl, NULL, NULL);
}
static const struct wl_compositor_interface compositor_impl = { .create_surface = create_surface, .create_region = create_region };
static void bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wl_compositor_interface, version, id);
    wl_resource_set_implementation(resource, &compositor_impl, data, NULL);
}

// wl_output: one 390x844 output at the configured integer scale.
static const struct wl_output_interface output_impl = { .release = destroy_request };
static void output_destroyed(struct wl_resource *resource) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    if (compositor->output == resource) compositor->output = NULL;
}
static void bind_output(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct swd_test_compositor *compositor = data;
    struct wl_resource *resource = wl_resource_create(client, &wl_output_interface, version, id);
    wl_resource_set_implementation(resource, &output_impl, data, output_destroyed);
    compositor->output = resource;
    wl_output_send_geometry(resource, 0, 0, 100, 200, WL_OUTPUT_SUBPIXEL_UNKNOWN, "swd", "scripted", WL_OUTPUT_TRANSFORM_NORMAL);
    wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT, 390 * compositor->options.output_scale,
                        844 * compositor->options.output_scale, 60000);
    if (version >= 2) {
        wl_output_send_scale(resource, compositor->options.output_scale);
        wl_output_send_done(resource);
    }
}

// wl_seat with a pointer.
static void set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t s, struct wl_resource *surface, int32_t x, int32_t y) {
    (void)c; (void)s; (void)x; (void)y;
    struct swd_test_compositor *compositor = wl_resource_get_user_data(r);
    if (!surface) return;
    pthread_mutex_lock(&compositor->lock);
    compositor->stats.cursor_sets++;
    pthread_mutex_unlock(&compositor->lock);
}
static const struct wl_pointer_interface pointer_impl = { .set_cursor = set_cursor, .release = destroy_request };
static void pointer_destroyed(struct wl_resource *resource) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    if (compositor->pointer == resource) compositor->pointer = NULL;
}
static void get_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    struct wl_resource *pointer = wl_resource_create(client, &wl_pointer_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(pointer, &pointer_impl, compositor, pointer_destroyed);
    compositor->pointer = pointer;
    pthread_mutex_lock(&compositor->lock);
    compositor->stats.has_pointer = 1;
    pthread_mutex_unlock(&compositor->lock);
}
static const struct wl_keyboard_interface keyboard_impl = { .release = destroy_request };
static void keyboard_destroyed(struct wl_resource *resource) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    if (compositor->keyboard == resource) compositor->keyboard = NULL;
}
static void get_keyboard(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    struct wl_resource *keyboard = wl_resource_create(client, &wl_keyboard_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(keyboard, &keyboard_impl, compositor, keyboard_destroyed);
    compositor->keyboard = keyboard;
}
// wl_touch: a touchscreen over the toplevel.
static const struct wl_touch_interface touch_impl = { .release = destroy_request };
static void touch_destroyed(struct wl_resource *resource) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    if (compositor->touch == resource) compositor->touch = NULL;
}
static void get_touch(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct swd_test_compositor *compositor = wl_resource_get_user_data(resource);
    struct wl_resource *touch = wl_resource_create(client, &wl_touch_interface, wl_resource_get_version(resource), id);
    wl_resource_set_implementation(touch, &touch_impl, compositor, touch_destroyed);
    compositor->touch = touch;
    pthread_mutex_lock(&compositor->lock);
    compositor->stats.has_touch = 1;
    pthread_mutex_unlock(&compositor->lock);
}
static const struct wl_seat_interface seat_impl = {
    .get_pointer = get_pointer, .get_keyboard = get_keyboard, .get_touch = get_touch, .release = destroy_request,
};
static void bind_seat(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wl_seat_interface, version, id);
    wl_resource_set_implementation(resource, &seat_impl, data, NULL);
    wl_seat_send_capabilities(resource, WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_TOUCH | WL_SEAT_CAPABILITY_KEYBOARD);
}

// A touch command: the event, then wl_touch.frame.
static void run_touch_command(struct swd_test_compositor *compositor, const struct command *command) {
    struct wl_resource *touch = compositor->touch;
    if (!touch || !compositor->surface) return;
    uint32_t time = tc_now_ms();
    switch (command->type) {
    case CMD_TOUCH_DOWN:
        wl_touch_send_down(touch, ++compositor->serial, time, compositor->surface->resource, command->value,
                           wl_fixed_from_double(command->x), wl_fixed_from_double(command->y));
        break;
    case CMD_TOUCH_MOTION:
        wl_touch_send_motion(touch, time, command->value, wl_fixed_from_double(command->x),
                             wl_fixed_from_double(command->y));
        break;
    case CMD_TOUCH_UP:
        wl_touch_send_up(touch, ++compositor->serial, time, command->value);
        break;
    case CMD_TOUCH_CANCEL:
        // A cancel ends every touch point and is its own frame.
        wl_touch_send_cancel(touch);
        return;
    default:
        return;
    }
    wl_touch_send_frame(touch);
}

// Commands from the test thread, run on the compositor's.
static void run_command(struct swd_test_compositor *compositor, const struct command *command) {
    struct wl_resource *pointer = compositor->pointer;
    if (command->type == CMD_STOP) {
        compositor->running = 0;
        return;
    }
    if (command->type == CMD_HIDE) {
        compositor->hidden = command->value;
        return;
    }
    // A hostile compositor's sizes and scales.
    if (command->type == CMD_CONFIGURE) {
        if (compositor->surface) tc_send_sized_configure(compositor->surface, (int32_t)command->x, (int32_t)command->y);
        return;
    }
    if (command->type == CMD_OUTPUT_SCALE) {
        if (compositor->output && wl_resource_get_version(compositor->output) >= 2) {
            wl_output_send_scale(compositor->output, command->value);
            wl_output_send_done(compositor->output);
        }
        return;
    }
    if (command->type == CMD_PREFERRED_SCALE) {
        if (compositor->fractional) wp_fractional_scale_v1_send_preferred_scale(compositor->fractional, (uint32_t)command->x);
        return;
    }
    if (command->type == CMD_KEYBOARD_FOCUS) {
        if (!compositor->keyboard || !compositor->surface) return;
        if (command->value) {
            struct wl_array keys;
            wl_array_init(&keys);
            wl_keyboard_send_enter(compositor->keyboard, ++compositor->serial, compositor->surface->resource, &keys);
            wl_array_release(&keys);
        } else {
            wl_keyboard_send_leave(compositor->keyboard, ++compositor->serial, compositor->surface->resource);
        }
        return;
    }
    if (command->type == CMD_KEY) {
        if (!compositor->keyboard) return;
        wl_keyboard_send_key(compositor->keyboard, ++compositor->serial, tc_now_ms(), (uint32_t)command->value,
                             command->x != 0 ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
        return;
    }
    if (command->type >= CMD_TOUCH_DOWN) {
        run_touch_command(compositor, command);
        return;
    }
    if (!pointer || !compositor->surface) return;
    uint32_t time = tc_now_ms();
    if (command->type == CMD_HOLD_BEGIN || command->type == CMD_HOLD_END) {
        if (!compositor->hold) return;
        if (command->type == CMD_HOLD_BEGIN)
            zwp_pointer_gesture_hold_v1_send_begin(compositor->hold, ++compositor->serial, time,
                                                   compositor->surface->resource, 2);
        else
            zwp_pointer_gesture_hold_v1_send_end(compositor->hold, ++compositor->serial, time, command->value);
        return;
    }
    switch (command->type) {
    case CMD_ENTER:
        wl_pointer_send_enter(pointer, ++compositor->serial, compositor->surface->resource,
                              wl_fixed_from_double(command->x), wl_fixed_from_double(command->y));
        break;
    case CMD_MOTION:
        wl_pointer_send_motion(pointer, time, wl_fixed_from_double(command->x), wl_fixed_from_double(command->y));
        break;
    case CMD_BUTTON:
        wl_pointer_send_button(pointer, ++compositor->serial, time, BTN_LEFT,
                               command->value ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        break;
    case CMD_BUTTON_CODE:
        wl_pointer_send_button(pointer, ++compositor->serial, time, (uint32_t)command->value,
                               command->x != 0 ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        break;
    case CMD_FINGER:
        wl_pointer_send_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
        wl_pointer_send_axis(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_double(command->y));
        break;
    case CMD_FINGER_STOP:
        wl_pointer_send_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER);
        wl_pointer_send_axis_stop(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL);
        break;
    case CMD_WHEEL:
        wl_pointer_send_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL);
        wl_pointer_send_axis_discrete(pointer, WL_POINTER_AXIS_VERTICAL_SCROLL, command->value);
        wl_pointer_send_axis(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_int(10 * command->value));
        break;
    default:
        break;
    }
    wl_pointer_send_frame(pointer);
}

static int read_commands(int fd, uint32_t mask, void *data) {
    (void)mask;
    struct command command;
    while (read(fd, &command, sizeof command) == (ssize_t)sizeof command) run_command(data, &command);
    return 0;
}

static int answer_frames(void *data) {
    struct swd_test_compositor *compositor = data;
    struct wl_resource *callback, *next;
    int answered = 0;
    // A hidden surface gets no frame callbacks, as compositors do for minimized windows.
    if (compositor->hidden) {
        wl_event_source_timer_update(compositor->frame_timer, 16);
        return 0;
    }
    wl_resource_for_each_safe(callback, next, &compositor->frames) {
        wl_callback_send_done(callback, tc_now_ms());
        wl_resource_destroy(callback);
        answered++;
    }
    pthread_mutex_lock(&compositor->lock);
    compositor->stats.frames_done += answered;
    compositor->stats.clients = compositor->surface ? 1 : 0;
    pthread_mutex_unlock(&compositor->lock);
    wl_event_source_timer_update(compositor->frame_timer, 16);
    return 0;
}

static void *run(void *data) {
    struct swd_test_compositor *compositor = data;
    while (compositor->running) {
        wl_event_loop_dispatch(compositor->loop, -1);
        wl_display_flush_clients(compositor->display);
    }
    return NULL;
}

static void send_command(swd_test_compositor *compositor, struct command command) {
    ssize_t written;
    do written = write(compositor->command_pipe[1], &command, sizeof command);
    while (written < 0 && errno == EINTR);
}

swd_test_compositor *swd_test_compositor_start(const char *socket_path, swd_test_compositor_options options) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(socket_path) >= sizeof address.sun_path) return NULL;
    strcpy(address.sun_path, socket_path);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0) return NULL;
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 16) != 0) {
        close(listener);
        return NULL;
    }
    swd_test_compositor *compositor = calloc(1, sizeof *compositor);
    compositor->options = options;
    if (compositor->options.output_scale < 1) compositor->options.output_scale = 1;
    pthread_mutex_init(&compositor->lock, NULL);
    wl_list_init(&compositor->frames);
    compositor->display = wl_display_create();
    compositor->loop = wl_display_get_event_loop(compositor->display);
    if (pipe2(compositor->command_pipe, O_CLOEXEC) != 0 || wl_display_add_socket_fd(compositor->display, listener) != 0) {
        close(listener);
        wl_display_destroy(compositor->display);
        free(compositor);
        return NULL;
    }
    // Read without blocking: the loop drains the pipe, then goes back to waiting.
    fcntl(compositor->command_pipe[0], F_SETFL, fcntl(compositor->command_pipe[0], F_GETFL) | O_NONBLOCK);
    wl_display_init_shm(compositor->display);
    wl_global_create(compositor->display, &wl_compositor_interface, 4, compositor, bind_compositor);
    wl_global_create(compositor->display, &wl_output_interface, 2, compositor, bind_output);
    wl_global_create(compositor->display, &wl_seat_interface, 7, compositor, bind_seat);
    if (options.offer_xdg_shell)
        wl_global_create(compositor->display, &xdg_wm_base_interface, 3, compositor, tc_bind_xdg_wm_base);
    wl_global_create(compositor->display, &zwp_pointer_gestures_v1_interface, 3, compositor, tc_bind_gestures);
    if (options.preferred_scale_120) {
        wl_global_create(compositor->display, &wp_viewporter_interface, 1, compositor, tc_bind_viewporter);
        wl_global_create(compositor->display, &wp_fractional_scale_manager_v1_interface, 1, compositor, tc_bind_fractional);
    }
    compositor->command_source = wl_event_loop_add_fd(compositor->loop, compositor->command_pipe[0], WL_EVENT_READABLE,
                                                      read_commands, compositor);
    compositor->frame_timer = wl_event_loop_add_timer(compositor->loop, answer_frames, compositor);
    wl_event_source_timer_update(compositor->frame_timer, 16);
    compositor->running = 1;
    if (pthread_create(&compositor->thread, NULL, run, compositor) != 0) {
        wl_display_destroy(compositor->display);
        free(compositor);
        return NULL;
    }
    return compositor;
}

void swd_test_compositor_stop(swd_test_compositor *compositor) {
    if (!compositor) return;
    send_command(compositor, (struct command){ .type = CMD_STOP });
    pthread_join(compositor->thread, NULL);
    wl_event_source_remove(compositor->command_source);
    wl_event_source_remove(compositor->frame_timer);
    wl_display_destroy_clients(compositor->display);
    wl_display_destroy(compositor->display);
    close(compositor->command_pipe[0]);
    close(compositor->command_pipe[1]);
    pthread_mutex_destroy(&compositor->lock);
    free(compositor);
}

swd_test_compositor_stats swd_test_compositor_get_stats(swd_test_compositor *compositor) {
    pthread_mutex_lock(&compositor->lock);
    swd_test_compositor_stats stats = compositor->stats;
    pthread_mutex_unlock(&compositor->lock);
    return stats;
}

void swd_test_compositor_pointer_enter(swd_test_compositor *c, double x, double y) {
    send_command(c, (struct command){ .type = CMD_ENTER, .x = x, .y = y });
}
void swd_test_compositor_pointer_motion(swd_test_compositor *c, double x, double y) {
    send_command(c, (struct command){ .type = CMD_MOTION, .x = x, .y = y });
}
void swd_test_compositor_pointer_button(swd_test_compositor *c, int pressed) {
    send_command(c, (struct command){ .type = CMD_BUTTON, .value = pressed });
}
void swd_test_compositor_finger_scroll(swd_test_compositor *c, double value) {
    send_command(c, (struct command){ .type = CMD_FINGER, .y = value });
}
void swd_test_compositor_finger_stop(swd_test_compositor *c) { send_command(c, (struct command){ .type = CMD_FINGER_STOP }); }
void swd_test_compositor_wheel(swd_test_compositor *c, int notches) {
    send_command(c, (struct command){ .type = CMD_WHEEL, .value = notches });
}
void swd_test_compositor_hold_begin(swd_test_compositor *c) { send_command(c, (struct command){ .type = CMD_HOLD_BEGIN }); }
void swd_test_compositor_hold_end(swd_test_compositor *c, int cancelled) {
    send_command(c, (struct command){ .type = CMD_HOLD_END, .value = cancelled });
}
void swd_test_compositor_set_hidden(swd_test_compositor *c, int hidden) {
    send_command(c, (struct command){ .type = CMD_HIDE, .value = hidden });
}
void swd_test_compositor_configure(swd_test_compositor *c, int32_t width, int32_t height) {
    send_command(c, (struct command){ .type = CMD_CONFIGURE, .x = width, .y = height });
}
void swd_test_compositor_set_output_scale(swd_test_compositor *c, int32_t scale) {
    send_command(c, (struct command){ .type = CMD_OUTPUT_SCALE, .value = scale });
}
void swd_test_compositor_set_preferred_scale(swd_test_compositor *c, uint32_t scale_120) {
    send_command(c, (struct command){ .type = CMD_PREFERRED_SCALE, .x = scale_120 });
}
void swd_test_compositor_touch_down(swd_test_compositor *c, int32_t id, double x, double y) {
    send_command(c, (struct command){ .type = CMD_TOUCH_DOWN, .x = x, .y = y, .value = id });
}
void swd_test_compositor_touch_motion(swd_test_compositor *c, int32_t id, double x, double y) {
    send_command(c, (struct command){ .type = CMD_TOUCH_MOTION, .x = x, .y = y, .value = id });
}
void swd_test_compositor_touch_up(swd_test_compositor *c, int32_t id) {
    send_command(c, (struct command){ .type = CMD_TOUCH_UP, .value = id });
}
void swd_test_compositor_touch_cancel(swd_test_compositor *c) { send_command(c, (struct command){ .type = CMD_TOUCH_CANCEL }); }
void swd_test_compositor_key(swd_test_compositor *c, uint32_t code, int pressed) {
    send_command(c, (struct command){ .type = CMD_KEY, .value = (int)code, .x = pressed });
}
void swd_test_compositor_pointer_button_code(swd_test_compositor *c, uint32_t code, int pressed) {
    send_command(c, (struct command){ .type = CMD_BUTTON_CODE, .value = (int)code, .x = pressed });
}
void swd_test_compositor_keyboard_focus(swd_test_compositor *c, int focused) {
    send_command(c, (struct command){ .type = CMD_KEYBOARD_FOCUS, .value = focused });
}
