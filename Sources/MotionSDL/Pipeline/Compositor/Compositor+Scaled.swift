import CCompositor
import CSDL2

/// Scaled copies: an image drawn larger or smaller than its pixels, as SDL 2.26's software
/// renderer draws one with linear filtering (`SW_RunCommandQueue`, `RENDERCMD_COPY`).
///
/// Why: SDL makes such a copy by stretching the image into a temporary surface it allocates
/// for every copy and then blending that surface: the board scene at rest made 65 heap
/// allocations a frame that way, and its cards and picture drew nothing through our
/// compositor. Here the stretch goes into a buffer reused from frame to frame, by the same
/// arithmetic (`motionlab_stretch_linear`: SDL's bilinear weights, its rounding, its edge
/// padding), and is blended as the 1:1 copies are.
///
/// How SDL places it, followed here step by step: a copy that reaches past the target
/// surface's edges is stretched whole to its destination size and then blended, clipped
/// (only the part that shows is computed here); any other is first clipped in floating
/// point, source and destination together (`SDL_PrivateUpperBlitScaled`), rounded, and the
/// clipped source stretched to the clipped destination.
///
/// Bands: SDL clipped to a band would restart that sampling at the band's first row, so a
/// copy across a band's edge would be sampled differently in each band. Here the clipping
/// above uses the command's own clip, as one renderer for the whole window does, and a band
/// computes only its rows of that stretch: the same pixels at any band count.
extension Compositor {
    /// Sides past this are too large for SDL's stretch, which then draws nothing.
    static let maxStretchSide: Int32 = 65_535

    /// Draws `image`'s pixels `src` stretched to `dst` (target pixels) within `clip` into
    /// `target`, sampled as a draw clipped to `commandClip` alone samples it (`clip` is it
    /// and a band's rows), tinted by `tint` unless it is white and opaque; `buffer` holds the stretched
    /// pixels (grown as needed, kept). Returns false, drawing nothing, when the part that
    /// shows would need a buffer past `Compositor.maxStretchPixels` (SDL then draws it).
    static func compositeScaled(_ image: CompositorImage, from src: SDL_Rect, to dst: SDL_Rect, clip: SDL_Rect, commandClip: SDL_Rect, tint: Tint,
                                kernel: Kernel, into target: UnsafeMutablePointer<SDL_Surface>,
                                buffer: inout ContiguousArray<UInt32>) -> Bool {
        let (w, h) = (target.pointee.w, target.pointee.h)
        // The stretch's full size, the part of it that shows, and where that lands.
        let full: (w: Int32, h: Int32), window: SDL_Rect, at: SDL_Rect, source: SDL_Rect
        if dst.x < 0 || dst.y < 0 || Int(dst.x) + Int(dst.w) > Int(w) || Int(dst.y) + Int(dst.h) > Int(h) {
            let shown = dst.intersection(clip)
            guard shown.w > 0, shown.h > 0 else { return true }
            (full, source, at) = ((dst.w, dst.h), src, shown)
            window = SDL_Rect(x: shown.x - dst.x, y: shown.y - dst.y, w: shown.w, h: shown.h)
        } else {
            guard let (s, d) = clipped(src, dst, clip: commandClip, imageWidth: Int32(image.width), imageHeight: Int32(image.height)) else {
                return true
            }
            let shown = d.intersection(clip)
            guard shown.w > 0, shown.h > 0 else { return true }
            (full, source, at) = ((d.w, d.h), s, shown)
            window = SDL_Rect(x: shown.x - d.x, y: shown.y - d.y, w: shown.w, h: shown.h)
        }
        guard source.w <= maxStretchSide, source.h <= maxStretchSide, full.w <= maxStretchSide, full.h <= maxStretchSide else {
            return true
        }
        let count = Int(window.w) * Int(window.h)
        guard count <= maxStretchPixels, let pixels = target.pointee.pixels else { return false }
        // Grown by doubling (to the cap): sprites that grow a little each frame (a ball
        // squashing) would otherwise allocate a new buffer on every frame that sets a record.
        if buffer.count < count { buffer = ContiguousArray(repeating: 0, count: min(max(count, 2 * buffer.count), maxStretchPixels)) }
        let pitch = Int(target.pointee.pitch) / 4
        let base = pixels.assumingMemoryBound(to: UInt32.self)
        let plain = tint == (255, 255, 255, 255)
        buffer.withUnsafeMutableBufferPointer { out in
            let stretched = out.baseAddress!
            motionlab_stretch_linear(image.pixels + Int(source.y) * image.width + Int(source.x), Int32(image.width), source.w, source.h,
                                     full.w, full.h, window.x, window.y, window.w, window.h, stretched)
            for y in 0..<Int(at.h) {
                let row = stretched + y * Int(window.w), to = base + (Int(at.y) + y) * pitch + Int(at.x)
                if !plain {
                    CompositorSpans.blendTinted(row, to, Int(at.w), tint: tint)
                } else if kernel == .c {
                    motionlab_blend_straight(row, to, at.w)
                } else {
                    CompositorSpans.blend(row, to, Int(at.w))
                }
            }
        }
        return true
    }

    /// The most stretched pixels one copy may need here (64 MiB of them).
    static let maxStretchPixels = 1 << 24

    /// `SDL_PrivateUpperBlitScaled`'s clipping: the destination cut to `clip`, the source
    /// cut by the same fractions, in doubles, then rounded and each cut to its bounds again;
    /// nil when nothing is left.
    static func clipped(_ src: SDL_Rect, _ dst: SDL_Rect, clip: SDL_Rect, imageWidth: Int32, imageHeight: Int32) -> (SDL_Rect, SDL_Rect)? {
        let sw = Double(dst.w) / Double(src.w), sh = Double(dst.h) / Double(src.h)
        var (sx0, sy0, sx1, sy1) = (Double(src.x), Double(src.y), Double(src.x) + Double(src.w), Double(src.y) + Double(src.h))
        var (dx0, dy0, dx1, dy1) = (Double(dst.x), Double(dst.y), Double(dst.x) + Double(dst.w), Double(dst.y) + Double(dst.h))
        // The source within the image (already so: SDL_RenderCopyF cut it), then the
        // destination within the clip, in the clip's coordinates.
        if sx0 < 0 { dx0 -= sx0 * sw; sx0 = 0 }
        if sx1 > Double(imageWidth) { dx1 -= (sx1 - Double(imageWidth)) * sw; sx1 = Double(imageWidth) }
        if sy0 < 0 { dy0 -= sy0 * sh; sy0 = 0 }
        if sy1 > Double(imageHeight) { dy1 -= (sy1 - Double(imageHeight)) * sh; sy1 = Double(imageHeight) }
        let (cx, cy) = (Double(clip.x), Double(clip.y))
        dx0 -= cx; dx1 -= cx; dy0 -= cy; dy1 -= cy
        if dx0 < 0 { sx0 -= dx0 / sw; dx0 = 0 }
        if dx1 > Double(clip.w) { sx1 -= (dx1 - Double(clip.w)) / sw; dx1 = Double(clip.w) }
        if dy0 < 0 { sy0 -= dy0 / sh; dy0 = 0 }
        if dy1 > Double(clip.h) { sy1 -= (dy1 - Double(clip.h)) / sh; dy1 = Double(clip.h) }
        dx0 += cx; dx1 += cx; dy0 += cy; dy1 += cy
        func int(_ v: Double) -> Int32 { Int32(clamping: Int(exactly: v.rounded()) ?? 0) }
        let s = SDL_Rect(x: int(sx0), y: int(sy0), w: int(sx1 - sx0), h: int(sy1 - sy0))
            .intersection(SDL_Rect(x: 0, y: 0, w: imageWidth, h: imageHeight))
        let d = SDL_Rect(x: int(dx0), y: int(dy0), w: int(dx1 - dx0), h: int(dy1 - dy0)).intersection(clip)
        guard d.w > 0, d.h > 0, s.w > 0, s.h > 0 else { return nil }
        return (s, d)
    }
}

/// What `Compositor.draw` reuses from call to call, so that drawing allocates nothing per
/// frame once warm.
struct CompositorScratch {
    /// Rebased indices of triangles handed to SDL.
    var indices = ContiguousArray<Int32>()
    /// A scaled copy's stretched pixels.
    var stretched = ContiguousArray<UInt32>()
}
