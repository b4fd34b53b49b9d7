import Geometry

/// Which of an anchor's two handles: the one on the segment arriving at it, or the one on
/// the segment leaving it.
public enum HandleSide: String, Equatable, Hashable, Sendable {
    /// On the segment arriving at the anchor.
    case incoming
    /// On the segment leaving the anchor.
    case outgoing
}

// Handles: the Bézier control points next to an anchor, moved on their own or with the
// opposite one kept in line (a smooth point), and anchors turned corner ↔ smooth.
extension EditablePath {
    /// Anchor `a`'s handle on `side`: the control point of a cubic there (a quadratic's as
    /// the cubic it equals), or nil where that side is a line, an arc or nothing.
    public func handle(_ side: HandleSide, of a: AnchorIndex) -> Vec2? {
        guard position(of: a) != nil, let j = segmentIndex(side, of: a) else { return nil }
        switch subpaths[a.subpath].segments[j] {
        case .cubic(_, let c1, let c2, _): return side == .outgoing ? c1 : c2
        case .quad(let p, let c, let q): return side == .outgoing ? p + (c - p) * (2.0 / 3) : q + (c - q) * (2.0 / 3)
        default: return nil
        }
    }

    /// The segment on `side` of anchor `a` (its index in the subpath), if there is one.
    public func segmentIndex(_ side: HandleSide, of a: AnchorIndex) -> Int? {
        guard subpaths.indices.contains(a.subpath) else { return nil }
        let s = subpaths[a.subpath]
        return side == .incoming ? Self.incoming(a.index, in: s) : Self.outgoing(a.index, in: s)
    }

    /// The direction the path leaves anchor `a` toward `side` (outgoing: forward; incoming:
    /// backward along the arriving segment), from its handle, or its segment where the
    /// handle sits on the anchor or there is none. Nil at an open end.
    func direction(_ side: HandleSide, of a: AnchorIndex) -> Vec2? {
        guard let p = position(of: a), let j = segmentIndex(side, of: a) else { return nil }
        let seg = subpaths[a.subpath].segments[j]
        if let h = handle(side, of: a), h.distance(to: p) > 1e-9 { return (h - p).normalized() }
        let t = seg.tangent(at: side == .outgoing ? 0 : 1)
        return side == .outgoing ? t : t * -1
    }

    /// Whether the path runs through anchor `a` without a corner: both sides have a
    /// direction, they are opposite within about 1°, and at least one side is a curve (a
    /// point between two lines is a corner point, however straight it runs). A handle drawn
    /// back onto its anchor — what making a corner does — makes a corner point too, however
    /// the curves run on, so that the next toggle makes it smooth again.
    public func isSmooth(_ a: AnchorIndex) -> Bool {
        guard let p = position(of: a), let i = direction(.incoming, of: a), let o = direction(.outgoing, of: a),
              let j = segmentIndex(.incoming, of: a), let k = segmentIndex(.outgoing, of: a) else { return false }
        let s = subpaths[a.subpath].segments
        if case .line = s[j], case .line = s[k] { return false }
        if case .cubic(_, _, let c2, _) = s[j], c2.distance(to: p) < 1e-9 { return false }
        if case .cubic(_, let c1, _, _) = s[k], c1.distance(to: p) < 1e-9 { return false }
        return i.dot(o) < -0.9998
    }

    /// Turns the segments on both sides of anchor `a` into ones whose ends can move with
    /// their handles (`movable`: a quadratic exactly as a cubic, an arc as quarter-turn
    /// cubics). Returns the anchor's index afterwards and what changed (for whatever keeps a
    /// place on the segments), so that a drag that starts here adds no anchor later.
    @discardableResult
    public mutating func makeMovable(around a: AnchorIndex) throws(PathEditError) -> (AnchorIndex, [SegmentChange]) {
        guard position(of: a) != nil else { throw .noSuchAnchor }
        var index = a.index
        var changes: [SegmentChange] = []
        for side in [HandleSide.incoming, .outgoing] {
            let s = subpaths[a.subpath]
            let j = side == .incoming ? Self.incoming(index, in: s) : Self.outgoing(index, in: s)
            guard let j else { continue }
            let pieces = Self.movable(s.segments[j])
            guard pieces.count > 1 || pieces[0] != s.segments[j] else { continue }
            subpaths[a.subpath].segments.replaceSubrange(j...j, with: pieces)
            subpaths[a.subpath].start = subpaths[a.subpath].segments[0].start
            changes.append(.expanded(subpath: a.subpath, segment: j, into: pieces.count))
            if j < index { index += pieces.count - 1 }
        }
        return (AnchorIndex(subpath: a.subpath, index: index), changes)
    }

    /// Moves anchor `a`'s handle on `side` to `p`. With `keepingSmooth`, the opposite handle
    /// turns to stay in line with it (keeping its own length), as a smooth point's do. The
    /// segment there must be a cubic (`makeMovable(around:)`); a quadratic is raised first.
    public mutating func moveHandle(_ side: HandleSide, of a: AnchorIndex, to p: Vec2, keepingSmooth: Bool) throws(PathEditError) {
        guard let anchor = position(of: a) else { throw .noSuchAnchor }
        guard p.isFinite, abs(p.x) <= PathLimits.maxCoordinate, abs(p.y) <= PathLimits.maxCoordinate else { throw .outOfRange }
        guard let j = segmentIndex(side, of: a) else { throw .noSuchSegment }
        if case .quad = subpaths[a.subpath].segments[j] { subpaths[a.subpath].segments[j] = Self.movable(subpaths[a.subpath].segments[j])[0] }
        guard case .cubic = subpaths[a.subpath].segments[j] else { throw .noSuchSegment }
        setHandle(side, segment: j, subpath: a.subpath, to: p)
        let other: HandleSide = side == .incoming ? .outgoing : .incoming
        guard keepingSmooth, let k = segmentIndex(other, of: a), let h = handle(other, of: a) else { return }
        let away = anchor - p
        guard away.length > 1e-9 else { return }
        if case .quad = subpaths[a.subpath].segments[k] { subpaths[a.subpath].segments[k] = Self.movable(subpaths[a.subpath].segments[k])[0] }
        setHandle(other, segment: k, subpath: a.subpath, to: anchor + away.normalized() * h.distance(to: anchor))
    }

    private mutating func setHandle(_ side: HandleSide, segment j: Int, subpath s: Int, to p: Vec2) {
        guard case .cubic(let a, let c1, let c2, let b) = subpaths[s].segments[j] else { return }
        subpaths[s].segments[j] = side == .outgoing ? .cubic(a, p, c2, b) : .cubic(a, c1, p, b)
    }

    /// Turns a smooth anchor into a corner (its handles drawn in onto it) or a corner into a
    /// smooth point (handles along the line between its neighbours, a third of the way to
    /// each, lines there becoming the cubics they equal). Returns whether it is smooth now,
    /// and what changed (an arc beside it becomes cubics).
    @discardableResult
    public mutating func toggleSmooth(_ a: AnchorIndex) throws(PathEditError) -> (smooth: Bool, anchor: AnchorIndex, changes: [SegmentChange]) {
        let wasSmooth = isSmooth(a)
        let (a, changes) = try makeMovable(around: a)
        guard let p = position(of: a) else { throw .noSuchAnchor }
        let s = subpaths[a.subpath]
        let before = Self.incoming(a.index, in: s), after = Self.outgoing(a.index, in: s)
        if wasSmooth {
            for (side, j) in [(HandleSide.incoming, before), (.outgoing, after)] {
                guard let j, case .cubic = s.segments[j] else { continue }
                setHandle(side, segment: j, subpath: a.subpath, to: p)
            }
            return (false, a, changes)
        }
        // Neighbours: the far ends of the two segments (one of them at an open end).
        let prev = before.map { s.segments[$0].start }, next = after.map { s.segments[$0].end }
        var along = (next ?? p) - (prev ?? p)
        if along.length < 1e-9 { along = (next ?? p) - p }
        if along.length < 1e-9 { return (false, a, changes) }
        let d = along.normalized()
        for (side, j, far) in [(HandleSide.incoming, before, prev), (.outgoing, after, next)] {
            guard let j, let far else { continue }
            let seg = subpaths[a.subpath].segments[j]
            if case .line(let x, let y) = seg { subpaths[a.subpath].segments[j] = .cubic(x, x + (y - x) / 3, y - (y - x) / 3, y) }
            let reach = p.distance(to: far) / 3
            setHandle(side, segment: j, subpath: a.subpath, to: side == .outgoing ? p + d * reach : p - d * reach)
        }
        return (isSmooth(a), a, changes)
    }
}

/// How one edit changed a subpath's segments, so that a place given as (segment, parameter)
/// can follow it: a ring on a segment that was cut, joined or expanded stays on the same
/// point of the curve (or, for a join, the same share of the two parts).
public enum SegmentChange: Equatable, Sendable {
    /// Segment `segment` was cut at `t` into two.
    case split(subpath: Int, segment: Int, at: Double)
    /// Segments `first` and `first + 1` (or, with `wraps`, the last and the first of a
    /// closed subpath, which then starts at the old anchor 1) became one.
    case joined(subpath: Int, first: Int, wraps: Bool, count: Int)
    /// Segment `segment` was removed from an open subpath's end.
    case removed(subpath: Int, segment: Int)
    /// Segment `segment` became `into` pieces of equal parameter span.
    case expanded(subpath: Int, segment: Int, into: Int)

    /// Where (segment `j`, parameter `t`) of subpath `sub` is after this change.
    public func map(subpath sub: Int, segment j: Int, t: Double) -> (segment: Int, t: Double) {
        switch self {
        case .split(let s, let k, let at) where s == sub:
            if j < k { return (j, t) }
            if j > k { return (j + 1, t) }
            if at <= 0 { return (k + 1, t) }
            if at >= 1 { return (k, t) }
            return t < at ? (k, t / at) : (k + 1, (t - at) / (1 - at))
        case .joined(let s, let first, let wraps, let count) where s == sub:
            if wraps {
                // Old last (count − 1) and old 0 became the new last; the rest shift down one.
                if j == count - 1 { return (count - 2, t / 2) }
                if j == 0 { return (count - 2, 0.5 + t / 2) }
                return (j - 1, t)
            }
            if j < first { return (j, t) }
            if j == first { return (first, t / 2) }
            if j == first + 1 { return (first, 0.5 + t / 2) }
            return (j - 1, t)
        case .removed(let s, let k) where s == sub:
            if j < k { return (j, t) }
            if j == k { return k == 0 ? (0, 0) : (k - 1, 1) }
            return (j - 1, t)
        case .expanded(let s, let k, let n) where s == sub:
            if j < k { return (j, t) }
            if j > k { return (j + n - 1, t) }
            let scaled = min(max(t, 0), 1) * Double(n)
            let piece = min(n - 1, Int(scaled))
            return (k + piece, scaled - Double(piece))
        default:
            return (j, t)
        }
    }
}
