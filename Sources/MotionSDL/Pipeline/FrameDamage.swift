import CSDL2
import Engine
import Geometry

/// What the window surface already shows, so that a frame redraws only what
/// changed since the last one (software renderer).
///
/// Why: with SDL's software renderer the window surface keeps its pixels from one frame to
/// the next, and most frames of a desktop program change a small part of the window — the
/// HUD's numbers, a handle under a finger, a card being dragged. Redrawing the whole window
/// each time costs the same at 3840×2160 for a moved handle as for a new scene (the clear
/// alone is 33 MB written). Browsers and toolkits redraw their damaged region only; so
/// does this.
///
/// How: the last frame's list is kept (copied into buffers that keep their memory, so no
/// allocation once grown). The new list's commands are compared with the old ones in
/// order — texture, clip, mask, copy at drawn size, and each triangle's vertices, bit for
/// bit. Where a command differs, the boxes its old and its new triangles reach (within its
/// clip) are damaged; every other pixel is made by the same commands in the same order as
/// last frame, so it is already right. The damaged rectangles, with a margin, gathered into
/// at most `DamagedRows.capacity` separate runs of rows, each as wide as what it holds (the
/// HUD at the top and a handle further down are two, not everything between), are each
/// redrawn as a band is (`Platform.draw` with a band: the background filled there, every
/// command clipped to it), which gives the pixels a whole redraw gives (tested, every frame
/// of every scene's script).
///
/// Anything the lists do not show starts a whole redraw: a first frame, a new surface or
/// size or scale, a replaced texture (`invalidate()`), a window event, a change of
/// background or of masked images, a scale at which no whole number of points up to
/// `maxGrid` is a whole number of pixels (a band's rows must be whole pixels; at 1.25× the
/// damage is snapped out to 4 points, at 1.5× to 2), more than `maxIndices` indices
/// (comparing would cost more than it saves), or damage over most of the window.
struct FrameDamage {
    /// Lists with more indices than this are redrawn whole without being compared or kept:
    /// a frame of thousands of sprites changes everywhere, and comparing 10,000 of them cost
    /// 2 % of the stress scene's frame. The app's scenes draw at most about 600 quads (3,600
    /// indices).
    static let maxIndices = 24_000
    /// Damage over more than this fraction of the window redraws it whole (in bands, where
    /// they pay).
    static let wholeFraction = 0.6
    /// Points added above and below the damaged rows: vertices are snapped and truncated to
    /// whole pixels, and an anti-aliased fringe reaches up to a pixel out.
    static let margin: Float = 2

    /// The region a frame must redraw.
    enum Region: Equatable {
        /// Nothing changed: the surface already shows the frame.
        case nothing
        /// These rectangles, each in points as a band `Platform.draw` takes.
        case rows(DamagedRows)
        /// The whole window.
        case everything
    }

    private var vertices = DrawBuffer<DrawVertex>()
    private var indices = DrawBuffer<Int32>()
    private var commands = ContiguousArray<DrawCommand>()
    private var remap = ContiguousArray<Int32>()
    private var masks: [MaskedImage] = []
    private var background = Color.background
    private var snapBias = 0.0, pixelsPerPoint = 0.0
    private var surface = SurfaceKey()
    /// Whether the kept list is what the surface shows.
    private var valid = false

    /// What identifies the pixels a surface holds: its memory, size and pitch, and the scale drawn at.
    struct SurfaceKey: Equatable {
        var pixels: UnsafeMutableRawPointer?
        var w: Int32 = 0, h: Int32 = 0, pitch: Int32 = 0
        var scale: Float = 0
    }

    /// The next frame redraws everything (a texture changed, or the window was exposed,
    /// resized or moved to another display).
    mutating func invalidate() { valid = false }

    /// What `list` must redraw on `surface` (its pixels drawn at `scale`), given the frame
    /// kept by `remember`; `remap` is the frame's copies at drawn size (`DrawnSizeImages`).
    func region(for list: DrawList, surface key: SurfaceKey, remap newRemap: ContiguousArray<Int32>) -> Region {
        guard valid, key == surface, let grid = Self.grid(forScale: key.scale),
              list.indices.count <= Self.maxIndices, list.background == background, list.snapBias == snapBias,
              list.pixelsPerPoint == pixelsPerPoint, list.masks == masks else { return .everything }
        var damaged = DamagedRows()
        let old = commands, new = list.commands
        list.vertices.withUnsafeBufferPointer { nv in
            list.indices.withUnsafeBufferPointer { ni in
                vertices.withUnsafeBufferPointer { ov in
                    indices.withUnsafeBufferPointer { oi in
                        for k in 0..<max(old.count, new.count) {
                            if k < old.count && k < new.count
                                && Self.alike(old[k], copy: k < remap.count ? remap[k] : -1, new[k], copy: k < newRemap.count ? newRemap[k] : -1) {
                                // The same texture, clip and mask: only the triangles that differ.
                                Self.damage(&damaged, between: old[k], ov, oi, and: new[k], nv, ni)
                                continue
                            }
                            if k < old.count { Self.damage(&damaged, by: old[k], ov, oi) }
                            if k < new.count { Self.damage(&damaged, by: new[k], nv, ni) }
                        }
                    }
                }
            }
        }
        let width = (Float(key.w) / key.scale).rounded(.up), height = (Float(key.h) / key.scale).rounded(.up)
        damaged.snap(to: grid)
        damaged.bound(width: width, height: height)
        if damaged.count == 0 { return .nothing }
        if Double(damaged.area) > Self.wholeFraction * Double(width) * Double(height) { return .everything }
        return .rows(damaged)
    }

    /// The smallest whole number of points, up to `maxGrid`, that is a whole number of pixels
    /// at `scale` pixels a point: 1 at 1× and 2×, 2 at 1.5×, 4 at 1.25× and 1.75×. Damage
    /// is snapped out to it, so that a run's rows and columns fall on pixel edges as a band's
    /// must. Nil (redraw whole) below 1× or where no such number is small enough.
    static func grid(forScale scale: Float) -> Float? {
        guard scale >= 1, scale.isFinite else { return nil }
        for n in 1...Int(maxGrid) {
            let pixels = Double(scale) * Double(n)
            if abs(pixels - pixels.rounded()) < 1e-4 { return Float(n) }
        }
        return nil
    }
    /// The coarsest grid damage is snapped to (points).
    static let maxGrid: Float = 8

    /// Keeps `list` as what the surface now shows.
    mutating func remember(_ list: DrawList, surface key: SurfaceKey, remap newRemap: ContiguousArray<Int32>) {
        guard list.indices.count <= Self.maxIndices else { valid = false; return }
        if indices.isEmpty && commands.capacity < Self.maxIndices / 3 {
            // Room for any list that is kept, once: a list that grows later (more balls, a
            // longer song) then costs no allocation in the frame it grows (a quad is 4
            // vertices and 6 indices; a command draws at least 3 indices). About 1 MB.
            vertices.reserveCapacity(Self.maxIndices)
            indices.reserveCapacity(Self.maxIndices)
            commands.reserveCapacity(Self.maxIndices / 3)
            remap.reserveCapacity(Self.maxIndices / 3)
        }
        vertices.removeAll()
        list.vertices.withUnsafeBufferPointer { v in
            guard let base = v.baseAddress, v.count > 0 else { return }
            vertices.appendUninitialized(v.count).initialize(from: base, count: v.count)
        }
        indices.removeAll()
        list.indices.withUnsafeBufferPointer { i in
            guard let base = i.baseAddress, i.count > 0 else { return }
            indices.appendUninitialized(i.count).initialize(from: base, count: i.count)
        }
        commands.removeAll(keepingCapacity: true)
        commands.append(contentsOf: list.commands)
        remap.removeAll(keepingCapacity: true)
        remap.append(contentsOf: newRemap)
        // Copied, not shared: a list that shared its array with this one would copy it
        // when it is emptied for the next frame (an allocation a frame).
        masks.removeAll(keepingCapacity: true)
        masks.append(contentsOf: list.masks)
        background = list.background
        snapBias = list.snapBias
        pixelsPerPoint = list.pixelsPerPoint
        surface = key
        valid = true
    }

    /// Whether two commands draw with the same texture (or copy at drawn size), clip and mask.
    private static func alike(_ a: DrawCommand, copy ca: Int32, _ b: DrawCommand, copy cb: Int32) -> Bool {
        a.texture == b.texture && a.clip == b.clip && a.mask == b.mask && ca == cb
    }

    /// Damages the box of each triangle of `a` (old) and `b` (new), alike commands, that is
    /// not the same in both, vertex for vertex and bit for bit: a handle drawn in one
    /// command with the path under it damages the handle's box, not the path's.
    private static func damage(_ damaged: inout DamagedRows, between a: DrawCommand, _ av: UnsafeBufferPointer<DrawVertex>,
                               _ ai: UnsafeBufferPointer<Int32>, and b: DrawCommand, _ bv: UnsafeBufferPointer<DrawVertex>,
                               _ bi: UnsafeBufferPointer<Int32>) {
        let ta = a.indexCount / 3, tb = b.indexCount / 3
        // Each triangle's box on its own (`DamagedRows` joins near ones).
        func damage(_ c: DrawCommand, _ v: UnsafeBufferPointer<DrawVertex>, _ i: UnsafeBufferPointer<Int32>, triangle t: Int) {
            var box = Box()
            for j in 0..<3 {
                let p = Int(i[c.indexStart + 3 * t + j])
                guard p >= 0, p < v.count else { continue }
                box.take(v[p])
            }
            add(&damaged, box, clip: c.clip)
        }
        for t in 0..<max(ta, tb) {
            if t < ta && t < tb {
                var same = true
                for j in 0..<3 {
                    let p = Int(ai[a.indexStart + 3 * t + j]), q = Int(bi[b.indexStart + 3 * t + j])
                    if p < 0 || p >= av.count || q < 0 || q >= bv.count || !identical(av[p], bv[q]) { same = false; break }
                }
                if same { continue }
            }
            if t < ta { damage(a, av, ai, triangle: t) }
            if t < tb { damage(b, bv, bi, triangle: t) }
        }
    }

    @inline(__always)
    private static func identical(_ a: DrawVertex, _ b: DrawVertex) -> Bool {
        a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern && a.u.bitPattern == b.u.bitPattern
            && a.v.bitPattern == b.v.bitPattern && a.color == b.color
    }

    /// Adds the box command `c`'s triangles reach, within its clip, to `damaged`.
    private static func damage(_ damaged: inout DamagedRows, by c: DrawCommand,
                               _ v: UnsafeBufferPointer<DrawVertex>, _ i: UnsafeBufferPointer<Int32>) {
        var box = Box()
        for j in 0..<c.indexCount {
            let p = Int(i[c.indexStart + j])
            guard p >= 0, p < v.count else { continue }
            box.take(v[p])
        }
        add(&damaged, box, clip: c.clip)
    }

    /// The box of some vertices (points).
    private struct Box {
        var left = Float.infinity, right = -Float.infinity, top = Float.infinity, bottom = -Float.infinity

        @inline(__always)
        mutating func take(_ v: DrawVertex) {
            left = min(left, v.x); right = max(right, v.x)
            top = min(top, v.y); bottom = max(bottom, v.y)
        }
    }

    /// Adds `box`, within `clip`, with the margin all round and out to whole points, to `damaged`.
    private static func add(_ damaged: inout DamagedRows, _ box: Box, clip: Rect?) {
        var b = box
        if let clip {
            b.left = max(b.left, Float(clip.minX)); b.right = min(b.right, Float(clip.maxX))
            b.top = max(b.top, Float(clip.minY)); b.bottom = min(b.bottom, Float(clip.maxY))
        }
        guard b.left <= b.right, b.top <= b.bottom else { return }
        damaged.add(top: (b.top - margin).rounded(.down), bottom: (b.bottom + margin).rounded(.up),
                    left: (b.left - margin).rounded(.down), right: (b.right + margin).rounded(.up))
    }
}
