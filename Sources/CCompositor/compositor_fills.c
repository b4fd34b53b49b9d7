// The fills and the rest: stretched copies, straight and tinted blends, rectangles and
// triangles, as SDL 2.26's software renderer draws them (the copies are in compositor_kernel.c).
#include "compositor_kernel.h"
#include "kernel_common.h"
#include <string.h>

// Where each output column (or row) of a linear stretch samples, in 16.16 fixed point, as
// SDL 2.26's get_scaler_datas (SDL_stretch.c) works it out: a step of src/dst, the first
// sample at the first output pixel's centre (rounded as pixman does) less half a pixel,
// and how many outputs at each end fall outside the source's first and last pair of
// pixels (those take the edge pixel). Positions are 64-bit here: SDL adds them up in an
// int, which wraps past 2^31 for sides over 32768 and then reads past the source.
typedef struct { int64_t start, step; int32_t left, right; } stretch_axis;

static stretch_axis stretch_axis_for(int32_t src_n, int32_t dst_n) {
    stretch_axis a;
    a.step = (int64_t)(((uint32_t)src_n << 16) / (uint32_t)dst_n);
    a.start = ((a.step * 0x8000 + 0x8000) >> 16) - 0x8000;
    // Outputs before the first sample at or past 0, and those whose sample's pixel is past
    // src_n - 2: both ends of a run of positions that only grows.
    // (The step is at least 1: a side is at most 65,535.)
    a.left = a.start >= 0 ? 0 : (int32_t)((-a.start + a.step - 1) / a.step);
    if (a.left > dst_n) a.left = dst_n;
    int64_t past = ((int64_t)(src_n - 1) << 16) - a.start;  // positions from here on are past
    int64_t first_past = past <= 0 ? 0 : (past + a.step - 1) / a.step;
    if (first_past < a.left) first_past = a.left;
    a.right = first_past >= dst_n ? 0 : dst_n - (int32_t)first_past;
    return a;
}

// SDL's SSE2 bilinear sample, every channel at once: the two rows mixed by fy (of 128) in
// 16-bit lanes (at most 128·255, so they fit), then the two columns by fx, in one sum
// (a multiply-add of 16-bit pairs into 32 bits), shifted once, no rounding in between.
// Why SSE2 intrinsics: with the channels one at a time, or in 32-bit vector lanes, the
// board's frame took 1.0 and 1.4 ms longer than with SDL's own stretch (its cards are
// stretched); SSE2 is in every x86-64 processor. The plain C below is the same arithmetic.
#if defined(__SSE2__)
#include <emmintrin.h>
static inline uint32_t stretch_pixel(uint32_t c00, uint32_t c01, uint32_t c10, uint32_t c11, uint32_t fx, uint32_t fy) {
    const __m128i zero = _mm_setzero_si128();
    __m128i top = _mm_unpacklo_epi8(_mm_set_epi32(0, 0, (int)c01, (int)c00), zero);
    __m128i bottom = _mm_unpacklo_epi8(_mm_set_epi32(0, 0, (int)c11, (int)c10), zero);
    // Lanes 0–3: column 0's channels mixed down the rows; lanes 4–7: column 1's.
    __m128i rows = _mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(128 - fy))),
                                 _mm_mullo_epi16(bottom, _mm_set1_epi16((short)fy)));
    __m128i pairs = _mm_unpacklo_epi16(rows, _mm_srli_si128(rows, 8));
    __m128i sums = _mm_madd_epi16(pairs, _mm_set1_epi32((int)((fx << 16) | (128 - fx))));
    __m128i out = _mm_srli_epi32(sums, 14);
    out = _mm_packs_epi32(out, out);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(out, out));
}
#else
static inline uint32_t stretch_pixel(uint32_t c00, uint32_t c01, uint32_t c10, uint32_t c11, uint32_t fx, uint32_t fy) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t v0 = (128 - fy) * (c00 >> shift & 255) + fy * (c10 >> shift & 255);
        uint32_t v1 = (128 - fy) * (c01 >> shift & 255) + fy * (c11 >> shift & 255);
        out |= (((128 - fx) * v0 + fx * v1) >> 14) << shift;
    }
    return out;
}
#endif

void motionlab_stretch_linear(const uint32_t *src, int32_t src_pitch, int32_t src_w, int32_t src_h, int32_t dst_w,
                              int32_t dst_h, int32_t win_x, int32_t win_y, int32_t win_w, int32_t win_h, uint32_t *out) {
    stretch_axis ay = stretch_axis_for(src_h, dst_h), ax = stretch_axis_for(src_w, dst_w);
    for (int32_t i = win_y; i < win_y + win_h; i++, out += win_w) {
        int64_t fy_sum = ay.start + (int64_t)i * ay.step;
        // Rows: a pair and their mix, or in the padding the edge row alone.
        int32_t padded = i < ay.left || i > dst_h - 1 - ay.right;
        int32_t row = padded ? (i < ay.left ? 0 : src_h - 1) : (int32_t)(fy_sum >> 16);
        uint32_t fy = padded ? 0 : (uint32_t)(fy_sum >> 9) & 127;
        if (!padded && row + 1 > src_h - 1) row = src_h - 2;  // never past the last pair
        const uint32_t *r0 = src + (intptr_t)row * src_pitch, *r1 = padded ? r0 : r0 + src_pitch;
        for (int32_t x = win_x; x < win_x + win_w; x++) {
            uint32_t *o = out + (x - win_x);
            int64_t fx_sum = ax.start + (int64_t)x * ax.step;
            int32_t col = (int32_t)(fx_sum >> 16);
            if (x < ax.left) {
                *o = stretch_pixel(r0[0], r0[0], r1[0], r1[0], 0, fy);
            } else if (x > dst_w - 1 - ax.right || col + 1 > src_w - 1) {
                *o = stretch_pixel(r0[src_w - 1], r0[src_w - 1], r1[src_w - 1], r1[src_w - 1], 128, fy);
            } else {
                *o = stretch_pixel(r0[col], r0[col + 1], r1[col], r1[col + 1], (uint32_t)(fx_sum >> 9) & 127, fy);
            }
        }
    }
}

// Straight (not premultiplied) pixels blended as blend_pixel does with premultiplied ones:
// ⌊s·a/256⌋ + ⌊d·(255 − a)/256⌋, an opaque pixel copied, a clear one skipped.
CLONES
void motionlab_blend_straight(const uint32_t *restrict s, uint32_t *restrict d, int32_t n) {
    for (int32_t i = 0; i < n; i++) {
        uint32_t p = s[i], a = p >> 24;
        uint32_t pre = (((p & 0xff00ffu) * a) >> 8 & 0xff00ffu) | (((p & 0xff00u) * a) >> 8 & 0xff00u) | (p & 0xff000000u);
        d[i] = blend_pixel(a == 255 ? p : pre, d[i]);
    }
}

// Without a branch on the alpha, so the loop vectorises: premultiplying by an alpha of 255
// changes nothing (c·255/255 = c), and neither does blending over with 255 − 255 = 0. Every
// product here is below 2^16, where x/255 is exactly (x + 1 + (x >> 8)) >> 8.
CLONES
void motionlab_blend_tinted(const uint32_t *s, uint32_t *d, int32_t n, uint32_t tr, uint32_t tg, uint32_t tb,
                            uint32_t ta) {
#define DIV255(x) (((x) + 1 + ((x) >> 8)) >> 8)
    for (int32_t i = 0; i < n; i++) {
        uint32_t p = s[i], q = d[i];
        uint32_t a = DIV255((p >> 24) * ta);
        uint32_t r = DIV255(DIV255(((p >> 16) & 255) * tr) * a);
        uint32_t g = DIV255(DIV255(((p >> 8) & 255) * tg) * a);
        uint32_t b = DIV255(DIV255((p & 255) * tb) * a);
        uint32_t ia = 255 - a;
        d[i] = (q & 0xff000000u) | (r + DIV255(ia * ((q >> 16) & 255))) << 16 | (g + DIV255(ia * ((q >> 8) & 255))) << 8 |
               (b + DIV255(ia * (q & 255)));
    }
#undef DIV255
}

CLONES
void motionlab_fill_solid(uint32_t *out, int32_t pitch, int32_t width, int32_t rows, uint32_t pixel) {
    for (int32_t y = 0; y < rows; y++) {
        uint32_t *d = out + (intptr_t)y * pitch;
        for (int32_t x = 0; x < width; x++) d[x] = pixel;
    }
}

// A rectangle of one colour blended in as SDL 2.26's SDL_BlendFillRect does for an RGB888
// target: each channel ⌊d·(255 − a)/255⌋ + ⌊s·a/255⌋, the top byte 0. x/255 for x < 2^16 is
// exactly (x + 1 + (x >> 8)) >> 8, which vectorizes where a division does not.
CLONES
void motionlab_fill_blend(uint32_t *out, int32_t pitch, int32_t width, int32_t rows, uint32_t r, uint32_t g, uint32_t b,
                          uint32_t a) {
    uint32_t ia = 255 - a;
#define DIV255(x) (((x) + 1 + ((x) >> 8)) >> 8)
    uint32_t pr = DIV255(r * a), pg = DIV255(g * a), pb = DIV255(b * a);
    for (int32_t y = 0; y < rows; y++) {
        uint32_t *d = out + (intptr_t)y * pitch;
        for (int32_t x = 0; x < width; x++) {
            uint32_t q = d[x];
            uint32_t qr = (q >> 16) & 255, qg = (q >> 8) & 255, qb = q & 255;
            d[x] = ((DIV255(qr * ia) + pr) << 16) | ((DIV255(qg * ia) + pg) << 8) | (DIV255(qb * ia) + pb);
        }
    }
#undef DIV255
}

// Whether the edge a→b of a triangle is a top or a left edge (y down), for the fill rule:
// a pixel centre exactly on such an edge is inside, on any other edge outside.
static int top_left(int64_t ax, int64_t ay, int64_t bx, int64_t by, int clockwise) {
    if (clockwise) return (ay == by && ax < bx) || by < ay;
    return (ay == by && bx < ax) || ay < by;
}

// A colour (r, g, b, a; a > 0) as the pixel blend_pixel takes: premultiplied as the x86
// blitter does (⌊c·a/256⌋), or as it is when opaque.
static inline uint32_t sdl_triangle_pixel(const uint32_t *c) {
    uint32_t a = c[3];
    return a == 255 ? (0xff000000u | c[0] << 16 | c[1] << 8 | c[2])
                    : (a << 24 | (c[0] * a >> 8) << 16 | (c[1] * a >> 8) << 8 | (c[2] * a >> 8));
}

// One untextured triangle filled and blended in as SDL 2.26's software renderer does
// (SDL_SW_FillTriangle, then its temporary surface blitted with blending), without the
// temporary surface: corners at whole pixels `xy` (x0 y0 x1 y1 x2 y2, already truncated),
// each pixel whose centre is inside (the top-left rule) coloured ⌊Σ wᵢ·cᵢ / Σ wᵢ⌋ from the
// edge weights, then blended as blend_pixel does; only within the clip rectangle.
void motionlab_fill_triangle(uint32_t *base, int32_t pitch, int32_t clip_x, int32_t clip_y, int32_t clip_w,
                             int32_t clip_h, const int32_t *xy, const uint8_t *rgba) {
    // Half-pixel units: the corners even, the pixel centres odd.
    int64_t x0 = (int64_t)xy[0] * 2, y0 = (int64_t)xy[1] * 2, x1 = (int64_t)xy[2] * 2, y1 = (int64_t)xy[3] * 2;
    int64_t x2 = (int64_t)xy[4] * 2, y2 = (int64_t)xy[5] * 2;
    int64_t area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if (area == 0) return;
    int clockwise = area > 0;
    int64_t sign = clockwise ? 1 : -1;
    if (!clockwise) area = -area;
    int64_t min_x = x0 < x1 ? (x0 < x2 ? x0 : x2) : (x1 < x2 ? x1 : x2);
    int64_t max_x = x0 > x1 ? (x0 > x2 ? x0 : x2) : (x1 > x2 ? x1 : x2);
    int64_t min_y = y0 < y1 ? (y0 < y2 ? y0 : y2) : (y1 < y2 ? y1 : y2);
    int64_t max_y = y0 > y1 ? (y0 > y2 ? y0 : y2) : (y1 > y2 ? y1 : y2);
    // The box SDL walks: from the smallest corner, (max − min) / 2 pixels, within the clip.
    int64_t bx0 = min_x >> 1, by0 = min_y >> 1, bx1 = bx0 + ((max_x - min_x) >> 1), by1 = by0 + ((max_y - min_y) >> 1);
    if (bx0 < clip_x) bx0 = clip_x;
    if (by0 < clip_y) by0 = clip_y;
    if (bx1 > (int64_t)clip_x + clip_w) bx1 = (int64_t)clip_x + clip_w;
    if (by1 > (int64_t)clip_y + clip_h) by1 = (int64_t)clip_y + clip_h;
    if (bx0 >= bx1 || by0 >= by1) return;
    int64_t b0 = top_left(x1, y1, x2, y2, clockwise) ? 0 : -1;
    int64_t b1 = top_left(x2, y2, x0, y0, clockwise) ? 0 : -1;
    int64_t b2 = top_left(x0, y0, x1, y1, clockwise) ? 0 : -1;
    // One colour at every corner: SDL uses it as it is, so it is worked out once here.
    int uniform = !memcmp(rgba, rgba + 4, 4) && !memcmp(rgba, rgba + 8, 4);
    if (uniform && rgba[3] == 0) return;
    uint32_t flat = uniform ? sdl_triangle_pixel((const uint32_t[4]){rgba[0], rgba[1], rgba[2], rgba[3]}) : 0;
    // The edge values at the first pixel centre, and their steps a pixel right and a row down
    // (the centres are 2 apart in half pixels), so that a pixel costs three additions.
    int64_t cx0 = bx0 * 2 + 1, cy0 = by0 * 2 + 1;
    int64_t r0 = sign * ((x2 - x1) * (cy0 - y1) - (y2 - y1) * (cx0 - x1));
    int64_t r1 = sign * ((x0 - x2) * (cy0 - y2) - (y0 - y2) * (cx0 - x2));
    int64_t r2 = sign * ((x1 - x0) * (cy0 - y0) - (y1 - y0) * (cx0 - x0));
    int64_t dx0 = -sign * (y2 - y1) * 2, dx1 = -sign * (y0 - y2) * 2, dx2 = -sign * (y1 - y0) * 2;
    int64_t dy0 = sign * (x2 - x1) * 2, dy1 = sign * (x0 - x2) * 2, dy2 = sign * (x1 - x0) * 2;
    for (int64_t py = by0; py < by1; py++, r0 += dy0, r1 += dy1, r2 += dy2) {
        uint32_t *row = base + py * (int64_t)pitch;
        int64_t w0 = r0 - dx0, w1 = r1 - dx1, w2 = r2 - dx2;
        for (int64_t px = bx0; px < bx1; px++) {
            w0 += dx0, w1 += dx1, w2 += dx2;
            if (w0 + b0 < 0 || w1 + b1 < 0 || w2 + b2 < 0) continue;
            uint32_t p = flat;
            if (!uniform) {
                uint32_t c[4];
                for (int k = 0; k < 4; k++) c[k] = (uint32_t)((w0 * rgba[k] + w1 * rgba[4 + k] + w2 * rgba[8 + k]) / area);
                if (c[3] == 0) continue;
                p = sdl_triangle_pixel(c);
            }
            row[px] = blend_pixel(p, row[px]);
        }
    }
}
