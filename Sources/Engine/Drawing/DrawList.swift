import Geometry

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

    /// An empty list at 1 pixel per point.
    public init() {}

    /// The frame's vertices, in the order drawn.
    public var vertices: DrawBuffer<DrawVertex> { vertexBuffer }
    /// The frame's triangles, three indices into `vertices` each.
    public var indices: DrawBuffer<Int32> { indexBuffer }
    /// The runs of `indices` to draw, one texture and clip each.
    public var commands: ContiguousArray<DrawCommand> { commandList }
    /// The masked images of this frame (commands name them by `mask`).
    public var masks: [MaskedImage] { maskList }

    /// Empties the list for the next frame, keeping its memory: no allocation once it has grown.
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

    /// Makes room for `v` vertices and `i` indices in all, so a frame that draws that much does
    /// not grow the buffers on the way.
    public mutating func reserve(vertices v: Int, indices i: Int) {
        vertexBuffer.reserveCapacity(v)
        indexBuffer.reserveCapacity(i)
    }

    /// Clips what follows to `rect` (intersected with the clip in force) until `popClip`.
    public mutating func pushClip(_ rect: Rect) {
        let r = clipStack.last.map { $0.intersection(rect) } ?? rect
        clipStack.append(r)
    }

    /// Restores the clip in force before the last `pushClip`.
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

    /// A rect filled with `color`, with sharp edges (not anti-aliased).
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

    /// Text in `font`, top-left at `at`, `scale` times the font's 1× size. With the font's
    /// shaper, the line as shaped, rasterised at the pixels it is shown at
    /// (`shapedText`). Else a cell for each character that advances; a combining mark is drawn
    /// over the cell before it, and invisible format characters not at all
    /// (`BitmapFont.advances`). Characters the font lacks draw as a box. Returns the advance
    /// (width drawn).
    @discardableResult
    public mutating func text(_ s: String, at: Vec2, font: BitmapFont, color: Color = .text, scale: Double = 1) -> Double {
        if let shaper = font.shaper { return shapedText(s, at: at, font: font, shaper: shaper, color: color, scale: scale) }
        var x = at.x
        let w = font.cellWidth * scale, h = font.cellHeight * scale
        for ch in s.unicodeScalars {
            if ch == " " { x += w; continue }
            let advances = BitmapFont.advances(ch)
            if !advances && ch.properties.generalCategory == .format { continue }
            let uv = font.uv(for: ch)
            image(font.texture, in: Rect(x: advances ? x : max(at.x, x - w), y: at.y, w: w, h: h), tint: color, uv: uv)
            if advances { x += w }
        }
        return x - at.x
    }
}
