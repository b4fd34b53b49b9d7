import Geometry

// Where one segment meets the next, which one answers. The rule: at a joint the segment
// LEAVING it counts — its tangent, its curvature — skipping every segment of no length
// (a rounding-sized line an SVG arc leaves behind, a repeated point, a closing line back to
// where the subpath already is); at the very end of an open subpath, the last segment of
// some length arriving there. A closed subpath's seam is a joint like any other, so its
// start and its full length answer alike.
//
// "At a joint" means within `jointTolerance` of it: an arc length a caller adds up or
// scales (a fraction of the length, the sum of the segments before) lands a few units in
// the last place either side, and the side must not decide the tangent. The table applies
// the rule once, when it is built: a sample at a joint lies on the leaving segment, a
// sample never lies on a zero-length segment, and every stretch between samples that
// reaches a joint is an `exact` bracket, whose walk (`UnsafeView.exactLocation`) moves on
// to the leaving segment within the tolerance of a segment's end. The queries' fast paths
// (`turn` and `curve` brackets) stay inside one segment and never meet a joint.

extension SampleTable {
    /// How near a joint (points of arc length) a distance must be to count as the joint, and
    /// how short a segment must be to count as having no length, on a subpath `length`
    /// long: a trillionth of it, and at least 1e-12 pt — thousands of units in the last
    /// place of any arc length on it, so sums and fractions of the length land within it,
    /// and far below anything drawn (a point answered at a joint has moved at most this).
    public static func jointTolerance(forLength length: Double) -> Double {
        1e-12 * max(1, length.isFinite ? length : 1)
    }

    /// One subpath's segments as the joint rule sees them: which have a length, the first
    /// and last of those, and the tolerance.
    struct Joints {
        /// `jointTolerance` of the subpath, or 0 when no segment is longer than that (all
        /// of a path shorter than 4e-7 pt in 400,000 pieces): then only a segment of no
        /// length at all is skipped.
        let tolerance: Double
        let firstReal: Int
        let lastReal: Int
        private let lengths: [Double]

        init(_ lengths: [Double], total: Double) {
            let t = SampleTable.jointTolerance(forLength: total)
            let tolerance = lengths.contains { $0 > t } ? t : 0
            self.tolerance = tolerance
            self.lengths = lengths
            firstReal = lengths.firstIndex { $0 > tolerance } ?? 0
            lastReal = lengths.lastIndex { $0 > tolerance } ?? lengths.count - 1
        }

        /// Whether segment `i` has a length (is longer than the tolerance).
        func isReal(_ i: Int) -> Bool { lengths[i] > tolerance }
    }
}
