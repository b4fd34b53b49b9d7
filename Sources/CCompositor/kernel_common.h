// What the kernel's two files share: the clones' attribute, one pixel's blend as SDL does
// it, and the vector types and lanes of it.
#ifndef MOTIONLAB_KERNEL_COMMON_H
#define MOTIONLAB_KERNEL_COMMON_H

#include <stdint.h>

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

// Eight and four pixels as one unaligned vector each.
typedef uint32_t px8 __attribute__((vector_size(32), aligned(4)));
typedef uint32_t px4 __attribute__((vector_size(16), aligned(4)));

// blend_pixel on every lane of a vector, the same arithmetic; its selects as masks.
#define BLEND_LANES(p, q)                                                                                  \
    ({                                                                                                     \
        __typeof__(p) a_ = (p) >> 24, ia_ = 255 - a_;                                                      \
        __typeof__(p) rb_ = ((p) & 0xff00ffu) + (((q) & 0xff00ffu) * ia_ >> 8 & 0xff00ffu);                \
        __typeof__(p) g_ = ((p) & 0xff00u) + (((q) & 0xff00u) * ia_ >> 8 & 0xff00u);                       \
        __typeof__(p) opaque_ = (__typeof__(p))(a_ == 255), clear_ = (__typeof__(p))(a_ == 0);             \
        __typeof__(p) blended_ = ((q) & 0xff000000u) | rb_ | g_;                                           \
        ((p) & opaque_) | ((q) & clear_) | (blended_ & ~(opaque_ | clear_));                               \
    })

#endif
