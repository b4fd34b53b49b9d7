#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

extension PathSegment {
    /// Appends points along the segment (excluding its start, including its end) so that the
    /// polyline deviates from the true curve by at most `tolerance`. Adaptive: straight
    /// stretches get few points, tight bends many.
    public func flatten(tolerance: Double, into out: inout [Vec2]) {
        let tol = max(tolerance, 1e-6)
        switch self {
        case .line(_, let b):
            out.append(b)
        case .arc(let c, let rx, let ry, let rot, let start, let sweep):
            // The sagitta of a chord spanning θ on radius r is r(1 − cos(θ/2)).
            let r = max(rx, ry)
            let maxStep = r > tol ? 2 * acos(max(-1, 1 - tol / r)) : Double.pi
            let n = max(1, Int((abs(sweep) / maxStep).rounded(.up)))
            for i in 1...n {
                out.append(ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: start + sweep * Double(i) / Double(n)))
            }
        case .quad, .cubic:
            subdivide(0, 1, tol, depth: 0, into: &out)
        }
    }

    /// Recursive subdivision: a piece is flat enough when its midpoint and quarter points lie
    /// within the tolerance of the chord; the bound is checked on the true curve.
    private func subdivide(_ t0: Double, _ t1: Double, _ tol: Double, depth: Int, into out: inout [Vec2]) {
        let a = point(at: t0), b = point(at: t1)
        var flat = depth >= 18
        if !flat {
            flat = true
            for f in [0.25, 0.5, 0.75] {
                if distanceToSegment(point(at: t0 + (t1 - t0) * f), a, b) > tol { flat = false; break }
            }
            // A piece with an inflection or loop can pass the three probes at low depth.
            if flat && depth < 2 { flat = false }
        }
        if flat {
            out.append(b)
        } else {
            let m = (t0 + t1) / 2
            subdivide(t0, m, tol, depth: depth + 1, into: &out)
            subdivide(m, t1, tol, depth: depth + 1, into: &out)
        }
    }
}

/// Distance from p to the segment ab.
@inline(__always)
public func distanceToSegment(_ p: Vec2, _ a: Vec2, _ b: Vec2) -> Double {
    let ab = b - a
    let l2 = ab.lengthSquared
    guard l2 > 0 else { return p.distance(to: a) }
    let t = clamp((p - a).dot(ab) / l2, 0, 1)
    return p.distance(to: a + ab * t)
}

extension Path {
    /// The path as polylines, one per subpath (closed ones do not repeat their start point),
    /// within `tolerance` points of the true curves (default 0.05 pt).
    public func flattened(tolerance: Double = 0.05) -> [(points: [Vec2], closed: Bool)] {
        subpaths.map { sub in
            var pts = [sub.start]
            for s in sub.segments { s.flatten(tolerance: tolerance, into: &pts) }
            if sub.isClosed, pts.count > 1, pts.last!.distance(to: pts[0]) < 1e-9 { pts.removeLast() }
            return (pts, sub.isClosed)
        }
    }
}
