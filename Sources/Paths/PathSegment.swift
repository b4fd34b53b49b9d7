#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// One drawable piece of a subpath, with exact evaluation: position and derivative at a
/// parameter t in [0, 1], and arc length by adaptive Gauss–Legendre quadrature (analytic
/// for lines and circular arcs).
public enum PathSegment: Equatable, Sendable {
    /// From the first point to the second.
    case line(Vec2, Vec2)
    /// Start, control point, end.
    case quad(Vec2, Vec2, Vec2)
    /// Start, two control points, end.
    case cubic(Vec2, Vec2, Vec2, Vec2)
    /// An elliptical arc: centre, radii, the x axis's rotation, start angle and signed sweep (radians).
    case arc(center: Vec2, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double)

    /// The point at parameter `t` (0 at the start, 1 at the end; not arc length).
    @inlinable @inline(__always)
    public func point(at t: Double) -> Vec2 {
        switch self {
        // Weighted, not a + (b − a)·t, so that t = 1 gives b exactly.
        case .line(let a, let b): return a * (1 - t) + b * t
        case .quad(let a, let c, let b):
            let u = 1 - t
            return a * (u * u) + c * (2 * u * t) + b * (t * t)
        case .cubic(let a, let c1, let c2, let b):
            let u = 1 - t
            return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
        case .arc(let c, let rx, let ry, let rot, let start, let sweep):
            return ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: start + sweep * t)
        }
    }

    /// dP/dt.
    @inlinable @inline(__always)
    public func derivative(at t: Double) -> Vec2 {
        switch self {
        case .line(let a, let b): return b - a
        case .quad(let a, let c, let b):
            return (c - a) * (2 * (1 - t)) + (b - c) * (2 * t)
        case .cubic(let a, let c1, let c2, let b):
            let u = 1 - t
            return (c1 - a) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (b - c2) * (3 * t * t)
        case .arc(_, let rx, let ry, let rot, let start, let sweep):
            let th = start + sweep * t
            let d = Vec2(-rx * sin(th), ry * cos(th)) * sweep
            return rot == 0 ? d : d.rotated(by: rot)
        }
    }

    /// Where the segment starts.
    public var start: Vec2 { point(at: 0) }
    /// Where the segment ends.
    public var end: Vec2 { point(at: 1) }

    /// The unit tangent at t, from the curve itself. Where the derivative vanishes (a cusp,
    /// or control points on an end point) it looks a little inside, then at the chord.
    @inlinable
    public func tangent(at t: Double) -> Vec2 {
        var d = derivative(at: t)
        // A derivative whose square overflows (an arc of radius past 1e150, only through the
        // API) is scaled down first; its direction is all that is wanted.
        if !d.lengthSquared.isFinite { d = d / max(abs(d.x), abs(d.y)) }
        if d.lengthSquared > 1e-18 { return d.normalized() }
        let eps = 1e-6
        let d2 = derivative(at: t < 0.5 ? t + eps : t - eps)
        if d2.lengthSquared > 1e-24 { return d2.normalized() }
        return (end - start).normalized(or: Vec2(1, 0))
    }

    /// Position and derivative at t with one dispatch (and, for arcs, one sine and cosine).
    @inlinable @inline(__always)
    public func pointAndDerivative(at t: Double) -> (Vec2, Vec2) {
        switch self {
        case .line(let a, let b): return (a * (1 - t) + b * t, b - a)
        case .quad(let a, let c, let b):
            let u = 1 - t
            return (a * (u * u) + c * (2 * u * t) + b * (t * t), (c - a) * (2 * u) + (b - c) * (2 * t))
        case .cubic(let a, let c1, let c2, let b):
            let u = 1 - t
            let p = a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
            return (p, (c1 - a) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (b - c2) * (3 * t * t))
        case .arc(let c, let rx, let ry, let rot, let start, let sweep):
            let th = start + sweep * t
            let cs = cos(th), sn = sin(th)
            let p = Vec2(rx * cs, ry * sn), d = Vec2(-rx * sn, ry * cs) * sweep
            return rot == 0 ? (c + p, d) : (c + p.rotated(by: rot), d.rotated(by: rot))
        }
    }

    /// Position and unit tangent at t together: for arcs one sine and cosine serve both,
    /// which halves the cost of sampling a circle.
    @inlinable @inline(__always)
    public func pointAndTangent(at t: Double) -> (Vec2, Vec2) {
        if case .arc(let c, let rx, let ry, let rot, let start, let sweep) = self, rx > 0 || ry > 0, sweep != 0 {
            let th = start + sweep * t
            let cs = cos(th), sn = sin(th)
            var p = Vec2(rx * cs, ry * sn)
            var d = Vec2(-rx * sn, ry * cs) * (sweep > 0 ? 1 : -1)
            if rot != 0 { p = p.rotated(by: rot); d = d.rotated(by: rot) }
            // Radii past 1e150 (only through the API) would overflow the square in normalizing.
            if rx > 1e150 || ry > 1e150 { d = d / max(rx, ry) }
            return (c + p, d.normalized(or: Vec2(1, 0)))
        }
        return (point(at: t), tangent(at: t))
    }

    /// d²P/dt², for curvature.
    public func secondDerivative(at t: Double) -> Vec2 {
        switch self {
        case .line: return .zero
        case .quad(let a, let c, let b): return (a - c * 2 + b) * 2
        case .cubic(let a, let c1, let c2, let b):
            return (c2 - c1 * 2 + a) * (6 * (1 - t)) + (b - c2 * 2 + c1) * (6 * t)
        case .arc(_, let rx, let ry, let rot, let start, let sweep):
            let th = start + sweep * t
            let d = Vec2(-rx * cos(th), -ry * sin(th)) * (sweep * sweep)
            return rot == 0 ? d : d.rotated(by: rot)
        }
    }

    /// Signed curvature at t (positive turning toward +y from +x: clockwise on screen);
    /// zero where the derivative vanishes.
    public func curvature(at t: Double) -> Double {
        let d = derivative(at: t)
        let speed = d.length
        guard speed > 1e-12 else { return 0 }
        return d.cross(secondDerivative(at: t)) / (speed * speed * speed)
    }

    /// Whether arc length is proportional to the parameter (lines and circular arcs).
    @inlinable
    public var hasUniformSpeed: Bool {
        switch self {
        case .line: true
        case .arc(_, let rx, let ry, _, _, _): rx == ry
        default: false
        }
    }

    /// Arc length from t0 to t1.
    public func length(from t0: Double = 0, to t1: Double = 1) -> Double {
        switch self {
        case .line(let a, let b): return a.distance(to: b) * (t1 - t0)
        case .arc(_, let rx, let ry, _, _, let sweep) where rx == ry:
            return rx * abs(sweep) * (t1 - t0)
        case .arc(_, let rx, let ry, let rot, let start, let sweep) where max(rx, ry) > 1e150:
            // The quadrature squares the speed, which would overflow: measure the ellipse at
            // unit size and scale the length back (only through the API: the parser's arcs
            // stay far smaller).
            let m = max(rx, ry)
            let unit = PathSegment.arc(center: .zero, rx: rx / m, ry: ry / m, rotation: rot, start: start, sweep: sweep)
            return unit.length(from: t0, to: t1) * m
        default:
            return adaptiveLength(t0, t1, gauss(t0, t1), depth: 0)
        }
    }

    /// |dP/dt|. For an arc the rotation is left out (it does not change a length): half the
    /// sines and cosines of `derivative(at:).length`, and the same bits when it is 0.
    @inline(__always)
    func speed(at t: Double) -> Double {
        if case .arc(_, let rx, let ry, _, let start, let sweep) = self {
            let th = start + sweep * t
            return (Vec2(-rx * sin(th), ry * cos(th)) * sweep).length
        }
        return derivative(at: t).length
    }

    /// 8-point Gauss–Legendre estimate of the length over [a, b]: exact to rounding over a
    /// short piece on which the speed is smooth (no cusp inside).
    func gauss(_ a: Double, _ b: Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        // Written out, in the loop's order (the same sum to the bit): the table build spends
        // most of its time here, and the loop over two global arrays checked both each time.
        typealias G = GaussLegendre8
        var sum = 0.0
        sum += G.w0 * speed(at: m + h * -G.x0)
        sum += G.w1 * speed(at: m + h * -G.x1)
        sum += G.w2 * speed(at: m + h * -G.x2)
        sum += G.w3 * speed(at: m + h * -G.x3)
        sum += G.w3 * speed(at: m + h * G.x3)
        sum += G.w2 * speed(at: m + h * G.x2)
        sum += G.w1 * speed(at: m + h * G.x1)
        sum += G.w0 * speed(at: m + h * G.x0)
        return sum * h
    }

    private func adaptiveLength(_ a: Double, _ b: Double, _ whole: Double, depth: Int) -> Double {
        let m = (a + b) / 2
        let left = gauss(a, m), right = gauss(m, b)
        if depth >= 12 || abs(left + right - whole) <= 1e-11 * max(1, abs(whole)) { return left + right }
        return adaptiveLength(a, m, left, depth: depth + 1) + adaptiveLength(m, b, right, depth: depth + 1)
    }
}

/// The 8-point Gauss–Legendre rule on [-1, 1]: nodes ±x0…±x3 (outermost first), weights w0…w3.
enum GaussLegendre8 {
    static let x0 = 0.9602898564975363, x1 = 0.7966664774136267, x2 = 0.5255324099163290, x3 = 0.1834346424956498
    static let w0 = 0.1012285362903763, w1 = 0.2223810344533745, w2 = 0.3137066458778873, w3 = 0.3626837833783620
}

/// A subpath as segments, closed or open.
public struct Subpath: Equatable, Sendable {
    /// The segments, each starting where the one before ends.
    public var segments: [PathSegment]
    /// Whether the subpath closes back to its start.
    public var isClosed: Bool
    /// The start point (also the only point of a subpath without segments).
    public var start: Vec2
}

extension Path {
    /// The path as subpaths of segments. A close adds the closing line when the last point
    /// is not already the start; a subpath that is only a move is kept as a single point.
    public var subpaths: [Subpath] {
        var out: [Subpath] = []
        var segs: [PathSegment] = []
        var start = Vec2.zero, cur = Vec2.zero
        var open = false
        func flush(closed: Bool) {
            if open { out.append(Subpath(segments: segs, isClosed: closed, start: start)) }
            segs = []
            open = false
        }
        // After a close, drawing on starts a new subpath at the closed one's start.
        func reopen() {
            if !open { start = cur; open = true }
        }
        for e in elements {
            switch e {
            case .move(let p):
                flush(closed: false)
                start = p; cur = p; open = true
            case .line(let p): reopen(); segs.append(.line(cur, p)); cur = p
            case .quad(let p, let c): reopen(); segs.append(.quad(cur, c, p)); cur = p
            case .curve(let p, let c1, let c2): reopen(); segs.append(.cubic(cur, c1, c2, p)); cur = p
            case .arc(let c, let rx, let ry, let rot, let st, let sw):
                reopen()
                segs.append(.arc(center: c, rx: rx, ry: ry, rotation: rot, start: st, sweep: sw))
                cur = ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: st + sw)
            case .close:
                if cur != start { segs.append(.line(cur, start)) }
                cur = start
                flush(closed: true)
                // Drawing after a close continues from the subpath's start.
                open = false
            }
        }
        flush(closed: false)
        return out
    }
}
