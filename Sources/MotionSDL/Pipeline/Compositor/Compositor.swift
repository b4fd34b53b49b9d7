import CCompositor
import CSDL2
import Engine

/// Our own compositor for SDL's software renderer: image copies drawn by our code straight
/// into the target's pixels, everything else by SDL, in draw order.
///
/// Why: SDL's software renderer draws an image quad that is an axis-aligned 1:1 copy with
/// `SDL_BlitSurface`, one call per sprite through its general blit machinery, on one
/// thread; for 10,000 32×32 sprites a plain C loop was 3.3× faster (colour-keyed) and 7×
/// (per-pixel alpha) on this machine. Here each image is kept once, at load
/// (`CompositorImage`: straight-alpha ARGB8888, a copy premultiplied as SDL blends, and
/// its rows' runs of opaque and translucent pixels), and a copy walks the runs of the rows it covers: opaque runs are copied, clear
/// pixels skipped, translucent runs blended eight pixels a step (`CompositorSpans`), with
/// SDL's own arithmetic, so the pixels are SDL's.
///
/// How: `draw` walks a command's triangles by the software renderer's own rules for
/// spotting rectangles (`SDL_SW_RenderGeometryRaw` in SDL 2.26's `SDL_render.c`), and for
/// each rectangle SDL would copy 1:1 it computes SDL's source and destination rectangles
/// (the same float products, truncations and viewport test) and its tint (the vertex
/// colour, which SDL turns into colour and alpha modulation), clips as SDL clips, and
/// composites. Every other triangle — scaled, rotated, untextured — goes to
/// `SDL_RenderGeometry` in runs, in order, and the renderer is flushed before each run of
/// copies, so what lands in the target and in which order is what the renderer alone would
/// draw (a test compares them pixel for pixel). The target must be 32-bit RGB888, the
/// format of SDL's window surfaces here; with any other, SDL draws everything.
///
/// The images are read only while frames are drawn, so one compositor serves the window's
/// renderer and every band's at once.
package struct Compositor {
    /// By texture index: the image, or nil where SDL draws (no image).
    private var images: [CompositorImage?] = []

    /// A colour and alpha modulation, each 0…255 (white and opaque: none).
    typealias Tint = (r: UInt32, g: UInt32, b: UInt32, a: UInt32)

    /// Which inner loop composites untinted images: the C one (`CCompositor`, the default:
    /// the fastest, measured) or the Swift one (`CompositorSpans`), which makes the same
    /// pixels (tested) and is kept as the readable reference.
    package enum Kernel: String, Sendable, CaseIterable {
        /// The C loop (`CCompositor`): the default, and the fastest.
        case c
        /// The Swift loop (`CompositorSpans`): the readable reference.
        case swift
    }
    var kernel = Kernel.c

    /// What one frame's copies were, by kind.
    package struct Counts: Equatable, Sendable {
        /// Untinted images whose every pixel is opaque or clear: runs copied.
        package var copied = 0
        /// Untinted images with translucent pixels: blended.
        package var blended = 0
        /// Tinted images.
        package var tinted = 0
        /// Images drawn scaled, with linear filtering (`compositeScaled`); tinted or not.
        package var scaled = 0
        /// Image quads (textured triangle pairs) left to SDL: scaled, rotated, not rectangles.
        package var toSDL = 0

        /// Rectangles of one colour filled (untextured quads SDL would fill as rects).
        package var filled = 0
        /// Untextured triangles filled (as SDL's software renderer fills them).
        package var triangles = 0
        /// Masked images blended through their mask straight into the target (`MaskLayer`).
        package var masked = 0
        /// Image quads wholly off the window (SDL draws nothing of them): dropped.
        package var culled = 0

        /// Images the compositor drew.
        package var composited: Int { copied + blended + tinted + scaled }

        /// No images counted.
        package init() {}

        init(toSDL: Int) { self.toSDL = toSDL }

        static func += (a: inout Counts, b: Counts) {
            a.copied += b.copied; a.blended += b.blended; a.tinted += b.tinted; a.toSDL += b.toSDL
            a.scaled += b.scaled; a.filled += b.filled; a.triangles += b.triangles; a.masked += b.masked; a.culled += b.culled
        }
    }

    init() {}

    /// The images of `surfaces` (ARGB8888, by texture index).
    init(surfaces: [UnsafeMutablePointer<SDL_Surface>?]) {
        images = surfaces.map { $0.flatMap(Self.image) }
    }

    /// `surface` (ARGB8888) as the compositor keeps it.
    static func image(_ surface: UnsafeMutablePointer<SDL_Surface>) -> CompositorImage? {
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let pixels = s.pixels, s.w > 0, s.h > 0 else { return nil }
        return CompositorImage(width: Int(s.w), height: Int(s.h), pixels: pixels.assumingMemoryBound(to: UInt32.self), pitch: Int(s.pitch) / 4)
    }

    /// Puts the image of `surface` (ARGB8888) at texture index `i` (a copy at drawn size).
    mutating func setImage(_ surface: UnsafeMutablePointer<SDL_Surface>, at i: Int) {
        if images.count <= i { images += Array(repeating: nil, count: i + 1 - images.count) }
        images[i] = Self.image(surface)
    }

    /// No image to composite.
    var isEmpty: Bool { !images.contains { $0 != nil } }

    /// Whether the compositor can draw into `target` (32-bit RGB888).
    static func canDraw(into target: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        target.pointee.format.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue && target.pointee.pixels != nil
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
    /// (`texture` on `renderer`) into `target`, the renderer's target (`canDraw(into:)`): the
    /// rectangles SDL would copy 1:1 composited here, the rest through the renderer. `clip`
    /// is the clip set on the renderer (points), `commandClip` the draw command's own clip
    /// (`clip` less a band's rows: a scaled copy is sampled as the whole window samples it,
    /// whichever band draws it), `scale` its scale; `scratch` holds rebased
    /// indices (reused, so no allocation per frame). Returns what was drawn, by kind.
    ///
    /// - Complexity: O(count + pixels composited).
    func draw(_ idx: UnsafePointer<Int32>, count: Int, verts: UnsafeBufferPointer<SDL_Vertex>,
              texture: OpaquePointer?, textureIndex: Int, renderer: OpaquePointer,
              target: UnsafeMutablePointer<SDL_Surface>, clip: SDL_Rect?, commandClip: SDL_Rect?, scale: Float,
              scratch: inout CompositorScratch, submit: inout Submitter) -> Counts {
        if texture == nil {
            return drawFills(idx, count: count, verts: verts, renderer: renderer, target: target, clip: clip, scale: scale,
                             scratch: &scratch, submit: &submit)
        }
        guard images.indices.contains(textureIndex), let image = images[textureIndex], count % 3 == 0,
              Self.indicesInRange(idx, count: count, vertexCount: verts.count), let vbase = verts.baseAddress else {
            if let vbase = verts.baseAddress, Self.indicesInRange(idx, count: count, vertexCount: verts.count) {
                submit.triangles(renderer, texture, vbase, vertexCount: verts.count, idx, count: count, rebased: &scratch.indices)
            } else {
                submit.geometry(renderer, texture, verts.baseAddress, Int32(verts.count), idx, Int32(count))
            }
            return Counts(toSDL: texture == nil ? 0 : count / 6)
        }
        let viewport = SDL_FRect(x: 0, y: 0, w: Float(Double(target.pointee.w) / Double(scale)),
                                 h: Float(Double(target.pointee.h) / Double(scale)))
        let pixelClip = Self.pixelClip(clip, scale: scale, target: target)
        let wholeClip = Self.pixelClip(commandClip, scale: scale, target: target)
        var counts = Counts()
        // The rebased indices apart from the rest of the scratch, which the copies use (a swap
        // of buffers, no copy).
        var rebased = ContiguousArray<Int32>()
        swap(&rebased, &scratch.indices)
        defer { swap(&rebased, &scratch.indices) }
        let handed = walkRectangles(idx, count: count, vbase: vbase, vertexCount: verts.count, texture: texture, renderer: renderer,
                                    rebased: &rebased, submit: &submit) { a, b, flush in
            let colour = vbase[Int(a)].color
            // Dropped, after what came before goes to SDL (in order).
            if Self.isOutside(vbase[Int(a)].position, vbase[Int(b)].position, viewport) {
                flush()
                counts.culled += 1
                return .drawn
            }
            guard let (src, dst) = Self.copy(a: vbase[Int(a)], b: vbase[Int(b)], width: Int32(image.width),
                                              height: Int32(image.height), viewport: viewport, scale: scale) else { return .leave }
            let tint = (r: UInt32(colour.r), g: UInt32(colour.g), b: UInt32(colour.b), a: UInt32(colour.a))
            flush()
            if dst.w != src.w || dst.h != src.h {
                // A copy too large to stretch here goes to SDL with what follows it.
                guard Self.compositeScaled(image, from: src, to: dst, clip: pixelClip, commandClip: wholeClip, tint: tint, kernel: kernel,
                                           into: target, buffer: &scratch.stretched) else { return .toRenderer }
                counts.scaled += 1
            } else {
                Self.composite(image, from: src, to: dst, clip: pixelClip, tint: tint, kernel: kernel, into: target)
                if tint != (255, 255, 255, 255) {
                    counts.tinted += 1
                } else if image.isOpaqueOrClear {
                    counts.copied += 1
                } else {
                    counts.blended += 1
                }
            }
            return .drawn
        }
        counts.toSDL += handed / 6
        return counts
    }

    static func indicesInRange(_ idx: UnsafePointer<Int32>, count: Int, vertexCount: Int) -> Bool {
        // As unsigned, a negative index is out of range too; a running maximum vectorizes.
        var largest: UInt32 = 0
        for i in 0..<count { largest = max(largest, UInt32(bitPattern: idx[i])) }
        return count == 0 || Int(largest) < vertexCount
    }

    /// The clip SDL's software renderer sets on its target for a renderer clip of `clip`
    /// points: each of x, y, w and h times the scale, floored, within the target.
    static func pixelClip(_ clip: SDL_Rect?, scale: Float, target: UnsafeMutablePointer<SDL_Surface>) -> SDL_Rect {
        let full = SDL_Rect(x: 0, y: 0, w: target.pointee.w, h: target.pointee.h)
        guard let c = clip else { return full }
        func px(_ v: Int32) -> Int32 { Int32((Double(v) * Double(scale)).rounded(.down)) }
        return SDL_Rect(x: px(c.x), y: px(c.y), w: px(c.w), h: px(c.h)).intersection(full)
    }

    /// SDL's source and destination rectangles (pixels) for the rectangle from `a` to `b` of
    /// an image `width` × `height`, when SDL would copy it, 1:1 or scaled; nil when it would
    /// flip or skip it, or the numbers are not finite.
    private static func copy(a: SDL_Vertex, b: SDL_Vertex, width w: Int32, height h: Int32,
                             viewport: SDL_FRect, scale: Float) -> (SDL_Rect, SDL_Rect)? {
        guard a.position.x.isFinite, a.position.y.isFinite, b.position.x.isFinite, b.position.y.isFinite else { return nil }
        let tw = Float(w), th = Float(h)
        // SDL_SW_RenderGeometryRaw: s from the texture coordinates, d from the positions.
        guard let sx = truncated(a.tex_coord.x * tw), let sy = truncated(a.tex_coord.y * th),
              let sw = truncated(b.tex_coord.x * tw - Float(sx)), let sh = truncated(b.tex_coord.y * th - Float(sy)),
              sw > 0, sh > 0 else { return nil }
        let d = SDL_FRect(x: a.position.x, y: a.position.y, w: b.position.x - a.position.x, h: b.position.y - a.position.y)
        // SDL_RenderCopyF: the source within the texture, the destination meeting the viewport.
        let src = SDL_Rect(x: sx, y: sy, w: sw, h: sh).intersection(SDL_Rect(x: 0, y: 0, w: w, h: h))
        guard src.w > 0, src.h > 0, d.w > 0, d.h > 0,
              max(d.x, viewport.x) < min(d.x + d.w, viewport.x + viewport.w),
              max(d.y, viewport.y) < min(d.y + d.h, viewport.y + viewport.h) else { return nil }
        // SW_RunCommandQueue blits when the sizes match and scales otherwise; a destination
        // truncated to nothing it scales to nothing.
        guard let dst = queuedDestination(d, scale: scale), dst.w > 0, dst.h > 0 else { return nil }
        return (src, dst)
    }

    /// `v` truncated toward zero, where that is an Int32 (nil for a NaN, an infinity or a
    /// number out of range): `Int32(exactly: v.rounded(.towardZero))`, without the call to
    /// `truncf` that rounding makes on a processor without SSE4.1's round instruction (four a
    /// sprite, a tenth of the Swift side of a copy).
    @inline(__always)
    static func truncated(_ v: Float) -> Int32? {
        // -2^31 and 2^31 are floats, and no float lies between 2^31 - 128 and 2^31: every
        // float from -2^31 up to below 2^31 truncates to an Int32, and none outside does.
        v >= -2_147_483_648 && v < 2_147_483_648 ? Int32(v) : nil
    }

    /// Whether the rectangle `a`–`b` (points) lies wholly outside `viewport`, where SDL draws none of it (NaN: `copy` refuses it).
    static func isOutside(_ a: SDL_FPoint, _ b: SDL_FPoint, _ viewport: SDL_FRect) -> Bool {
        max(a.x, b.x) <= viewport.x || min(a.x, b.x) >= viewport.x + viewport.w
            || max(a.y, b.y) <= viewport.y || min(a.y, b.y) >= viewport.y + viewport.h
    }

    /// Where SDL's software renderer copies to for a destination `d` in points: each number
    /// times `scale`, then truncated (`SW_QueueCopy`); nil past 2^30, well inside Int32.
    static func queuedDestination(_ d: SDL_FRect, scale: Float) -> SDL_Rect? {
        let limit: Float = 1_073_741_824
        let scaled = (d.x * scale, d.y * scale, d.w * scale, d.h * scale)
        guard abs(scaled.0) < limit, abs(scaled.1) < limit, abs(scaled.2) < limit, abs(scaled.3) < limit else { return nil }
        return SDL_Rect(x: Int32(scaled.0), y: Int32(scaled.1), w: Int32(scaled.2), h: Int32(scaled.3))
    }
}

/// The compositor and the surface it draws into: the renderer's own target.
struct CompositorTarget {
    var compositor: Compositor
    var surface: UnsafeMutablePointer<SDL_Surface>
}
