#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

extension SVGPathParser {
    /// SVG's endpoint arc → centre parameterisation (SVG 1.1 appendix F.6.5–F.6.6), computed
    /// in the frame where the ellipse is the unit circle, with lengths from `hypot`: nothing
    /// is squared that could overflow or underflow, so radii of 1e-300 or 1e300 and chords
    /// of 1e-300 come out right. An arc that cannot be told from its chord (it bulges less
    /// than 1e-9 pt) is drawn as the chord, and the path always ends exactly at `p`.
    ///
    /// A zero radius makes the arc a line (F.6.2), and so does a radius too small to tell
    /// from zero beside the other one: below the other's rounding unit (2.2e-16 of it) the
    /// ellipse is flat to the last bit of its own size. Scaling such radii up (F.6.6) would
    /// multiply the other by the inverse of their ratio — an rx of 50 beside an ry of 1e-160
    /// at a rotation of 30° became 1.25e163, whose length overflowed and took the rest of its
    /// subpath with it. Above that ratio the scaled radii stay below |chord| / 2.2e-16, about
    /// 6.4e24 within `PathLimits.maxCoordinate`, where lengths are far from overflow.
    mutating func arc(to p: Vec2, rx rxIn: Double, ry ryIn: Double, rotationDegrees: Double, large: Bool, sweep: Bool) {
        let p0 = current
        if p0 == p { return }  // identical end points: the spec omits the arc
        var rx = abs(rxIn), ry = abs(ryIn)
        guard rx > 0, ry > 0 else { path.line(to: p); return }
        guard min(rx, ry) > max(rx, ry) * .ulpOfOne else { path.line(to: p); return }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let x1 = ((p0 - p) / 2).rotated(by: -phi)
        // d: the half chord in the unit-circle frame; |d| > 1 means the radii are too small
        // and are scaled up (F.6.6) until |d| = 1.
        var d = Vec2(x1.x / rx, x1.y / ry)
        var dLength = hypot(d.x, d.y)
        if !dLength.isFinite {
            // Radii so small the chord overflows their units: only their ratio matters, as
            // they are scaled up to fit anyway.
            let m = max(rx, ry)
            rx /= m; ry /= m
            d = Vec2(x1.x / rx, x1.y / ry)
            dLength = hypot(d.x, d.y)
        }
        if !(dLength.isFinite && dLength > 0) { path.line(to: p); return }
        if dLength > 1 {
            rx *= dLength; ry *= dLength
            d = Vec2(x1.x / rx, x1.y / ry)
            dLength = 1
        }
        // The centre sits h from the chord's middle, along the perpendicular of d.
        let unit = d / dLength
        let h = (max(0, (1 - dLength) * (1 + dLength))).squareRoot() * (large == sweep ? -1 : 1)
        let cUnit = Vec2(h * unit.y, -h * unit.x)
        let cPrime = Vec2(cUnit.x * rx, cUnit.y * ry)
        let center = cPrime.rotated(by: phi) + (p0 + p) / 2
        func angle(_ u: Vec2, _ v: Vec2) -> Double { atan2(u.cross(v), u.dot(v)) }
        let u = d - cUnit, v = -d - cUnit
        let theta1 = atan2(u.y, u.x)
        var dTheta = angle(u, v)
        if !sweep && dTheta > 0 { dTheta -= 2 * .pi }
        if sweep && dTheta < 0 { dTheta += 2 * .pi }
        // How far the arc bulges from its chord: below a billionth of a point it is the chord
        // (and evaluating a huge circle far from its centre would lose more than that).
        let chord = p0.distance(to: p)
        let r = max(rx, ry)
        let bulge = abs(dTheta) < .pi ? r * (1 - cos(dTheta / 2)) : r
        guard center.isFinite, bulge > 1e-9, r * 1e-15 < chord || abs(dTheta) >= .pi else {
            path.line(to: p)
            return
        }
        path.addEllipticalArc(center: center, rx: rx, ry: ry, rotation: phi, start: theta1, sweep: dTheta)
        // The analytic end differs from p by rounding: end exactly at p.
        if path.currentPoint != p { path.line(to: p) }
    }
}
