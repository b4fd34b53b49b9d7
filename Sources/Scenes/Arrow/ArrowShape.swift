import Engine
import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Motion
import Paths

/// The seed's ring arrow: a thick ring segment from `startRadians` with an arrowhead at its
/// end, `lengthRadians` long in total (negative draws the other way), the head
/// `headLengthRadians` long, clipped to the total and given its sign.
public struct ArrowShape: Equatable, Sendable {
    public var center: Vec2
    public var outerRadius: Double
    public var thickness: Double
    public var startRadians: Double
    public var lengthRadians: Double
    public var headLengthRadians: Double

    public init(center: Vec2, outerRadius: Double, thickness: Double, startRadians: Double, lengthRadians: Double, headLengthRadians: Double) {
        self.center = center; self.outerRadius = outerRadius; self.thickness = thickness
        self.startRadians = startRadians; self.lengthRadians = lengthRadians; self.headLengthRadians = headLengthRadians
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

    /// The closed outline: tip, outer arc from head back to start, inner arc from start to
    /// head. Arcs are divided finely enough to deviate less than `tolerance` points.
    public func outline(tolerance: Double = 0.25) -> [Vec2] {
        let (outer, inner) = arcs(tolerance: tolerance)
        return [at(tipRadius, tipRadians)] + outer.reversed() + inner
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

    /// Fills the arrow as triangles, textured so that `image` drawn in `imageRect` shows
    /// through it: the arrow masks the image. Nothing is drawn for a zero length.
    public func fill(into list: inout DrawList, color: Color, texture: TextureID = .none, imageRect: Rect = .zero, tolerance: Double = 0.25) {
        guard lengthRadians != 0, thickness > 0 else { return }
        let (outer, inner) = arcs(tolerance: tolerance)
        var verts: [DrawVertex] = []
        var idx: [Int32] = []
        func vertex(_ p: Vec2) -> DrawVertex {
            guard imageRect.width > 0, imageRect.height > 0 else { return DrawVertex(p, color) }
            return DrawVertex(p, color, Float((p.x - imageRect.minX) / imageRect.width), Float((p.y - imageRect.minY) / imageRect.height))
        }
        if headRadians != startRadians {
            for i in outer.indices { verts.append(vertex(outer[i])); verts.append(vertex(inner[i])) }
            for i in 0..<(outer.count - 1) {
                let a = Int32(2 * i)
                idx += [a, a + 1, a + 2, a + 1, a + 3, a + 2]
            }
        }
        let base = Int32(verts.count)
        verts.append(vertex(outer.last!)); verts.append(vertex(inner.last!)); verts.append(vertex(at(tipRadius, tipRadians)))
        idx += [base, base + 1, base + 2]
        list.triangles(verts, indices: idx, texture: texture)
    }
}
