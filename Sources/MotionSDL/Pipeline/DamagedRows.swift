import CSDL2
import Geometry

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

    /// Widens each run out to multiples of `grid` points (runs it comes to overlap are drawn
    /// twice over the overlap, which gives the same pixels).
    mutating func snap(to grid: Float) {
        guard grid > 1 else { return }
        for i in 0..<count {
            tops[i] = (tops[i] / grid).rounded(.down) * grid
            bottoms[i] = (bottoms[i] / grid).rounded(.up) * grid
            lefts[i] = (lefts[i] / grid).rounded(.down) * grid
            rights[i] = (rights[i] / grid).rounded(.up) * grid
        }
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
