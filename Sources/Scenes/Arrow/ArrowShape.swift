import Engine
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// The seed's ring arrow: a thick ring segment from `startRadians` with an arrowhead at its
/// end, `lengthRadians` long in total (negative draws the other way), the head
/// `headLengthRadians` long, clipped to the total and given its sign. With `barb` > 0 the
/// head is an arrowhead: its base reaches `barb` beyond the ring on each side (0: the seed's
/// head, as wide as the ring).
public struct ArrowShape: Equatable, Sendable {
    public var center: Vec2
    public var outerRadius: Double
    public var thickness: Double
    public var startRadians: Double
    public var lengthRadians: Double
    public var headLengthRadians: Double
    public var barb: Double

    public init(center: Vec2, outerRadius: Double, thickness: Double, startRadians: Double, lengthRadians: Double,
                headLengthRadians: Double, barb: Double = 0) {
        self.center = center; self.outerRadius = outerRadius; self.thickness = thickness
        self.startRadians = startRadians; self.lengthRadians = lengthRadians; self.headLengthRadians = headLengthRadians
        self.barb = max(0, barb)
    }

    /// The head length with the sign of the total length, no longer than the total.
    public var clippedHeadLengthRadians: Double {
        var h = copysign(abs(headLengthRadians), lengthRadians)
        if abs(h) > abs(lengthRadians) { h = lengthRadians }
        return h
    }

    /// Where the tail meets the head, computed so that it equals `startRadians` exactly when
    /// the head was clipped (so no stray sliver of tail is drawn).
    public var headRadians: Double { startRadians + (lengthRadians - clippedHeadLengthRadians) }
    public var tipRadians: Double { startRadians + lengthRadians }
    public var innerRadius: Double { outerRadius - thickness }
    public var tipRadius: Double { outerRadius - thickness / 2 }

    private func at(_ r: Double, _ a: Double) -> Vec2 { center + Vec2(cos(a), sin(a)) * r }

    /// The head's base corners, outside the ring by `barb` (on it when there is none).
    private var barbs: (outer: Vec2, inner: Vec2) {
        (at(outerRadius + barb, headRadians), at(max(0, innerRadius - barb), headRadians))
    }

    /// The closed outline: tip, the head's outer corner, outer arc from head back to start,
    /// inner arc from start to head, the head's inner corner. Arcs are divided finely enough
    /// to deviate less than `tolerance` points.
    public func outline(tolerance: Double = 0.25) -> [Vec2] {
        let (outer, inner) = arcs(tolerance: tolerance)
        guard barb > 0 else { return [at(tipRadius, tipRadians)] + outer.reversed() + inner }
        return [at(tipRadius, tipRadians), barbs.outer] + outer.reversed() + inner + [barbs.inner]
    }

    /// Outer and inner arc points from start to head.
    private func arcs(tolerance: Double) -> ([Vec2], [Vec2]) {
        let span = headRadians - startRadians
        let maxStep = outerRadius > tolerance ? 2 * acos(1 - tolerance / outerRadius) : Double.pi / 8
        let n = max(1, Int((abs(span) / maxStep).rounded(.up)))
        var outer: [Vec2] = [], inner: [Vec2] = []
        outer.reserveCapacity(n + 1); inner.reserveCapacity(n + 1)
        for k in 0...n {
            let a = startRadians + span * Double(k) / Double(n)
            outer.append(at(outerRadius, a))
            inner.append(at(innerRadius, a))
        }
        return (outer, inner)
    }

    /// Fills the arrow, anti-aliased: `texture` (when given) drawn in `imageRect` shows
    /// through it — the arrow masks the image — tinted by `color`; without one, it is filled
    /// with `color`. Triangles of the exact outline, then a one-pixel fringe across its edge.
    /// Nothing is drawn for a zero length.
    public func fill(into list: inout DrawList, color: Color, texture: TextureID = .none, imageRect: Rect = .zero, tolerance: Double = 0.25) {
        guard lengthRadians != 0, thickness > 0 else { return }
        let (outer, inner) = arcs(tolerance: tolerance)
        let masked = texture != .none && imageRect.width > 0 && imageRect.height > 0
        // In a mask, white is full coverage; the image and its tint come in when composited.
        let paint = masked ? Color.white : color
        var verts: [DrawVertex] = []
        var idx: [Int32] = []
        if headRadians != startRadians {
            for i in outer.indices { verts.append(DrawVertex(outer[i], paint)); verts.append(DrawVertex(inner[i], paint)) }
            for i in 0..<(outer.count - 1) {
                let a = Int32(2 * i)
                idx += [a, a + 1, a + 2, a + 1, a + 3, a + 2]
            }
        }
        let base = Int32(verts.count)
        // The head: a triangle from the tip to its base corners (the ring's edges, or the barbs).
        let corners = barb > 0 ? barbs : (outer.last!, inner.last!)
        verts += [DrawVertex(corners.outer, paint), DrawVertex(corners.inner, paint), DrawVertex(at(tipRadius, tipRadians), paint)]
        idx += [base, base + 1, base + 2]
        if masked { list.beginMask(texture, in: imageRect, tint: color) }
        list.triangles(verts, indices: idx)
        list.fringe(around: barb > 0 ? outline(tolerance: tolerance) : [at(tipRadius, tipRadians)] + outer.reversed() + inner, color: paint)
        if masked { list.endMask() }
    }
}
