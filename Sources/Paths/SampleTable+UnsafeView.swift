import Geometry

extension SampleTable {
    /// Raw access to a non-empty table, for loops that query it once per handle per step
    /// (100,000 handles in the stress scene): the same answers as the table's methods, which
    /// are built on it, without bounds checks or reference counting per call. Its queries
    /// are `@inlinable` so that the scenes' loops, in another module, inline them.
    ///
    /// Valid only inside `withUnsafeView`, or for as long as the `PinnedSampleTable` it came
    /// from lives.
    public struct UnsafeView {
        /// The table's `points`.
        public let points: UnsafeBufferPointer<Vec2>
        /// The table's `tangents`.
        public let tangents: UnsafeBufferPointer<Vec2>
        /// The table's `distances`.
        public let distances: UnsafeBufferPointer<Double>
        @usableFromInline let runs: UnsafeBufferPointer<Run>
        /// How each sample reaches the next, and the segments they lie on: for points between samples.
        @usableFromInline let brackets: UnsafePointer<SampleBracket>
        @usableFromInline let segments: UnsafePointer<PathSegment>
        @usableFromInline let segmentLengths: UnsafePointer<Double>
        /// The table's `length`.
        public let length: Double

        /// The run holding sample `i`.
        @inlinable @inline(__always)
        package func run(containing i: Int) -> Run { SampleTable.run(containing: i, in: runs) }

        /// See `SampleTable.index(atDistance:)`.
        @inlinable @inline(__always)
        public func index(atDistance s: Double) -> Int {
            let (run, local) = locate(s)
            return run.index(atLocal: local)
        }

        /// See `SampleTable.point(atDistance:)`.
        @inlinable @inline(__always)
        public func point(atDistance s: Double) -> Vec2 {
            let (run, local) = locate(s)
            guard run.step > 0, run.count > 1 else { return points[run.first] }
            let (i, f) = run.bracket(atLocal: local)
            return point(bracket: i, fraction: f, step: run.step)
        }

        /// See `SampleTable.pointAndTangent(atDistance:)`.
        @inlinable @inline(__always)
        public func pointAndTangent(atDistance s: Double) -> (Vec2, Vec2) {
            let (run, local) = locate(s)
            guard run.step > 0, run.count > 1 else { return (points[run.first], tangents[run.first]) }
            let (i, f) = run.bracket(atLocal: local)
            return pointAndTangent(bracket: i, fraction: f, step: run.step)
        }

        /// The same on run `r` (an index into the table's `runs`), for a caller that knows
        /// the run — a flight along a path of one subpath — and gives a finite `s`: the run
        /// is not looked for. (Written out, not through a shared helper: one call deeper and
        /// the tween system's loop, in another module, no longer inlines it.)
        @inlinable @inline(__always)
        public func pointAndTangent(atDistance s: Double, onRun r: Int) -> (Vec2, Vec2) {
            let run = runs[r]
            guard run.step > 0, run.count > 1 else { return (points[run.first], tangents[run.first]) }
            let (i, f) = run.bracket(atLocal: run.wrap(s - run.offset))
            return pointAndTangent(bracket: i, fraction: f, step: run.step)
        }

        /// The point alone at `s` on run `r` (see `pointAndTangent(atDistance:onRun:)`), for a
        /// flight that does not turn its target: no derivative, no square root.
        @inlinable @inline(__always)
        public func point(atDistance s: Double, onRun r: Int) -> Vec2 {
            let run = runs[r]
            guard run.step > 0, run.count > 1 else { return points[run.first] }
            let (i, f) = run.bracket(atLocal: run.wrap(s - run.offset))
            return point(bracket: i, fraction: f, step: run.step)
        }

        /// The run and the local arc length for a path-wide arc length, brought onto the run
        /// (`Run.wrap`); a non-finite length means the start.
        @inlinable @inline(__always)
        func locate(_ s: Double) -> (Run, Double) {
            guard s.isFinite else { return (runs[0], 0) }
            var run = runs[runs.count - 1]
            if runs.count > 1 {
                for r in runs where s < r.offset + r.length { run = r; break }
                if s < 0 { run = runs[0] }
            }
            return (run, run.wrap(s - run.offset))
        }

        /// The point on the curve at fraction `f` of the way (by arc length) from sample `i`
        /// to its successor; `step` is the arc length between them.
        @inlinable @inline(__always)
        func point(bracket i: Int, fraction f: Double, step: Double) -> Vec2 {
            let b = brackets[i]
            // Ifs, not a switch: a jump table's indirect branch mispredicts far more often.
            if b.kind == .turn { return b.turned(points[i], tangents[i], f, step: step).0 }
            if b.kind == .curve { return segments[Int(b.segment)].point(at: b.parameter(f)) }
            return exactPointAndTangent(b, f * step).0
        }

        /// The point and unit tangent there (see `point(bracket:fraction:step:)`).
        @inlinable @inline(__always)
        func pointAndTangent(bracket i: Int, fraction f: Double, step: Double) -> (Vec2, Vec2) {
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
        /// arc length (at a joint, the one leaving it), then the parameter by Newton's method.
        @usableFromInline
        func exactPointAndTangent(_ b: SampleBracket, _ along: Double) -> (Vec2, Vec2) {
            let (k, t) = exactLocation(b, along)
            return segments[k].pointAndTangent(at: t)
        }

        /// The segment and curve parameter of a point `along` points past an `exact` bracket's
        /// start. Within the joint tolerance (c3) of a segment's end it moves on to the next
        /// segment, past any of no length, and at the seam to the run's first
        /// (`SampleTable+Joints.swift`).
        func exactLocation(_ b: SampleBracket, _ along: Double) -> (Int, Double) {
            var k = Int(b.segment)
            let last = Int(b.endSegment)
            let tolerance = b.c3
            var s = b.c2 + max(0, along)
            while k < last && (s >= segmentLengths[k] - tolerance || segmentLengths[k] <= tolerance) {
                s -= segmentLengths[k]
                k += 1
            }
            if b.seamSegment >= 0 && k == last && s >= segmentLengths[k] - tolerance { return (Int(b.seamSegment), 0) }
            let lo = k == Int(b.segment) ? b.c0 : 0
            let hi = k == last ? b.c1 : 1
            let sLo = k == Int(b.segment) ? b.c2 : 0
            return (k, segments[k].parameter(atLength: s - sLo, from: lo, upTo: hi, totalLength: segmentLengths[k]))
        }
    }

    /// Calls `body` with raw access to the table. The table must not be empty.
    @inline(__always)
    public func withUnsafeView<R>(_ body: (UnsafeView) throws -> R) rethrows -> R {
        precondition(!isEmpty, "a view of an empty sample table")
        return try points.withUnsafeBufferPointer { p in
            try tangents.withUnsafeBufferPointer { t in
                try distances.withUnsafeBufferPointer { d in
                    try runs.withUnsafeBufferPointer { r in
                        try brackets.withUnsafeBufferPointer { b in
                            try segments.withUnsafeBufferPointer { sg in
                                try segmentLengths.withUnsafeBufferPointer { sl in
                                    try body(UnsafeView(points: p, tangents: t, distances: d, runs: r, brackets: b.baseAddress!,
                                                        segments: sg.baseAddress!, segmentLengths: sl.baseAddress!, length: length))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
