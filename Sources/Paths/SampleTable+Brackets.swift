import Geometry

extension SampleTable {
    /// How far (points, along the curve) a point between samples may be from the true point
    /// at its arc length: the bound the `curve` brackets are checked against when built.
    /// The `exact` ones solve to rounding.
    public static let exactTolerance = 1e-7

    /// Appends the brackets of the run whose samples start at `first` (already appended,
    /// with their segments and parameters). `local` holds each sample's arc length from the
    /// run's start, exactly as sampled; `segments`/`starts` are the run's segments and their
    /// arc-length starts, the first being the table's segment `segmentBase`.
    mutating func appendBrackets(first: Int, local: [Double], total: Double, closed: Bool, segments: [PathSegment],
                                 starts: [Double], joints: Joints, segmentBase: Int) {
        let n = local.count
        func sampleSegment(_ k: Int) -> Int { Int(sampleSegments[first + k]) - segmentBase }
        func sampleT(_ k: Int) -> Double { sampleParameters[first + k] }
        for k in 0..<n {
            let last = k == n - 1
            guard !last || closed, n > 1 else {
                // An open run's last sample: queries at the very end land here with f = 0.
                brackets.append(SampleBracket(kind: .turn, segment: segmentBase + sampleSegment(k), endSegment: segmentBase + sampleSegment(k)))
                continue
            }
            let a = local[k]
            let sa = sampleSegment(k), ta = sampleT(k)
            // The segment the bracket ends in: the next sample's (at a joint, the one leaving
            // it), or at the seam the last with a length, from which the walk goes on to the
            // first (`seamSegment`).
            let sb = last ? joints.lastReal : sampleSegment(k + 1)
            let tb = last ? 1 : sampleT(k + 1)
            let exact = SampleBracket(kind: .exact, c: (ta, tb, max(0, a - starts[sa]), joints.tolerance),
                                      segment: segmentBase + sa, endSegment: segmentBase + sb,
                                      seamSegment: last ? segmentBase + joints.firstReal : -1)
            // A stretch that reaches a joint (or the seam) walks, so the leaving segment answers there.
            guard sa == sb, !last else { brackets.append(exact); continue }
            let b = local[k + 1]
            let seg = segments[sa]
            if case .line = seg {
                brackets.append(SampleBracket(kind: .turn, segment: segmentBase + sa, endSegment: segmentBase + sa))
            } else if case .arc(_, let r, _, _, _, let sweep) = seg, seg.hasUniformSpeed {
                // A circle: the turn over the bracket is the sweep's share of it.
                let turn = sweep * (tb - ta)
                let kind: SampleBracket.Kind = abs(turn) <= SampleBracket.turnLimit && r > 0 ? .turn : .curve
                brackets.append(SampleBracket(kind: kind, c: kind == .turn ? (turn, 0, 0, 0) : (ta, tb - ta, 0, 0),
                                         segment: segmentBase + sa, endSegment: segmentBase + sa))
            } else if let c = Self.hermite(seg, ta, tb, b - a) {
                brackets.append(SampleBracket(kind: .curve, c: c, segment: segmentBase + sa, endSegment: segmentBase + sa))
            } else {
                brackets.append(exact)
            }
        }
    }

    /// The cubic t(f) through (0, ta) and (1, tb) with slopes step/speed at both ends, or nil
    /// when it misses the true arc length at f = ¼, ½ or ¾ by more than `exactTolerance`, or
    /// when the speed changes too much for the check itself to be trusted (near a cusp).
    private static func hermite(_ seg: PathSegment, _ ta: Double, _ tb: Double, _ step: Double) -> (Double, Double, Double, Double)? {
        let v0 = seg.derivative(at: ta).length, v1 = seg.derivative(at: tb).length
        guard tb > ta, min(v0, v1) > 0.5 * max(v0, v1), min(v0, v1) > 1e-9 else { return nil }
        let m0 = step / v0, m1 = step / v1
        let d = tb - ta
        let c = (ta, m0, 3 * d - 2 * m0 - m1, -2 * d + m0 + m1)
        for f in [0.25, 0.5, 0.75] {
            let t = c.0 + f * (c.1 + f * (c.2 + f * c.3))
            guard t > ta, t < tb else { return nil }
            let v = seg.derivative(at: t).length
            guard v > 0.5 * max(v0, v1), v < 2 * min(v0, v1) else { return nil }
            if abs(seg.gauss(ta, t) - f * step) > exactTolerance { return nil }
        }
        return c
    }
}
