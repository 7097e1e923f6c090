#include "raw_cairo.h"

#include <math.h>

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    if (r > w / 2) r = w / 2;
    if (r > h / 2) r = h / 2;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

static void hex(cairo_t *cr, unsigned rgb) {
    cairo_set_source_rgb(cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0,
                         (rgb & 0xFF) / 255.0);
}

static void text(cairo_t *cr, const char *s, double x, double y, double size, int centred) {
    cairo_set_font_size(cr, size);
    if (centred) {
        cairo_text_extents_t e;
        cairo_text_extents(cr, s, &e);
        x -= e.x_advance / 2;
    }
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, s);
}

void raw_cairo_draw_card_scene(cairo_t *cr, double width, double height, double scale,
                               double offset, double alpha, int card_visible) {
    const double band = 24;
    cairo_save(cr);
    cairo_scale(cr, scale, scale);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);

    // The presenting screen.
    hex(cr, 0xF2F2F7);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    hex(cr, 0xFFFFFF);
    cairo_rectangle(cr, 0, 0, width, band);
    cairo_fill(cr);
    hex(cr, 0x1C1C1E);
    text(cr, "Inbox", 20, band + 44, 30, 0);
    for (double y = band + 68; y + 56 <= height; y += 58) {
        hex(cr, 0xFFFFFF);
        rounded_rect(cr, 16, y, width - 32, 48, 10);
        cairo_fill(cr);
        hex(cr, 0xC7C7CC);
        rounded_rect(cr, 28, y + 12, width * 0.45, 10, 5);
        cairo_fill(cr);
        hex(cr, 0xE5E5EA);
        rounded_rect(cr, 28, y + 28, width * 0.3, 8, 4);
        cairo_fill(cr);
    }

    // The backdrop.
    if (alpha > 0) {
        cairo_set_source_rgba(cr, 0, 0, 0, alpha);
        cairo_rectangle(cr, 0, 0, width, height);
        cairo_fill(cr);
    }

    // The card, moved by the drag.
    if (card_visible) {
        double top = round(height * 0.42);
        if (top < band + 8) top = band + 8;
        double middle = width / 2;
        cairo_translate(cr, 0, offset);
        hex(cr, 0xFFFFFF);
        rounded_rect(cr, 0, top, width, height - top + 24, 16);
        cairo_fill(cr);
        hex(cr, 0xC7C7CC);
        rounded_rect(cr, middle - 18, top + 8, 36, 5, 2.5);
        cairo_fill(cr);
        hex(cr, 0x1C1C1E);
        text(cr, "Swipe down to dismiss", middle, top + 56, 20, 1);
        hex(cr, 0x8E8E93);
        text(cr, "Let go early and it springs back.", middle, top + 84, 14, 1);
        hex(cr, 0x007AFF);
        rounded_rect(cr, middle - 80, top + 110, 160, 44, 12);
        cairo_fill(cr);
        hex(cr, 0xFFFFFF);
        text(cr, "Swipe", middle, top + 138, 17, 1);
        hex(cr, 0xE5E5EA);
        for (double y = top + 186; y + 12 <= height - 16; y += 26) {
            rounded_rect(cr, 24, y, width - 48, 10, 5);
            cairo_fill(cr);
        }
    }
    cairo_restore(cr);
}
