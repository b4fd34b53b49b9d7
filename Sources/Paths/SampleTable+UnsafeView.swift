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
            let (i, j, f) = bracket(run, local)
            return Vec2.lerp(points[i], points[j], f)
        }

        /// See `SampleTable.pointAndTangent(atDistance:)`.
        @inlinable @inline(__always)
        public func pointAndTangent(atDistance s: Double) -> (Vec2, Vec2) {
            let (run, local) = locate(s)
            guard run.step > 0, run.count > 1 else { return (points[run.first], tangents[run.first]) }
            let (i, j, f) = bracket(run, local)
            return (Vec2.lerp(points[i], points[j], f), Vec2.lerp(tangents[i], tangents[j], f).renormalized(or: tangents[i]))
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

        /// The samples either side of a local arc length and the fraction between them.
        @inlinable @inline(__always)
        func bracket(_ run: Run, _ local: Double) -> (Int, Int, Double) {
            // local ≥ 0, so truncation is the floor.
            let x = local / run.step
            var k = Int(x)
            var f = x - Double(k)
            if run.isClosed {
                if k >= run.count { k -= run.count }  // local rounded up to the full length
                return (run.first + k, run.first + (k + 1 == run.count ? 0 : k + 1), f)
            }
            if k >= run.count - 1 { k = run.count - 2; f = 1 }
            return (run.first + k, run.first + k + 1, f)
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
                        try body(UnsafeView(points: p, tangents: t, distances: d, runs: r, length: length))
                    }
                }
            }
        }
    }
}
