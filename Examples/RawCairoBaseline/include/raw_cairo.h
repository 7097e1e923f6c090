#ifndef SWIPEDISMISS_RAW_CAIRO_H
#define SWIPEDISMISS_RAW_CAIRO_H
// The benchmark's baseline: the default CardPresenter scene drawn by plain C calling
// cairo directly, so the framework's overhead shows as a ratio.
#include <cairo/cairo.h>
#include <stddef.h>

// Draws the default scene for a viewport of width x height points at `scale` device
// pixels per point: background, white top band, "Inbox" and its rows, the black backdrop
// at `alpha`, and the card (handle, title, subtitle, button, lines) moved down by
// `offset` points. The card is hidden when `card_visible` is 0, and the hint that brings it
// back is shown instead. Pixel for pixel the scene CardPresenter lays out and CairoPainter
// draws (a test checks it).
void raw_cairo_draw_card_scene(cairo_t *cr, double width, double height, double scale,
                               double offset, double alpha, int card_visible);

// Counts calls to malloc, calloc and realloc made by the calling thread while counting is on
// (the benchmark's allocations-per-frame figure). The counter wraps glibc's allocator.
void raw_alloc_counter_start(void);
// Counts calls to malloc, calloc and realloc made by any thread of this process.
void raw_alloc_counter_start_all_threads(void);
// Stops counting and returns how many allocations were made since the start.
size_t raw_alloc_counter_stop(void);
// Whether the counter is wired in (it is on glibc).
int raw_alloc_counter_available(void);

#endif
