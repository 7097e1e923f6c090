#ifndef SWIPEDISMISS_CGTK_SHIM_H
#define SWIPEDISMISS_CGTK_SHIM_H
// GTK 4 for the GTK host. Swift imports GTK's functions as they are; this header adds only
// what Swift cannot say: typed g_signal_connect wrappers (GCallback is an untyped function
// pointer), variadic calls (g_object_new, gtk_accessible_update_property), and the
// GObject type-check casts, which are macros.
#include <gtk/gtk.h>

/// A handler with no arguments but the emitter and the user data ("clicked", "scroll-end").
typedef void (*sd_void_handler)(gpointer emitter, gpointer data);
/// "event" of GtkEventControllerLegacy: TRUE stops the event.
typedef gboolean (*sd_event_handler)(GtkEventControllerLegacy *controller, GdkEvent *event,
                                     gpointer data);
/// "scroll" of GtkEventControllerScroll: TRUE stops the event.
typedef gboolean (*sd_scroll_handler)(GtkEventControllerScroll *controller, double dx, double dy,
                                      gpointer data);
/// "key-pressed" of GtkEventControllerKey: TRUE stops the event.
typedef gboolean (*sd_key_handler)(GtkEventControllerKey *controller, guint keyval,
                                   guint keycode, GdkModifierType state, gpointer data);
/// "resize" of GtkDrawingArea-like size watchers, and "notify" of a GObject.
typedef void (*sd_notify_handler)(GObject *object, GParamSpec *pspec, gpointer data);

static inline gulong sd_connect_void(gpointer instance, const char *signal, sd_void_handler handler,
                                     gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

static inline gulong sd_connect_event(GtkEventController *controller, sd_event_handler handler,
                                      gpointer data) {
    return g_signal_connect(controller, "event", G_CALLBACK(handler), data);
}

static inline gulong sd_connect_scroll(GtkEventController *controller, sd_scroll_handler handler,
                                       gpointer data) {
    return g_signal_connect(controller, "scroll", G_CALLBACK(handler), data);
}

static inline gulong sd_connect_key(GtkEventController *controller, sd_key_handler handler,
                                    gpointer data) {
    return g_signal_connect(controller, "key-pressed", G_CALLBACK(handler), data);
}

static inline gulong sd_connect_notify(gpointer instance, const char *signal,
                                       sd_notify_handler handler, gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

/// The host's dialog: a vertical GtkBox that can clip what it draws to a rounded rectangle
/// (a photo zooming into its source, DESIGN §4c). The clip is applied in the box's snapshot,
/// so changing it is a redraw of the box's cached children, not a layout. Without a clip the
/// box draws exactly as a GtkBox.
typedef struct {
    GtkBox parent_instance;
    gboolean clips;
    graphene_rect_t rect;
    float radius;
} SdDialogBox;

typedef struct {
    GtkBoxClass parent_class;
} SdDialogBoxClass;

static inline void sd_dialog_box_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    SdDialogBox *box = (SdDialogBox *)widget;
    GtkWidgetClass *parent = GTK_WIDGET_CLASS(g_type_class_peek(GTK_TYPE_BOX));
    if (!box->clips) {
        parent->snapshot(widget, snapshot);
        return;
    }
    GskRoundedRect rounded;
    graphene_size_t corner = GRAPHENE_SIZE_INIT(box->radius, box->radius);
    gsk_rounded_rect_init(&rounded, &box->rect, &corner, &corner, &corner, &corner);
    gtk_snapshot_push_rounded_clip(snapshot, &rounded);
    parent->snapshot(widget, snapshot);
    gtk_snapshot_pop(snapshot);
}

static inline void sd_dialog_box_class_init(gpointer klass, gpointer data) {
    (void)data;
    GTK_WIDGET_CLASS(klass)->snapshot = sd_dialog_box_snapshot;
}

/// The dialog box's type, registered once per process (every module that imports this
/// header has its own copy of this function, so the name is looked up first).
static inline GType sd_dialog_box_get_type(void) {
    static GType type = 0;
    if (type == 0) {
        type = g_type_from_name("SdDialogBox");
        if (type == 0) {
            type = g_type_register_static_simple(GTK_TYPE_BOX, "SdDialogBox",
                                                 sizeof(SdDialogBoxClass), sd_dialog_box_class_init,
                                                 sizeof(SdDialogBox), NULL, 0);
        }
    }
    return type;
}

/// A vertical dialog box (SdDialogBox) whose accessible role is dialog (a construct-only
/// property in GTK 4.8, so it has to be given to g_object_new).
static inline GtkWidget *sd_dialog_box_new(void) {
    return GTK_WIDGET(g_object_new(sd_dialog_box_get_type(), "accessible-role",
                                   GTK_ACCESSIBLE_ROLE_DIALOG, "orientation",
                                   GTK_ORIENTATION_VERTICAL, NULL));
}

/// Clips what the dialog box `widget` draws to the rectangle (x, y, width, height) in its own
/// coordinates with corner radius `radius` (clamped to half the shorter side); a redraw.
static inline void sd_dialog_box_set_clip(GtkWidget *widget, float x, float y, float width,
                                          float height, float radius) {
    SdDialogBox *box = (SdDialogBox *)widget;
    float w = width > 0 ? width : 0, h = height > 0 ? height : 0;
    float half = (w < h ? w : h) / 2;
    box->clips = TRUE;
    graphene_rect_init(&box->rect, x, y, w, h);
    box->radius = radius > 0 ? (radius < half ? radius : half) : 0;
    gtk_widget_queue_draw(widget);
}

/// The dialog box `widget` draws unclipped again; a redraw.
static inline void sd_dialog_box_clear_clip(GtkWidget *widget) {
    SdDialogBox *box = (SdDialogBox *)widget;
    if (!box->clips) return;
    box->clips = FALSE;
    gtk_widget_queue_draw(widget);
}

/// Sets the accessible label (AT-SPI name) of `widget`.
static inline void sd_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
}

/// Sets the accessible modal property (AT-SPI state modal) of `widget`.
static inline void sd_accessible_set_modal(GtkWidget *widget, gboolean modal) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_MODAL, modal,
                                   -1);
}

static inline GtkWindow *sd_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkBox *sd_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkFixed *sd_fixed(GtkWidget *widget) { return GTK_FIXED(widget); }
static inline GtkOverlay *sd_overlay(GtkWidget *widget) { return GTK_OVERLAY(widget); }
static inline GtkLabel *sd_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkButton *sd_button(GtkWidget *widget) { return GTK_BUTTON(widget); }
static inline GtkScrolledWindow *sd_scrolled(GtkWidget *widget) {
    return GTK_SCROLLED_WINDOW(widget);
}
static inline GtkEventController *sd_controller(gpointer controller) {
    return GTK_EVENT_CONTROLLER(controller);
}
static inline GtkEventControllerLegacy *sd_legacy_controller_new(void) {
    return GTK_EVENT_CONTROLLER_LEGACY(gtk_event_controller_legacy_new());
}
static inline GtkStyleProvider *sd_style_provider(GtkCssProvider *provider) {
    return GTK_STYLE_PROVIDER(provider);
}

/// "resize" of GtkDrawingArea: the new size in logical pixels.
typedef void (*sd_resize_handler)(GtkDrawingArea *area, int width, int height, gpointer data);
/// A handler answering TRUE to stop the default ("close-request").
typedef gboolean (*sd_bool_handler)(gpointer emitter, gpointer data);

static inline gulong sd_connect_resize(GtkWidget *area, sd_resize_handler handler, gpointer data) {
    return g_signal_connect(area, "resize", G_CALLBACK(handler), data);
}

static inline gulong sd_connect_bool(gpointer instance, const char *signal, sd_bool_handler handler,
                                     gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

/// The position of a pointer or touch `event` in `widget`'s coordinates (the surface's
/// position less the native's decorations, then down the widget tree); FALSE without one.
static inline gboolean sd_event_position(GdkEvent *event, GtkWidget *widget, double *x, double *y) {
    double ex, ey, nx, ny;
    if (!gdk_event_get_position(event, &ex, &ey)) return FALSE;
    GtkNative *native = gtk_widget_get_native(widget);
    if (native == NULL) return FALSE;
    gtk_native_get_surface_transform(native, &nx, &ny);
    graphene_point_t point = GRAPHENE_POINT_INIT((float)(ex - nx), (float)(ey - ny));
    graphene_point_t out;
    if (!gtk_widget_compute_point(GTK_WIDGET(native), widget, &point, &out)) return FALSE;
    *x = out.x;
    *y = out.y;
    return TRUE;
}

/// Whether `widget` is a GtkButton or inside one.
static inline gboolean sd_is_in_button(GtkWidget *widget) {
    return widget != NULL && gtk_widget_get_ancestor(widget, GTK_TYPE_BUTTON) != NULL;
}

/// The device kind of the device that sent `event` (touchpad, mouse, touchscreen…).
static inline GdkInputSource sd_event_input_source(GdkEvent *event) {
    GdkDevice *device = gdk_event_get_device(event);
    return device ? gdk_device_get_source(device) : GDK_SOURCE_MOUSE;
}

#endif
