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
        case .quad(let a, let c, let b):
            // A Bézier lies in the hull of its control points, so when they are all within
            // the tolerance of the chord, so is the curve: the chord will do.
            if distanceToSegment(c, a, b) <= tol { out.append(b); return }
            subdivide(0, 1, tol, depth: 0, into: &out)
        case .cubic(let a, let c1, let c2, let b):
            if distanceToSegment(c1, a, b) <= tol && distanceToSegment(c2, a, b) <= tol { out.append(b); return }
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
    /// The most points `flattened(tolerance:)` gives a path whose segments allow it: past
    /// it the curves are flattened more coarsely. Each point drawn costs every frame (about
    /// 150 bytes of vertices and indices in a draw list, and the rasterizing), and curves
    /// could otherwise ask for any number of points within the path limits: a circle the
    /// size of the window takes about 170 at 0.05 pt, and 200,000 of them fit the sample
    /// limit at a spacing of 100. Every segment keeps its end point, so a path of more
    /// plain lines than this still gets one point each (at most about `PathLimits.maxSegments`).
    public static let maxFlattenedPoints = 1_000_000

    /// The path as polylines, one per subpath (closed ones do not repeat their start point),
    /// within `tolerance` points of the true curves (default 0.05 pt) — or, where that
    /// would take more than `maxFlattenedPoints` points, within the smallest of 4, 16, 64, …
    /// times `tolerance` that keeps to it.
    /// - Complexity: O(points) when the budget holds; each coarser try stops as soon as it
    ///   runs over.
    public func flattened(tolerance: Double = 0.05) -> [(points: [Vec2], closed: Bool)] {
        flattened(tolerance: tolerance, maxPoints: Self.maxFlattenedPoints)
    }

    /// `flattened(tolerance:)` with another budget than `maxFlattenedPoints` (for tests).
    package func flattened(tolerance: Double, maxPoints: Int) -> [(points: [Vec2], closed: Bool)] {
        let subs = subpaths
        // The fewest points any tolerance leaves: each subpath's start and each segment's end.
        var fewest = 0
        for sub in subs { fewest += 1 + sub.segments.count }
        let budget = max(maxPoints, fewest)
        var tol = tolerance
        for _ in 0..<24 {
            if let lines = Self.flatten(subs, tolerance: tol, upTo: budget) { return lines }
            tol *= 4
        }
        return Self.flatten(subs, tolerance: tol, upTo: .max) ?? []
    }

    /// `lines` with at most about `budget` points in all, for drawing: when they hold more,
    /// each polyline keeps only points at least a minimum step from the last one kept
    /// (0.5 pt, doubled until the total fits), and always its first and last point. A path
    /// this dense is ink on screen either way; what rides it uses the exact table.
    /// - Complexity: O(points × tries), at most 24 tries.
    public static func thinned(_ lines: [(points: [Vec2], closed: Bool)], toAtMost budget: Int) -> [(points: [Vec2], closed: Bool)] {
        var total = 0
        for line in lines { total += line.points.count }
        guard total > budget else { return lines }
        var step = 0.5
        for _ in 0..<24 {
            var kept = 0
            for line in lines { kept += thinnedCount(line.points, step: step) }
            if kept <= budget { break }
            step *= 2
        }
        return lines.map { line in
            guard line.points.count > 2 else { return line }
            var out: [Vec2] = [line.points[0]]
            for p in line.points.dropFirst().dropLast() where p.distance(to: out[out.count - 1]) >= step { out.append(p) }
            out.append(line.points[line.points.count - 1])
            return (out, line.closed)
        }
    }

    /// `lines` with every edge longer than `maxEdge` cut into equal pieces no longer than it.
    /// Why: a software rasteriser fills a triangle by testing every pixel of its bounding
    /// box, so one long diagonal edge of a stroke costs its width times its height; cut into
    /// short pieces it costs about its length (a path of 40,000 random lines took 6 s a frame).
    /// - Complexity: O(points + total length / maxEdge).
    public static func cut(_ lines: [(points: [Vec2], closed: Bool)], maxEdge: Double) -> [(points: [Vec2], closed: Bool)] {
        guard maxEdge > 0, maxEdge.isFinite else { return lines }
        return lines.map { line in
            guard line.points.count > 1 else { return line }
            var out: [Vec2] = [line.points[0]]
            out.reserveCapacity(line.points.count)
            var pairs = Array(zip(line.points, line.points.dropFirst()))
            if line.closed, let last = line.points.last { pairs.append((last, line.points[0])) }
            for (k, (a, b)) in pairs.enumerated() {
                let pieces = Int(min((a.distance(to: b) / maxEdge).rounded(.up), 1e6))
                if pieces > 1 { for j in 1..<pieces { out.append(a + (b - a) * (Double(j) / Double(pieces))) } }
                // A closed line's closing edge ends where it began, which is not repeated.
                if !(line.closed && k == pairs.count - 1 && k >= line.points.count - 1) { out.append(b) }
            }
            return (out, line.closed)
        }
    }

    private static func thinnedCount(_ points: [Vec2], step: Double) -> Int {
        guard points.count > 2 else { return points.count }
        var last = points[0], n = 2
        for p in points.dropFirst().dropLast() where p.distance(to: last) >= step {
            last = p
            n += 1
        }
        return n
    }

    /// `subs` as polylines within `tolerance`, or nil as soon as they take more than `limit` points.
    private static func flatten(_ subs: [Subpath], tolerance: Double, upTo limit: Int) -> [(points: [Vec2], closed: Bool)]? {
        var out: [(points: [Vec2], closed: Bool)] = []
        out.reserveCapacity(subs.count)
        var total = 0
        for sub in subs {
            var pts = [sub.start]
            total += 1
            for s in sub.segments {
                let before = pts.count
                s.flatten(tolerance: tolerance, into: &pts)
                total += pts.count - before
                if total > limit { return nil }
            }
            if sub.isClosed, pts.count > 1, pts.last!.distance(to: pts[0]) < 1e-9 { pts.removeLast() }
            out.append((pts, sub.isClosed))
        }
        return out
    }
}
