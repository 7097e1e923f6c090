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

// The face is made once, and each centred text's advance measured once per scale, as the
// framework's painter does; measuring or selecting the font every frame would make this
// baseline slower than the plain C it stands for.
static cairo_font_face_t *font_face(void) {
    static cairo_font_face_t *face;
    if (!face)
        face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                                          CAIRO_FONT_WEIGHT_NORMAL);
    return face;
}

enum { TITLE, SUBTITLE, BUTTON, HINT, TEXT_COUNT };
static double advances[TEXT_COUNT];
static double advances_scale = -1;

static void text(cairo_t *cr, const char *s, double x, double y, double size, int centred,
                 int slot, double scale) {
    cairo_set_font_size(cr, size);
    if (centred) {
        if (advances_scale != scale) {
            for (int i = 0; i < TEXT_COUNT; i++) advances[i] = -1;
            advances_scale = scale;
        }
        if (advances[slot] < 0) {
            cairo_text_extents_t e;
            cairo_text_extents(cr, s, &e);
            advances[slot] = e.x_advance;
        }
        x -= advances[slot] / 2;
    }
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, s);
}

void raw_cairo_draw_card_scene(cairo_t *cr, double width, double height, double scale,
                               double offset, double alpha, int card_visible) {
    const double band = 24;
    cairo_save(cr);
    cairo_scale(cr, scale, scale);
    cairo_set_font_face(cr, font_face());

    // The presenting screen.
    hex(cr, 0xF2F2F7);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    hex(cr, 0xFFFFFF);
    cairo_rectangle(cr, 0, 0, width, band);
    cairo_fill(cr);
    hex(cr, 0x1C1C1E);
    text(cr, "Inbox", 20, band + 44, 30, 0, 0, scale);
    for (double y = band + 68; y + 56 <= height - 44; y += 58) {
        hex(cr, 0xFFFFFF);
        rounded_rect(cr, 16, y, fmax(0, width - 32), 48, 10);
        cairo_fill(cr);
        hex(cr, 0xC7C7CC);
        rounded_rect(cr, 28, y + 12, fmax(0, width * 0.45), 10, 5);
        cairo_fill(cr);
        hex(cr, 0xE5E5EA);
        rounded_rect(cr, 28, y + 28, fmax(0, width * 0.3), 8, 4);
        cairo_fill(cr);
    }

    // The backdrop.
    if (alpha > 0) {
        cairo_set_source_rgba(cr, 0, 0, 0, alpha);
        cairo_rectangle(cr, 0, 0, width, height);
        cairo_fill(cr);
    }

    // The card, moved by the drag.
    double middle = width / 2;
    if (card_visible) {
        double top = round(height * 0.42);
        if (top < band + 8) top = band + 8;
        cairo_translate(cr, 0, offset);
        hex(cr, 0xFFFFFF);
        rounded_rect(cr, 0, top, width, height - top + 24, 16);
        cairo_fill(cr);
        hex(cr, 0xC7C7CC);
        rounded_rect(cr, middle - 18, top + 8, 36, 5, 2.5);
        cairo_fill(cr);
        hex(cr, 0x1C1C1E);
        text(cr, "Swipe down to dismiss", middle, top + 56, 20, 1, TITLE, scale);
        hex(cr, 0x8E8E93);
        text(cr, "Let go early and it springs back.", middle, top + 84, 14, 1, SUBTITLE, scale);
        hex(cr, 0x007AFF);
        rounded_rect(cr, middle - 80, top + 110, 160, 44, 12);
        cairo_fill(cr);
        hex(cr, 0xFFFFFF);
        text(cr, "Swipe", middle, top + 138, 17, 1, BUTTON, scale);
        hex(cr, 0xE5E5EA);
        for (double y = top + 186; y + 12 <= height - 16; y += 26) {
            rounded_rect(cr, 24, y, fmax(0, width - 48), 10, 5);
            cairo_fill(cr);
        }
    } else {
        // Once the card is gone, the hint that brings it back.
        hex(cr, 0x3C3C43);
        text(cr, "Click or press Space to present again", middle, height - 28, 15, 1, HINT, scale);
    }
    cairo_restore(cr);
}
