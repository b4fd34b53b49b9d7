import Geometry
import Synchronization

/// A path sampled once into points equally spaced by arc length, each with its arc length
/// and unit tangent — the seed's "array of closely spaced points", done exactly. Each
/// sample also knows its segment and curve parameter, so a point between two samples is
/// found on the curve itself, not on the chord (`SampleBracket`).
///
/// How it is built: every subpath's segments are measured (analytically for lines and
/// circular arcs, by adaptive Gauss–Legendre quadrature otherwise); a closed subpath of
/// length L gets n = max(2, round(L / spacing)) samples at arc lengths k·L/n, so the pair
/// across the seam (last → first) is spaced exactly like every other pair and the start is
/// not duplicated; an open subpath gets n + 1 samples (n ≥ 1) including both ends. Two is
/// the fewest a point between samples needs: each stretch between a sample and the next is
/// a bracket that walks the segments between them (`SampleTable+Brackets.swift`), so two
/// brackets cover a closed loop, but one sample on its own has no successor to bracket to,
/// and every query would answer the start. Each sample's
/// curve parameter is found by Newton's method on the arc-length function, so positions
/// lie on the true curve and tangents come from its derivative.
///
/// Storage is parallel contiguous arrays (Godot's Curve2D keeps the same caches): points,
/// tangents and distances, plus a k-d tree over chunks of them and a grid in front of it for the global nearest query
/// (`SampleTable+Nearest.swift`). The walk the seed does is in `SampleTable+Walk.swift`.
///
/// Every query by arc length goes one way: find the run, wrap or clamp onto it, take the
/// bracket (`Run.wrap`, `Run.bracket(atLocal:)`), and ask that bracket for the point. The
/// table's methods do it through `UnsafeView`, loops over many handles through a view they
/// borrow once, and pools that keep a table across steps through a `PinnedSampleTable`'s view.
public struct SampleTable: Sendable {
    /// The arc length between neighbouring samples asked for (each run's `step` is the exact one).
    public let spacing: Double
    /// Unique to this sampling (copies share it, no other table ever has it): what tweens
    /// on the same table are shared by.
    public let id: UInt64 = SampleTable.nextID.wrappingAdd(1, ordering: .relaxed).newValue
    private static let nextID = Atomic<UInt64>(0)
    /// The samples' points, run after run.
    public private(set) var points: ContiguousArray<Vec2> = []
    /// The unit tangent at each sample, from the curve's derivative.
    public private(set) var tangents: ContiguousArray<Vec2> = []
    /// Arc length of each sample from the path's start (subpaths one after another).
    public private(set) var distances: ContiguousArray<Double> = []
    /// One run of samples per subpath.
    public private(set) var runs: [Run] = []
    /// Where each sample lies on the curve: its segment (an index into `segments`) and the
    /// segment's parameter there.
    public private(set) var sampleSegments: ContiguousArray<Int32> = []
    /// Each sample's parameter on its segment (`sampleSegments`).
    public private(set) var sampleParameters: ContiguousArray<Double> = []
    /// How each sample reaches the next along the true curve (`SampleTable+Brackets.swift`).
    public internal(set) var brackets: ContiguousArray<SampleBracket> = []
    /// Every subpath's segments one after another, and their arc lengths.
    public private(set) var segments: ContiguousArray<PathSegment> = []
    /// Each segment's arc length, in `segments`' order.
    public private(set) var segmentLengths: ContiguousArray<Double> = []
    /// The whole path's arc length (all subpaths).
    public private(set) var length: Double = 0
    /// The global nearest query's tree and grid (`SampleTable+Nearest.swift`).
    private(set) var nearestSamples = NearestSampleIndex.empty

    /// Samples `path` every `spacing` points of arc length (default 1 pt); more coarsely if
    /// that would take more than `maxSamples` samples, and at `minSpacing` if `spacing` is
    /// below it (at 1 pt if it is not a positive number).
    public init(path: Path, spacing: Double = 1) {
        let plan = Plan(path, spacing: Self.usableSpacing(spacing))
        self.init(plan, spacing: plan.needed > Double(Self.maxSamples) ? plan.minimumSpacing : plan.spacing)
    }

    /// Samples `path` every `spacing` points, or says why it cannot (before allocating): a
    /// spacing below `minSpacing`, or one that needs more than `maxSamples` samples.
    public init(checking path: Path, spacing: Double) throws(LimitError) {
        let plan = try Self.checkedPlan(path, spacing: spacing)
        self.init(plan, spacing: plan.spacing)
    }

    init(_ plan: Plan, spacing: Double, pieces: SegmentMeasurements.PieceStore? = nil) {
        self.spacing = spacing
        // Room for every run's samples at once: reserved run by run, each array would be
        // copied whole at every subpath (100,000 subpaths took a minute).
        var n = 0
        for (sub, lengths) in zip(plan.subpaths, plan.lengths) { n += Self.runLayout(sub, lengths: lengths, spacing: spacing).samples }
        points.reserveCapacity(n)
        tangents.reserveCapacity(n)
        distances.reserveCapacity(n)
        sampleSegments.reserveCapacity(n)
        sampleParameters.reserveCapacity(n)
        brackets.reserveCapacity(n)
        runs.reserveCapacity(plan.subpaths.count)
        for (sub, lengths) in zip(plan.subpaths, plan.lengths) { appendRun(sub, lengths: lengths, pieces: pieces) }
        nearestSamples = NearestSampleIndex(points: points, runs: runs, spacing: self.spacing)
    }

    /// How many samples.
    public var count: Int { points.count }
    /// Whether there are none (an empty path).
    public var isEmpty: Bool { points.isEmpty }

    /// The run holding sample `i`.
    @inline(__always)
    public func run(containing i: Int) -> Run { Self.run(containing: i, in: runs) }

    /// A subpath's run: its arc length (0 for a point, or only zero-length segments) and how
    /// many samples it takes (one for a point; as `samples(length:closed:spacing:)` counts
    /// them otherwise).
    private static func runLayout(_ sub: Subpath, lengths measured: [Double], spacing: Double) -> (total: Double, intervals: Int, samples: Int) {
        var total = sub.segments.isEmpty ? 0 : measured.reduce(0, +)
        // Each length is finite (`measure`), but their sum may still overflow (only through
        // the API: parsed paths are bounded): that subpath is a point.
        if !total.isFinite { total = 0 }
        guard total > 1e-9 else { return (total, 0, 1) }
        let intervals = max(sub.isClosed ? 2 : 1, Int((total / spacing).rounded()))
        return (total, intervals, sub.isClosed ? intervals : intervals + 1)
    }

    private mutating func appendRun(_ sub: Subpath, lengths measured: [Double], pieces store: SegmentMeasurements.PieceStore?) {
        // A lone point is kept as a zero-length line, so every run has a segment.
        let own = sub.segments.isEmpty ? [PathSegment.line(sub.start, sub.start)] : sub.segments
        let lengths = sub.segments.isEmpty ? [0] : measured
        let (total, intervals, n) = Self.runLayout(sub, lengths: measured, spacing: spacing)
        let first = points.count
        let firstSegment = segments.count
        segments.append(contentsOf: own)
        segmentLengths.append(contentsOf: lengths)
        guard total > 1e-9 else {
            // A point, or only zero-length segments: one sample, tangent from the geometry if any.
            points.append(sub.start)
            tangents.append(sub.segments.first.map { $0.tangent(at: 0) } ?? Vec2(1, 0))
            distances.append(length)
            sampleSegments.append(Int32(firstSegment))
            sampleParameters.append(0)
            brackets.append(SampleBracket(kind: .turn, segment: firstSegment, endSegment: firstSegment))
            runs.append(Run(first: first, count: 1, isClosed: sub.isClosed, length: 0, offset: length, step: 0,
                            firstSegment: firstSegment, segmentCount: own.count))
            return
        }
        let step = total / Double(intervals)
        var starts: [Double] = []
        var running = 0.0
        for l in lengths { starts.append(running); running += l }
        let joints = Joints(lengths, total: total)
        var local: [Double] = []
        local.reserveCapacity(n)
        var segIndex = joints.firstReal
        func inverseFor(_ i: Int) -> ArcLengthInverse {
            ArcLengthInverse(sub.segments[i], length: lengths[i], pieces: store?.pieces[firstSegment + i])
        }
        var inverse = inverseFor(segIndex)
        for k in 0..<n {
            let s = k == n - 1 && !sub.isClosed ? total : Double(k) * step
            // Past a segment's end, or at a joint (within the tolerance): a sample there
            // belongs to the segment leaving it, never to a zero-length one.
            var moved = false
            let previous = segIndex
            while segIndex < joints.lastReal,
                  s >= starts[segIndex] + lengths[segIndex] - joints.tolerance || !joints.isReal(segIndex) {
                segIndex += 1
                moved = true
            }
            if moved {
                store?.keep(inverse.pieces, for: firstSegment + previous)
                inverse = inverseFor(segIndex)
            }
            let t = k == n - 1 && !sub.isClosed ? 1 : inverse.parameter(at: s - starts[segIndex])
            let (p, tangent) = sub.segments[segIndex].pointAndTangent(at: t)
            // An open path's end is its last segment's end, exactly (that segment may be a
            // rounding-sized line that puts an arc's end exactly where the data said); its
            // tangent is the last segment of some length arriving there.
            points.append(k == n - 1 && !sub.isClosed ? sub.segments[sub.segments.count - 1].end : p)
            tangents.append(tangent)
            distances.append(length + s)
            local.append(s)
            sampleSegments.append(Int32(firstSegment + segIndex))
            sampleParameters.append(t)
        }
        store?.keep(inverse.pieces, for: firstSegment + segIndex)
        appendBrackets(first: first, local: local, total: total, closed: sub.isClosed, segments: sub.segments,
                       starts: starts, joints: joints, segmentBase: firstSegment)
        runs.append(Run(first: first, count: n, isClosed: sub.isClosed, length: total, offset: length, step: step,
                        firstSegment: firstSegment, segmentCount: sub.segments.count))
        length += total
    }

    // MARK: Queries by arc length

    /// The sample index at or just before arc length `s` (wrapping on a closed path, clamped
    /// on an open one). `s` is measured from the path's start.
    public func index(atDistance s: Double) -> Int {
        isEmpty ? 0 : withUnsafeView { $0.index(atDistance: s) }
    }

    /// The position at arc length `s`, on the true curve between samples (within
    /// `exactTolerance`). On a closed path s = 0 and s = length give the same point; at a
    /// corner it is the corner.
    public func point(atDistance s: Double) -> Vec2 {
        isEmpty ? .zero : withUnsafeView { $0.point(atDistance: s) }
    }

    /// The unit tangent at arc length `s`, from the curve's derivative there. At a joint (to
    /// within `jointTolerance`), the segment leaving it, past any of no length; at an open
    /// path's end, the one arriving; a closed path's seam is a joint
    /// (`SampleTable+Joints.swift`).
    public func tangent(atDistance s: Double) -> Vec2 {
        isEmpty ? Vec2(1, 0) : withUnsafeView { $0.pointAndTangent(atDistance: s).1 }
    }

    /// Position and unit tangent at arc length `s` with one lookup (see `point(atDistance:)`).
    public func pointAndTangent(atDistance s: Double) -> (Vec2, Vec2) {
        isEmpty ? (.zero, Vec2(1, 0)) : withUnsafeView { $0.pointAndTangent(atDistance: s) }
    }

    /// The fraction of the path's length at sample `i` (0…1).
    public func fraction(ofIndex i: Int) -> Double {
        length > 0 && i >= 0 && i < count ? distances[i] / length : 0
    }

    /// Checks the table's invariants: finite values, unit tangents, non-decreasing distances
    /// spaced by each run's step, and no sample on a segment of no length (the joint rule,
    /// `SampleTable+Joints.swift`). Tests call it.
    package func checkInvariants() -> Bool {
        for r in runs {
            let joints = Joints(Array(segmentLengths[r.firstSegment..<(r.firstSegment + r.segmentCount)]), total: r.length)
            for i in r.range {
                guard points[i].isFinite, abs(tangents[i].length - 1) < 1e-9 else { return false }
                if i > r.first, abs(distances[i] - distances[i - 1] - r.step) > 1e-9 * max(1, length) { return false }
                if r.count > 1, !joints.isReal(Int(sampleSegments[i]) - r.firstSegment) { return false }
            }
        }
        return points.count == tangents.count && points.count == distances.count && points.count == brackets.count
            && points.count == sampleSegments.count && points.count == sampleParameters.count
            && segments.count == segmentLengths.count
    }
}
