#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// How to find the true curve between one sample and the next, worked out once when the
/// table is built so that a query between samples costs little more than the chord did.
///
/// - `turn`: both samples lie on one line, or on one circular arc that turns by at most
///   `turnLimit` radians between them; c0 is that signed turn (zero on a line). The point
///   is the first sample's point and tangent carried along and turned through f·c0 —
///   short polynomials, no sine or cosine per query. Lines and circles share this kind so
///   that a query on a path of both does not branch unpredictably on the kind.
/// - `curve`: both lie on one segment and the curve parameter is a cubic in the fraction f
///   between them: t(f) = c0 + f(c1 + f(c2 + f·c3)), Hermite-interpolated from the two
///   samples' parameters and speeds, and checked when built against the arc length at
///   f = ¼, ½ and ¾ to within `SampleTable.exactTolerance` (exactly linear on lines and
///   circular arcs, so never checked there).
/// - `exact`: a corner, a join, a cusp, or a stretch where the cubic missed the check; the
///   query walks the segments and solves the arc-length equation by Newton's method
///   (`SampleTable.exactPointAndTangent`). c0 and c1 are the parameters at the two ends
///   (on `segment` and `endSegment`), c2 the start's arc length from its segment's start.
public struct SampleBracket: Sendable, Equatable {
    public enum Kind: UInt8, Sendable { case turn, curve, exact }

    @usableFromInline var c0, c1, c2, c3: Double
    @usableFromInline var segment: Int32
    @usableFromInline var endSegment: Int32
    public let kind: Kind

    @usableFromInline init(kind: Kind, c: (Double, Double, Double, Double) = (0, 0, 0, 0), segment: Int, endSegment: Int) {
        self.kind = kind
        (c0, c1, c2, c3) = c
        self.segment = Int32(segment)
        self.endSegment = Int32(endSegment)
    }

    /// The curve parameter at fraction f of a `curve` bracket.
    @inlinable @inline(__always)
    func parameter(_ f: Double) -> Double { c0 + f * (c1 + f * (c2 + f * c3)) }

    /// The largest turn a `turn` bracket may have: where the polynomials below are exact to
    /// rounding (their first omitted terms, φ¹⁰/11! and φ¹¹/12!, are below 3e-14 there).
    /// At 1 pt spacing that is every circle of radius 4 pt or more.
    public static let turnLimit = 0.25

    /// Point and unit tangent at fraction f of a `turn` bracket that starts at `p` with
    /// tangent `t` and is `step` long: on a circle, after arc length f·step the tangent has
    /// turned by φ = f·c0 and the point has moved f·step·(sin φ/φ, (1 − cos φ)/φ) in the
    /// frame of the starting tangent and its normal.
    @inlinable @inline(__always)
    func turned(_ p: Vec2, _ t: Vec2, _ f: Double, step: Double) -> (Vec2, Vec2) {
        let phi = f * c0, x = phi * phi
        // sin φ / φ and (1 − cos φ) / φ by their Taylor series, |φ| ≤ ¼, with
        // the coefficients written out (a divide per term would cost more than the rest).
        // Estrin's scheme: two short chains instead of one long one.
        let x2 = x * x
        let sinc = (1 - x * (1.0 / 6)) + x2 * ((1.0 / 120 - x * (1.0 / 5040)) + x2 * (1.0 / 362_880))
        let cosc = phi * ((0.5 - x * (1.0 / 24)) + x2 * ((1.0 / 720 - x * (1.0 / 40320)) + x2 * (1.0 / 3_628_800)))
        let n = t.perpendicular
        let along = f * step
        let point = p + (t * sinc + n * cosc) * along
        let tangent = t * (1 - phi * cosc) + n * (phi * sinc)
        return (point, tangent)
    }
}

/// Raw pointers to a table's samples and the segments they lie on: what a query between
/// samples reads. Shared by `SampleTable.UnsafeView` and by copies a tween pool keeps.
public struct SampleCurveView: @unchecked Sendable {
    public let points: UnsafePointer<Vec2>
    public let tangents: UnsafePointer<Vec2>
    @usableFromInline let brackets: UnsafePointer<SampleBracket>
    @usableFromInline let segments: UnsafePointer<PathSegment>
    @usableFromInline let segmentLengths: UnsafePointer<Double>

    @inlinable
    public init(points: UnsafePointer<Vec2>, tangents: UnsafePointer<Vec2>, brackets: UnsafePointer<SampleBracket>,
                segments: UnsafePointer<PathSegment>, segmentLengths: UnsafePointer<Double>) {
        self.points = points; self.tangents = tangents; self.brackets = brackets
        self.segments = segments; self.segmentLengths = segmentLengths
    }

    /// The point on the curve at fraction `f` of the way (by arc length) from sample `i` to
    /// its successor; `step` is the arc length between them.
    @inlinable @inline(__always)
    public func point(_ i: Int, _ f: Double, step: Double) -> Vec2 {
        let b = brackets[i]
        // Ifs, not a switch: a jump table's indirect branch mispredicts far more often.
        if b.kind == .turn { return b.turned(points[i], tangents[i], f, step: step).0 }
        if b.kind == .curve { return segments[Int(b.segment)].point(at: b.parameter(f)) }
        return exactPointAndTangent(b, f * step).0
    }

    /// The point and unit tangent there (see `point(_:_:step:)`).
    @inlinable @inline(__always)
    public func pointAndTangent(_ i: Int, _ f: Double, step: Double) -> (Vec2, Vec2) {
        let b = brackets[i]
        if b.kind == .turn { return b.turned(points[i], tangents[i], f, step: step) }
        if b.kind == .curve {
            // No cusp inside a curve bracket (checked when built): the derivative is the tangent.
            let (p, d) = segments[Int(b.segment)].pointAndDerivative(at: b.parameter(f))
            return (p, d / d.length)
        }
        return exactPointAndTangent(b, f * step)
    }

    /// Where an `exact` bracket is `along` points past its start: the segment holding that
    /// arc length (at a corner, the one leaving it), then the parameter by Newton's method.
    @usableFromInline
    func exactPointAndTangent(_ b: SampleBracket, _ along: Double) -> (Vec2, Vec2) {
        let (k, t) = exactLocation(b, along)
        return segments[k].pointAndTangent(at: t)
    }

    /// The segment and curve parameter of a point `along` points past an `exact` bracket's start.
    func exactLocation(_ b: SampleBracket, _ along: Double) -> (Int, Double) {
        var k = Int(b.segment)
        let last = Int(b.endSegment)
        var s = b.c2 + max(0, along)
        while k < last && s >= segmentLengths[k] {
            s -= segmentLengths[k]
            k += 1
        }
        let lo = k == Int(b.segment) ? b.c0 : 0
        let hi = k == last ? b.c1 : 1
        let sLo = k == Int(b.segment) ? b.c2 : 0
        return (k, segments[k].parameter(atLength: s - sLo, from: lo, upTo: hi, totalLength: segmentLengths[k]))
    }
}

extension PathSegment {
    /// The parameter t in [lo, hi] whose arc length from lo is `target`: linear on lines and
    /// circular arcs, otherwise Newton's method on the arc-length function with a bisection
    /// fallback (so it converges at cusps, where the speed vanishes).
    func parameter(atLength target: Double, from lo: Double, upTo hi: Double, totalLength: Double) -> Double {
        guard target > 0, hi > lo else { return lo }
        if hasUniformSpeed { return totalLength > 0 ? min(hi, lo + target / totalLength) : lo }
        var a = lo, b = hi
        let whole = length(from: lo, to: hi)
        guard target < whole else { return hi }
        var t = lo + (hi - lo) * target / whole
        // Arc length is measured from the nearer known end, so each evaluation is short.
        for _ in 0..<60 {
            let f = length(from: lo, to: t) - target
            if abs(f) <= 1e-12 * max(1, whole) { break }
            if f > 0 { b = t } else { a = t }
            let speed = derivative(at: t).length
            var next = speed > 1e-300 ? t - f / speed : (a + b) / 2
            if !(next > a && next < b) { next = (a + b) / 2 }
            if next == t || b - a <= 1e-16 { break }
            t = next
        }
        return t
    }
}

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
                                 starts: [Double], segmentBase: Int) {
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
            let a = local[k], b = last ? total : local[k + 1]
            let sa = sampleSegment(k), ta = sampleT(k)
            // The segment the bracket ends in: at a join exactly, the one arriving there.
            var sb = sa
            while sb + 1 < segments.count && b > starts[sb + 1] { sb += 1 }
            let tb = !last && sampleSegment(k + 1) == sb ? sampleT(k + 1) : 1
            let exact = SampleBracket(kind: .exact, c: (ta, tb, max(0, a - starts[sa]), 0),
                                      segment: segmentBase + sa, endSegment: segmentBase + sb)
            guard sa == sb else { brackets.append(exact); continue }
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

extension SampleTable {
    /// A copy of the table's samples and segments in one block of raw memory, and a view of
    /// it: for a pool that keeps a track's samples without holding (and retaining, per read)
    /// the table's arrays. The caller frees the block with `deallocate()`.
    public func copyCurve() -> (SampleCurveView, UnsafeMutableRawPointer) {
        precondition(!isEmpty, "a copy of an empty sample table")
        var size = 0
        func place<T>(_ type: T.Type, _ count: Int) -> Int {
            let at = (size + MemoryLayout<T>.alignment - 1) / MemoryLayout<T>.alignment * MemoryLayout<T>.alignment
            size = at + MemoryLayout<T>.stride * count
            return at
        }
        let p = place(Vec2.self, count), t = place(Vec2.self, count), b = place(SampleBracket.self, count)
        let s = place(PathSegment.self, segments.count), l = place(Double.self, segments.count)
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        func copy<T>(_ a: ContiguousArray<T>, to offset: Int) -> UnsafePointer<T> {
            let dst = (block + offset).bindMemory(to: T.self, capacity: a.count)
            _ = UnsafeMutableBufferPointer(start: dst, count: a.count).initialize(from: a)
            return UnsafePointer(dst)
        }
        let view = SampleCurveView(points: copy(points, to: p), tangents: copy(tangents, to: t), brackets: copy(brackets, to: b),
                                   segments: copy(segments, to: s), segmentLengths: copy(segmentLengths, to: l))
        return (view, block)
    }
}

extension SampleTable {
    /// The segment (an index into `segments`) and its curve parameter at arc length `s`
    /// (wrapped or clamped as `point(atDistance:)` does; at a corner, the segment leaving it).
    public func location(atDistance s: Double) -> (segment: Int, t: Double) {
        guard !isEmpty else { return (0, 0) }
        return withUnsafeView { v in
            let (run, local) = v.locate(s)
            guard run.step > 0, run.count > 1 else { return (Int(sampleSegments[run.first]), sampleParameters[run.first]) }
            let (i, f) = v.bracket(run, local)
            let j = v.successor(i, in: run)
            let b = brackets[i]
            switch b.kind {
            case .turn:
                let tj = sampleSegments[j] == sampleSegments[i] ? sampleParameters[j] : 1
                return (Int(sampleSegments[i]), sampleParameters[i] + (tj - sampleParameters[i]) * f)
            case .curve: return (Int(b.segment), b.parameter(f))
            case .exact: return v.curve.exactLocation(b, f * run.step)
            }
        }
    }

    /// Signed curvature at arc length `s` (1/radius; positive where the path turns from +x
    /// toward +y, clockwise on screen; zero on lines).
    public func curvature(atDistance s: Double) -> Double {
        guard !isEmpty else { return 0 }
        let (k, t) = location(atDistance: s)
        return segments[k].curvature(at: t)
    }

    /// The point `offset` points along the left normal of the direction of travel at arc
    /// length `s` (y down: travelling toward +x, left is −y), as Godot's `v_offset` does,
    /// and the unit tangent of that offset curve: the path's, reversed where the offset
    /// reaches past the centre of curvature (1 + offset·curvature < 0), where the offset
    /// curve runs backward.
    public func offsetPointAndTangent(atDistance s: Double, offset: Double) -> (Vec2, Vec2) {
        let (p, tangent) = pointAndTangent(atDistance: s)
        guard offset != 0, offset.isFinite else { return (p, tangent) }
        let normal = Vec2(tangent.y, -tangent.x)
        let reversed = 1 + offset * curvature(atDistance: s) < 0
        return (p + normal * offset, reversed ? -tangent : tangent)
    }
}

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
            let d = point(atDistance: run.offset + wrap(s, run)).distanceSquared(to: p)
            if d < best.d { best = (s, d) }
        }
        return run.offset + wrap(best.s, run)
    }

    /// A local arc length wrapped into a closed run (an open one is already within it).
    private func wrap(_ s: Double, _ run: Run) -> Double {
        run.isClosed ? positiveModulo(s, run.length) : clamp(s, 0, run.length)
    }

    /// The arc length in [a, b] nearest `p`: the chord's projection, refined on the curve by
    /// Newton's method on g(s) = (P(s) − p)·T(s), whose slope is 1 + κ·(P − p)·N. Where that
    /// slope is small or negative (`p` near the centre of curvature, where the distance is
    /// nearly flat along the stretch) a golden-section search on the distance decides.
    private func nearestOnStretch(_ p: Vec2, from a: Double, to b: Double, run: Run) -> Double {
        func at(_ s: Double) -> Double { run.offset + wrap(s, run) }
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
