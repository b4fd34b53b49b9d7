#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// An anchor of an editable path: its subpath, and its index there. Anchor i starts segment
/// i; an open subpath's last anchor (index `segments.count`) ends the last segment.
public struct AnchorIndex: Equatable, Hashable, Sendable {
    /// Which subpath.
    public var subpath: Int
    /// Which anchor of it (anchor i starts segment i).
    public var index: Int
    /// Anchor `index` of subpath `subpath`.
    public init(subpath: Int, index: Int) { self.subpath = subpath; self.index = index }
}

/// An edit refused, with what to tell the user.
public enum PathEditError: Error, Equatable, CustomStringConvertible {
    /// The anchor named is not in the path.
    case noSuchAnchor
    /// The segment named is not in the path (or has no handle there).
    case noSuchSegment
    /// Removing it would leave a subpath of fewer than two anchors.
    case tooFewAnchors
    /// A point that is not finite or lies past ±`PathLimits.maxCoordinate`.
    case outOfRange

    /// What to tell the user.
    public var description: String {
        switch self {
        case .noSuchAnchor: "there is no such anchor"
        case .noSuchSegment: "there is no such segment"
        case .tooFewAnchors: "a path needs at least two anchors"
        case .outOfRange: "a point must be within ±\(Int(PathLimits.maxCoordinate)) points"
        }
    }
}

/// A path as an editor changes it: its subpaths' segments, anchors inserted exactly (the
/// shape unchanged), removed (their neighbours joined), and moved (with their handles).
/// A value: an undo history keeps it whole.
public struct EditablePath: Equatable, Sendable {
    /// The path's subpaths, as the editor changes them.
    public internal(set) var subpaths: [Subpath]

    /// An editable copy of `path`: one anchor per point. A whole ellipse (one arc of a full
    /// turn) is cut into two half turns, so that it has anchors on both sides to drag; a line
    /// no longer than rounding after another segment (what brings an arc's computed end onto
    /// its SVG endpoint, 403.99999999999994 onto 404, or a close onto a start the last
    /// segment already reaches) is left out, as it would be a second anchor on top of
    /// another, and a drag would tear the shape there. The shape does not change.
    public init(_ path: Path) { subpaths = path.subpaths.map(Self.onePointOneAnchor) }

    static func onePointOneAnchor(_ s: Subpath) -> Subpath {
        var out = s
        out.segments.removeAll(keepingCapacity: true)
        for seg in s.segments {
            if case .arc(let c, let rx, let ry, let rot, let start, let sweep) = seg, abs(sweep) >= 2 * .pi * (1 - 1e-9), sweep.isFinite {
                out.segments.append(.arc(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep / 2))
                out.segments.append(.arc(center: c, rx: rx, ry: ry, rotation: rot, start: start + sweep / 2, sweep: sweep / 2))
                continue
            }
            if case .line(let a, let b) = seg, !out.segments.isEmpty, PathLimits.differByRounding(a, b) { continue }
            out.segments.append(seg)
        }
        return out
    }

    /// The path the segments make.
    public var path: Path { Path(subpaths: subpaths) }

    /// Every anchor, subpath by subpath.
    public var anchors: [AnchorIndex] {
        subpaths.indices.flatMap { s in (0..<Self.anchorCount(subpaths[s])).map { AnchorIndex(subpath: s, index: $0) } }
    }

    /// How many anchors subpath `s` has: one per segment when closed, one more when open.
    public static func anchorCount(_ s: Subpath) -> Int { s.isClosed ? s.segments.count : s.segments.count + 1 }

    /// Where anchor `a` is, or nil when there is none.
    public func position(of a: AnchorIndex) -> Vec2? {
        guard subpaths.indices.contains(a.subpath), (0..<Self.anchorCount(subpaths[a.subpath])).contains(a.index) else { return nil }
        let s = subpaths[a.subpath]
        return a.index < s.segments.count ? s.segments[a.index].start : (s.segments.last?.end ?? s.start)
    }

    /// Puts an anchor on segment `segment` of subpath `subpath` at parameter `t` by cutting
    /// the segment there (`PathSegment.split`): the shape does not change. Returns the new
    /// anchor.
    public mutating func insertAnchor(subpath: Int, segment: Int, at t: Double) throws(PathEditError) -> AnchorIndex {
        guard subpaths.indices.contains(subpath), subpaths[subpath].segments.indices.contains(segment) else { throw .noSuchSegment }
        let (a, b) = subpaths[subpath].segments[segment].split(at: t)
        subpaths[subpath].segments.replaceSubrange(segment...segment, with: [a, b])
        return AnchorIndex(subpath: subpath, index: segment + 1)
    }

    /// Removes anchor `a`. At an open subpath's end its segment goes with it; elsewhere the
    /// two segments that meet there become one, from the first one's start to the second
    /// one's end, keeping their outer handles (two lines make a line). A subpath keeps at
    /// least two anchors.
    @discardableResult
    public mutating func removeAnchor(_ a: AnchorIndex) throws(PathEditError) -> SegmentChange {
        guard position(of: a) != nil else { throw .noSuchAnchor }
        var s = subpaths[a.subpath]
        guard Self.anchorCount(s) > 2 else { throw .tooFewAnchors }
        let n = s.segments.count
        let change: SegmentChange
        if !s.isClosed && a.index == 0 {
            s.segments.removeFirst()
            s.start = s.segments[0].start
            change = .removed(subpath: a.subpath, segment: 0)
        } else if !s.isClosed && a.index == n {
            s.segments.removeLast()
            change = .removed(subpath: a.subpath, segment: n - 1)
        } else {
            let before = (a.index + n - 1) % n, after = a.index % n
            let joined = Self.join(s.segments[before], s.segments[after])
            if after == 0 {
                // Anchor 0 of a closed subpath: the joined segment closes it, from the last
                // anchor to anchor 1, which starts the subpath now.
                s.segments = Array(s.segments[1..<(n - 1)]) + [joined]
                change = .joined(subpath: a.subpath, first: n - 1, wraps: true, count: n)
            } else {
                s.segments.replaceSubrange(before...after, with: [joined])
                change = .joined(subpath: a.subpath, first: before, wraps: false, count: n)
            }
            s.start = s.segments[0].start
        }
        subpaths[a.subpath] = s
        return change
    }

    /// Moves anchor `a` to `p`, and the handles on either side of it by as much (so the
    /// curve keeps its direction there). A quadratic or an arc that meets the anchor becomes
    /// cubic first — exactly for a quadratic, to within 1e-4 of its size for an arc, in
    /// pieces of at most a quarter turn (which adds their anchors).
    public mutating func moveAnchor(_ a: AnchorIndex, to p: Vec2) throws(PathEditError) {
        guard position(of: a) != nil else { throw .noSuchAnchor }
        guard p.isFinite, abs(p.x) <= PathLimits.maxCoordinate, abs(p.y) <= PathLimits.maxCoordinate else { throw .outOfRange }
        var s = subpaths[a.subpath]
        guard !s.segments.isEmpty else {
            // A lone point (a move with nothing after it).
            subpaths[a.subpath].start = p
            return
        }
        var index = a.index
        // The segment ending at the anchor, then the one starting there, made movable.
        if let before = Self.incoming(index, in: s) {
            let pieces = Self.movable(s.segments[before])
            s.segments.replaceSubrange(before...before, with: pieces)
            if before < index { index += pieces.count - 1 }
        }
        if let after = Self.outgoing(index, in: s) {
            s.segments.replaceSubrange(after...after, with: Self.movable(s.segments[after]))
        }
        let delta = p - (index < s.segments.count ? s.segments[index].start : s.segments[s.segments.count - 1].end)
        if let before = Self.incoming(index, in: s) { s.segments[before] = Self.moving(s.segments[before], end: p, by: delta) }
        if let after = Self.outgoing(index, in: s) { s.segments[after] = Self.moving(s.segments[after], start: p, by: delta) }
        s.start = s.segments.first?.start ?? p
        subpaths[a.subpath] = s
    }

    // MARK: Pieces

    /// The segment ending at anchor `i`, if any.
    static func incoming(_ i: Int, in s: Subpath) -> Int? {
        if i > 0 { return i - 1 }
        return s.isClosed && !s.segments.isEmpty ? s.segments.count - 1 : nil
    }

    /// The segment starting at anchor `i`, if any.
    static func outgoing(_ i: Int, in s: Subpath) -> Int? { i < s.segments.count ? i : nil }

    /// `seg` as segments whose ends can move with their handles: lines and cubics as they
    /// are, a quadratic raised to a cubic, an arc as cubics.
    static func movable(_ seg: PathSegment) -> [PathSegment] {
        switch seg {
        case .line, .cubic: return [seg]
        case .quad(let a, let c, let b): return [.cubic(a, a + (c - a) * (2.0 / 3), b + (c - b) * (2.0 / 3), b)]
        case .arc(let c, let rx, let ry, let rot, let start, let sweep):
            // (Capped: a sweep of many turns retraces its ellipse, and Int() of a huge one traps.)
            let pieces = max(1, Int(min(abs(sweep) / (Double.pi / 2), 4096).rounded(.up)))
            let step = sweep / Double(pieces), k = 4.0 / 3 * tan(step / 4)
            func point(_ angle: Double) -> Vec2 { ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: angle) }
            func velocity(_ angle: Double) -> Vec2 {
                let d = Vec2(-rx * sin(angle), ry * cos(angle))
                return Vec2(d.x * cos(rot) - d.y * sin(rot), d.x * sin(rot) + d.y * cos(rot))
            }
            return (0..<pieces).map { i in
                let t0 = start + step * Double(i), t1 = start + step * Double(i + 1)
                return .cubic(point(t0), point(t0) + velocity(t0) * k, point(t1) - velocity(t1) * k, point(t1))
            }
        }
    }

    private static func moving(_ seg: PathSegment, end p: Vec2, by d: Vec2) -> PathSegment {
        switch seg {
        case .line(let a, _): return .line(a, p)
        case .cubic(let a, let c1, let c2, _): return .cubic(a, c1, c2 + d, p)
        default: return seg
        }
    }

    private static func moving(_ seg: PathSegment, start p: Vec2, by d: Vec2) -> PathSegment {
        switch seg {
        case .line(_, let b): return .line(p, b)
        case .cubic(_, let c1, let c2, let b): return .cubic(p, c1 + d, c2, b)
        default: return seg
        }
    }

    /// One segment from `a`'s start to `b`'s end with their outer handles.
    private static func join(_ a: PathSegment, _ b: PathSegment) -> PathSegment {
        if case .line(let p, _) = a, case .line(_, let q) = b { return .line(p, q) }
        return .cubic(a.start, handles(a).leaving, handles(b).arriving, b.end)
    }

    /// The handle leaving `seg`'s start and the one arriving at its end: a curve's own (an
    /// arc's as cubics), a line's a third of the way along it.
    private static func handles(_ seg: PathSegment) -> (leaving: Vec2, arriving: Vec2) {
        let pieces = movable(seg)
        if case .cubic(_, let c1, _, _)? = pieces.first, case .cubic(_, _, let c2, _)? = pieces.last { return (c1, c2) }
        let third = (seg.end - seg.start) / 3
        return (seg.start + third, seg.end - third)
    }
}

extension EditablePath {
    /// Whether `other` has the same subpaths, open or closed alike, of the same segments by
    /// kind (line, quadratic, cubic, arc): the two differ only in where their points are.
    public func hasSegments(like other: EditablePath) -> Bool {
        func kind(_ s: PathSegment) -> Int {
            switch s {
            case .line: 0
            case .quad: 1
            case .cubic: 2
            case .arc: 3
            }
        }
        return subpaths.count == other.subpaths.count && zip(subpaths, other.subpaths).allSatisfy { a, b in
            a.isClosed == b.isClosed && a.segments.count == b.segments.count
                && zip(a.segments, b.segments).allSatisfy { kind($0) == kind($1) }
        }
    }
}
