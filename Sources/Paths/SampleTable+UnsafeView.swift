import Geometry

extension SampleTable {
    /// Borrowed raw access to a non-empty table, for loops that query it once per handle per
    /// step (100,000 handles in the stress scene): the same answers as the table's methods,
    /// which are built on it, without bounds checks or reference counting per call. Its
    /// queries are `@inlinable` so that the scenes' loops, in another module, inline them.
    /// Valid only inside `withUnsafeView`.
    public struct UnsafeView {
        public let points: UnsafeBufferPointer<Vec2>
        public let tangents: UnsafeBufferPointer<Vec2>
        public let distances: UnsafeBufferPointer<Double>
        @usableFromInline let runs: UnsafeBufferPointer<Run>
        /// The samples and the segments they lie on, for points between samples.
        public let curve: SampleCurveView
        public let length: Double

        /// The run holding sample `i`.
        @inlinable @inline(__always)
        package func run(containing i: Int) -> Run { SampleTable.run(containing: i, in: runs) }

        /// See `SampleTable.index(atDistance:)`.
        @inlinable @inline(__always)
        public func index(atDistance s: Double) -> Int {
            let (run, local) = locate(s)
            guard run.step > 0 else { return run.first }
            let i = Int(floorFast(local / run.step))
            return run.first + min(i, run.count - 1)
        }

        /// See `SampleTable.point(atDistance:)`.
        @inlinable @inline(__always)
        public func point(atDistance s: Double) -> Vec2 {
            let (run, local) = locate(s)
            guard run.step > 0, run.count > 1 else { return points[run.first] }
            let (i, f) = bracket(run, local)
            return curve.point(i, f, step: run.step)
        }

        /// See `SampleTable.pointAndTangent(atDistance:)`.
        @inlinable @inline(__always)
        public func pointAndTangent(atDistance s: Double) -> (Vec2, Vec2) {
            let (run, local) = locate(s)
            guard run.step > 0, run.count > 1 else { return (points[run.first], tangents[run.first]) }
            let (i, f) = bracket(run, local)
            return curve.pointAndTangent(i, f, step: run.step)
        }

        /// The run and the local arc length for a path-wide arc length: wrapped on a closed
        /// run, clamped on an open one; a non-finite length means the start.
        @inlinable @inline(__always)
        func locate(_ s: Double) -> (Run, Double) {
            guard s.isFinite else { return (runs[0], 0) }
            var run = runs[runs.count - 1]
            if runs.count > 1 {
                for r in runs where s < r.offset + r.length { run = r; break }
                if s < 0 { run = runs[0] }
            }
            var local = s - run.offset
            if run.isClosed, run.length > 0 {
                local = positiveModulo(local, run.length)
            } else {
                local = clamp(local, 0, run.length)
            }
            return (run, local)
        }

        /// The sample at or before a local arc length and the fraction of the way to the next.
        /// An open run's end is its last sample with f = 0, so the end point is exact.
        @inlinable @inline(__always)
        func bracket(_ run: Run, _ local: Double) -> (Int, Double) {
            // local ≥ 0, so truncation is the floor.
            let x = local / run.step
            var k = Int(x)
            var f = x - Double(k)
            if run.isClosed {
                if k >= run.count { k -= run.count }  // local rounded up to the full length
                return (run.first + k, f)
            }
            if k >= run.count - 1 || local >= run.length { k = run.count - 1; f = 0 }
            return (run.first + k, f)
        }

        /// The sample after `i` in its run (the first after the last on a closed run).
        @inlinable @inline(__always)
        func successor(_ i: Int, in run: Run) -> Int {
            i + 1 < run.first + run.count ? i + 1 : run.first
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
                                    let curve = SampleCurveView(points: p.baseAddress!, tangents: t.baseAddress!, brackets: b.baseAddress!,
                                                                segments: sg.baseAddress!, segmentLengths: sl.baseAddress!)
                                    return try body(UnsafeView(points: p, tangents: t, distances: d, runs: r, curve: curve, length: length))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
