import CCompositor
import CSDL2
import Engine
import Geometry

/// Where a masked image (`DrawList.beginMask`) is composed, one per renderer (the window's,
/// and each render band's), kept from frame to frame and regrown when a mask needs more room.
///
/// The mask's triangles are rasterized on the CPU (`CoverageRaster`: exact pixel-centre
/// sampling, which SDL's software renderer does not do — it truncates vertices to whole
/// pixels), the image is sampled bilinearly at each covered pixel and given the coverage as
/// its alpha, and the result goes to the screen as one streaming texture: one copy, so no
/// seam can run through the picture where the mask's triangles meet, and the same pixels
/// with every renderer. With our compositor (`target`), the layer's rows are blended
/// straight into the window surface instead, as SDL's blit of that texture would blend
/// them, and only where the mask covers: no texture filled and uploaded, no blit over the
/// uncovered part of the box.
struct MaskLayer {
    private var texture: OpaquePointer?
    private var size = (w: Int32(0), h: Int32(0))
    private var raster = CoverageRaster()
    private var pixels: [UInt32] = []
    /// Per column of the box: the two image columns sampled and the fraction between them.
    private var columns: [(x0: Int32, x1: Int32, f: UInt32)] = []
    /// One row of the layer, for blending straight into the target.
    private var row: [UInt32] = []

    mutating func release() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        size = (0, 0)
    }

    /// Draws `mask`'s image (from `image`, its pixels in ARGB8888, read only) through the triangles
    /// `idx[0..<count]` of `verts`, clipped to `clip` (points, or none), handing the result to
    /// SDL through `submit`, or with our compositor blending it into `target` itself (then
    /// it returns true).
    @discardableResult
    mutating func draw(_ mask: MaskedImage, image: UnsafeMutablePointer<SDL_Surface>?, renderer: OpaquePointer,
                       verts: UnsafePointer<SDL_Vertex>, idx: UnsafePointer<Int32>, count: Int, clip: SDL_Rect?,
                       target: UnsafeMutablePointer<SDL_Surface>? = nil, submit: inout Submitter) -> Bool {
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        let r = mask.rect
        let fw = r.width * Double(sx), fh = r.height * Double(sy)
        guard let src = image, fw >= 1, fh >= 1, fw <= 8192, fh <= 8192,
              r.minX.isFinite, r.minY.isFinite, count >= 3 else { return false }
        let w = Int(fw.rounded(.up)), h = Int(fh.rounded(.up))

        // Only where the mask is (its bounding box), and only the rows this band draws.
        let ox = r.minX, oy = r.minY, kx = Double(sx), ky = Double(sy)
        var lo = Vec2(Double.infinity, .infinity), hi = Vec2(-Double.infinity, -.infinity)
        for k in 0..<count {
            let v = verts[Int(idx[k])].position
            lo = Vec2(min(lo.x, Double(v.x)), min(lo.y, Double(v.y)))
            hi = Vec2(max(hi.x, Double(v.x)), max(hi.y, Double(v.y)))
        }
        var bx0 = max(0, Int(((lo.x - ox) * kx).rounded(.down))), bx1 = min(w, Int(((hi.x - ox) * kx).rounded(.up)))
        var by0 = max(0, Int(((lo.y - oy) * ky).rounded(.down))), by1 = min(h, Int(((hi.y - oy) * ky).rounded(.up)))
        if let clip {
            bx0 = max(bx0, Int(((Double(clip.x) - ox) * kx).rounded(.down)))
            bx1 = min(bx1, Int(((Double(clip.x + clip.w) - ox) * kx).rounded(.up)))
            by0 = max(by0, Int(((Double(clip.y) - oy) * ky).rounded(.down)))
            by1 = min(by1, Int(((Double(clip.y + clip.h) - oy) * ky).rounded(.up)))
        }
        let bw = bx1 - bx0, bh = by1 - by0
        guard bw > 0, bh > 0 else { return false }

        // 1. The coverage, in the box's pixels.
        raster.reset(width: bw, height: bh)
        let px0 = ox + Double(bx0) / kx, py0 = oy + Double(by0) / ky
        @inline(__always) func at(_ i: Int32) -> (Vec2, Double) {
            let v = verts[Int(i)]
            return (Vec2((Double(v.position.x) - px0) * kx, (Double(v.position.y) - py0) * ky), Double(v.color.a) / 255)
        }
        var k = 0
        while k + 2 < count {
            let (a, aa) = at(idx[k]), (b, ab) = at(idx[k + 1]), (c, ac) = at(idx[k + 2])
            raster.fill(a, b, c, alpha: aa, ab, ac)
            k += 3
        }

        // 2. The image, bilinearly sampled (8-bit fractions) where covered, with the coverage
        // as its alpha.
        let iw = Int(src.pointee.w), ih = Int(src.pointee.h), pitch = Int(src.pointee.pitch) / 4
        guard iw > 0, ih > 0, let base = src.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return false }
        let ux = Double(iw) / fw, uy = Double(ih) / fh
        columns.removeAll(keepingCapacity: true)
        for x in bx0..<bx1 {
            let u = min(max((Double(x) + 0.5) * ux - 0.5, 0), Double(iw - 1))
            let x0 = Int(u)
            columns.append((Int32(x0), Int32(min(x0 + 1, iw - 1)), UInt32((u - Double(x0)) * 256)))
        }
        let sampler = Sampler(base: base, pitch: pitch, ih: ih, uy: uy, by0: by0)

        // 3. Onto the target, tinted: the box copied to `dst` (points).
        var dst = SDL_FRect(x: Float(px0), y: Float(py0), w: Float(Double(bw) / kx), h: Float(Double(bh) / ky))
        if let target, composite(mask, sampler, into: target, renderer: renderer, box: (bw, bh), at: dst, scale: sx, clip: clip) {
            return true
        }
        if texture == nil || Int(size.w) < w || Int(size.h) < h {
            if let texture { SDL_DestroyTexture(texture) }
            let nw = max(Int32(w), size.w), nh = max(Int32(h), size.h)
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), nw, nh)
            guard let texture else { size = (0, 0); return false }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            size = (nw, nh)
        }
        guard let layer = texture else { return false }
        let n = bw * bh
        if pixels.count < n { pixels = [UInt32](repeating: 0, count: n) }
        raster.alpha.withUnsafeBufferPointer { cov in
            pixels.withUnsafeMutableBufferPointer { out in
                columns.withUnsafeBufferPointer { cols in
                    for y in 0..<bh {
                        sampler.sample(row: y, cov.baseAddress! + y * bw, cols.baseAddress!, from: 0, to: bw, into: out.baseAddress! + y * bw)
                    }
                }
            }
        }
        var box = SDL_Rect(x: Int32(bx0), y: Int32(by0), w: Int32(bw), h: Int32(bh))
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(layer, &box, $0.baseAddress, Int32(bw * 4)) }
        if var clip { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
        SDL_SetTextureColorMod(layer, mask.tint.r, mask.tint.g, mask.tint.b)
        SDL_SetTextureAlphaMod(layer, mask.tint.a)
        submit.copy(renderer, layer, &box, &dst)
        return false
    }

    /// The image sampled for the layer: row `y` of the box, columns `from..<to`, each pixel
    /// the bilinear sample with the coverage as its alpha (0 where uncovered).
    private struct Sampler {
        let base: UnsafeMutablePointer<UInt32>
        let pitch: Int, ih: Int
        let uy: Double
        let by0: Int

        @inline(__always)
        func sample(row y: Int, _ cov: UnsafePointer<UInt8>, _ cols: UnsafePointer<(x0: Int32, x1: Int32, f: UInt32)>,
                    from: Int, to: Int, into out: UnsafeMutablePointer<UInt32>) {
            let v = min(max((Double(y + by0) + 0.5) * uy - 0.5, 0), Double(ih - 1))
            let y0 = Int(v), fy = UInt32((v - Double(y0)) * 256)
            let row0 = base + y0 * pitch, row1 = base + min(y0 + 1, ih - 1) * pitch
            for x in from..<to {
                let c = UInt32(cov[x])
                guard c > 0 else { out[x] = 0; continue }
                let col = cols[x]
                let top = lerp(row0[Int(col.x0)], row0[Int(col.x1)], col.f)
                let bottom = lerp(row1[Int(col.x0)], row1[Int(col.x1)], col.f)
                let p = lerp(top, bottom, fy)
                out[x] = (((p >> 24) * c / 255) << 24) | (p & 0x00ff_ffff)
            }
        }
    }

    /// Blends the layer's `box` (pixels) straight into `target` (RGB888, our compositor's),
    /// row by row and only over each row's covered run, as SDL would blit the layer's texture
    /// to `at` (points) there: the destination SDL_RenderCopyF works out
    /// (`Compositor.queuedDestination`), clipped to `clip` as SDL clips a copy, each pixel as its per-pixel alpha blit does
    /// (`motionlab_blend_straight`), or its modulating one for a tint
    /// (`motionlab_blend_tinted`). Returns false, drawing nothing, where SDL would stretch the
    /// box (its destination not the box's size in pixels): the caller then hands SDL the texture.
    private mutating func composite(_ mask: MaskedImage, _ sampler: Sampler, into target: UnsafeMutablePointer<SDL_Surface>,
                                    renderer: OpaquePointer, box: (w: Int, h: Int), at: SDL_FRect, scale: Float,
                                    clip: SDL_Rect?) -> Bool {
        guard let pixels = target.pointee.pixels, let dst = Compositor.queuedDestination(at, scale: scale),
              Int(dst.w) == box.w, Int(dst.h) == box.h else { return false }
        let shown = dst.intersection(Compositor.pixelClip(clip, scale: scale, target: target))
        guard shown.w > 0, shown.h > 0 else { return true }
        // What SDL has queued is drawn first.
        SDL_RenderFlush(renderer)
        if row.count < box.w { row = [UInt32](repeating: 0, count: box.w) }
        let pitch = Int(target.pointee.pitch) / 4
        let out = pixels.assumingMemoryBound(to: UInt32.self)
        let tint = mask.tint
        let plain = tint.r == 255 && tint.g == 255 && tint.b == 255 && tint.a == 255
        let w = box.w
        let x0 = Int(shown.x - dst.x), x1 = x0 + Int(shown.w)
        raster.alpha.withUnsafeBufferPointer { cov in
            row.withUnsafeMutableBufferPointer { line in
                columns.withUnsafeBufferPointer { cols in
                    for y in Int(shown.y - dst.y)..<Int(shown.y - dst.y + shown.h) {
                        // The row's covered run, within what is shown.
                        let c = cov.baseAddress! + y * w
                        var a = x0, b = x1
                        while a < b && c[a] == 0 { a += 1 }
                        while b > a && c[b - 1] == 0 { b -= 1 }
                        guard a < b else { continue }
                        sampler.sample(row: y, c, cols.baseAddress!, from: a, to: b, into: line.baseAddress!)
                        let to = out + (Int(dst.y) + y) * pitch + Int(dst.x) + a
                        if plain {
                            motionlab_blend_straight(line.baseAddress! + a, to, Int32(b - a))
                        } else {
                            motionlab_blend_tinted(line.baseAddress! + a, to, Int32(b - a), UInt32(tint.r), UInt32(tint.g), UInt32(tint.b),
                                                   UInt32(tint.a))
                        }
                    }
                }
            }
        }
        return true
    }
}

/// `a` to `b` by `f`/256, both colour pairs of an ARGB8888 pixel at once.
@inline(__always)
private func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    if a == b { return a }
    let g = 256 - f
    let rb = (((a & 0x00ff_00ff) &* g &+ (b & 0x00ff_00ff) &* f) >> 8) & 0x00ff_00ff
    let ag = (((a >> 8) & 0x00ff_00ff) &* g &+ ((b >> 8) & 0x00ff_00ff) &* f) & 0xff00_ff00
    return rb | ag
}
