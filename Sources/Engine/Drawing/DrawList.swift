import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// A texture the draw list can name. 0 is "no texture" (flat colour); the rest are
/// assigned by `TextureCatalog` in the order the platform loads them.
public struct TextureID: Hashable, Sendable {
    public let raw: Int32
    @inlinable public init(raw: Int32) { self.raw = raw }
    public static let none = TextureID(raw: 0)
}

/// One vertex, laid out exactly as SDL's `SDL_Vertex` (position, colour, texture coordinate)
/// so the platform hands the array to `SDL_RenderGeometry` without copying. A test checks
/// the layout.
public struct DrawVertex: Equatable, Sendable, BitwiseCopyable {
    public var x: Float
    public var y: Float
    public var color: Color
    public var u: Float
    public var v: Float

    @inlinable @inline(__always)
    public init(_ p: Vec2, _ color: Color, _ u: Float = 0, _ v: Float = 0) {
        x = Float(p.x); y = Float(p.y); self.color = color; self.u = u; self.v = v
    }
}

/// How thick lines meet at corners (`CGLineJoin`).
public enum LineJoin: String, Sendable, CaseIterable { case miter, round, bevel }

/// A run of indices drawn with one texture and one clip rect: one `SDL_RenderGeometry` call.
public struct DrawCommand: Equatable, Sendable {
    public var texture: TextureID
    public var clip: Rect?
    public var indexStart: Int
    public var indexCount: Int
    /// 0, or 1 + the index in `DrawList.masks` of the masked image these triangles are the
    /// mask of: their alpha is the coverage through which that image shows.
    public var mask: Int32

    @inlinable
    public init(texture: TextureID, clip: Rect?, indexStart: Int, indexCount: Int, mask: Int32 = 0) {
        self.texture = texture; self.clip = clip; self.indexStart = indexStart; self.indexCount = indexCount; self.mask = mask
    }
}

/// An image shown through a mask: drawn in `rect`, tinted, where the mask's triangles cover
/// it, with their alpha as the coverage (a fringe of falling alpha anti-aliases the edge).
/// The platform draws the mask into an offscreen layer, multiplies the image in with one
/// blit (so no seam can run through the picture where triangles meet), and composites the
/// layer.
public struct MaskedImage: Equatable, Sendable {
    public var image: TextureID
    public var rect: Rect
    public var tint: Color
}

/// Everything one frame draws, in window points, as indexed triangles.
///
/// The core fills it; the platform submits it with one `SDL_RenderGeometry` per command.
/// Consecutive primitives with the same texture and clip share a command, so a frame of
/// thousands of sprites is a handful of calls. `reset()` keeps the capacity, so a steady
/// frame allocates nothing.
public struct DrawList: Sendable {
    @usableFromInline var vertexBuffer = DrawBuffer<DrawVertex>()
    @usableFromInline var indexBuffer = DrawBuffer<Int32>()
    @usableFromInline var commandList: ContiguousArray<DrawCommand> = []
    @usableFromInline var clipStack: [Rect] = []
    @usableFromInline var maskList: [MaskedImage] = []
    /// The mask being drawn (1 + its index in `masks`), or 0.
    @usableFromInline var currentMask: Int32 = 0
    /// The clear colour for the frame.
    public var background = Color.background
    /// Pixels per point where the list will be shown (set by the frame driver): edges fade
    /// over one pixel, and circles are divided finely enough for it.
    public var pixelsPerPoint = 1.0
    /// Added to the vertices of anti-aliased shapes (not to rects, images or masks): half a
    /// pixel where the renderer truncates vertices to whole pixels (SDL's software one), so
    /// that truncation rounds instead and fringes land within half a pixel of their place.
    public var snapBias = 0.0

    /// The offset for an anti-aliased shape's vertices now.
    @usableFromInline var shapeOffset: Vec2 { currentMask == 0 ? Vec2(snapBias, snapBias) : .zero }

    public init() {}

    /// The frame's vertices, in the order drawn.
    public var vertices: DrawBuffer<DrawVertex> { vertexBuffer }
    /// The frame's triangles, three indices into `vertices` each.
    public var indices: DrawBuffer<Int32> { indexBuffer }
    /// The runs of `indices` to draw, one texture and clip each.
    public var commands: ContiguousArray<DrawCommand> { commandList }
    /// The masked images of this frame (commands name them by `mask`).
    public var masks: [MaskedImage] { maskList }

    public mutating func reset() {
        vertexBuffer.removeAll()
        indexBuffer.removeAll()
        commandList.removeAll(keepingCapacity: true)
        clipStack.removeAll(keepingCapacity: true)
        maskList.removeAll(keepingCapacity: true)
        currentMask = 0
    }

    /// What is drawn until `endMask()` is the mask of `image` drawn in `rect`: untextured
    /// triangles whose alpha is the coverage (draw them white). Masks do not nest.
    public mutating func beginMask(_ image: TextureID, in rect: Rect, tint: Color = .white) {
        maskList.append(MaskedImage(image: image, rect: rect, tint: tint))
        currentMask = Int32(maskList.count)
    }

    /// Ends the mask begun by `beginMask`; what follows is drawn as usual.
    public mutating func endMask() { currentMask = 0 }

    public mutating func reserve(vertices v: Int, indices i: Int) {
        vertexBuffer.reserveCapacity(v)
        indexBuffer.reserveCapacity(i)
    }

    /// Clips what follows to `rect` (intersected with the clip in force) until `popClip`.
    public mutating func pushClip(_ rect: Rect) {
        let r = clipStack.last.map { $0.intersection(rect) } ?? rect
        clipStack.append(r)
    }

    public mutating func popClip() { _ = clipStack.popLast() }

    /// Starts or extends the command for `texture` at the current clip and returns the index
    /// of the next vertex.
    @inlinable @inline(__always)
    mutating func begin(_ texture: TextureID, indexCount: Int) -> Int32 {
        let clip = clipStack.last
        if let last = commandList.last, last.texture == texture, last.clip == clip, last.mask == currentMask {
            commandList[commandList.count - 1].indexCount += indexCount
        } else {
            commandList.append(DrawCommand(texture: texture, clip: clip, indexStart: indexBuffer.count, indexCount: indexCount, mask: currentMask))
        }
        return Int32(vertexBuffer.count)
    }

    /// A quad from four corners (clockwise or not), with texture coordinates.
    @inlinable @inline(__always)
    public mutating func quad(
        _ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2,
        color: Color, texture: TextureID = .none,
        uv: (u0: Float, v0: Float, u1: Float, v1: Float) = (0, 0, 1, 1)
    ) {
        let base = begin(texture, indexCount: 6)
        let v = vertexBuffer.appendUninitialized(4)
        v[0] = DrawVertex(p0, color, uv.u0, uv.v0)
        v[1] = DrawVertex(p1, color, uv.u1, uv.v0)
        v[2] = DrawVertex(p2, color, uv.u1, uv.v1)
        v[3] = DrawVertex(p3, color, uv.u0, uv.v1)
        let i = indexBuffer.appendUninitialized(6)
        i[0] = base; i[1] = base + 1; i[2] = base + 2
        i[3] = base; i[4] = base + 2; i[5] = base + 3
    }

    @inlinable
    public mutating func fillRect(_ r: Rect, color: Color) {
        rect(r, color: color, texture: .none, uv: (0, 0, 1, 1))
    }

    /// A textured rect; `tint` multiplies the texture (white leaves it as is).
    @inlinable
    public mutating func image(
        _ texture: TextureID, in r: Rect, tint: Color = .white,
        uv: (u0: Float, v0: Float, u1: Float, v1: Float) = (0, 0, 1, 1)
    ) {
        rect(r, color: tint, texture: texture, uv: uv)
    }

    /// An axis-aligned quad whose corners sit on a 1/256-point grid, so that their float
    /// coordinates are exact and so is the float width between them. SDL's software renderer
    /// draws such a quad as a rectangle of the truncated float width, and without the grid
    /// 155.37f − 123.37f = 31.99999 drew a 32 pt image 31 px wide, scaled (tested). A 256th
    /// of a point is finer than any renderer's subpixel precision.
    @inlinable @inline(__always)
    mutating func rect(_ r: Rect, color: Color, texture: TextureID, uv: (u0: Float, v0: Float, u1: Float, v1: Float)) {
        // Adding and taking away 1.5 · 2^44 rounds to a multiple of 2^-8 (that number's
        // spacing between doubles) for |v| < 2^43: two additions per coordinate.
        @inline(__always) func onGrid(_ v: Double) -> Double { (v + 0x1.8p44) - 0x1.8p44 }
        let x0 = onGrid(r.minX), y0 = onGrid(r.minY)
        let x1 = x0 + onGrid(r.width), y1 = y0 + onGrid(r.height)
        quad(Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1), color: color, texture: texture, uv: uv)
    }

    /// A textured rect rotated by `angle` about its centre.
    public mutating func image(_ texture: TextureID, center c: Vec2, size s: Vec2, angle: Double, tint: Color = .white) {
        let ax = Vec2.unit(angle: angle) * (s.x / 2)
        let ay = Vec2.unit(angle: angle).perpendicular * (s.y / 2)
        quad(c - ax - ay, c + ax - ay, c + ax + ay, c - ax + ay, color: tint, texture: texture)
    }

    /// Filled triangles from a vertex list and an index list local to it.
    public mutating func triangles(_ verts: some Collection<DrawVertex>, indices local: some Collection<Int32>, texture: TextureID = .none) {
        let base = begin(texture, indexCount: local.count)
        vertexBuffer.append(contentsOf: verts)
        for i in local { indexBuffer.append(base + i) }
    }

    /// A filled convex polygon, anti-aliased as Dear ImGui does it: the fill is inset by half
    /// a pixel and a one-pixel fringe fades from the colour to transparent across the edge,
    /// so the edge's half-coverage contour lies on the polygon's true edge.
    public mutating func fillConvex(_ points: [Vec2], color: Color) {
        let n = points.count
        guard n >= 3 else { return }
        let base = begin(.none, indexCount: (n - 2) * 3 + n * 6)
        appendEdgePairs(points, color: color)
        for i in 1..<(n - 1) {
            indexBuffer.append(base); indexBuffer.append(base + Int32(2 * i)); indexBuffer.append(base + Int32(2 * i + 2))
        }
        appendFringeIndices(base: base, count: n)
    }

    /// A one-pixel fringe around the closed outline `points` (either winding): from `color`
    /// half a pixel inside the edge to transparent half a pixel outside. Drawn after a fill
    /// of the exact outline, it anti-aliases that fill's edge.
    public mutating func fringe(around points: [Vec2], color: Color) {
        let n = points.count
        guard n >= 3 else { return }
        let base = begin(.none, indexCount: n * 6)
        appendEdgePairs(points, color: color)
        appendFringeIndices(base: base, count: n)
    }

    /// For each point of a closed outline, a vertex half a pixel inside in `color` and one
    /// half a pixel outside, transparent.
    private mutating func appendEdgePairs(_ points: [Vec2], color: Color) {
        let half = 0.5 / pixelsPerPoint, o = shapeOffset
        for (p, nrm) in zip(points, Self.vertexNormals(points)) {
            vertexBuffer.append(DrawVertex(p + o - nrm * half, color))
            vertexBuffer.append(DrawVertex(p + o + nrm * half, color.withAlpha(0)))
        }
    }

    /// Two triangles per edge between vertex pairs (inner, outer) laid out from `base`.
    private mutating func appendFringeIndices(base: Int32, count n: Int) {
        for i in 0..<n {
            let a = base + Int32(2 * i), b = base + Int32(2 * ((i + 1) % n))
            indexBuffer.append(a); indexBuffer.append(b); indexBuffer.append(b + 1)
            indexBuffer.append(a); indexBuffer.append(b + 1); indexBuffer.append(a + 1)
        }
    }

    /// Outward miter normals of a closed outline (either winding), each scaled so the offset
    /// edges stay parallel, capped at 4× for sharp corners.
    static func vertexNormals(_ p: [Vec2]) -> [Vec2] {
        let n = p.count
        var area = 0.0
        for i in 0..<n { area += p[i].cross(p[(i + 1) % n]) }
        // With y down, a positive shoelace sum winds clockwise on screen: outward is left of
        // travel then, right of it otherwise.
        let side = area > 0 ? -1.0 : 1.0
        return (0..<n).map { i in
            let a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n]
            let n0 = (b - a).normalized(or: .zero).perpendicular * side
            let n1 = (c - b).normalized(or: .zero).perpendicular * side
            let m = (n0 + n1).normalized(or: n1 == .zero ? n0 : n1)
            let cosHalf = max(m.dot(n1 == .zero ? n0 : n1), 0.25)
            return m / cosHalf
        }
    }

    /// A filled disc, anti-aliased with a one-pixel feather centred on the circle.
    public mutating func fillCircle(center: Vec2, radius: Double, color: Color) {
        let n = circleSegments(radius)
        let center = center + shapeOffset
        let base = begin(.none, indexCount: n * 9)
        vertexBuffer.append(DrawVertex(center, color))
        let half = 0.5 / pixelsPerPoint
        let inner = max(0, radius - half), outer = radius + half
        for i in 0..<n {
            let d = Vec2.unit(angle: Double(i) / Double(n) * 2 * .pi)
            vertexBuffer.append(DrawVertex(center + d * inner, color))
            vertexBuffer.append(DrawVertex(center + d * outer, color.withAlpha(0)))
        }
        for i in 0..<n {
            let a = base + 1 + Int32(2 * i), b = base + 1 + Int32(2 * ((i + 1) % n))
            indexBuffer.append(base); indexBuffer.append(a); indexBuffer.append(b)
            indexBuffer.append(a); indexBuffer.append(a + 1); indexBuffer.append(b + 1)
            indexBuffer.append(a); indexBuffer.append(b + 1); indexBuffer.append(b)
        }
    }

    /// A circle outline of the given line width, anti-aliased.
    public mutating func strokeCircle(center: Vec2, radius: Double, width: Double, color: Color) {
        let n = circleSegments(radius)
        var pts: [Vec2] = []
        pts.reserveCapacity(n)
        for i in 0..<n { pts.append(center + Vec2.unit(angle: Double(i) / Double(n) * 2 * .pi) * radius) }
        polyline(pts, width: width, color: color, closed: true)
    }

    /// Sides for a circle of radius `r` points: enough that no chord strays more than a
    /// quarter pixel from the circle (n = ⌈π / acos(1 − 0.25 px / r)⌉), 8 to 512.
    func circleSegments(_ r: Double) -> Int {
        let px = r * pixelsPerPoint
        guard px > 0.25, px.isFinite else { return 8 }
        return clamp(Int((Double.pi / acos(1 - 0.25 / px)).rounded(.up)), 8, 512)
    }

    /// An anti-aliased thick polyline: a solid core one pixel narrower than `width` and a
    /// one-pixel fringe fading to transparent on each side, so the half-coverage contour is
    /// at `width`. Joins are mitred, limited to 4× the half-width, so sharp corners do not
    /// spike. Lines thinner than a pixel fade instead of thinning.
    public mutating func polyline(_ pts: some RandomAccessCollection<Vec2>, width: Double, color: Color, closed: Bool, join: LineJoin = .miter) {
        let n = pts.count
        guard n >= 2 else { return }
        let px = 1 / pixelsPerPoint
        let half = max(0, width - px) / 2
        let fringe = px
        let core = width < px ? color.faded(width / px) : color
        let edge = color.withAlpha(0)
        let segs = closed ? n : n - 1
        let base = begin(.none, indexCount: segs * 18)
        let start = pts.startIndex
        let o = shapeOffset
        @inline(__always) func point(_ i: Int) -> Vec2 { pts[pts.index(start, offsetBy: positiveModulo(i, n))] + o }
        for i in 0..<n {
            let p = point(i)
            var dPrev = (p - point(i - 1)).normalized(or: .zero)
            var dNext = (point(i + 1) - p).normalized(or: .zero)
            if !closed && i == 0 { dPrev = dNext }
            if !closed && i == n - 1 { dNext = dPrev }
            if dPrev == .zero { dPrev = dNext }
            if dNext == .zero { dNext = dPrev }
            let nrm = (dPrev.perpendicular + dNext.perpendicular).normalized(or: dNext.perpendicular)
            // Miter joins extend up to 4× the half-width; bevel joins do not extend at all.
            let cosHalf = max(nrm.dot(dNext.perpendicular), join == .miter ? 0.25 : 1)
            let inner = nrm * (half / cosHalf)
            let outer = nrm * ((half + fringe) / cosHalf)
            vertexBuffer.append(DrawVertex(p + outer, edge))
            vertexBuffer.append(DrawVertex(p + inner, core))
            vertexBuffer.append(DrawVertex(p - inner, core))
            vertexBuffer.append(DrawVertex(p - outer, edge))
        }
        for s in 0..<segs {
            let a = base + Int32(4 * s), b = base + Int32(4 * ((s + 1) % n))
            for k in Int32(0)..<3 {
                indexBuffer.append(a + k); indexBuffer.append(b + k); indexBuffer.append(b + k + 1)
                indexBuffer.append(a + k); indexBuffer.append(b + k + 1); indexBuffer.append(a + k + 1)
            }
        }
        if join == .round && width > 2 {
            for p in pts { fillCircle(center: p, radius: width / 2, color: color) }
        }
    }

    /// Text in `font`, top-left at `at`, `scale` times the font's 1× size. Characters the
    /// font lacks draw as '?'. Returns the advance (width drawn).
    @discardableResult
    public mutating func text(_ s: String, at: Vec2, font: BitmapFont, color: Color = .text, scale: Double = 1) -> Double {
        var x = at.x
        let w = font.cellWidth * scale, h = font.cellHeight * scale
        for ch in s.unicodeScalars {
            if ch == " " { x += w; continue }
            let uv = font.uv(for: ch)
            image(font.texture, in: Rect(x: x, y: at.y, w: w, h: h), tint: color, uv: uv)
            x += w
        }
        return x - at.x
    }
}

// MARK: Bounds at the renderer

extension DrawList {
    /// How far from the origin (points, on either axis) a vertex, or a masked image's rect,
    /// may be when the list reaches a renderer: 2^24. That is a thousand windows past the
    /// largest one (16,384 points a side), yet small enough for SDL's software renderer, which
    /// turns a position into pixels × 2 in a 32-bit integer and shifts differences of those
    /// once more: up to 4 pixels per point nothing overflows. (A chord placed at x = 1e39
    /// became an infinite float, and SDL wrote outside the window.)
    public static let maxCoordinate: Float = 16_777_216

    /// Whether every vertex and every masked image's rect is finite and within
    /// ±`maxCoordinate`.
    /// - Complexity: O(vertices), branch-free so that it vectorises.
    public var isWithinDrawingBounds: Bool {
        let m = Self.maxCoordinate
        let outside = vertexBuffer.withUnsafeBufferPointer { vertices -> UInt8 in
            var flags: UInt8 = 0
            for v in vertices { flags |= (abs(v.x) <= m ? 0 : 1) | (abs(v.y) <= m ? 0 : 1) }
            return flags
        }
        return outside == 0 && maskList.allSatisfy { Self.isDrawable($0.rect) }
    }

    /// Whether `r`'s corners are within ±`maxCoordinate` (false for a NaN).
    static func isDrawable(_ r: Rect) -> Bool {
        let m = Double(maxCoordinate)
        return abs(r.minX) <= m && abs(r.minY) <= m && abs(r.maxX) <= m && abs(r.maxY) <= m
    }

    /// Leaves out every triangle with a vertex that is not finite, is beyond ±`maxCoordinate`
    /// or does not exist, and every masked image whose rect is beyond: what no renderer should
    /// be handed. Returns how many triangles were left out. The vertices stay where they are;
    /// the commands keep their order, and one left with no triangles draws nothing.
    /// - Complexity: O(vertices) when all is within bounds (the usual frame, left untouched,
    ///   so a copy of the list is not copied); else O(vertices + indices), in place.
    @discardableResult
    public mutating func cullBeyondDrawingBounds() -> Int {
        guard !isWithinDrawingBounds else { return 0 }
        let m = Self.maxCoordinate
        indexBuffer.prepare(0)  // unshared: the indices are compacted in place
        let idx = indexBuffer.base, verts = vertexBuffer.base, vertexCount = vertexBuffer.count
        @inline(__always) func inside(_ i: Int32) -> Bool {
            guard i >= 0, Int(i) < vertexCount else { return false }
            let v = verts[Int(i)]
            return abs(v.x) <= m && abs(v.y) <= m
        }
        // Commands cover consecutive runs of the indices, so the kept triangles move down
        // (never up) over ones already read.
        var write = 0, dropped = 0
        for c in commandList.indices {
            let cmd = commandList[c]
            let maskInside = cmd.mask == 0 || Self.isDrawable(maskList[Int(cmd.mask) - 1].rect)
            let start = write
            var t = cmd.indexStart
            while t + 3 <= cmd.indexStart + cmd.indexCount {
                if maskInside && inside(idx[t]) && inside(idx[t + 1]) && inside(idx[t + 2]) {
                    idx[write] = idx[t]
                    idx[write + 1] = idx[t + 1]
                    idx[write + 2] = idx[t + 2]
                    write += 3
                } else {
                    dropped += 1
                }
                t += 3
            }
            commandList[c].indexStart = start
            commandList[c].indexCount = write - start
        }
        indexBuffer.removeLast(indexBuffer.count - write)
        return dropped
    }
}
