import CCompositor
import CSDL2

// A 1:1 copy of an image into the target: with the C kernel, the whole image in one call when
// nothing of it is clipped (the common case, a sprite inside the window), else row by row
// within the clip; tinted copies, and every copy with `Kernel.swift`, run by run in Swift
// (`CompositorSpans`). All make SDL's pixels (CompositorTests).
extension Compositor {
    /// Copies `image`'s pixels `src` to `dst` of `target` (the same size), within `clip`, as
    /// `SDL_UpperBlit` clips: tinted by `tint` unless it is white and opaque.
    static func composite(_ image: CompositorImage, from src: SDL_Rect, to dst: SDL_Rect, clip: SDL_Rect,
                          tint: Tint, kernel: Kernel = .c,
                          into target: UnsafeMutablePointer<SDL_Surface>) {
        let x0 = max(dst.x, clip.x), x1 = min(dst.x + dst.w, clip.x + clip.w)
        let y0 = max(dst.y, clip.y), y1 = min(dst.y + dst.h, clip.y + clip.h)
        guard x0 < x1, y0 < y1, let pixels = target.pointee.pixels else { return }
        let pitch = Int(target.pointee.pitch) / 4
        let base = pixels.assumingMemoryBound(to: UInt32.self)
        let plain = tint == (255, 255, 255, 255)
        // Image columns sx0..<sx1 land on target columns from x0.
        let sx0 = src.x + (x0 - dst.x), sx1 = sx0 + (x1 - x0)
        if plain && kernel == .c {
            if src.x == 0, src.y == 0, x1 - x0 == Int32(image.width), y1 - y0 == Int32(image.height) {
                // The whole image, unclipped (its source is the whole image, as its size says):
                // none of the clipped walk's bookkeeping per row. 10,000 of testsprite2's icons
                // at 640x480 on one core, submit p50 1.43 → 0.85 ms; our soft sprite 2.88 →
                // 2.46 ms (3 rounds interleaved).
                let out = base + Int(y0) * pitch + Int(x0), w = Int32(image.width), h = Int32(image.height)
                if image.isOpaqueOrClear {
                    motionlab_copy_whole(image.premultiplied, w, h, image.rowStarts, image.runs, out, Int32(pitch))
                } else {
                    motionlab_blend_whole(image.premultiplied, w, h, image.rowPlans, image.rowStarts, image.runs, out, Int32(pitch))
                }
                return
            }
            motionlab_composite(image.premultiplied, Int32(image.width), image.rowPlans, image.rowStarts, image.runs, sx0, sx1, src.y + (y0 - dst.y),
                                y1 - y0, base + Int(y0) * pitch + Int(x0), Int32(pitch), image.isOpaqueOrClear ? 0 : 1)
            return
        }
        for y in y0..<y1 {
            let sy = Int(src.y + (y - dst.y))
            let row = image.pixels + sy * image.width
            let out = base + Int(y) * pitch + Int(x0 - sx0)
            var r = image.firstRun(inRow: sy, endingAfter: sx0)
            let end = Int(image.rowStarts[sy + 1])
            while r < end {
                let run = image.runs[r]
                r += 1
                if run.x >= sx1 { break }
                let from = max(run.x, sx0), to = min(run.x + run.count, sx1)
                guard from < to else { continue }
                let n = Int(to - from)
                if !plain {
                    CompositorSpans.blendTinted(row + Int(from), out + Int(from), n, tint: tint)
                } else if run.opaque != 0 {
                    CompositorSpans.copy(row + Int(from), out + Int(from), n)
                } else {
                    CompositorSpans.blend(row + Int(from), out + Int(from), n)
                }
            }
        }
    }
}
