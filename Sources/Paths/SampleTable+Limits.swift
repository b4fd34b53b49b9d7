#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

// How many samples a path takes, worked out before any is allocated, and the limits on them.
extension SampleTable {
    /// The most samples a table holds (about 800 MB with its indexes and the path): a path too long for
    /// its spacing is sampled more coarsely by `init(path:spacing:)` and refused, with the
    /// spacing that would do, by `init(checking:spacing:)`.
    ///
    /// What a table costs, from the layouts (64-bit): per sample 100 bytes (point and
    /// tangent 16 each, distance 8, segment index 4, curve parameter 8, `SampleBracket` 48)
    /// and 19 in the nearest index (x and y apart, 16, and about 3 for the 32-sample chunks
    /// and the tree over them); per segment 80 (`PathSegment` 72, its length 8). While it is
    /// built, about 8 bytes a sample more (arc lengths within the run, and one of the
    /// index's arrays at a time in two copies) and, per segment, the plan's copy of the
    /// segments and lengths (80). So 4,000,000 samples are about 476 MB, and a table at both
    /// limits (`PathLimits.maxSegments`) about 556 MB.
    public static let maxSamples = 4_000_000

    /// The smallest spacing a table takes, in points: `init(path:spacing:)` samples a smaller
    /// one at this spacing, and `init(checking:spacing:)` and `check(_:spacing:)` refuse it,
    /// naming the spacing asked for.
    public static let minSpacing = 0.001

    /// A path that needs more than `maxSamples` samples at the spacing asked for.
    public struct LimitError: Error, Equatable, CustomStringConvertible {
        /// The path's length, in points.
        public let length: Double
        /// The spacing asked for.
        public let spacing: Double
        /// How many samples that spacing would take.
        public let samples: Double
        /// The smallest spacing that fits, rounded up to three significant digits.
        public let minimumSpacing: Double
        /// Whether the spacing asked for is below `minSpacing` (or not a positive number)
        /// rather than too fine for the path's length.
        public var isBelowMinimumSpacing: Bool { !(spacing >= SampleTable.minSpacing) }
        /// What is wrong and the least spacing that would do.
        public var description: String {
            if isBelowMinimumSpacing {
                return "spacing \(scientific(spacing)) is below \(scientific(SampleTable.minSpacing)) pt, the smallest the sample table takes "
                    + "(SampleTable.minSpacing); use a spacing of at least \(scientific(minimumSpacing))"
            }
            return "path length \(scientific(length)) pt at spacing \(scientific(spacing)) needs \(scientific(samples)) samples; "
                + "the limit is \(SampleTable.maxSamples) (SampleTable.maxSamples); use a spacing of at least \(scientific(minimumSpacing))"
        }
    }

    /// How many samples `path` takes at `spacing` (a Double: it may be huge), measured
    /// without sampling.
    public static func samplesNeeded(_ path: Path, spacing: Double) -> Double {
        Plan(path, spacing: usableSpacing(spacing)).needed
    }

    /// Throws what `init(checking:spacing:)` would, without sampling; returns the path's length.
    @discardableResult
    public static func check(_ path: Path, spacing: Double) throws(LimitError) -> Double {
        try checkedPlan(path, spacing: spacing).total
    }

    /// The spacing `init(path:spacing:)` samples at for `spacing`.
    static func usableSpacing(_ spacing: Double) -> Double {
        spacing.isFinite && spacing > 0 ? max(spacing, minSpacing) : 1
    }

    /// The plan for `spacing` exactly, or the error naming it.
    static func checkedPlan(_ path: Path, spacing: Double) throws(LimitError) -> Plan {
        try checkedPlan(Plan(path, spacing: usableSpacing(spacing)), spacing: spacing)
    }

    /// `plan` (made for `spacing`) when a table may be built from it, or the error naming why not.
    static func checkedPlan(_ plan: Plan, spacing: Double) throws(LimitError) -> Plan {
        // A spacing below the minimum is named as given, never as the minimum it would become.
        guard spacing >= minSpacing, plan.needed <= Double(maxSamples) else {
            throw LimitError(length: plan.total, spacing: spacing, samples: plan.needed, minimumSpacing: plan.minimumSpacing)
        }
        return plan
    }

    /// A path's subpaths and segment lengths, and how many samples a spacing (already a
    /// usable one: see `usableSpacing`) needs: worked out before any sample is allocated.
    struct Plan {
        let subpaths: [Subpath]
        let lengths: [[Double]]
        let spacing: Double
        let total: Double
        let needed: Double
        let minimumSpacing: Double

        init(_ path: Path, spacing: Double) {
            let subpaths = path.subpaths
            self.init(subpaths, lengths: subpaths.map { $0.segments.map(SampleTable.measure) }, spacing: spacing)
        }

        /// A plan whose segments' lengths are already known (`SegmentMeasurements`).
        init(_ subpaths: [Subpath], lengths: [[Double]], spacing: Double) {
            self.subpaths = subpaths
            self.lengths = lengths
            self.spacing = spacing
            var total = 0.0, needed = 0.0
            for (sub, l) in zip(subpaths, lengths) {
                let length = l.reduce(0, +)
                total += length
                needed += SampleTable.samples(length: length, closed: sub.isClosed, spacing: self.spacing)
            }
            self.total = total
            self.needed = needed
            // Each subpath takes up to two samples whatever the spacing; the rest share the length.
            let room = Double(SampleTable.maxSamples) - 2 * Double(subpaths.count)
            let raw = room > 0 && total.isFinite ? max(self.spacing, total / room) : .infinity
            let exponent = raw.isFinite && raw > 0 ? log10(raw).rounded(.down) - 2 : 0
            // Three digits: below 1 divided by a whole power of ten, so that 0.144 is 0.144 and
            // not 144 × 0.001 = 0.14400000000000002; never below `raw`, nor the spacing itself.
            var rounded = exponent < 0 ? (raw * pow(10, -exponent)).rounded(.up) / pow(10, -exponent)
                                       : (raw / pow(10, exponent)).rounded(.up) * pow(10, exponent)
            if rounded < raw { rounded = rounded.nextUp }
            minimumSpacing = raw.isFinite ? max(self.spacing, rounded) : .greatestFiniteMagnitude
        }
    }

    /// How many samples a subpath of `length` takes at `spacing` (as a Double: it may be huge):
    /// at least two, as a point between samples needs a sample to go to (see the type's
    /// summary), unless it is a point.
    static func samples(length: Double, closed: Bool, spacing: Double) -> Double {
        guard length.isFinite, length > 1e-9 else { return 1 }
        let intervals = max(closed ? 2 : 1, (length / spacing).rounded())
        return closed ? intervals : intervals + 1
    }

    /// A segment's arc length as the table uses it. A length past the range of a Double
    /// (only reachable through the API: parsed paths are bounded) counts as zero, so that
    /// segment collapses to its start and the rest of its subpath keeps its own lengths,
    /// instead of the whole subpath becoming a point.
    static func measure(_ segment: PathSegment) -> Double {
        let l = segment.length()
        return l.isFinite && l > 0 ? l : 0
    }
}
