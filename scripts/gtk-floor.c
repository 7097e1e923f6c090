// The GTK floor (issue 36 item 7): a plain GTK 4 program that only animates a full-window
// dim over the same widgets as gtk-demo's sheet scene, to measure what any GTK sheet pays
// for GTK's own repaint under a changing dim. Not part of the library; built by
// scripts/gtk-floor.sh and measured by scripts/gtk-perf.sh (FLOOR=1) beside gtk-demo and Qt.
//
// The window is gtk-demo's: a white 24 pt band and the #336699 screen ("Inbox", a "Search"
// entry, "Open"), a black backdrop, and the white sheet resting at medium (top at 422 of
// 844 pt) with its 56 pt header ("Sheet", a "Note" entry, "Close") over a scrolled list of
// 60 rows of 44 pt whose first is a "Volume" scale. Nothing moves but the dim: a drag
// anywhere sets it from the drag's distance (0.3 at rest, 0 at 422 pt down, as the sheet's
// dim fades between medium and the bottom), and a release fades it back to 0 over 0.3 s
// from the frame clock. The dim is one colour node appended by the backdrop's own snapshot
// (a change is a redraw, no restyle and no layout): the cheapest dim GTK has.
//
// It takes gtk-demo's two cost fixes that any GTK app can take, so that the floor is GTK's
// own: GSK_RENDERER defaults to cairo (gtk-demo chooses it on software GL), and on X11 one
// image of cairo's MIT-SHM pool is held so that frames reuse the pool (GtkX11ShmPool), and
// the keyboard focus is on "Close" (as gtk-demo's sheet's: no blinking entry cursor).
//
// Run as gtk-floor-blit (a link scripts/gtk-floor.sh makes), it tries the idea of issue 36
// item 7 on X11: while a drag or the fade runs, GTK draws nothing; the frame is composed from
// images of the screen and of the sheet rendered once at the press (gsk_render_node_draw)
// with the dim in one pass over the pixels, and put on the window with XShmPutImage, as
// x11-demo's raster path does; when the fade ends GTK draws the resting frame itself.
//
// Run as gtk-floor-overlay, the frames go into a window of its own instead: an
// override-redirect toplevel of the root's depth (24) exactly over GTK's window, with an
// empty input shape (every press, key and motion still goes to GTK's window), mapped at the
// press and unmapped after GTK has painted the resting frame. GTK's own window is depth 32,
// so a server with Composite redirects it and composites it onto the root at every damage;
// the overlay is not redirected. The screen and the sheet are uploaded once at the press
// into server pixmaps, and a frame draws only what changed since the last: while the dim's
// level (8 bits) changes, an XCopyArea of the screen above the sheet's opaque rows, one
// XRenderFillRectangle (Over) for the dim, and the sheet's rounded top composited over it;
// the opaque rows are not drawn while the sheet stays, and when it moves the server moves
// what the overlay shows of them (one XCopyArea of the overlay onto itself, only while
// VisibilityNotify says the overlay is wholly on screen and unobscured) and copies from the
// sheet's pixmap only the rows that come into view; an Expose of the overlay (at its map,
// or after a window over it went) has the next frame drawn whole. The client sends a few
// requests a frame and no pixels. When GTK paints under the overlay (the list's scroll indicator
// fading), XDamage on GTK's window says where, and that part of the sheet's rows is
// refreshed from GTK's window (without XDamage, all of them after each of GTK's paints).
// Run as gtk-floor-overlay-move, the sheet also follows the drag down (and goes back to
// medium in the fade), as gtk-demo's moves.
// Knobs (measurement only): FLOOR_MOVE=1 as the -move name; FLOOR_SKIP=1 maps the overlay
// but draws no frame (a bound); FLOOR_SHM=1 composes the frames in the client (the blit
// mode's pass) and puts them on the overlay with XShmPutImage; FLOOR_NO_REFRESH=1 keeps the
// sheet's rows of the press; FLOOR_CHECK=1 reads every frame back and counts the pixels
// that differ from a full redraw (printed when the overlay goes); FLOOR_DEBUG=1 prints
// GTK's paints.
//
// Usage: gtk-floor [--size WxH]   (other arguments are ignored, as gtk-perf.sh passes
// gtk-demo's).
#include <X11/Xlib.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/shape.h>
#include <cairo-xlib.h>
#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/shm.h>

typedef struct {
    GtkWidget parent_instance;
    float alpha;
} FloorDim;

typedef struct {
    GtkWidgetClass parent_class;
} FloorDimClass;

G_DEFINE_TYPE(FloorDim, floor_dim, GTK_TYPE_WIDGET)

static void floor_dim_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    FloorDim *dim = (FloorDim *)widget;
    if (dim->alpha <= 0) return;
    GdkRGBA black = {0, 0, 0, dim->alpha};
    graphene_rect_t rect;
    graphene_rect_init(&rect, 0, 0, (float)gtk_widget_get_width(widget),
                       (float)gtk_widget_get_height(widget));
    gtk_snapshot_append_color(snapshot, &black, &rect);
}

static void floor_dim_class_init(FloorDimClass *klass) {
    GTK_WIDGET_CLASS(klass)->snapshot = floor_dim_snapshot;
}

static void floor_dim_init(FloorDim *dim) { dim->alpha = 0.3f; }

/// The blit mode's state: the images rendered at the press and the shared-memory frame.
typedef struct {
    gboolean enabled, active;
    GtkWidget *window, *screen, *sheet;
    cairo_surface_t *screen_image, *sheet_image;
    int sheet_x, sheet_y;
    Display *display;
    Window xid;
    GC gc;
    XImage *frame;
    XShmSegmentInfo shm;
    // The overlay mode: a depth-24 override-redirect window over GTK's, no input.
    gboolean overlay;
    Window over;
    Pixmap screen_pixmap, sheet_pixmap, corners_pixmap;
    Picture over_picture, corners_picture;
    int width, height, gtk_paints;
    // FLOOR_MOVE=1: the sheet follows the drag down (and back up in the fade), as
    // gtk-demo's does; offset is its distance from medium, drawn_offset where the overlay
    // last drew its opaque rows (-1: not yet).
    gboolean moves;
    // FLOOR_SHM=1: the overlay's frames composed by the client (as the blit mode's) and put
    // with XShmPutImage in the root's depth, instead of composed by the server.
    gboolean shm_put;
    // GTK's window as a source, the sheet's pixmap as a destination (its refresh), whether
    // one is pending, how many were made, and the last frame's dim.
    Picture gtk_picture, sheet_picture;
    gboolean refresh_pending;
    int refreshes;
    double alpha;
    int offset, drawn_offset, release_offset;
    gulong render_handler;
    // The dim's level (8 bits, as the server's fill takes it) of the last frame drawn: a frame
    // whose level and offset are the last one's draws nothing above the sheet.
    int drawn_level;
    // XDamage on GTK's window (0 without the extension): where GTK painted under the
    // overlay, gathered until the server's last rectangle of a request.
    Damage damage;
    int damage_event;
    int damage_x0, damage_y0, damage_x1, damage_y1;
    // FLOOR_CHECK=1: every frame is compared with a full redraw in this pixmap.
    Pixmap check_pixmap;
    Picture check_picture;
    int checked_frames;
    gboolean mapped;
    // The overlay wholly on screen and under no other window (VisibilityNotify): only then
    // can the server move what it shows of the sheet; else the rows come from the pixmap.
    gboolean unobscured;
    int over_x, over_y;
    gulong xevent_handler;
    long checked_pixels, differing_pixels;
} Blit;

static Blit blit;

/// `widget` drawn by GSK into a new image of its size.
static cairo_surface_t *render_widget(GtkWidget *widget) {
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    if (node) {
        cairo_t *cr = cairo_create(image);
        gsk_render_node_draw(node, cr);
        cairo_destroy(cr);
        gsk_render_node_unref(node);
    }
    g_object_unref(paintable);
    cairo_surface_flush(image);
    return image;
}

/// Composes the frame for `alpha` (screen dimmed, sheet over it) and puts it on the window.
static void blit_frame(double alpha) {
    XImage *frame = blit.frame;
    int width = frame->width, height = frame->height;
    uint32_t k = (uint32_t)((1 - alpha) * 256 + 0.5);
    const unsigned char *screen = cairo_image_surface_get_data(blit.screen_image);
    int screen_stride = cairo_image_surface_get_stride(blit.screen_image);
    int screen_width = cairo_image_surface_get_width(blit.screen_image);
    int screen_height = cairo_image_surface_get_height(blit.screen_image);
    const unsigned char *sheet = cairo_image_surface_get_data(blit.sheet_image);
    int sheet_stride = cairo_image_surface_get_stride(blit.sheet_image);
    int sheet_width = cairo_image_surface_get_width(blit.sheet_image);
    int sheet_height = cairo_image_surface_get_height(blit.sheet_image);
    int columns = width < screen_width ? width : screen_width;
    for (int y = 0; y < height; y++) {
        uint32_t *out = (uint32_t *)(frame->data + (size_t)y * frame->bytes_per_line);
        int sheet_row = y - blit.sheet_y - blit.offset;
        gboolean in_sheet = sheet_row >= 0 && sheet_row < sheet_height;
        // Rows of the sheet below its rounded corners are opaque: copied as they are.
        if (in_sheet && sheet_row >= 12 && blit.sheet_x == 0 && sheet_width >= width) {
            memcpy(out, sheet + (size_t)sheet_row * sheet_stride, (size_t)width * 4);
            continue;
        }
        if (y < screen_height) {
            const uint32_t *in = (const uint32_t *)(screen + (size_t)y * screen_stride);
            for (int x = 0; x < columns; x++) {
                uint32_t p = in[x];
                out[x] = ((((p & 0xff00ffu) * k) >> 8) & 0xff00ffu) |
                         ((((p >> 8) & 0xffu) * k) & 0xff00u) | 0xff000000u;
            }
        }
        if (in_sheet) {
            const uint32_t *in = (const uint32_t *)(sheet + (size_t)sheet_row * sheet_stride);
            for (int x = 0; x < width && x - blit.sheet_x < sheet_width; x++) {
                if (x < blit.sheet_x) continue;
                uint32_t p = in[x - blit.sheet_x], a = p >> 24, inverse = 255 - a, d = out[x];
                uint32_t rb = ((d & 0xff00ffu) * inverse / 255) & 0xff00ffu;
                uint32_t g = (((d >> 8) & 0xffu) * inverse / 255) << 8;
                out[x] = (p & 0xffffffu) + rb + g;
            }
        }
    }
    XShmPutImage(blit.display, blit.overlay ? blit.over : blit.xid, blit.gc, frame, 0, 0, 0, 0, (unsigned)width,
                 (unsigned)height, False);
    XSync(blit.display, False);
}

/// At the press: the screen and the sheet rendered once, the shared-memory frame made.
static void overlay_begin(double alpha);

static void blit_begin(double alpha) {
    if (!blit.enabled || blit.active) return;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(blit.window));
    GdkDisplay *display = gdk_surface_get_display(surface);
    if (!GDK_IS_X11_DISPLAY(display)) return;
    blit.display = gdk_x11_display_get_xdisplay(display);
    int event_base, error_base;
    if (blit.overlay && (!XShapeQueryExtension(blit.display, &event_base, &error_base) ||
                         !XRenderQueryExtension(blit.display, &event_base, &error_base))) {
        // GTK draws every frame then, as the plain floor's.
        fprintf(stderr, "gtk-floor: overlay mode: the X server lacks %s; GTK draws the drag\n",
                XShapeQueryExtension(blit.display, &event_base, &error_base) ? "RENDER" : "SHAPE");
        blit.enabled = FALSE;
        return;
    }
    blit.xid = gdk_x11_surface_get_xid(surface);
    if (!blit.frame && (!blit.overlay || blit.shm_put)) {
        int width = gtk_widget_get_width(blit.window), height = gtk_widget_get_height(blit.window);
        // The window's own visual (GTK's X11 windows are ARGB, depth 32); the overlay's is
        // the root's.
        XWindowAttributes attributes;
        XGetWindowAttributes(blit.display, blit.overlay ? DefaultRootWindow(blit.display) : blit.xid,
                             &attributes);
        blit.frame = XShmCreateImage(blit.display, attributes.visual, (unsigned)attributes.depth,
                                     ZPixmap, NULL, &blit.shm, (unsigned)width, (unsigned)height);
        blit.shm.shmid = shmget(IPC_PRIVATE, (size_t)blit.frame->bytes_per_line * height, IPC_CREAT | 0600);
        blit.shm.shmaddr = blit.frame->data = shmat(blit.shm.shmid, NULL, 0);
        blit.shm.readOnly = False;
        XShmAttach(blit.display, &blit.shm);
        XSync(blit.display, False);
        shmctl(blit.shm.shmid, IPC_RMID, NULL);
        if (!blit.overlay) blit.gc = XCreateGC(blit.display, blit.xid, 0, NULL);
    }
    if (blit.screen_image) cairo_surface_destroy(blit.screen_image);
    if (blit.sheet_image) cairo_surface_destroy(blit.sheet_image);
    blit.screen_image = render_widget(blit.screen);
    blit.sheet_image = render_widget(blit.sheet);
    graphene_point_t origin = GRAPHENE_POINT_INIT(0, 0), at;
    if (gtk_widget_compute_point(blit.sheet, blit.window, &origin, &at)) {
        blit.sheet_x = (int)at.x;
        blit.sheet_y = (int)at.y;
    }
    int window_width = gtk_widget_get_width(blit.window);
    int window_height = gtk_widget_get_height(blit.window);
    int sheet_width = cairo_image_surface_get_width(blit.sheet_image);
    int sheet_height = cairo_image_surface_get_height(blit.sheet_image);
    if (blit.overlay && (blit.sheet_x != 0 || sheet_width < window_width ||
                         blit.sheet_y + sheet_height < window_height)) {
        // The overlay takes the sheet's rows below its rounded top as opaque across the
        // window and down to its bottom: a sheet that is not (GTK's minimum sizes under a
        // small --size) would leave pixels undrawn. GTK draws this drag, as the plain floor's.
        fprintf(stderr,
                "gtk-floor: overlay mode: the sheet (%dx%d at %d,%d) does not cover the window "
                "(%dx%d) below its top; GTK draws the drag\n",
                sheet_width, sheet_height, blit.sheet_x, blit.sheet_y, window_width,
                window_height);
        return;
    }
    if (blit.overlay) overlay_begin(alpha);
    blit.active = TRUE;
}

/// `image`'s rows [top, top + rows) uploaded into a new pixmap of `depth` (24: the alpha byte
/// ignored; 32: premultiplied ARGB as cairo keeps it).
static Pixmap upload(cairo_surface_t *image, int top, int rows, int depth) {
    int width = cairo_image_surface_get_width(image);
    int stride = cairo_image_surface_get_stride(image);
    Pixmap pixmap = XCreatePixmap(blit.display, blit.over, (unsigned)width, (unsigned)rows,
                                  (unsigned)depth);
    XImage *ximage = XCreateImage(blit.display, DefaultVisual(blit.display, DefaultScreen(blit.display)),
                                  (unsigned)depth, ZPixmap, 0,
                                  (char *)cairo_image_surface_get_data(image) + (size_t)top * stride,
                                  (unsigned)width, (unsigned)rows, 32, stride);
    GC gc = XCreateGC(blit.display, pixmap, 0, NULL);
    XPutImage(blit.display, pixmap, gc, ximage, 0, 0, 0, 0, (unsigned)width, (unsigned)rows);
    XFreeGC(blit.display, gc);
    ximage->data = NULL;
    XDestroyImage(ximage);
    return pixmap;
}

static void overlay_frame(double alpha);

/// GTK painted under the overlay and the server has no XDamage: all of the sheet's
/// opaque rows are copied from GTK's window, where the sheet lies above the dim and stays
/// at its place of the press, into the sheet's pixmap, and the overlay redraws them. (The
/// screen behind is under GTK's stale dim there: a change to it would need GTK to draw.)
static void overlay_refresh(GdkFrameClock *clock, gpointer data) {
    (void)data;
    g_signal_handlers_disconnect_by_func(clock, G_CALLBACK(overlay_refresh), NULL);
    blit.refresh_pending = FALSE;
    if (!blit.active || getenv("FLOOR_NO_REFRESH")) return;
    int corner = 12, rows = blit.height - blit.sheet_y - corner;
    if (rows <= 0) return;
    XRenderComposite(blit.display, PictOpSrc, blit.gtk_picture, None, blit.sheet_picture,
                     blit.sheet_x, blit.sheet_y + corner, 0, 0, 0, corner, (unsigned)blit.width,
                     (unsigned)rows);
    blit.refreshes++;
    blit.drawn_offset = -1;
    overlay_frame(blit.alpha);
}

/// Counts GTK's own paints while the overlay is up (they happen under it, unseen): an
/// emission hook, since GTK's own "render" handler stops the emission before ours.
static gboolean count_paint(GSignalInvocationHint *hint, guint count, const GValue *values,
                            gpointer data) {
    (void)hint;
    (void)count;
    (void)data;
    if (g_value_get_object(&values[0]) != gtk_native_get_surface(GTK_NATIVE(blit.window)))
        return TRUE;
    if (blit.active) {
        blit.gtk_paints++;
        if (blit.overlay && !blit.damage && !blit.refresh_pending) {
            // Without XDamage: all of the sheet's rows are refreshed from what GTK painted,
            // once it has.
            blit.refresh_pending = TRUE;
            GdkFrameClock *clock = gtk_widget_get_frame_clock(blit.window);
            if (clock) g_signal_connect_after(clock, "after-paint", G_CALLBACK(overlay_refresh), NULL);
        }
    }
    if (getenv("FLOOR_DEBUG")) {
        cairo_rectangle_int_t box;
        cairo_region_get_extents(g_value_get_boxed(&values[1]), &box);
        fprintf(stderr, "paint active=%d %dx%d+%d+%d\n", blit.active, box.width, box.height, box.x, box.y);
    }
    return TRUE;
}

/// The rounded top and everything above it: the screen's pixmap copied and dimmed by the
/// server over rows [from, top), the sheet's 12 px rounded top composited over it at `sheet_y`.
static void draw_above(Drawable target, Picture picture, int from, int top, int sheet_y,
                      unsigned short alpha) {
    if (from >= top) return;
    XCopyArea(blit.display, blit.screen_pixmap, target, blit.gc, 0, from, (unsigned)blit.width,
              (unsigned)(top - from), 0, from);
    XRenderColor black = {0, 0, 0, alpha};
    XRenderFillRectangle(blit.display, PictOpOver, picture, &black, 0, from, (unsigned)blit.width,
                         (unsigned)(top - from));
    XRenderComposite(blit.display, PictOpOver, blit.corners_picture, None, picture, 0, 0, 0, 0,
                     blit.sheet_x, sheet_y, (unsigned)blit.width, 12);
}

/// FLOOR_CHECK=1 (once the overlay is mapped): what the screen shows of the overlay (read
/// from the root, the part on screen) against a full redraw of the frame (the screen and
/// the dim over every row above the sheet's opaque ones, all of those from the sheet's
/// pixmap); the differing pixels are counted for overlay_end's line.
static void check_frame(unsigned short alpha) {
    int corner = 12, sheet_y = blit.sheet_y + blit.drawn_offset, top = sheet_y + corner;
    if (top > blit.height) top = blit.height;
    if (!blit.check_pixmap) {
        blit.check_pixmap = XCreatePixmap(blit.display, blit.over, (unsigned)blit.width,
                                          (unsigned)blit.height, 24);
        blit.check_picture = XRenderCreatePicture(
            blit.display, blit.check_pixmap,
            XRenderFindVisualFormat(blit.display,
                                    DefaultVisual(blit.display, DefaultScreen(blit.display))),
            0, NULL);
    }
    draw_above(blit.check_pixmap, blit.check_picture, 0, top, sheet_y, alpha);
    if (top < blit.height)
        XCopyArea(blit.display, blit.sheet_pixmap, blit.check_pixmap, blit.gc, 0, corner,
                  (unsigned)blit.width, (unsigned)(blit.height - top), blit.sheet_x, top);
    // What the screen shows of the overlay (the part of it on screen), read from the root.
    int screen = DefaultScreen(blit.display);
    int x0 = blit.over_x > 0 ? blit.over_x : 0, y0 = blit.over_y > 0 ? blit.over_y : 0;
    int x1 = blit.over_x + blit.width, y1 = blit.over_y + blit.height;
    if (x1 > DisplayWidth(blit.display, screen)) x1 = DisplayWidth(blit.display, screen);
    if (y1 > DisplayHeight(blit.display, screen)) y1 = DisplayHeight(blit.display, screen);
    if (x0 >= x1 || y0 >= y1) return;
    XSync(blit.display, False);
    XImage *shown = XGetImage(blit.display, RootWindow(blit.display, screen), x0, y0,
                              (unsigned)(x1 - x0), (unsigned)(y1 - y0), AllPlanes, ZPixmap);
    XImage *full = XGetImage(blit.display, blit.check_pixmap, x0 - blit.over_x,
                             y0 - blit.over_y, (unsigned)(x1 - x0), (unsigned)(y1 - y0),
                             AllPlanes, ZPixmap);
    if (!shown || !full) {
        fprintf(stderr, "gtk-floor: FLOOR_CHECK: cannot read the overlay back\n");
        exit(1);
    }
    for (int y = 0; y < y1 - y0; y++)
        for (int x = 0; x < x1 - x0; x++)
            if ((XGetPixel(shown, x, y) & 0xffffff) != (XGetPixel(full, x, y) & 0xffffff))
                blit.differing_pixels++;
    blit.checked_pixels += (long)(x1 - x0) * (y1 - y0);
    blit.checked_frames++;
    XDestroyImage(shown);
    XDestroyImage(full);
}

/// The overlay mode's frame, drawing only what changed since the last one. The sheet's
/// opaque rows that the overlay already shows are moved by the server (one copy of the
/// window onto itself; none while the sheet stays), and only rows it did not show yet come
/// from the sheet's pixmap. Above them the screen is copied and dimmed again only when the
/// dim's level changed, else only over the rows the sheet's top left or reached.
static void overlay_frame(double alpha) {
    blit.alpha = alpha;
    if (getenv("FLOOR_SKIP")) return;
    if (blit.shm_put) {
        blit_frame(alpha);
        blit.drawn_offset = blit.offset;
        return;
    }
    int corner = 12, sheet_y = blit.sheet_y + blit.offset, top = sheet_y + corner;
    if (top > blit.height) top = blit.height;
    unsigned short alpha16 = (unsigned short)(alpha * 0xffff + 0.5);
    // The server's fill takes the colour's top 8 bits (pixman's solid colour).
    int level = alpha16 >> 8, from = 0, shown = 0;
    if (blit.drawn_offset >= 0) {
        int drawn_top = blit.sheet_y + blit.drawn_offset + corner;
        if (drawn_top > blit.height) drawn_top = blit.height;
        int kept = blit.height - (drawn_top > top ? drawn_top : top);
        if (kept > 0 && (drawn_top == top || blit.unobscured)) {
            if (drawn_top != top)
                XCopyArea(blit.display, blit.over, blit.over, blit.gc, blit.sheet_x, drawn_top,
                          (unsigned)blit.width, (unsigned)kept, blit.sheet_x, top);
            shown = kept;
        }
        if (level == blit.drawn_level)
            from = drawn_top == top ? top : (drawn_top < top ? drawn_top : top) - corner;
        if (from < 0) from = 0;
    }
    if (shown < blit.height - top)
        XCopyArea(blit.display, blit.sheet_pixmap, blit.over, blit.gc, 0, corner + shown,
                  (unsigned)blit.width, (unsigned)(blit.height - top - shown), blit.sheet_x,
                  top + shown);
    draw_above(blit.over, blit.over_picture, from, top, sheet_y, alpha16);
    blit.drawn_offset = blit.offset;
    blit.drawn_level = level;
    if (blit.mapped && getenv("FLOOR_CHECK")) check_frame(alpha16);
    XFlush(blit.display);
}

/// GTK painted under the overlay (XDamage on its window says where): the part of it in the
/// sheet's opaque rows, where the sheet lies above the dim and stays at its place of the
/// press, is copied from GTK's window into the sheet's pixmap and from there onto the
/// overlay where the sheet is now (the list's scroll indicator fading: a 5 px column, not
/// the sheet). The screen behind is under GTK's stale dim there: a change to it would need
/// GTK to draw.
static void refresh_damage(void) {
    int corner = 12, x0 = blit.damage_x0, y0 = blit.damage_y0, x1 = blit.damage_x1,
        y1 = blit.damage_y1;
    blit.damage_x0 = blit.damage_y0 = G_MAXINT;
    blit.damage_x1 = blit.damage_y1 = G_MININT;
    if (!blit.active || getenv("FLOOR_NO_REFRESH")) return;
    if (x0 < blit.sheet_x) x0 = blit.sheet_x;
    if (x1 > blit.sheet_x + blit.width) x1 = blit.sheet_x + blit.width;
    if (y0 < blit.sheet_y + corner) y0 = blit.sheet_y + corner;
    if (y1 > blit.height) y1 = blit.height;
    if (x0 >= x1 || y0 >= y1) return;
    XRenderComposite(blit.display, PictOpSrc, blit.gtk_picture, None, blit.sheet_picture, x0, y0,
                     0, 0, x0 - blit.sheet_x, y0 - blit.sheet_y, (unsigned)(x1 - x0),
                     (unsigned)(y1 - y0));
    blit.refreshes++;
    if (blit.drawn_offset >= 0 && !blit.shm_put && !getenv("FLOOR_SKIP")) {
        int rows = y1 + blit.drawn_offset > blit.height ? blit.height - blit.drawn_offset - y0
                                                        : y1 - y0;
        if (rows > 0)
            XCopyArea(blit.display, blit.sheet_pixmap, blit.over, blit.gc, x0 - blit.sheet_x,
                      y0 - blit.sheet_y, (unsigned)(x1 - x0), (unsigned)rows, x0,
                      y0 + blit.drawn_offset);
        if (blit.mapped && getenv("FLOOR_CHECK"))
            check_frame((unsigned short)(blit.alpha * 0xffff + 0.5));
    }
    XFlush(blit.display);
}

/// GDK's X events, seen first: the overlay's own (its visibility; an expose, after which
/// the next frame is drawn whole: the overlay has no background and keeps no pixels it did
/// not show) and the DamageNotify events of GTK's window.
static gboolean on_xevent(GdkX11Display *display, const XEvent *event, gpointer data) {
    (void)display;
    (void)data;
    if (blit.over && event->xany.window == blit.over) {
        if (event->type == VisibilityNotify)
            blit.unobscured = event->xvisibility.state == VisibilityUnobscured;
        if (event->type == Expose && event->xexpose.count == 0 && blit.active) {
            blit.drawn_offset = -1;
            overlay_frame(blit.alpha);
        }
        return TRUE;
    }
    if (!blit.damage || event->type != blit.damage_event + XDamageNotify) return FALSE;
    const XDamageNotifyEvent *notify = (const XDamageNotifyEvent *)event;
    if (notify->damage != blit.damage) return FALSE;
    int x0 = notify->area.x, y0 = notify->area.y;
    int x1 = x0 + notify->area.width, y1 = y0 + notify->area.height;
    if (x0 < blit.damage_x0) blit.damage_x0 = x0;
    if (y0 < blit.damage_y0) blit.damage_y0 = y0;
    if (x1 > blit.damage_x1) blit.damage_x1 = x1;
    if (y1 > blit.damage_y1) blit.damage_y1 = y1;
    if (!notify->more) refresh_damage();
    return TRUE;
}

/// In the overlay mode, once GTK's window is mapped: XDamage on it (rectangle by rectangle),
/// made now so that its first report (the whole window) comes long before a press.
static void watch_damage(GtkWidget *window, gpointer data) {
    (void)data;
    GdkDisplay *display = gtk_widget_get_display(window);
    if (!blit.overlay || blit.damage || !GDK_IS_X11_DISPLAY(display)) return;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    int error_base;
    if (!XDamageQueryExtension(xdisplay, &blit.damage_event, &error_base)) return;
    blit.damage_x0 = blit.damage_y0 = G_MAXINT;
    blit.damage_x1 = blit.damage_y1 = G_MININT;
    if (!blit.xevent_handler)
        blit.xevent_handler = g_signal_connect(display, "xevent", G_CALLBACK(on_xevent), NULL);
    blit.damage = XDamageCreate(xdisplay, gdk_x11_surface_get_xid(gtk_native_get_surface(
                                              GTK_NATIVE(window))),
                                XDamageReportRawRectangles);
}

/// At the press: the images uploaded once, the overlay put over GTK's window (no input).
static void overlay_begin(double alpha) {
    int width = gtk_widget_get_width(blit.window), height = gtk_widget_get_height(blit.window);
    if (!blit.over) {
        int screen = DefaultScreen(blit.display);
        Window root = RootWindow(blit.display, screen), child;
        int x = 0, y = 0;
        XTranslateCoordinates(blit.display, blit.xid, root, 0, 0, &x, &y, &child);
        blit.over_x = x;
        blit.over_y = y;
        XSetWindowAttributes attributes = {0};
        attributes.override_redirect = True;
        attributes.background_pixmap = None;
        attributes.event_mask = ExposureMask | VisibilityChangeMask;
        blit.over = XCreateWindow(blit.display, root, x, y, (unsigned)width, (unsigned)height, 0,
                                  DefaultDepth(blit.display, screen), InputOutput,
                                  DefaultVisual(blit.display, screen),
                                  CWOverrideRedirect | CWBackPixmap | CWEventMask, &attributes);
        if (!blit.xevent_handler)
            blit.xevent_handler = g_signal_connect(gdk_x11_lookup_xdisplay(blit.display), "xevent",
                                                   G_CALLBACK(on_xevent), NULL);
        XShapeCombineRectangles(blit.display, blit.over, ShapeInput, 0, 0, NULL, 0, ShapeSet,
                                Unsorted);
        // No GraphicsExpose or NoExpose event for each copy: the overlay is on top.
        XGCValues values = {.graphics_exposures = False};
        blit.gc = XCreateGC(blit.display, blit.over, GCGraphicsExposures, &values);
        blit.over_picture = XRenderCreatePicture(
            blit.display, blit.over,
            XRenderFindVisualFormat(blit.display, DefaultVisual(blit.display, screen)), 0, NULL);
        blit.width = width;
        blit.height = height;
        XWindowAttributes gtk_attributes;
        XGetWindowAttributes(blit.display, blit.xid, &gtk_attributes);
        blit.gtk_picture = XRenderCreatePicture(
            blit.display, blit.xid, XRenderFindVisualFormat(blit.display, gtk_attributes.visual),
            0, NULL);
        blit.render_handler = g_signal_add_emission_hook(
            g_signal_lookup("render", GDK_TYPE_SURFACE), 0, count_paint, NULL, NULL);
    }
    if (blit.screen_pixmap) XFreePixmap(blit.display, blit.screen_pixmap);
    if (blit.sheet_picture) XRenderFreePicture(blit.display, blit.sheet_picture);
    if (blit.sheet_pixmap) XFreePixmap(blit.display, blit.sheet_pixmap);
    if (blit.corners_picture) XRenderFreePicture(blit.display, blit.corners_picture);
    if (blit.corners_pixmap) XFreePixmap(blit.display, blit.corners_pixmap);
    int sheet_rows = cairo_image_surface_get_height(blit.sheet_image);
    blit.screen_pixmap = upload(blit.screen_image, 0, cairo_image_surface_get_height(blit.screen_image), 24);
    blit.sheet_pixmap = upload(blit.sheet_image, 0, sheet_rows < height ? sheet_rows : height, 24);
    blit.sheet_picture = XRenderCreatePicture(
        blit.display, blit.sheet_pixmap,
        XRenderFindVisualFormat(blit.display, DefaultVisual(blit.display, DefaultScreen(blit.display))),
        0, NULL);
    blit.corners_pixmap = upload(blit.sheet_image, 0, 12, 32);
    blit.corners_picture = XRenderCreatePicture(
        blit.display, blit.corners_pixmap, XRenderFindStandardFormat(blit.display, PictStandardARGB32),
        0, NULL);
    blit.gtk_paints = 0;
    blit.refreshes = 0;
    blit.offset = 0;
    blit.drawn_offset = -1;
    overlay_frame(alpha);
    XMapRaised(blit.display, blit.over);
    blit.mapped = TRUE;
    XFlush(blit.display);
}

/// After GTK's own resting frame is painted (same connection, so the server has its
/// upload before this): the overlay goes.
static void overlay_end(GdkFrameClock *clock, gpointer data) {
    (void)data;
    g_signal_handlers_disconnect_by_func(clock, G_CALLBACK(overlay_end), NULL);
    XUnmapWindow(blit.display, blit.over);
    blit.mapped = FALSE;
    blit.unobscured = FALSE;
    XFlush(blit.display);
    fprintf(stderr, "gtk-floor: overlay down, GTK painted %d times under it, %d refreshes\n",
            blit.gtk_paints, blit.refreshes);
    if (blit.checked_frames)
        fprintf(stderr,
                "gtk-floor: FLOOR_CHECK: %d frames, %ld of %ld pixels differ from a full redraw\n",
                blit.checked_frames, blit.differing_pixels, blit.checked_pixels);
}

static void set_alpha(FloorDim *dim, double alpha) {
    float value = (float)(alpha < 0 ? 0 : alpha > 1 ? 1 : alpha);
    if (value == dim->alpha && blit.drawn_offset == blit.offset) return;
    dim->alpha = value;
    if (blit.active) {
        if (blit.overlay) {
            overlay_frame(value);
        } else {
            blit_frame(value);
        }
        return;
    }
    gtk_widget_queue_draw(GTK_WIDGET(dim));
}

static const double rest_alpha = 0.3;
static const double medium_top = 422;

typedef struct {
    FloorDim *dim;
    double from;
    gint64 start;
    guint tick;
} Fade;

static gboolean fade_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget;
    Fade *fade = data;
    double t = (double)(gdk_frame_clock_get_frame_time(clock) - fade->start) / 300000.0;
    if (t >= 1) {
        blit.offset = 0;
        set_alpha(fade->dim, 0);
        fade->tick = 0;
        if (blit.active) {
            // At rest GTK draws the frame itself.
            blit.active = FALSE;
            gtk_widget_queue_draw(blit.window);
            // The dim's node is cached with the alpha of the press: drawn anew.
            gtk_widget_queue_draw(GTK_WIDGET(fade->dim));
            if (blit.overlay)
                g_signal_connect_after(clock, "after-paint", G_CALLBACK(overlay_end), NULL);
        }
        return G_SOURCE_REMOVE;
    }
    if (blit.moves) blit.offset = (int)(blit.release_offset * (1 - t) + 0.5);
    set_alpha(fade->dim, fade->from * (1 - t));
    return G_SOURCE_CONTINUE;
}

static void drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data) {
    (void)gesture;
    (void)x;
    (void)y;
    blit_begin(((Fade *)data)->dim->alpha);
}

static void drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    (void)gesture;
    (void)dx;
    Fade *fade = data;
    if (fade->tick) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(fade->dim), fade->tick);
        fade->tick = 0;
    }
    double down = dy > 0 ? dy : 0;
    if (blit.moves && blit.active) blit.offset = (int)(down + 0.5);
    set_alpha(fade->dim, rest_alpha * (1 - down / medium_top));
}

static void drag_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    (void)gesture;
    (void)dx;
    (void)dy;
    Fade *fade = data;
    fade->from = fade->dim->alpha;
    blit.release_offset = blit.offset;
    fade->start = g_get_monotonic_time();
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(fade->dim));
    if (clock) fade->start = gdk_frame_clock_get_frame_time(clock);
    if (!fade->tick) {
        fade->tick = gtk_widget_add_tick_callback(GTK_WIDGET(fade->dim), fade_tick, fade, NULL);
    }
}

static GtkWidget *entry(const char *name) {
    GtkWidget *widget = gtk_entry_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(widget), name);
    return widget;
}

static GtkWidget *screen(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *band = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(band, "demo-band");
    gtk_widget_set_size_request(band, -1, 24);
    gtk_box_append(GTK_BOX(box), band);
    GtkWidget *body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(body, "demo-screen");
    gtk_widget_set_vexpand(body, TRUE);
    GtkWidget *title = gtk_label_new("Inbox");
    gtk_widget_set_margin_top(title, 24);
    gtk_box_append(GTK_BOX(body), title);
    GtkWidget *search = entry("Search");
    gtk_widget_set_margin_start(search, 16);
    gtk_widget_set_margin_end(search, 16);
    gtk_box_append(GTK_BOX(body), search);
    GtkWidget *open = gtk_button_new_with_label("Open");
    gtk_widget_set_halign(open, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(body), open);
    gtk_box_append(GTK_BOX(box), body);
    return box;
}

static GtkWidget *close_button;

static GtkWidget *sheet(int height) {
    GtkWidget *sheet = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(sheet, "swipedismiss-sheet");
    GtkWidget *grabber = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_set_size_request(grabber, 36, 5);
    gtk_widget_set_visible(grabber, FALSE);
    gtk_box_append(GTK_BOX(sheet), grabber);
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_vexpand(content, TRUE);
    GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_add_css_class(header, "demo-header");
    gtk_widget_set_size_request(header, -1, 56);
    GtkWidget *title = gtk_label_new("Sheet");
    gtk_widget_set_hexpand(title, TRUE);
    gtk_widget_set_margin_start(title, 16);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    GtkWidget *note = entry("Note");
    gtk_editable_set_width_chars(GTK_EDITABLE(note), 5);
    gtk_widget_set_valign(note, GTK_ALIGN_CENTER);
    GtkWidget *close = gtk_button_new_with_label("Close");
    gtk_widget_set_valign(close, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_end(close, 12);
    close_button = close;
    gtk_box_append(GTK_BOX(header), title);
    gtk_box_append(GTK_BOX(header), note);
    gtk_box_append(GTK_BOX(header), close);
    gtk_box_append(GTK_BOX(content), header);
    GtkWidget *list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *volume = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1);
    gtk_range_set_value(GTK_RANGE(volume), 50);
    gtk_widget_add_css_class(volume, "demo-row");
    gtk_widget_set_size_request(volume, -1, 44);
    gtk_widget_set_margin_start(volume, 16);
    gtk_widget_set_margin_end(volume, 16);
    gtk_box_append(GTK_BOX(list), volume);
    for (int row = 2; row <= 60; row++) {
        char text[16];
        snprintf(text, sizeof text, "Row %d", row);
        GtkWidget *label = gtk_label_new(text);
        gtk_widget_add_css_class(label, "demo-row");
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_widget_set_size_request(label, -1, 44);
        gtk_widget_set_margin_start(label, 16);
        gtk_box_append(GTK_BOX(list), label);
    }
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    gtk_widget_set_vexpand(scrolled, TRUE);
    gtk_box_append(GTK_BOX(content), scrolled);
    GtkWidget *filler = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    // The part drawn past the bottom edge, as gtk-demo's (SheetPresenter.overdrawFraction,
    // a quarter of the height).
    gtk_widget_set_size_request(filler, -1, height / 4);
    gtk_box_append(GTK_BOX(content), filler);
    gtk_box_append(GTK_BOX(sheet), content);
    return sheet;
}

static const char *css =
    ".demo-band { background-color: #ffffff; }\n"
    ".demo-screen { background-color: #336699; color: #ffffff; }\n"
    ".demo-header { border-bottom: 1px solid #dddddd; }\n"
    ".demo-row { border-bottom: 1px solid #eeeeee; }\n"
    ".swipedismiss-sheet { background-color: #ffffff; border-radius: 12px 12px 0 0; }\n";

/// Holds one window-sized image of cairo's shared-memory pool for the window's X connection
/// (see Plugins/Gtk/GtkX11ShmPool.swift): without it every frame makes a new 16 MB segment.
static int frame_width = 390, frame_height = 844;

static void keep_shm_pool(GtkWidget *window, gpointer data) {
    cairo_surface_t **keeper = data;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    GdkDisplay *display = gdk_surface_get_display(surface);
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    if (*keeper || !GDK_IS_X11_DISPLAY(display) || !renderer ||
        strcmp(G_OBJECT_TYPE_NAME(renderer), "GskCairoRenderer") != 0)
        return;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    cairo_surface_t *xlib = cairo_xlib_surface_create(
        xdisplay, gdk_x11_surface_get_xid(surface),
        DefaultVisual(xdisplay, DefaultScreen(xdisplay)), 1, 1);
    // A frame's size in pixels: cairo then sizes the pool to fit a frame beside it.
    int scale = gdk_surface_get_scale_factor(surface);
    *keeper = cairo_surface_create_similar_image(xlib, CAIRO_FORMAT_ARGB32, frame_width * scale,
                                                 frame_height * scale);
    cairo_surface_destroy(xlib);
}

static gboolean quit(GtkWindow *window, gpointer loop) {
    (void)window;
    g_main_loop_quit(loop);
    return FALSE;
}

int main(int argc, char **argv) {
    int width = 390, height = 844;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--size") == 0 && sscanf(argv[i + 1], "%dx%d", &width, &height) != 2) {
            fprintf(stderr, "gtk-floor: --size: expected WIDTHxHEIGHT, got \"%s\"\n", argv[i + 1]);
            return 2;
        }
    }
    if (width < 64 || height < 64 || width > 32767 || height > 32767) {
        fprintf(stderr, "gtk-floor: --size: %dx%d is out of 64...32767 a side\n", width, height);
        return 2;
    }
    frame_width = width;
    frame_height = height;
    setenv("GSK_RENDERER", "cairo", 0);
    if (!gtk_init_check()) {
        fprintf(stderr, "gtk-floor: cannot open a display\n");
        return 2;
    }
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "SwipeDismiss GTK demo (floor)");
    GtkWidget *overlay = gtk_overlay_new();
    gtk_widget_set_size_request(overlay, width, height);
    GtkWidget *screen_widget = screen();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), screen_widget);
    FloorDim *dim = g_object_new(floor_dim_get_type(), NULL);
    gtk_widget_set_can_target(GTK_WIDGET(dim), FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), GTK_WIDGET(dim));
    GtkWidget *fixed = gtk_fixed_new();
    // The sheet's frame: from large (10 % down) to a quarter of the height past the bottom
    // edge, as SheetPresenter's; it rests at medium (half way down).
    GtkWidget *sheet_widget = sheet(height);
    gtk_widget_set_size_request(sheet_widget, width, (int)(height * 1.15 + 0.5));
    gtk_fixed_put(GTK_FIXED(fixed), sheet_widget, 0, height * 0.5);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), fixed);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
    const char *name = strrchr(argv[0], '/');
    const char *base = name ? name + 1 : argv[0];
    gboolean overlay_move = g_str_has_suffix(base, "-overlay-move");
    blit.overlay = overlay_move || g_str_has_suffix(base, "-overlay");
    blit.moves = overlay_move || (blit.overlay && getenv("FLOOR_MOVE") != NULL);
    blit.shm_put = blit.overlay && getenv("FLOOR_SHM") != NULL;
    blit.enabled = blit.overlay || g_str_has_suffix(base, "-blit");
    blit.window = window;
    blit.screen = screen_widget;
    blit.sheet = sheet_widget;
    Fade fade = {dim, 0, 0, 0};
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(drag), GTK_PHASE_CAPTURE);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), &fade);
    g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), &fade);
    g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), &fade);
    gtk_widget_add_controller(window, GTK_EVENT_CONTROLLER(drag));
    g_signal_connect(window, "close-request", G_CALLBACK(quit), loop);
    cairo_surface_t *keeper = NULL;
    g_signal_connect_after(window, "map", G_CALLBACK(keep_shm_pool), &keeper);
    g_signal_connect_after(window, "map", G_CALLBACK(watch_damage), NULL);
    gtk_window_set_focus(GTK_WINDOW(window), close_button);
    gtk_window_present(GTK_WINDOW(window));
    g_main_loop_run(loop);
    if (keeper) cairo_surface_destroy(keeper);
    return 0;
}
