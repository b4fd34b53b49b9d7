// The compositor's inner loop in C: one image copied 1:1 into a 32-bit target, row by row
// and run by run (see Sources/MotionSDL/Pipeline/Compositor/Compositor+Copy.swift, which calls it, and
// CompositorSpans.swift, the same operations in Swift, kept as the reference and chosen by
// `Compositor.kernel`). Why C: Swift's SIMD types compiled the per-pixel selects of the
// blend lane by lane through the stack, and its per-run bookkeeping carried overflow checks;
// the same loop in C is vectorized by the compiler (measured in Compositor.swift's notes).
#ifndef MOTIONLAB_COMPOSITOR_KERNEL_H
#define MOTIONLAB_COMPOSITOR_KERNEL_H

#include <stdint.h>

/// A run of pixels of one image row that are not clear: all opaque (1) or all translucent (0).
typedef struct motionlab_run {
    int32_t x;
    int32_t count;
    uint8_t opaque;
} motionlab_run;

/// How the compositor draws one row of an image: its pixels that are not clear lie in
/// [lo, hi); `kind` is one of the MOTIONLAB_ROW_ values.
typedef struct motionlab_row_plan {
    int32_t lo;
    int32_t hi;
    int32_t kind;
} motionlab_row_plan;

enum {
    /// Every pixel clear: nothing to draw.
    MOTIONLAB_ROW_EMPTY = 0,
    /// At least 16 wide, every pixel at least 8 from either end (outside the two end
    /// vectors) opaque: those two ends blended, the opaque middle copied.
    MOTIONLAB_ROW_RIM = 1,
    /// At most 64 wide: blended whole, clear and opaque pixels too.
    MOTIONLAB_ROW_BLEND = 2,
    /// Run by run: opaque runs copied, translucent ones blended.
    MOTIONLAB_ROW_RUNS = 3,
};

/// Works out each of `height` rows' plan (row_starts and runs as for motionlab_composite).
void motionlab_plan_rows(const int32_t *row_starts, const motionlab_run *runs, int32_t height, motionlab_row_plan *plans);

/// Copies image columns [sx0, sx1) of image rows [sy0, sy0 + rows) to `out` (the target
/// pixel where image column sx0 of row sy0 lands; rows `pitch` pixels apart): opaque runs
/// copied, translucent ones blended as SDL 2.26's x86 per-pixel alpha blit does
/// (⌊s·a/256⌋ + ⌊d·(255 − a)/256⌋ per channel; the target's top byte kept).
/// `pixels` are the image's (ARGB8888, `width` apart), each translucent one's channels
/// already ⌊s·a/256⌋ (`CompositorImage.premultiplied`), `row_starts` and
/// `runs` its runs (row y's are runs[row_starts[y] .. row_starts[y + 1])), `plans` how a
/// row is drawn when the columns leave all of it (motionlab_plan_rows); `translucent` is
/// nonzero when any run is translucent.
void motionlab_composite(const uint32_t *pixels, int32_t width, const motionlab_row_plan *plans, const int32_t *row_starts,
                         const motionlab_run *runs, int32_t sx0, int32_t sx1, int32_t sy0, int32_t rows, uint32_t *out, int32_t pitch,
                         int32_t translucent);

/// Copies the whole of an image whose every run is opaque (`width` × `height`, rows `width`
/// apart, runs as for motionlab_composite) to `out` (rows `pitch` pixels apart), unclipped.
void motionlab_copy_whole(const uint32_t *pixels, int32_t width, int32_t height, const int32_t *row_starts,
                          const motionlab_run *runs, uint32_t *out, int32_t pitch);

/// Draws the whole of an image (`width` × `height`, rows `width` apart, runs and premultiplied
/// pixels as for motionlab_composite, each row as `plans` says) to `out` (rows `pitch` pixels
/// apart), unclipped.
void motionlab_blend_whole(const uint32_t *pixels, int32_t width, int32_t height, const motionlab_row_plan *plans,
                           const int32_t *row_starts, const motionlab_run *runs, uint32_t *out, int32_t pitch);

/// Stretches `src` (`src_w` × `src_h` pixels, rows `src_pitch` apart) to `dst_w` × `dst_h`
/// with bilinear filtering, each channel as SDL 2.26's SDL_SoftStretchLinear computes it on
/// x86 (its SSE2 path: 7-bit weights, one rounding), and writes the part of the result from
/// column `win_x` and row `win_y`, `win_w` × `win_h`, to `out` (rows `win_w` apart). Each
/// side 1…65535.
void motionlab_stretch_linear(const uint32_t *src, int32_t src_pitch, int32_t src_w, int32_t src_h, int32_t dst_w,
                              int32_t dst_h, int32_t win_x, int32_t win_y, int32_t win_w, int32_t win_h, uint32_t *out);

/// Blends `n` straight-alpha ARGB8888 pixels `s` onto `d` as SDL's per-pixel alpha blit
/// does (see motionlab_composite).
void motionlab_blend_straight(const uint32_t *s, uint32_t *d, int32_t n);

/// Blends a rectangle of colour (r, g, b, a) over `width` × `rows` pixels of an RGB888
/// target at `out` (rows `pitch` pixels apart) as SDL 2.26's SDL_BlendFillRect does:
/// ⌊d·(255 − a)/255⌋ + ⌊s·a/255⌋ per channel, the top byte 0.
void motionlab_fill_blend(uint32_t *out, int32_t pitch, int32_t width, int32_t rows, uint32_t r, uint32_t g, uint32_t b,
                          uint32_t a);

/// Blends `n` ARGB8888 pixels `s`, tinted by (tr, tg, tb, ta), over the RGB888 pixels `d`
/// as SDL 2.26's modulate-and-blend blit does, with its truncating divisions: colour and
/// alpha modulated, the colour premultiplied by the alpha, then d = s + (255 − a)·d / 255
/// per channel (the top byte of `d` kept).
void motionlab_blend_tinted(const uint32_t *s, uint32_t *d, int32_t n, uint32_t tr, uint32_t tg, uint32_t tb,
                            uint32_t ta);

/// Sets `width` × `rows` pixels at `out` (rows `pitch` pixels apart) to `pixel`, with
/// ordinary stores: what SDL 2.26's SDL_FillRect does for a clear, except that SDL's SSE
/// path streams past the cache, so the frame drawn next reads every pixel back from memory.
void motionlab_fill_solid(uint32_t *out, int32_t pitch, int32_t width, int32_t rows, uint32_t pixel);

/// One untextured triangle with corners at whole pixels `xy` (x0 y0 x1 y1 x2 y2) and colours
/// `rgba` (r g b a for each corner) filled into `base` (RGB888, `pitch` pixels a row) within
/// the clip rectangle, with SDL 2.26's software renderer's fill rule, colour interpolation
/// and blend, and no temporary surface.
void motionlab_fill_triangle(uint32_t *base, int32_t pitch, int32_t clip_x, int32_t clip_y, int32_t clip_w,
                             int32_t clip_h, const int32_t *xy, const uint8_t *rgba);

#endif
