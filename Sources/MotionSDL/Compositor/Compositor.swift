import CSDL2
import Engine

/// SDL's run-length-encoded blits for the sprites its software renderer would copy 1:1.
///
/// Why: SDL's software renderer draws an image quad that is an axis-aligned, untinted 1:1
/// copy with `SDL_BlitSurface` from the texture's surface, and that blit tests every pixel's
/// alpha (SDL run-length encodes only textures without an alpha channel). An image whose
/// pixels are each opaque or fully transparent — testsprite2's colour-keyed icon, our chord
/// cards — blits to exactly the same pixels from a run-length-encoded copy
/// (`SDL_SetSurfaceRLE`), which copies runs of opaque pixels and skips transparent ones:
/// 10,000 blits of the icon took 3.4 ms instead of 19.3 (same pixels, a C probe on this
/// machine). Images with translucent pixels are left to the renderer: SDL's RLE blends them
/// by another rounding (up to 5 levels apart).
///
/// How: `draw` walks a command's triangles by the software renderer's own rules for
/// spotting rectangles (`SDL_SW_RenderGeometryRaw` in SDL 2.26's `SDL_render.c`), and for
/// each rectangle SDL would blit 1:1 it computes SDL's source and destination rectangles
/// (the same float products, truncations and viewport test) and blits the encoded copy
/// itself, clipped as SDL would clip. Every other triangle goes to `SDL_RenderGeometry` in
/// runs, in order, and the renderer is flushed before each run of blits, so what lands
/// in the target and in which order is what the renderer alone would draw (a test compares
/// them pixel for pixel).
///
/// The encoded copies are tied to one target surface's format (SDL encodes for the
/// destination at the first blit), so each target — the window, every band — has its own.
struct SpriteBlits {
    /// By texture index: the encoded copy (the texture's size), or nil where the renderer
    /// draws (no image, or an image with translucent pixels).
    private var sources: [UnsafeMutablePointer<SDL_Surface>?] = []

    init() {}

    /// Encoded copies of `images` in the formats of `textures` (indexed alike), for those
    /// whose every pixel is opaque or fully transparent.
    init(images: [UnsafeMutablePointer<SDL_Surface>?], textures: [OpaquePointer?]) {
        sources = zip(images, textures).map { image, texture in
            guard let image, let texture else { return nil }
            var format: UInt32 = 0, w: Int32 = 0, h: Int32 = 0
            guard SDL_QueryTexture(texture, &format, nil, &w, &h) == 0,
                  w == image.pointee.w, h == image.pointee.h,
                  // The texture's own pixels: SDL_CreateTextureFromSurface converts the same way.
                  let copy = SDL_ConvertSurfaceFormat(image, format, 0) else { return nil }
            guard Self.alphaIsOpaqueOrClear(copy) else {
                SDL_FreeSurface(copy)
                return nil
            }
            SDL_SetSurfaceBlendMode(copy, SDL_BLENDMODE_BLEND)
            SDL_SetSurfaceRLE(copy, 1)
            return copy
        }
    }

    /// Frees the copies.
    mutating func release() {
        for s in sources { if let s { SDL_FreeSurface(s) } }
        sources = []
    }

    /// No image is encoded (not the software renderer, or turned off).
    var isEmpty: Bool { !sources.contains { $0 != nil } }

    /// Every pixel of a 32-bit surface with alpha is opaque or fully transparent.
    private static func alphaIsOpaqueOrClear(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        let f = s.pointee.format.pointee
        guard f.BytesPerPixel == 4, f.Amask != 0, let pixels = s.pointee.pixels else { return false }
        let shift = UInt32(f.Ashift)
        for y in 0..<Int(s.pointee.h) {
            let row = (pixels + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(s.pointee.w) {
                let a = (row[x] & f.Amask) >> shift
                if a != 0 && a != 0xff { return false }
            }
        }
        return true
    }

    /// Whether SDL_RenderGeometry accepts calls with `list`'s vertices at all: it refuses a
    /// whole call (drawing nothing) when any vertex's texture coordinate is outside [0, 1].
    /// Blits are drawn only for lists it accepts, so that they too draw what SDL would.
    ///
    /// - Complexity: O(vertices), branch-free so that it vectorizes.
    static func accepts(_ list: DrawList) -> Bool {
        list.vertices.withUnsafeBufferPointer { vertices in
            var outside: UInt8 = 0
            for v in vertices {
                outside |= (v.u < 0 ? 1 : 0) | (v.v < 0 ? 1 : 0) | (v.u > 1 ? 1 : 0) | (v.v > 1 ? 1 : 0)
            }
            return outside == 0
        }
    }

    /// Draws the triangles `idx[0..<count]` of one command with texture `textureIndex`
    /// (`texture` on `renderer`) into `target`, the renderer's target: the rectangles SDL
    /// would copy 1:1 as encoded blits when that image was encoded, the rest through the
    /// renderer. `clip` is the clip
    /// set on the renderer (points), `scale` its scale; `scratch` holds rebased indices
    /// (reused, so no allocation per frame). Returns the number of blits.
    ///
    /// - Complexity: O(count).
    func draw(_ idx: UnsafePointer<Int32>, count: Int, verts: UnsafeBufferPointer<SDL_Vertex>,
              texture: OpaquePointer?, textureIndex: Int, renderer: OpaquePointer,
              target: UnsafeMutablePointer<SDL_Surface>, clip: SDL_Rect?, scale: Float,
              scratch: inout ContiguousArray<Int32>) -> Int {
        guard sources.indices.contains(textureIndex), let source = sources[textureIndex], count % 3 == 0,
              Self.indicesInRange(idx, count: count, vertexCount: verts.count), let vbase = verts.baseAddress else {
            SDL_RenderGeometry(renderer, texture, verts.baseAddress, Int32(verts.count), idx, Int32(count))
            return 0
        }
        let viewport = SDL_FRect(x: 0, y: 0, w: Float(Double(target.pointee.w) / Double(scale)),
                                 h: Float(Double(target.pointee.h) / Double(scale)))
        var pixelClip = Self.pixelClip(clip, scale: scale, target: target)
        // Triangles `from..<to` to the renderer. SDL checks every vertex it is handed on every
        // call, so a run gets only the vertices it uses, its indices rebased onto them:
        // handing over the whole list made a command that alternates blits and scaled
        // sprites quadratic (10,000 sprites, half of them 1:1: 360 ms a frame).
        func geometry(_ from: Int, _ to: Int) {
            guard from > 0 || to < count else {
                SDL_RenderGeometry(renderer, texture, vbase, Int32(verts.count), idx, Int32(count))
                return
            }
            var lo = Int32.max, hi = Int32.min
            for i in from..<to {
                lo = min(lo, idx[i])
                hi = max(hi, idx[i])
            }
            scratch.removeAll(keepingCapacity: true)
            for i in from..<to { scratch.append(idx[i] - lo) }
            scratch.withUnsafeBufferPointer {
                _ = SDL_RenderGeometry(renderer, texture, vbase + Int(lo), hi - lo + 1, $0.baseAddress, Int32(to - from))
            }
        }
        var blits = 0
        // The first index not yet handed to the renderer, and whether the renderer may hold
        // commands not yet run (so it must be flushed before blitting over them).
        var pending = 0, queued = true
        var prev: (Int32, Int32, Int32) = (-1, -1, -1)
        var t = 0
        while t < count {
            let k = (idx[t], idx[t + 1], idx[t + 2])
            defer { t += 3 }
            if prev.0 == -1 {
                prev = k
                continue
            }
            guard let (a, b) = Self.rectangle(prev, k, vbase) else {
                prev = k
                continue
            }
            prev = (-1, -1, -1)
            guard let (src, dst) = Self.copy(a: vbase[Int(a)], b: vbase[Int(b)], colour: vbase[Int(k.0)].color,
                                              source: source, viewport: viewport, scale: scale) else { continue }
            // Triangles t - 3 ..< t + 3 are this rectangle; what comes before goes to SDL first.
            if t - 3 > pending {
                geometry(pending, t - 3)
                queued = true
            }
            if queued {
                SDL_RenderFlush(renderer)
                SDL_SetClipRect(target, &pixelClip)
                queued = false
            }
            var s = src, d = dst
            SDL_UpperBlit(source, &s, target, &d)
            blits += 1
            pending = t + 3
        }
        if count > pending { geometry(pending, count) }
        return blits
    }

    private static func indicesInRange(_ idx: UnsafePointer<Int32>, count: Int, vertexCount: Int) -> Bool {
        // As unsigned, a negative index is out of range too; a running maximum vectorizes.
        var largest: UInt32 = 0
        for i in 0..<count { largest = max(largest, UInt32(bitPattern: idx[i])) }
        return count == 0 || Int(largest) < vertexCount
    }

    /// The clip SDL's software renderer sets on its target for a renderer clip of `clip`
    /// points: each of x, y, w and h times the scale, floored, within the target.
    private static func pixelClip(_ clip: SDL_Rect?, scale: Float, target: UnsafeMutablePointer<SDL_Surface>) -> SDL_Rect {
        let full = SDL_Rect(x: 0, y: 0, w: target.pointee.w, h: target.pointee.h)
        guard let c = clip else { return full }
        func px(_ v: Int32) -> Int32 { Int32((Double(v) * Double(scale)).rounded(.down)) }
        return SDL_Rect(x: px(c.x), y: px(c.y), w: px(c.w), h: px(c.h)).intersection(full)
    }

    /// The top-left and bottom-right vertices of triangles `p` then `k` when SDL's software
    /// renderer takes them for one uniformly coloured axis-aligned rectangle.
    private static func rectangle(_ p: (Int32, Int32, Int32), _ k: (Int32, Int32, Int32),
                                  _ v: UnsafePointer<SDL_Vertex>) -> (Int32, Int32)? {
        func isShared(_ q: Int32) -> Int { q == k.0 || q == k.1 || q == k.2 ? 1 : 0 }
        guard isShared(p.0) + isShared(p.1) + isShared(p.2) == 2 else { return nil }
        let p0 = v[Int(k.0)].position, p1 = v[Int(k.1)].position, p2 = v[Int(k.2)].position
        let a = p0.x <= p1.x && p0.y <= p1.y ? (p0.x <= p2.x && p0.y <= p2.y ? k.0 : k.2)
                                              : (p1.x <= p2.x && p1.y <= p2.y ? k.1 : k.2)
        let b = p0.x >= p1.x && p0.y >= p1.y ? (p0.x >= p2.x && p0.y >= p2.y ? k.0 : k.2)
                                              : (p1.x >= p2.x && p1.y >= p2.y ? k.1 : k.2)
        let c = k.0 != a && k.0 != b ? k.0 : (k.1 != a && k.1 != b ? k.1 : k.2)
        let c2 = p.0 != a && p.0 != b ? p.0 : (p.1 != a && p.1 != b ? p.1 : p.2)
        let pa = v[Int(a)].position, pb = v[Int(b)].position
        func corner(_ q: SDL_FPoint) -> Bool { (pa.x == q.x && pb.y == q.y) || (pa.y == q.y && pb.x == q.x) }
        guard corner(v[Int(c)].position), corner(v[Int(c2)].position) else { return nil }
        let colour = v[Int(a)].color
        func same(_ q: SDL_Color) -> Bool { q.r == colour.r && q.g == colour.g && q.b == colour.b && q.a == colour.a }
        guard same(v[Int(b)].color), same(v[Int(c)].color), same(v[Int(c2)].color) else { return nil }
        return (a, b)
    }

    /// SDL's source and destination rectangles (pixels) for the rectangle from `a` to `b`
    /// with vertex colour `colour`, when SDL would blit it 1:1 from the texture unmodulated;
    /// nil when it would scale, flip, tint, skip it, or the numbers are not finite.
    private static func copy(a: SDL_Vertex, b: SDL_Vertex, colour: SDL_Color, source: UnsafeMutablePointer<SDL_Surface>,
                             viewport: SDL_FRect, scale: Float) -> (SDL_Rect, SDL_Rect)? {
        guard colour.r == 255, colour.g == 255, colour.b == 255, colour.a == 255,
              a.position.x.isFinite, a.position.y.isFinite, b.position.x.isFinite, b.position.y.isFinite else { return nil }
        let w = source.pointee.w, h = source.pointee.h
        let tw = Float(w), th = Float(h)
        // SDL_SW_RenderGeometryRaw: s from the texture coordinates, d from the positions.
        guard let sx = Int32(exactly: (a.tex_coord.x * tw).rounded(.towardZero)),
              let sy = Int32(exactly: (a.tex_coord.y * th).rounded(.towardZero)),
              let sw = Int32(exactly: (b.tex_coord.x * tw - Float(sx)).rounded(.towardZero)),
              let sh = Int32(exactly: (b.tex_coord.y * th - Float(sy)).rounded(.towardZero)),
              sw > 0, sh > 0 else { return nil }
        let d = SDL_FRect(x: a.position.x, y: a.position.y, w: b.position.x - a.position.x, h: b.position.y - a.position.y)
        // SDL_RenderCopyF: the source within the texture, the destination meeting the viewport.
        let src = SDL_Rect(x: sx, y: sy, w: sw, h: sh).intersection(SDL_Rect(x: 0, y: 0, w: w, h: h))
        guard src.w > 0, src.h > 0, d.w > 0, d.h > 0,
              max(d.x, viewport.x) < min(d.x + d.w, viewport.x + viewport.w),
              max(d.y, viewport.y) < min(d.y + d.h, viewport.y + viewport.h) else { return nil }
        // Scaled to pixels, then SW_QueueCopy's truncation.
        let limit: Float = 1_073_741_824  // 2^30, well inside Int32
        let scaled = (d.x * scale, d.y * scale, d.w * scale, d.h * scale)
        guard abs(scaled.0) < limit, abs(scaled.1) < limit, abs(scaled.2) < limit, abs(scaled.3) < limit else { return nil }
        let dst = SDL_Rect(x: Int32(scaled.0), y: Int32(scaled.1), w: Int32(scaled.2), h: Int32(scaled.3))
        // SW_RunCommandQueue blits only when the sizes match; otherwise it scales.
        guard dst.w == src.w, dst.h == src.h else { return nil }
        return (src, dst)
    }
}

/// Encoded copies and the surface they blit into: the renderer's own target.
struct SpriteBlitTarget {
    var blits: SpriteBlits
    var surface: UnsafeMutablePointer<SDL_Surface>
}
