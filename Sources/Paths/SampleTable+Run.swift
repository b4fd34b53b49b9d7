import Geometry

extension SampleTable {
    /// One subpath's run of samples, and the one place an arc length on it becomes a
    /// bracket: `wrap` brings a local arc length onto the run (wrapping on a closed run,
    /// clamping on an open one) and `bracket(atLocal:)` names the sample at or before it and
    /// the fraction of the way to the next. The table's queries, its `UnsafeView` and the
    /// tween system's paced path tracks all go through these two.
    public struct Run: Sendable, Equatable {
        /// Index of the run's first sample.
        public var first: Int
        /// How many samples the run has.
        public var count: Int
        /// Whether its subpath is closed (its samples wrap round).
        public var isClosed: Bool
        /// Arc length of the subpath.
        public var length: Double
        /// Arc length from the path's start to the run's start.
        public var offset: Double
        /// Actual spacing between samples in this run (close to the requested spacing).
        public var step: Double
        /// The run's segments in the table's `segments`.
        public var firstSegment: Int
        /// How many segments.
        public var segmentCount: Int

        /// Its samples' indices in the table.
        public var range: Range<Int> { first..<(first + count) }

        /// A local arc length (from the run's start) brought onto the run: on a closed run
        /// the positive remainder by its length, so the seam is crossed on purpose and
        /// s = length is the start again; on an open run clamped to its ends.
        @inlinable @inline(__always)
        func wrap(_ local: Double) -> Double {
            isClosed && length > 0 ? positiveModulo(local, length) : clamp(local, 0, length)
        }

        /// The sample at or before a wrapped local arc length and the fraction of the way
        /// to the next (the bracket between them, `SampleBracket`). An open run's end is its
        /// last sample with f = 0, so the end point is exact; on a closed run a length that
        /// rounds up to a whole lap is the first sample. Needs `step > 0`.
        @inlinable @inline(__always)
        func bracket(atLocal local: Double) -> (index: Int, fraction: Double) {
            // local ≥ 0, so truncation is the floor.
            let x = local / step
            var k = Int(x)
            var f = x - Double(k)
            if isClosed {
                if k >= count { k -= count }  // local rounded up to the full length
                return (first + k, f)
            }
            if k >= count - 1 || local >= length { k = count - 1; f = 0 }
            return (first + k, f)
        }

        /// The sample at or before a wrapped local arc length, never past the run's last
        /// (see `SampleTable.index(atDistance:)`).
        @inlinable @inline(__always)
        func index(atLocal local: Double) -> Int {
            guard step > 0 else { return first }
            return first + min(Int(floorFast(local / step)), count - 1)
        }

        /// The sample after `i` (the first after the last on a closed run).
        @inlinable @inline(__always)
        func successor(_ i: Int) -> Int {
            i + 1 < first + count ? i + 1 : first
        }
    }

    /// The run of `runs` (not empty) holding sample `i`; the last one if none does.
    @inlinable @inline(__always)
    static func run<C: RandomAccessCollection<Run>>(containing i: Int, in runs: C) -> Run where C.Index == Int {
        if runs.count == 1 { return runs[0] }
        for r in runs where r.range.contains(i) { return r }
        return runs[runs.count - 1]
    }
}
