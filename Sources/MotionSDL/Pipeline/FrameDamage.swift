import CSDL2
import Engine
import Geometry

/// How many frames were redrawn whole, in part, or not at all (`FrameDamage`), and the
/// share of the window redrawn, summed over the frames.
package struct RedrawCounts: Sendable {
    package var whole = 0, inPart = 0, unchanged = 0
    package var area = 0.0

    /// The mean share of the window a frame redrew (0…1).
    package var meanArea: Double { area / Double(max(1, whole + inPart + unchanged)) }

    mutating func count(_ region: FrameDamage.Region, window: Vec2) {
        switch region {
        case .nothing: unchanged += 1
        case .rows(let r): inPart += 1; area += min(1, Double(r.area) / max(1, window.x * window.y))
        case .everything: whole += 1; area += 1
        }
    }
}

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
/// background or of masked images, a scale that is not whole pixels per point (a band's rows
/// must be whole pixels), more than `maxIndices` indices (comparing would cost more than it
/// saves), or damage over most of the window.
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

        static func == (a: Region, b: Region) -> Bool {
            switch (a, b) {
            case (.nothing, .nothing), (.everything, .everything): true
            case (.rows(let x), .rows(let y)): x == y
            default: false
            }
        }
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
        guard valid, key == surface, key.scale >= 1, key.scale == key.scale.rounded(),
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
        damaged.bound(width: width, height: height)
        if damaged.count == 0 { return .nothing }
        if Double(damaged.area) > Self.wholeFraction * Double(width) * Double(height) { return .everything }
        return .rows(damaged)
    }

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

/// Up to `capacity` separate runs of damaged rows (points, whole), each as wide as the
/// damage it holds, kept sorted by row and apart, in fixed storage (no allocation). A run
/// whose rows touch or come within `joinGap` points of another's joins it (the two become
/// their bounding box); past `capacity` runs, the two closest join.
struct DamagedRows: Equatable {
    static let capacity = 4
    /// Runs closer than this join: each run walks the whole list once more.
    static let joinGap: Float = 24
    private var tops = SIMD4<Float>(repeating: 0), bottoms = SIMD4<Float>(repeating: 0)
    private var lefts = SIMD4<Float>(repeating: 0), rights = SIMD4<Float>(repeating: 0)
    private(set) var count = 0

    /// Run `i` as a band for `Platform.draw` (after `bound`).
    subscript(i: Int) -> SDL_Rect {
        SDL_Rect(x: Int32(lefts[i]), y: Int32(tops[i]), w: Int32(rights[i] - lefts[i]), h: Int32(bottoms[i] - tops[i]))
    }

    /// The rows in all runs.
    var totalHeight: Float {
        var sum: Float = 0
        for i in 0..<count { sum += bottoms[i] - tops[i] }
        return sum
    }

    /// The points² in all runs.
    var area: Float {
        var sum: Float = 0
        for i in 0..<count { sum += (bottoms[i] - tops[i]) * (rights[i] - lefts[i]) }
        return sum
    }

    /// Adds the rectangle of rows [top, bottom) and columns [left, right).
    mutating func add(top: Float, bottom: Float, left: Float, right: Float) {
        guard top < bottom, left < right, top.isFinite, bottom.isFinite, left.isFinite, right.isFinite else { return }
        var t = top, b = bottom, l = left, r = right
        // Every run it reaches joins it; the rest stay in order, and it goes among them.
        var n = 0
        var ts = SIMD8<Float>(repeating: 0), bs = SIMD8<Float>(repeating: 0), ls = SIMD8<Float>(repeating: 0), rs = SIMD8<Float>(repeating: 0)
        for i in 0..<count {
            if tops[i] <= b + Self.joinGap && t <= bottoms[i] + Self.joinGap {
                t = min(t, tops[i]); b = max(b, bottoms[i]); l = min(l, lefts[i]); r = max(r, rights[i])
            } else {
                ts[n] = tops[i]; bs[n] = bottoms[i]; ls[n] = lefts[i]; rs[n] = rights[i]; n += 1
            }
        }
        var i = n
        while i > 0 && ts[i - 1] > t {
            ts[i] = ts[i - 1]; bs[i] = bs[i - 1]; ls[i] = ls[i - 1]; rs[i] = rs[i - 1]; i -= 1
        }
        ts[i] = t; bs[i] = b; ls[i] = l; rs[i] = r
        n += 1
        if n > Self.capacity {
            // One too many: the two closest neighbours join.
            var closest = 0
            for k in 1..<(n - 1) where ts[k + 1] - bs[k] < ts[closest + 1] - bs[closest] { closest = k }
            bs[closest] = max(bs[closest], bs[closest + 1])
            ls[closest] = min(ls[closest], ls[closest + 1]); rs[closest] = max(rs[closest], rs[closest + 1])
            for k in (closest + 1)..<(n - 1) { ts[k] = ts[k + 1]; bs[k] = bs[k + 1]; ls[k] = ls[k + 1]; rs[k] = rs[k + 1] }
            n -= 1
        }
        for k in 0..<n { tops[k] = ts[k]; bottoms[k] = bs[k]; lefts[k] = ls[k]; rights[k] = rs[k] }
        count = n
    }

    /// Clips the runs to the window, `width` × `height` points.
    mutating func bound(width: Float, height: Float) {
        var kept = 0
        for i in 0..<count {
            let t = max(0, tops[i]), b = min(height, bottoms[i]), l = max(0, lefts[i]), r = min(width, rights[i])
            if t < b && l < r { tops[kept] = t; bottoms[kept] = b; lefts[kept] = l; rights[kept] = r; kept += 1 }
        }
        count = kept
    }

    static func == (a: DamagedRows, b: DamagedRows) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a.tops[i] != b.tops[i] || a.bottoms[i] != b.bottoms[i] || a.lefts[i] != b.lefts[i]
            || a.rights[i] != b.rights[i] { return false }
        return true
    }

    /// No damage.
    init() {}

    /// `rects` (top, bottom, left, right) added in turn.
    init(_ rects: [(Float, Float, Float, Float)]) {
        for r in rects { add(top: r.0, bottom: r.1, left: r.2, right: r.3) }
    }
}
