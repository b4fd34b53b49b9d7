import Geometry

extension PathSegment {
    /// The segment cut at parameter `t` (clamped to 0…1) into the part before and the part
    /// after, of the same kind, so that together they are the same curve: Béziers by de
    /// Casteljau's construction, arcs at the angle, lines at the point. The cut point is
    /// `point(at: t)`, exactly, as the end of the first part and the start of the second.
    ///
    /// Why the same kind: an editor that inserts an anchor on a path must not change its
    /// shape, so an arc stays an analytic arc (not a Bézier that approximates it) and a
    /// quadratic stays quadratic.
    public func split(at t: Double) -> (PathSegment, PathSegment) {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        let p = point(at: t)
        switch self {
        case .line(let a, let b):
            return (.line(a, p), .line(p, b))
        case .quad(let a, let c, let b):
            let ac = a * (1 - t) + c * t, cb = c * (1 - t) + b * t
            return (.quad(a, ac, p), .quad(p, cb, b))
        case .cubic(let a, let c1, let c2, let b):
            let ab = a * (1 - t) + c1 * t, bc = c1 * (1 - t) + c2 * t, cd = c2 * (1 - t) + b * t
            let abc = ab * (1 - t) + bc * t, bcd = bc * (1 - t) + cd * t
            return (.cubic(a, ab, abc, p), .cubic(p, bcd, cd, b))
        case .arc(let c, let rx, let ry, let rot, let start, let sweep):
            return (.arc(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep * t),
                    .arc(center: c, rx: rx, ry: ry, rotation: rot, start: start + sweep * t, sweep: sweep * (1 - t)))
        }
    }
}

extension PathSegment {
    /// The parameter near `t0` whose point is nearest `p`: Newton's method on
    /// (P(t) − p)·P′(t) = 0 from `t0`, kept in 0…1. For a place that moved between two
    /// descriptions of nearly the same curve (an arc and the cubics that replace it), where
    /// the parameters do not run alike.
    public func parameter(nearest p: Vec2, from t0: Double) -> Double {
        var t = t0.isFinite ? min(max(t0, 0), 1) : 0
        for _ in 0..<8 {
            let (q, d) = pointAndDerivative(at: t)
            let dd = secondDerivative(at: t)
            let f = (q - p).dot(d), df = d.dot(d) + (q - p).dot(dd)
            guard df > 1e-12, f.isFinite else { break }
            let next = min(max(t - f / df, 0), 1)
            if abs(next - t) < 1e-14 { t = next; break }
            t = next
        }
        return t
    }
}
