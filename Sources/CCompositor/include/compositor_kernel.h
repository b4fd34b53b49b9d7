// The compositor's inner loop in C: one image copied 1:1 into a 32-bit target, row by row
// and run by run (see Sources/MotionSDL/Compositor/Compositor.swift, which calls it, and
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

/// Copies image columns [sx0, sx1) of image rows [sy0, sy0 + rows) to `out` (the target
/// pixel where image column sx0 of row sy0 lands; rows `pitch` pixels apart): opaque runs
/// copied, translucent ones blended as SDL 2.26's x86 per-pixel alpha blit does
/// (⌊s·a/256⌋ + ⌊d·(255 − a)/256⌋ per channel; the target's top byte kept).
/// `pixels` are the image's (ARGB8888, `width` apart), each translucent one's channels
/// already ⌊s·a/256⌋ (`CompositorImage.premultiplied`), `row_starts` and
/// `runs` its runs (row y's are runs[row_starts[y] .. row_starts[y + 1])); `translucent`
/// is nonzero when any run is translucent.
void motionlab_composite(const uint32_t *pixels, int32_t width, const int32_t *row_starts, const motionlab_run *runs,
                         int32_t sx0, int32_t sx1, int32_t sy0, int32_t rows, uint32_t *out, int32_t pitch,
                         int32_t translucent);

#endif
