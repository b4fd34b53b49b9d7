import Geometry

/// What one sample table learned about its segments, kept for the next table of nearly the
/// same path: each segment's arc length and its coarse arc-length table. An editor that
/// moves one anchor changes two segments; a table built again with these measures only
/// those, and the samples on every other segment start their Newton steps from the kept
/// tables instead of 16 new quadratures each.
///
/// Segments are matched by value, from the start and from the end of the path (an edit
/// changes one stretch of segments in the middle, even when it adds or removes some).
public struct SegmentMeasurements: Sendable {
    private var segments: [PathSegment] = []
    private var lengths: [Double] = []
    private var pieces: [ArcLengthInverse.Pieces?] = []
    /// How many segments the last build measured (the rest were kept): what tests and the
    /// benchmark look at.
    public private(set) var measuredLastTime = 0

    /// Nothing measured yet: the first table measures every segment.
    public init() {}

    /// The coarse tables a build reads and fills, by the new table's segment index, with the
    /// segments and lengths they go with (kept together only when the build succeeds).
    final class PieceStore {
        var pieces: [ArcLengthInverse.Pieces?]
        let segments: [PathSegment]
        let lengths: [Double]
        let measured: Int
        init(_ pieces: [ArcLengthInverse.Pieces?], segments: [PathSegment], lengths: [Double], measured: Int) {
            self.pieces = pieces; self.segments = segments; self.lengths = lengths; self.measured = measured
        }
        func keep(_ p: ArcLengthInverse.Pieces?, for i: Int) { if let p, pieces.indices.contains(i) { pieces[i] = p } }
    }

    /// The lengths of `subpaths`' segments (kept where a segment is unchanged, measured
    /// otherwise), and the coarse tables kept for them, indexed as a table numbers its
    /// segments (a lone point takes one).
    func measure(_ subpaths: [Subpath]) -> (lengths: [[Double]], store: PieceStore) {
        var flat: [PathSegment] = []
        for sub in subpaths { flat += sub.segments.isEmpty ? [.line(sub.start, sub.start)] : sub.segments }
        let limit = min(flat.count, segments.count)
        var prefix = 0
        while prefix < limit && flat[prefix] == segments[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && flat[flat.count - 1 - suffix] == segments[segments.count - 1 - suffix] { suffix += 1 }
        var newLengths = [Double](repeating: 0, count: flat.count)
        var newPieces = [ArcLengthInverse.Pieces?](repeating: nil, count: flat.count)
        for i in 0..<flat.count {
            let old = i < prefix ? i : (i >= flat.count - suffix ? i - flat.count + segments.count : -1)
            if old >= 0 {
                newLengths[i] = lengths[old]
                newPieces[i] = pieces[old]
            } else {
                newLengths[i] = SampleTable.measure(flat[i])
            }
        }
        var out: [[Double]] = []
        var k = 0
        for sub in subpaths {
            let n = sub.segments.count
            out.append(Array(newLengths[k..<(k + n)]))
            k += max(1, n)
        }
        return (out, PieceStore(newPieces, segments: flat, lengths: newLengths, measured: flat.count - prefix - suffix))
    }

    /// Keeps what a build that succeeded measured and made (a refused one keeps nothing, so
    /// the three arrays always describe the same segments).
    mutating func keep(_ store: PieceStore) {
        segments = store.segments
        lengths = store.lengths
        pieces = store.pieces
        measuredLastTime = store.measured
    }
}

extension SampleTable {
    /// Samples `path` like `init(checking:spacing:)`, measuring only the segments that
    /// `measurements` (from the table before) does not already know, and updating it.
    public init(checking path: Path, spacing: Double, measurements: inout SegmentMeasurements) throws(LimitError) {
        let subpaths = path.subpaths
        let (lengths, store) = measurements.measure(subpaths)
        let plan = try Self.checkedPlan(Plan(subpaths, lengths: lengths, spacing: Self.usableSpacing(spacing)), spacing: spacing)
        self.init(plan, spacing: plan.spacing, pieces: store)
        measurements.keep(store)
    }
}
