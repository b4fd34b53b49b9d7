#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Paths

// The paced flight's shape: the seed's half circle, kept inside the window.
extension TapScene {
    /// The seed's flight: a half circle whose diameter is the segment from `from` to `to`,
    /// turned to the segment's angle, travelled clockwise on screen.
    public static func halfCircle(from: Vec2, to: Vec2) -> Path {
        let c = (from + to) / 2
        let r = from.distance(to: to) / 2
        var p = Path()
        p.move(to: from)
        p.addEllipticalArc(center: c, rx: r, ry: r, rotation: 0, start: (from - c).angle, sweep: .pi)
        return p
    }

    /// The flight from `from` to `to` keeping every point inside `area`: the seed's clockwise
    /// half circle when it fits; else the other side's; else, on the side with more room, a
    /// half ellipse on the same diameter whose bulge is shrunk until it fits (found by
    /// bisection over 64 points of the arc).
    public static func flight(from: Vec2, to: Vec2, inside area: Rect) -> Path {
        let c = (from + to) / 2, r = from.distance(to: to) / 2
        guard r > 0 else { return halfCircle(from: from, to: to) }
        let d = (from - c) / r
        let clockwise = Vec2(-d.y, d.x)
        let eps = 1e-6 * max(1, r)
        func fits(_ bulge: Double, _ n: Vec2) -> Bool {
            (0...64).allSatisfy { k in
                let t = Double(k) / 64 * .pi
                let p = c + d * (r * cos(t)) + n * (bulge * sin(t))
                return p.x >= area.minX - eps && p.x <= area.maxX + eps && p.y >= area.minY - eps && p.y <= area.maxY + eps
            }
        }
        if fits(r, clockwise) { return halfCircle(from: from, to: to) }
        var best = (bulge: 0.0, side: 1.0)
        for side in [1.0, -1.0] {
            var lo = 0.0, hi = r
            if fits(r, clockwise * side) { lo = r }
            for _ in 0..<30 where lo < hi {
                let mid = (lo + hi) / 2
                if fits(mid, clockwise * side) { lo = mid } else { hi = mid }
            }
            if lo > best.bulge { best = (lo, side) }
        }
        var p = Path()
        p.move(to: from)
        p.addEllipticalArc(center: c, rx: r, ry: best.bulge, rotation: d.angle, start: 0, sweep: .pi * best.side)
        return p
    }
}
