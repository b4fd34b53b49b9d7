#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// One element of a path, in the vocabulary of Core Graphics and SVG.
public enum PathElement: Equatable, Sendable {
    /// Starts a new subpath at a point.
    case move(to: Vec2)
    /// A straight line from the current point.
    case line(to: Vec2)
    /// A quadratic Bézier from the current point, with one control point.
    case quad(to: Vec2, control: Vec2)
    /// A cubic Bézier from the current point, with two control points.
    case curve(to: Vec2, control1: Vec2, control2: Vec2)
    /// An elliptical arc, evaluated analytically: centre, radii, x-axis rotation, start angle
    /// and signed sweep (radians; positive sweeps toward +y, which is clockwise on screen).
    /// A circle is `rx == ry`. Preceded by an implicit line from the current point to its start.
    case arc(center: Vec2, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double)
    /// A line back to the subpath's start, closing it.
    case close
}

/// A path of subpaths built from moves, lines, quadratic and cubic Béziers, arcs and closes.
///
/// Non-finite coordinates are rejected at this edge (the element is ignored and counted in
/// `rejectedElements`), so nothing downstream ever sees NaN.
public struct Path: Equatable, Sendable {
    /// The elements as appended (those with non-finite coordinates left out).
    public private(set) var elements: [PathElement] = []
    /// How many elements were refused for a non-finite coordinate.
    public private(set) var rejectedElements = 0
    private var current: Vec2?
    private var subpathStart: Vec2?

    /// An empty path.
    public init() {}

    /// A path of `elements`, appended in order (see `append(_:)`).
    public init(elements: [PathElement]) {
        for e in elements { append(e) }
    }

    /// Where the next element starts, if the path has a current point.
    public var currentPoint: Vec2? { current }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends `e` through the method of its kind (`move(to:)`, `line(to:)`, …).
    public mutating func append(_ e: PathElement) {
        switch e {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .quad(let p, let c): quad(to: p, control: c)
        case .curve(let p, let c1, let c2): curve(to: p, control1: c1, control2: c2)
        case .arc(let c, let rx, let ry, let rot, let start, let sweep):
            addEllipticalArc(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep)
        case .close: close()
        }
    }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Vec2) {
        guard p.isFinite else { rejectedElements += 1; return }
        elements.append(.move(to: p))
        current = p
        subpathStart = p
    }

    /// A line; with no current point it starts a subpath instead.
    public mutating func line(to p: Vec2) {
        guard p.isFinite else { rejectedElements += 1; return }
        guard current != nil else { return move(to: p) }
        elements.append(.line(to: p))
        current = p
    }

    /// A quadratic Bézier from the current point to `p`, bent toward `c`.
    public mutating func quad(to p: Vec2, control c: Vec2) {
        guard p.isFinite, c.isFinite else { rejectedElements += 1; return }
        if current == nil { move(to: c) }
        elements.append(.quad(to: p, control: c))
        current = p
    }

    /// A cubic Bézier from the current point to `p`, with control points `c1` and `c2`.
    public mutating func curve(to p: Vec2, control1 c1: Vec2, control2 c2: Vec2) {
        guard p.isFinite, c1.isFinite, c2.isFinite else { rejectedElements += 1; return }
        if current == nil { move(to: c1) }
        elements.append(.curve(to: p, control1: c1, control2: c2))
        current = p
    }

    /// UIBezierPath's `addArcWithCenter:radius:startAngle:endAngle:clockwise:` in y-down
    /// window points: `clockwise` sweeps toward increasing angles (clockwise on screen). The
    /// sweep is the angle from start to end in that direction, in (0, 2π] (a difference of
    /// 2π or more draws the whole circle; equal angles draw nothing). An implicit line joins
    /// the current point to the arc's start.
    public mutating func addArc(center: Vec2, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        addEllipticalArc(center: center, rx: radius, ry: radius, rotation: 0, start: startAngle,
                         sweep: Path.sweep(from: startAngle, to: endAngle, clockwise: clockwise))
    }

    /// The signed sweep from `a` to `b` in the given direction, as Core Graphics computes it.
    public static func sweep(from a: Double, to b: Double, clockwise: Bool) -> Double {
        let d = b - a
        if d == 0 { return 0 }
        let twoPi = 2 * Double.pi
        if clockwise {
            if d >= twoPi { return twoPi }
            return d > 0 ? d : positiveModulo(d, twoPi) == 0 ? twoPi : positiveModulo(d, twoPi)
        } else {
            if d <= -twoPi { return -twoPi }
            return d < 0 ? d : -(positiveModulo(-d, twoPi) == 0 ? twoPi : positiveModulo(-d, twoPi))
        }
    }

    /// An elliptical arc with an implicit line from the current point to its start.
    public mutating func addEllipticalArc(center: Vec2, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double) {
        guard center.isFinite, rx.isFinite, ry.isFinite, rotation.isFinite, start.isFinite, sweep.isFinite else {
            rejectedElements += 1
            return
        }
        let rx = abs(rx), ry = abs(ry)
        let arcStart = ellipsePoint(center: center, rx: rx, ry: ry, rotation: rotation, angle: start)
        let arcEnd = ellipsePoint(center: center, rx: rx, ry: ry, rotation: rotation, angle: start + sweep)
        if current == nil {
            move(to: arcStart)
        } else if current!.distance(to: arcStart) > 1e-9 * max(1, rx, ry) {
            line(to: arcStart)
        }
        elements.append(.arc(center: center, rx: rx, ry: ry, rotation: rotation, start: start, sweep: sweep))
        current = arcEnd
    }

    /// Closes the subpath; the current point returns to its start.
    public mutating func close() {
        guard current != nil else { return }
        elements.append(.close)
        current = subpathStart
    }

    /// The path with every point transformed. Arcs stay analytic: an affine map takes an
    /// ellipse to an ellipse (`transformedArc`); only a map that flattens one (no area) makes
    /// cubics of it.
    public func applying(_ t: AffineTransform) -> Path {
        var out = Path()
        let sx = Vec2(t.a, t.b).length, sy = Vec2(t.c, t.d).length
        let similarity = abs(sx - sy) <= 1e-12 * max(sx, sy) && abs(t.a * t.c + t.b * t.d) <= 1e-12 * sx * sy
        let flips = t.determinant < 0
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.line(to: t.apply(p))
            case .quad(let p, let c): out.quad(to: t.apply(p), control: t.apply(c))
            case .curve(let p, let c1, let c2): out.curve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .arc(let c, let rx, let ry, let rot, let start, let sweep):
                if similarity {
                    let angle = atan2(t.b, t.a)
                    if flips {
                        // A mirror reverses the sweep and reflects angles about the rotated axis.
                        out.addEllipticalArc(center: t.apply(c), rx: rx * sx, ry: ry * sx, rotation: angle - rot,
                                             start: -start, sweep: -sweep)
                    } else {
                        out.addEllipticalArc(center: t.apply(c), rx: rx * sx, ry: ry * sx, rotation: rot + angle,
                                             start: start, sweep: sweep)
                    }
                } else if let arc = Self.transformedArc(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep, by: t) {
                    out.addEllipticalArc(center: arc.center, rx: arc.rx, ry: arc.ry, rotation: arc.rotation, start: arc.start,
                                         sweep: arc.sweep)
                } else {
                    // The implicit line to the arc's start is already an element of its own.
                    if out.currentPoint == nil {
                        out.move(to: t.apply(ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: start)))
                    }
                    for (c1, c2, p) in arcAsCubics(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep) {
                        out.curve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
                    }
                }
            case .close: out.close()
            }
        }
        return out
    }

    /// An elliptical arc under the affine map `t`: another elliptical arc, exactly. The arc is
    /// c + A·(cos θ, sin θ) with A = R(rotation)·diag(rx, ry); under t its points are
    /// t(c) + M·A·(cos θ, sin θ), M the map's linear part, and M·A = R(φ)·diag(σ₁, σ₂)·R(ψ)
    /// (the 2×2 singular value decomposition in closed form), so the new arc has radii σ₁ and
    /// |σ₂|, rotation φ, and its angles moved by ψ (mirrored, with the sweep, when σ₂ < 0: the
    /// map reverses orientation). Nil when the map flattens the ellipse (σ₂ ≈ 0) or a number
    /// is not finite. (A hostile tour's `scale(1,0.5)` circle came out 0.2 pt long as cubics,
    /// and an edit rewrote every arc of such a file.)
    static func transformedArc(center c: Vec2, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double,
                               by t: AffineTransform)
        -> (center: Vec2, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double)? {
        let cr = cos(rotation), sr = sin(rotation)
        // A = R(rotation)·diag(rx, ry), then M·A, entries by row.
        let a11 = cr * rx, a12 = -sr * ry, a21 = sr * rx, a22 = cr * ry
        let m11 = t.a * a11 + t.c * a21, m12 = t.a * a12 + t.c * a22
        let m21 = t.b * a11 + t.d * a21, m22 = t.b * a12 + t.d * a22
        let e = (m11 + m22) / 2, f = (m11 - m22) / 2, g = (m21 + m12) / 2, h = (m21 - m12) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let s1 = q + r, s2 = q - r
        let a1 = atan2(g, f), a2 = atan2(h, e)
        let phi = (a2 + a1) / 2, psi = (a2 - a1) / 2
        guard s1.isFinite, s2.isFinite, phi.isFinite, psi.isFinite, abs(s2) > 1e-12 * s1 else { return nil }
        let center = t.apply(c)
        if s2 > 0 { return (center, s1, s2, phi, start + psi, sweep) }
        return (center, s1, -s2, phi, -(start + psi), -sweep)
    }

    /// The bounding box of the path's control geometry (exact for lines; a slight
    /// over-estimate for curves; arcs use their ellipse's box).
    public var controlBounds: Rect {
        var lo = Vec2(Double.infinity, .infinity), hi = Vec2(-Double.infinity, -.infinity)
        func add(_ p: Vec2) {
            lo = Vec2(min(lo.x, p.x), min(lo.y, p.y))
            hi = Vec2(max(hi.x, p.x), max(hi.y, p.y))
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .arc(let c, let rx, let ry, _, _, _):
                let r = max(rx, ry)
                add(c - Vec2(r, r)); add(c + Vec2(r, r))
            case .close: break
            }
        }
        guard lo.x <= hi.x else { return .zero }
        return Rect(origin: lo, size: hi - lo)
    }
}

/// The point at `angle` on a rotated ellipse.
@inlinable @inline(__always)
public func ellipsePoint(center: Vec2, rx: Double, ry: Double, rotation: Double, angle: Double) -> Vec2 {
    let local = Vec2(rx * cos(angle), ry * sin(angle))
    return center + (rotation == 0 ? local : local.rotated(by: rotation))
}

/// An elliptical arc as cubic Béziers of at most 90° each: (control1, control2, end).
package func arcAsCubics(center: Vec2, rx: Double, ry: Double, rotation: Double, start: Double, sweep: Double) -> [(Vec2, Vec2, Vec2)] {
    let n = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
    let step = sweep / Double(n)
    let k = 4.0 / 3.0 * tan(step / 4)
    var out: [(Vec2, Vec2, Vec2)] = []
    for i in 0..<n {
        let a0 = start + Double(i) * step, a1 = a0 + step
        let d0 = Vec2(-rx * sin(a0), ry * cos(a0)).rotated(by: rotation)
        let d1 = Vec2(-rx * sin(a1), ry * cos(a1)).rotated(by: rotation)
        let p0 = ellipsePoint(center: center, rx: rx, ry: ry, rotation: rotation, angle: a0)
        let p1 = ellipsePoint(center: center, rx: rx, ry: ry, rotation: rotation, angle: a1)
        out.append((p0 + d0 * k, p1 - d1 * k, p1))
    }
    return out
}
