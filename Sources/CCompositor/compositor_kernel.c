#include "compositor_kernel.h"
#include <string.h>

// AVX2 where the processor has it, SSE2 otherwise: the dynamic linker picks the clone at load
// (an ifunc). Not under ThreadSanitizer: it instruments the ifunc's resolver, which runs
// before its runtime is set up, and the program crashed at the first call (make sanitize).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CLONES
#endif
#endif
#ifndef CLONES
#define CLONES __attribute__((target_clones("avx2", "default")))
#endif

// One pixel as SDL blends it: an opaque pixel copied, a clear one skipped (its formula would
// darken both), any other ⌊s·a/256⌋ + ⌊d·(255 − a)/256⌋ per channel, where `p` already
// holds ⌊s·a/256⌋ (premultiplied at load, `CompositorImage.premultiplied`): half the
// products of blending straight pixels, and the same sum (10,000 soft sprites at 640x480 on
// one core: submit p50 11.4 → 10.2 ms, 2 rounds interleaved). Branch-free, so a loop of these
// vectorizes (the selects become masks).
static inline uint32_t blend_pixel(uint32_t p, uint32_t q) {
    uint32_t a = p >> 24, ia = 255 - a;
    uint32_t rb = (p & 0xff00ffu) + (((q & 0xff00ffu) * ia) >> 8 & 0xff00ffu);
    uint32_t g = (p & 0xff00u) + (((q & 0xff00u) * ia) >> 8 & 0xff00u);
    uint32_t blended = (q & 0xff000000u) | rb | g;
    return a == 255 ? p : (a == 0 ? q : blended);
}

// A stretch of one row, every pixel through blend_pixel (AVX2 where the processor has it).
CLONES
static void blend_stretch(const uint32_t *restrict s, uint32_t *restrict d, int32_t n) {
    for (int32_t i = 0; i < n; i++) d[i] = blend_pixel(s[i], d[i]);
}

// Rows of an image with translucent pixels no wider than this are blended across their
// whole extent in one vector loop: for a small sprite the per-run bookkeeping (a call per
// opaque run, a short loop per translucent one) cost more than blending its few opaque
// pixels too. Wider rows, and every row of an image that is only opaque or clear, go run by
// run, so opaque runs are plain copies and clear pixels are never read.
enum { WHOLE_ROW = 64 };

// Eight and four pixels as one unaligned vector each.
typedef uint32_t px8 __attribute__((vector_size(32), aligned(4)));
typedef uint32_t px4 __attribute__((vector_size(16), aligned(4)));

// A short copy inline, in vector moves, the last one overlapping the one before it (it
// writes the same pixels again) instead of a loop over the remainder. Why not a loop: the
// compiler turns a copy loop into a call to memcpy (35 % of a frame of 10,000 icons at
// 1280x720 went to memcpy's dispatch for 32-pixel runs, measured with perf); this target
// is built with -fno-builtin-memcpy (Package.swift) so that it keeps these moves inline.
// With the AVX2 clone of motionlab_composite below an eight-pixel move is one instruction.
// Together: 10,000 icons at 640x480 on one core, submit p50 4.1–4.6 → 3.6 ms (3 rounds,
// interleaved), where SDL's own RLE blits take 4.2 ms.
static inline void copy_run(const uint32_t *restrict s, uint32_t *restrict d, int32_t n) {
    if (n > 64) {
        memcpy(d, s, (size_t)n * 4);
    } else if (n >= 8) {
        for (int32_t i = 0; i + 8 < n; i += 8) *(px8 *)(d + i) = *(const px8 *)(s + i);
        *(px8 *)(d + n - 8) = *(const px8 *)(s + n - 8);
    } else if (n >= 4) {
        *(px4 *)d = *(const px4 *)s;
        *(px4 *)(d + n - 4) = *(const px4 *)(s + n - 4);
    } else {
        d[0] = s[0];
        if (n > 1) d[1] = s[1];
        if (n > 2) d[2] = s[2];
    }
}

CLONES
void motionlab_composite(const uint32_t *pixels, int32_t width, const int32_t *row_starts, const motionlab_run *runs,
                         int32_t sx0, int32_t sx1, int32_t sy0, int32_t rows, uint32_t *out, int32_t pitch,
                         int32_t translucent) {
    for (int32_t y = 0; y < rows; y++) {
        const uint32_t *row = pixels + (intptr_t)(sy0 + y) * width;
        uint32_t *dst = out + (intptr_t)y * pitch - sx0;
        int32_t first = row_starts[sy0 + y], end = row_starts[sy0 + y + 1];
        if (first == end) continue;
        int32_t lo = runs[first].x, hi = runs[end - 1].x + runs[end - 1].count;
        if (lo < sx0) lo = sx0;
        if (hi > sx1) hi = sx1;
        if (lo >= hi) continue;
        if (translucent && hi - lo <= WHOLE_ROW) {
            blend_stretch(row + lo, dst + lo, hi - lo);
            continue;
        }
        for (int32_t r = first; r < end; r++) {
            int32_t from = runs[r].x > sx0 ? runs[r].x : sx0;
            int32_t to = runs[r].x + runs[r].count < sx1 ? runs[r].x + runs[r].count : sx1;
            if (from >= to) continue;
            if (runs[r].opaque) {
                copy_run(row + from, dst + from, to - from);
            } else {
                blend_stretch(row + from, dst + from, to - from);
            }
        }
    }
}
