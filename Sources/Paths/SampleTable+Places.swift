import Geometry

/// A place on a path given by its curve rather than its arc length: a subpath, a segment in
/// it and the segment's parameter. It survives an edit that changes lengths elsewhere on the
/// path (the editor keeps rings here), where a distance or a fraction of the length would
/// slide.
public struct CurvePlace: Equatable, Sendable {
    /// Which subpath (the table's run).
    public var subpath: Int
    /// Which segment of it.
    public var segment: Int
    /// The segment's parameter, 0…1.
    public var t: Double
    /// The place at parameter `t` of segment `segment` of subpath `subpath`.
    public init(subpath: Int, segment: Int, t: Double) { self.subpath = subpath; self.segment = segment; self.t = t }
}

extension SampleTable {
    /// Where arc length `s` (wrapped or clamped as every query does) lies on the curve.
    public func place(atDistance s: Double) -> CurvePlace {
        guard !isEmpty else { return CurvePlace(subpath: 0, segment: 0, t: 0) }
        let (run, local) = withUnsafeView { $0.locate(s) }
        let r = runs.firstIndex(of: run) ?? 0
        var rest = local
        var k = 0
        while k < run.segmentCount - 1 && rest > segmentLengths[run.firstSegment + k] {
            rest -= segmentLengths[run.firstSegment + k]
            k += 1
        }
        let g = run.firstSegment + k
        let t = segments[g].parameter(atLength: rest, from: 0, upTo: 1, totalLength: segmentLengths[g])
        return CurvePlace(subpath: r, segment: k, t: t)
    }

    /// The arc length from the path's start at `place`, or nil when the table has no such
    /// subpath or segment.
    public func distance(at place: CurvePlace) -> Double? {
        guard runs.indices.contains(place.subpath) else { return nil }
        let run = runs[place.subpath]
        guard (0..<run.segmentCount).contains(place.segment) else { return nil }
        var s = run.offset
        for k in 0..<place.segment { s += segmentLengths[run.firstSegment + k] }
        let g = run.firstSegment + place.segment
        let t = place.t.isFinite ? min(max(place.t, 0), 1) : 0
        s += segmentLengths[g] == 0 ? 0 : min(segmentLengths[g], segments[g].length(from: 0, to: t))
        return s
    }
}
