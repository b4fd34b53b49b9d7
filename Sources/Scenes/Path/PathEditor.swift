import Engine
import Geometry
import Paths

/// The path scene's editor: the path being shaped (in its own coordinates, a file's for a
/// custom path), how it is shown in the window, what is held and focused, and the undo
/// history. It knows no input devices: the scene's session turns presses, keys and sticks
/// into its operations (`PathEditSession+Pointers.swift`, `+Keys.swift`).
struct PathEditor {
    /// What a hand or the keyboard holds: an anchor, or one of its handles.
    enum Target: Equatable {
        case anchor(AnchorIndex)
        case handle(AnchorIndex, HandleSide)

        var anchor: AnchorIndex {
            switch self {
            case .anchor(let a), .handle(let a, _): a
            }
        }
    }

    /// What a pointer's press holds: a target, where it was grabbed, whether a smooth
    /// point's other handle follows. The presses themselves are `drags`.
    struct Grip {
        var point: Target
        /// From the pointer to the target's point when pressed (window points): the target
        /// keeps it, so it does not jump under the finger.
        var grab: Vec2
        /// A handle of a smooth point keeps the other in line (unless broken).
        var keepsSmooth: Bool
    }

    var doc: EditablePath
    /// window = doc × scale + offset.
    var scale = 1.0
    var offset = Vec2.zero
    var history = UndoHistory<EditablePath>(limit: 200)
    var focused: AnchorIndex?
    /// The pointers pressed on targets: where they went down, how long each has been held
    /// still on an anchor (toward deleting it), whether each has moved past half its
    /// device's slop.
    var drags = Presses<Grip>()
    /// The path when the current gesture began (the first of its pointers pressed, or the
    /// last edit made while it went on): recorded once for undo when its last pointer lets go.
    var gestureBefore: EditablePath?
    /// Consecutive arrow-key or stick moves of one anchor make one undo step.
    var nudging: AnchorIndex?
    /// Whether the path has been changed (until then the scene draws its own shape, so an
    /// unedited shape stays exactly as it was).
    var changed = false
    /// For a built-in shape, the scene's rect it was made in (its coordinates are window
    /// points there); for a custom path, nil: it is fitted as the scene fits it.
    var frame: Rect?
    /// A run of key moves of the anchor `nudging`: where it began (path coordinates) and the
    /// window points moved since, so that a run counts from its start and moving back lands
    /// exactly where it began.
    var nudgeRun: (origin: Vec2, total: Vec2)?

    /// The custom path's own bounds when loaded (the fit keeps to them, not to the edits).
    var loadedBounds = Rect(x: 0, y: 0, w: 0, h: 0)
    /// Where points may be put, in the path's coordinates: the shape's rect with half its
    /// size again on every side. The window clamps a drag too, but a window made tiny and
    /// large again would otherwise scale a point dragged to a tiny window's edge into one
    /// thousands of points out (the soak found a 473,000-sample table that way).
    var room = Rect(x: -1e9, y: -1e9, w: 2e9, h: 2e9)

    static func room(around r: Rect) -> Rect {
        let m = max(r.width, r.height, 1) / 2
        return r.insetBy(dx: -m, dy: -m)
    }

    /// `p` (path coordinates) kept inside `room`.
    func kept(_ p: Vec2) -> Vec2 { room.clamped(p) }

    init(_ doc: EditablePath) { self.doc = doc }

    // MARK: Window ↔ document

    func toWindow(_ p: Vec2) -> Vec2 { p * scale + offset }
    func toDoc(_ p: Vec2) -> Vec2 { (p - offset) / scale }

    /// The path as drawn, in window points.
    var windowPath: Path { doc.path.applying(transform) }

    var transform: AffineTransform { AffineTransform.scale(scale, scale).concatenating(.translation(offset)) }

    /// Every anchor with where it is drawn.
    func drawnAnchors() -> [(AnchorIndex, Vec2)] {
        doc.anchors.compactMap { a in doc.position(of: a).map { (a, toWindow($0)) } }
    }

    func point(of target: Target) -> Vec2? {
        switch target {
        case .anchor(let a): doc.position(of: a).map(toWindow)
        case .handle(let a, let side): doc.handle(side, of: a).map(toWindow)
        }
    }

    /// The anchors whose handles are shown: all of them on a small path, else the focused
    /// and held ones with their neighbours (a 1,000-anchor path would be a thicket).
    func anchorsWithHandles() -> [AnchorIndex] {
        let all = doc.anchors
        if all.count <= Self.allHandlesUpTo { return all }
        var shown: [AnchorIndex] = []
        for a in ([focused].compactMap { $0 } + drags.all.map(\.target.point.anchor)) {
            for d in -1...1 {
                let n = EditablePath.anchorCount(doc.subpaths[a.subpath])
                let i = doc.subpaths[a.subpath].isClosed ? positiveModulo(a.index + d, n) : a.index + d
                let b = AnchorIndex(subpath: a.subpath, index: i)
                if doc.position(of: b) != nil && !shown.contains(b) { shown.append(b) }
            }
        }
        return shown
    }

    static let allHandlesUpTo = 48

    /// The target under `p` (window points): handles first (drawn on top), then anchors;
    /// the nearest within `radius`.
    func target(at p: Vec2, radius: Double) -> Target? {
        var best: (Target, Double)?
        func consider(_ t: Target, _ q: Vec2) {
            let d = q.distance(to: p)
            if d <= radius && (best == nil || d < best!.1) { best = (t, d) }
        }
        for a in anchorsWithHandles() {
            for side in [HandleSide.incoming, .outgoing] {
                guard let h = doc.handle(side, of: a), let at = doc.position(of: a), h.distance(to: at) > 1e-9 else { continue }
                consider(.handle(a, side), toWindow(h))
            }
        }
        if let b = best { return b.0 }
        for (a, q) in drawnAnchors() { consider(.anchor(a), q) }
        return best?.0
    }

    // MARK: Changes

    /// Anchor `a`'s index after `changes` (a segment cut or expanded adds anchors after it;
    /// a removal takes one out), or nil when `a` itself was removed.
    static func mapAnchor(_ a: AnchorIndex, through changes: [SegmentChange]) -> AnchorIndex? {
        var i = a.index
        for c in changes {
            switch c {
            case .expanded(let s, let j, let n) where s == a.subpath && i > j: i += n - 1
            case .split(let s, let j, _) where s == a.subpath && i > j: i += 1
            case .removed(let s, let k) where s == a.subpath:
                // Segment 0 goes with anchor 0; the last segment (k) with the last anchor (k + 1).
                if k == 0 {
                    if i == 0 { return nil }
                    i -= 1
                } else if i == k + 1 {
                    return nil
                }
            case .joined(let s, let first, let wraps, _) where s == a.subpath:
                // The anchor between the two joined segments goes: anchor 0 of a closed
                // subpath (which then starts at the old anchor 1), else `first + 1`.
                let gone = wraps ? 0 : first + 1
                if i == gone { return nil }
                if i > gone { i -= 1 }
            default: break
            }
        }
        return AnchorIndex(subpath: a.subpath, index: i)
    }

    /// Keeps the focus and every held target on the same anchors after `changes`; a drag
    /// whose anchor was removed ends.
    mutating func remap(_ changes: [SegmentChange]) {
        guard !changes.isEmpty else { return }
        focused = focused.flatMap { Self.mapAnchor($0, through: changes) }
        drags.retarget { g in
            var g = g
            switch g.point {
            case .anchor(let a):
                guard let b = Self.mapAnchor(a, through: changes) else { return nil }
                g.point = .anchor(b)
            case .handle(let a, let side):
                guard let b = Self.mapAnchor(a, through: changes) else { return nil }
                g.point = .handle(b, side)
            }
            return g
        }
    }

    /// Moves `target` to window point `p` (already clamped and snapped). Returns the changes
    /// to the segments (an arc or quadratic next to it becomes cubics the first time).
    /// `origin` is where a run of moves began, in the path's coordinates (else where the
    /// point is now): on an axis where `p` is that place's window point, the number is kept
    /// exactly (window → file → window is not exact, and an untouched coordinate, or one
    /// moved there and back, must come back as it was written).
    mutating func move(_ target: Target, to p: Vec2, keepingSmooth: Bool, origin: Vec2? = nil) throws(PathEditError) -> [SegmentChange] {
        let from = origin ?? docPoint(of: target)
        func inDoc(_ p: Vec2) -> Vec2 {
            var q = kept(toDoc(p))
            if let d = from {
                let w = toWindow(d)
                if p.x == w.x { q.x = d.x }
                if p.y == w.y { q.y = d.y }
            }
            return q
        }
        let (a, changes) = try doc.makeMovable(around: target.anchor)
        remap(changes)
        switch target {
        case .anchor: try doc.moveAnchor(a, to: inDoc(p))
        case .handle(_, let side): try doc.moveHandle(side, of: a, to: inDoc(p), keepingSmooth: keepingSmooth)
        }
        return changes
    }

    /// Where `target` is in the path's own coordinates.
    func docPoint(of target: Target) -> Vec2? {
        switch target {
        case .anchor(let a): doc.position(of: a)
        case .handle(let a, let side): doc.handle(side, of: a)
        }
    }

    /// Undoes the last change; false when there is none.
    mutating func undo() -> Bool {
        guard let v = history.undo(current: doc) else { return false }
        doc = v
        afterReplace()
        return true
    }

    mutating func redo() -> Bool {
        guard let v = history.redo(current: doc) else { return false }
        doc = v
        afterReplace()
        return true
    }

    /// After the document was replaced whole: nothing held, the focus kept if it still exists.
    private mutating func afterReplace() {
        drags.removeAll()
        gestureBefore = nil
        nudging = nil
        if let f = focused, doc.position(of: f) == nil { focused = doc.anchors.last }
    }

    /// The anchor after (or before) the focused one, across subpaths, wrapping.
    mutating func focusNext(_ delta: Int) {
        let all = doc.anchors
        guard !all.isEmpty else { focused = nil; return }
        guard let f = focused, let i = all.firstIndex(of: f) else { focused = delta >= 0 ? all[0] : all[all.count - 1]; return }
        focused = all[positiveModulo(i + delta, all.count)]
    }

    /// The anchor's position in `doc.anchors` (what the state dump calls it).
    func flatIndex(of a: AnchorIndex) -> Int? { doc.anchors.firstIndex(of: a) }
}
