// The copies: an image's rows, run by run or as each row's plan says, copied or blended
// into the target (the rest of the kernel is in compositor_fills.c).
#include "compositor_kernel.h"
#include "kernel_common.h"
#include <string.h>

// A stretch of one row, every pixel through blend_pixel, in whole vectors (AVX2 where the
// processor has it). The stretch's last vector is blended first, from the pixels as they
// were, and stored last, over the part the loop has already blended: each pixel's result
// depends only on its own two pixels, so it is written twice with the same value. Why not
// the compiler's loop: it finished every row with a scalar loop of up to seven pixels, and
// the sprites' rows are of every width (the soft sprite's 32 rows are 8 to 32 wide).
// 10,000 soft sprites at 640x480 on one core: submit p50 2.54 → 2.48 ms (3 rounds, interleaved).
CLONES
static void blend_stretch(const uint32_t *restrict s, uint32_t *restrict d, int32_t n) {
    if (n >= 8) {
        px8 p = *(const px8 *)(s + n - 8), q = *(px8 *)(d + n - 8);
        px8 last = BLEND_LANES(p, q);
        for (int32_t i = 0; i + 8 < n; i += 8) {
            px8 pi = *(const px8 *)(s + i), qi = *(px8 *)(d + i);
            *(px8 *)(d + i) = BLEND_LANES(pi, qi);
        }
        *(px8 *)(d + n - 8) = last;
    } else if (n >= 4) {
        px4 p = *(const px4 *)(s + n - 4), q = *(px4 *)(d + n - 4);
        px4 last = BLEND_LANES(p, q);
        px4 p0 = *(const px4 *)s, q0 = *(px4 *)d;
        *(px4 *)d = BLEND_LANES(p0, q0);
        *(px4 *)(d + n - 4) = last;
    } else {
        for (int32_t i = 0; i < n; i++) d[i] = blend_pixel(s[i], d[i]);
    }
}

// Rows of an image with translucent pixels no wider than this are blended across their
// whole extent in one vector loop: for a small sprite the per-run bookkeeping (a call per
// opaque run, a short loop per translucent one) cost more than blending its few opaque
// pixels too. Wider rows, and every row of an image that is only opaque or clear, go run by
// run, so opaque runs are plain copies and clear pixels are never read.
enum { WHOLE_ROW = 64 };

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

void motionlab_plan_rows(const int32_t *row_starts, const motionlab_run *runs, int32_t height, motionlab_row_plan *plans) {
    for (int32_t y = 0; y < height; y++) {
        int32_t first = row_starts[y], end = row_starts[y + 1];
        motionlab_row_plan plan = {0, 0, MOTIONLAB_ROW_EMPTY};
        if (first < end) {
            plan.lo = runs[first].x;
            plan.hi = runs[end - 1].x + runs[end - 1].count;
            // A rim: every pixel between the two end vectors opaque (none translucent, and
            // none clear, which a copy would paint over the target).
            int32_t mid_lo = plan.lo + 8, mid_hi = plan.hi - 8, opaque = 0;
            for (int32_t r = first; r < end; r++) {
                int32_t from = runs[r].x > mid_lo ? runs[r].x : mid_lo;
                int32_t to = runs[r].x + runs[r].count < mid_hi ? runs[r].x + runs[r].count : mid_hi;
                if (runs[r].opaque && to > from) opaque += to - from;
            }
            int32_t rim = plan.hi - plan.lo >= 16 && opaque == mid_hi - mid_lo;
            plan.kind = rim ? MOTIONLAB_ROW_RIM : plan.hi - plan.lo <= WHOLE_ROW ? MOTIONLAB_ROW_BLEND : MOTIONLAB_ROW_RUNS;
        }
        plans[y] = plan;
    }
}

// One row of an image with translucent pixels, as its plan says (motionlab_plan_rows), its
// runs [r, end). A row whose translucent pixels all lie within a vector of either end (a
// soft sprite's rim, a card's rounded corners) has those two vectors blended and the opaque
// middle between them copied: nine in ten of the soft sprite's pixels went through the
// blend's arithmetic for nothing (10,000 soft sprites at 640x480 on one core: submit p50
// 2.47 → 1.68 ms, 3 rounds interleaved; the rim decided while drawing instead of once per
// image: 2.22 ms). (Tried and no faster: the blend's products in 16-bit lanes, two channels
// to a 32-bit lane; the loop is bound by its instructions.)
static inline __attribute__((always_inline)) void planned_row(const uint32_t *restrict s, uint32_t *restrict d, motionlab_row_plan plan,
                               const motionlab_run *r, const motionlab_run *end) {
    int32_t lo = plan.lo, hi = plan.hi;
    if (plan.kind == MOTIONLAB_ROW_RIM) {
        // Both ends blended from the target as it was (the middle's copy stays between
        // them), then stored.
        px8 pl = *(const px8 *)(s + lo), ql = *(px8 *)(d + lo);
        px8 pr = *(const px8 *)(s + hi - 8), qr = *(px8 *)(d + hi - 8);
        px8 left = BLEND_LANES(pl, ql), right = BLEND_LANES(pr, qr);
        if (hi - lo > 16) copy_run(s + lo + 8, d + lo + 8, hi - lo - 16);
        *(px8 *)(d + lo) = left;
        *(px8 *)(d + hi - 8) = right;
    } else if (plan.kind == MOTIONLAB_ROW_BLEND) {
        blend_stretch(s + lo, d + lo, hi - lo);
    } else if (plan.kind == MOTIONLAB_ROW_RUNS) {
        for (; r < end; r++) {
            if (r->opaque) copy_run(s + r->x, d + r->x, r->count);
            else blend_stretch(s + r->x, d + r->x, r->count);
        }
    }
}

CLONES
void motionlab_composite(const uint32_t *pixels, int32_t width, const motionlab_row_plan *plans, const int32_t *row_starts,
                         const motionlab_run *runs, int32_t sx0, int32_t sx1, int32_t sy0, int32_t rows, uint32_t *out, int32_t pitch,
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
        if (translucent && lo == plans[sy0 + y].lo && hi == plans[sy0 + y].hi) {
            // Not clipped across: as the whole image's row.
            planned_row(row, dst, plans[sy0 + y], runs + first, runs + end);
            continue;
        }
        if (translucent && hi - lo <= WHOLE_ROW) {
            blend_stretch(row + lo, dst + lo, hi - lo);
            continue;
        }
        // The first run ending after sx0, by bisection (an atlas row holds many images' runs).
        int32_t a = first, b = end;
        while (a < b) {
            int32_t mid = (a + b) >> 1;
            if (runs[mid].x + runs[mid].count <= sx0) a = mid + 1; else b = mid;
        }
        for (int32_t r = a; r < end && runs[r].x < sx1; r++) {
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

// The whole of an image whose every pixel is opaque or clear, nothing clipped: only its runs,
// with none of the clipping above (the clamps, the bisection for the first run, a branch on
// each that the processor cannot foresee), which for testsprite2's 32x32 icon (23 runs in 32
// rows) cost about as much as its copies. Tried and slower: each row's extent drawn with a
// per-pixel select (as the plain C probe draws), read and written whole.
CLONES
void motionlab_copy_whole(const uint32_t *pixels, int32_t width, int32_t height, const int32_t *row_starts,
                          const motionlab_run *runs, uint32_t *out, int32_t pitch) {
    int32_t r = row_starts[0];
    for (int32_t y = 0; y < height; y++, pixels += width, out += pitch) {
        for (int32_t end = row_starts[y + 1]; r < end; r++) copy_run(pixels + runs[r].x, out + runs[r].x, runs[r].count);
    }
}

// The whole of an image with translucent pixels, nothing clipped: as motionlab_composite
// draws it, less the clipping, each row as its plan says.
CLONES
void motionlab_blend_whole(const uint32_t *pixels, int32_t width, int32_t height, const motionlab_row_plan *plans,
                           const int32_t *row_starts, const motionlab_run *runs, uint32_t *out, int32_t pitch) {
    for (int32_t y = 0; y < height; y++, pixels += width, out += pitch)
        planned_row(pixels, out, plans[y], runs + row_starts[y], runs + row_starts[y + 1]);
}
