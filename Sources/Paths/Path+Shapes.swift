#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

extension Path {
    /// The seed's figure 8 laid out in `bounds`: r = height / 6, circle centres at
    /// midY ∓ r·√2, a 270° arc round each circle, joined by two diagonals that cross at the
    /// centre at right angles.
    public static func figureEight(in bounds: Rect) -> Path {
        let r = bounds.height / 6
        let offset = 2 * r * (0.5).squareRoot()
        let top = Vec2(bounds.midX, bounds.midY - offset)
        let bottom = Vec2(bounds.midX, bounds.midY + offset)
        var p = Path()
        p.addArc(center: top, radius: r, startAngle: .pi / 4, endAngle: -.pi - .pi / 4, clockwise: false)
        p.addArc(center: bottom, radius: r, startAngle: -.pi / 4, endAngle: .pi + .pi / 4, clockwise: true)
        p.close()
        return p
    }

    /// The ellipse inscribed in `rect`, starting at its right-most point and running
    /// clockwise on screen, as one analytic arc.
    public static func ellipse(in rect: Rect) -> Path {
        var p = Path()
        p.addEllipticalArc(center: rect.center, rx: rect.width / 2, ry: rect.height / 2, rotation: 0, start: 0, sweep: 2 * .pi)
        p.close()
        return p
    }

    /// A rounded rect with circular corners of `radius` (clamped to half the shorter side).
    public static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        let r = clamp(radius, 0, min(rect.width, rect.height) / 2)
        var p = Path()
        p.move(to: Vec2(rect.minX + r, rect.minY))
        p.line(to: Vec2(rect.maxX - r, rect.minY))
        p.addArc(center: Vec2(rect.maxX - r, rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        p.line(to: Vec2(rect.maxX, rect.maxY - r))
        p.addArc(center: Vec2(rect.maxX - r, rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        p.line(to: Vec2(rect.minX + r, rect.maxY))
        p.addArc(center: Vec2(rect.minX + r, rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        p.line(to: Vec2(rect.minX, rect.minY + r))
        p.addArc(center: Vec2(rect.minX + r, rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true)
        p.close()
        return p
    }

    /// A star with `points` tips on the circle of `outer` radius and notches on `inner`,
    /// the first tip straight up.
    public static func star(center: Vec2, outer: Double, inner: Double, points: Int = 5) -> Path {
        let n = max(2, points)
        var p = Path()
        for k in 0..<(2 * n) {
            let r = k % 2 == 0 ? outer : inner
            let a = -Double.pi / 2 + Double(k) * .pi / Double(n)
            let v = center + Vec2.unit(angle: a) * r
            if k == 0 { p.move(to: v) } else { p.line(to: v) }
        }
        p.close()
        return p
    }

    /// A heart filling `rect`: two cubic lobes meeting in a point at the bottom.
    public static func heart(in rect: Rect) -> Path {
        let w = rect.width, h = rect.height
        func pt(_ x: Double, _ y: Double) -> Vec2 { Vec2(rect.minX + x * w, rect.minY + y * h) }
        var p = Path()
        p.move(to: pt(0.5, 0.25))
        p.curve(to: pt(0.0, 0.3), control1: pt(0.45, 0.0), control2: pt(0.0, 0.0))
        p.curve(to: pt(0.5, 1.0), control1: pt(0.0, 0.6), control2: pt(0.4, 0.75))
        p.curve(to: pt(1.0, 0.3), control1: pt(0.6, 0.75), control2: pt(1.0, 0.6))
        p.curve(to: pt(0.5, 0.25), control1: pt(1.0, 0.0), control2: pt(0.55, 0.0))
        p.close()
        return p
    }

    /// The uniform scale at which bounds `b` fit `target` (infinite when `b` has no size).
    public static func fitScale(_ b: Rect, into target: Rect) -> Double {
        min(b.width > 0 ? target.width / b.width : .infinity, b.height > 0 ? target.height / b.height : .infinity)
    }

    /// The path scaled uniformly and centred to fit inside `rect` with `margin` on each side.
    public func fitted(in rect: Rect, margin: Double = 0) -> Path {
        let b = controlBounds
        let target = rect.insetBy(dx: margin, dy: margin)
        guard b.width > 0 || b.height > 0 else {
            return applying(.translation(target.center - b.center))
        }
        let s = Self.fitScale(b, into: target)
        let t = AffineTransform.translation(-b.center)
            .concatenating(.scale(s, s))
            .concatenating(.translation(target.center))
        return applying(t)
    }
}
