import CCompositor
/// The compositor's operations on one run of pixels, one routine each: the pixels they make
/// are those SDL 2.26's software blitters make for the same copy (a test compares frames).
enum CompositorSpans {
    /// The SIMD width: pixels per step of the vector loops.
    typealias Lanes = SIMD8<UInt32>

    /// Copies `count` opaque pixels: a short run in a plain loop (a call to memmove costs
    /// more than the copy below 16 pixels), a long one by memmove.
    @inline(__always)
    static func copy(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int) {
        if count < 16 {
            for i in 0..<count { dst[i] = src[i] }
        } else {
            dst.update(from: src, count: count)
        }
    }

    /// Blends `count` pixels with their own alpha, as SDL's ARGB8888 → RGB888 per-pixel alpha
    /// blit does on x86 (`BlitRGBtoRGBPixelAlphaMMX`): an opaque pixel is copied, a clear one
    /// skipped, any other gives each channel ⌊s·a / 256⌋ + ⌊d·(255 − a) / 256⌋. Each product
    /// fits in 16 bits, so red and blue are computed together in one 32-bit lane.
    /// `Lanes.scalarCount` pixels a step.
    @inline(__always)
    static func blend(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int) {
        var i = 0
        let raw = UnsafeMutableRawPointer(dst)
        while i + Lanes.scalarCount <= count {
            let s = UnsafeRawPointer(src + i).loadUnaligned(as: Lanes.self)
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: Lanes.self)
            let a = s &>> 24
            raw.storeBytes(of: blended(s, d, a), toByteOffset: i * 4, as: Lanes.self)
            i += Lanes.scalarCount
        }
        while i < count {
            let s = src[i], a = s >> 24
            if a == 0xff {
                dst[i] = s
            } else if a != 0 {
                let d = dst[i]
                let rb = (((s & 0xff00ff) &* a) >> 8 & 0xff00ff) &+ (((d & 0xff00ff) &* (255 - a)) >> 8 & 0xff00ff)
                let g = (((s & 0xff00) &* a) >> 8 & 0xff00) &+ (((d & 0xff00) &* (255 - a)) >> 8 & 0xff00)
                dst[i] = (d & 0xff00_0000) | rb | g
            }
            i += 1
        }
    }

    @inline(__always)
    private static func blended(_ s: Lanes, _ d: Lanes, _ a: Lanes) -> Lanes {
        let ia = 255 &- a
        let rb = (((s & 0xff00ff) &* a) &>> 8 & 0xff00ff) &+ (((d & 0xff00ff) &* ia) &>> 8 & 0xff00ff)
        let g = (((s & 0xff00) &* a) &>> 8 & 0xff00) &+ (((d & 0xff00) &* ia) &>> 8 & 0xff00)
        var out = (d & 0xff00_0000) | rb | g
        out.replace(with: s, where: a .== 0xff)
        out.replace(with: d, where: a .== 0)
        return out
    }

    /// Blends `count` pixels tinted by `tint` (colour and alpha modulation), as SDL's generic
    /// ARGB8888 → RGB888 modulate-and-blend blit does, step by step with its truncating
    /// divisions: the colour and alpha modulated, the colour premultiplied when not opaque,
    /// then d = s + (255 − a)·d / 255. Every glyph of text is a tinted copy, so this is the C
    /// kernel's loop, which vectorises (`motionlab_blend_tinted`).
    static func blendTinted(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ count: Int,
                            tint: (r: UInt32, g: UInt32, b: UInt32, a: UInt32)) {
        motionlab_blend_tinted(src, dst, Int32(count), tint.r, tint.g, tint.b, tint.a)
    }
}
