import Geometry

extension SampleTable {
    /// The arc length of the point on the curve nearest `p` (Godot's `get_closest_offset`),
    /// or nil for an empty table. From the nearest sample, both stretches either side of it
    /// are searched on the true curve, so the answer is continuous in `p`: between an open
    /// path's last two samples, beyond either end (0 or the length, exactly), and either
    /// side of a closed path's seam (just under the length before it, just over 0 after it)
    /// — the places Godot's issues #39728 and #94872 found wrong. A non-finite `p` gives 0.
    public func nearestDistance(to p: Vec2) -> Double? {
        guard let k = nearestIndex(to: p) else { return nil }
        guard p.isFinite else { return 0 }
        let run = run(containing: k)
        guard run.count > 1, run.step > 0 else { return distances[k] }
        let local = distances[k] - run.offset
        var best = (s: local, d: points[k].distanceSquared(to: p))
        // The stretch before the sample and the one after it, as local arc-length ranges.
        for (lo, hi) in [(local - run.step, local), (local, local + run.step)] {
            let a = run.isClosed ? lo : max(0, lo), b = run.isClosed ? hi : min(run.length, hi)
            guard b > a else { continue }
            let s = nearestOnStretch(p, from: a, to: b, run: run)
            let d = point(atDistance: run.offset + run.wrap(s)).distanceSquared(to: p)
            if d < best.d { best = (s, d) }
        }
        return run.offset + run.wrap(best.s)
    }

    /// The arc length in [a, b] nearest `p`: the chord's projection, refined on the curve by
    /// Newton's method on g(s) = (P(s) − p)·T(s), whose slope is 1 + κ·(P − p)·N. Where that
    /// slope is small or negative (`p` near the centre of curvature, where the distance is
    /// nearly flat along the stretch) a golden-section search on the distance decides.
    private func nearestOnStretch(_ p: Vec2, from a: Double, to b: Double, run: Run) -> Double {
        func at(_ s: Double) -> Double { run.offset + run.wrap(s) }
        let pa = point(atDistance: at(a)), pb = point(atDistance: at(b))
        let chord = pb - pa
        let l2 = chord.lengthSquared
        var s = l2 > 0 ? a + (b - a) * clamp((p - pa).dot(chord) / l2, 0, 1) : a
        for _ in 0..<12 {
            let (q, t) = pointAndTangent(atDistance: at(s))
            let slope = 1 + curvature(atDistance: at(s)) * (q - p).dot(t.perpendicular)
            guard slope > 0.1 else { return goldenSection(p, a, b, at) }
            let next = clamp(s - (q - p).dot(t) / slope, a, b)
            if abs(next - s) < 1e-13 * max(1, run.length) { return next }
            s = next
        }
        return s
    }

    /// The arc length in [a, b] where the distance to `p` is least, by golden-section search.
    private func goldenSection(_ p: Vec2, _ a: Double, _ b: Double, _ at: (Double) -> Double) -> Double {
        let r = (5.0.squareRoot() - 1) / 2
        var lo = a, hi = b
        var x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo)
        var d1 = point(atDistance: at(x1)).distanceSquared(to: p), d2 = point(atDistance: at(x2)).distanceSquared(to: p)
        for _ in 0..<80 where hi - lo > 1e-12 * max(1, abs(a) + abs(b)) {
            if d1 < d2 {
                hi = x2; x2 = x1; d2 = d1
                x1 = hi - r * (hi - lo); d1 = point(atDistance: at(x1)).distanceSquared(to: p)
            } else {
                lo = x1; x1 = x2; d1 = d2
                x2 = lo + r * (hi - lo); d2 = point(atDistance: at(x2)).distanceSquared(to: p)
            }
        }
        return (lo + hi) / 2
    }
}
