import Geometry

/// A tree of coordinate spaces, as UIKit's views form one: every node has a frame in its
/// parent's space and a bounds origin (for a scroll view, its content offset), and a point
/// in a node's space converts to its parent's by subtracting the bounds origin and adding
/// the frame origin. Conversions between any two nodes go through the root.
///
/// A node may be a scroll panel (`addPanel`): the panel owns its offset and *is* the
/// node's bounds origin, so scrolling it moves everything inside with nothing to copy.
///
/// Nodes live in flat arrays indexed by `SpaceID`; the root is node 0 (window points).
public struct SpaceTree: Sendable {
    /// A node of the tree, as `add` and `addPanel` hand it out.
    public struct SpaceID: Hashable, Sendable {
        /// The node's index in the tree's arrays.
        public let raw: Int
        /// The root: the window, in points.
        public static let root = SpaceID(raw: 0)
    }

    private var parents: [Int] = [-1]
    private var frames: [Rect] = [.zero]
    private var origins: [Vec2] = [.zero]
    /// For each node, the index of its panel in `panels`, or -1.
    private var panelOf: [Int] = [-1]
    private var panels: [ScrollPanel] = []

    /// A tree of only the root, `rootSize` points large.
    public init(rootSize: Vec2 = .zero) {
        frames[0] = Rect(origin: .zero, size: rootSize)
    }

    /// Adds a child of `parent` with its frame in the parent's space.
    public mutating func add(parent: SpaceID, frame: Rect, boundsOrigin: Vec2 = .zero) -> SpaceID {
        parents.append(parent.raw)
        frames.append(frame)
        origins.append(boundsOrigin)
        panelOf.append(-1)
        return SpaceID(raw: parents.count - 1)
    }

    /// Adds a scroll panel as a child of `parent`, its viewport `frame` in the parent's
    /// space; its offset is the node's bounds origin along its axis from then on.
    public mutating func addPanel(_ panel: ScrollPanel, parent: SpaceID, frame: Rect) -> SpaceID {
        let id = add(parent: parent, frame: frame)
        panelOf[id.raw] = panels.count
        panels.append(panel)
        return id
    }

    /// The scroll panel node `s` is; `s` must have been made by `addPanel`.
    public subscript(panel s: SpaceID) -> ScrollPanel {
        get { panels[panelOf[s.raw]] }
        set { panels[panelOf[s.raw]] = newValue }
    }

    /// Whether node `s` is a scroll panel.
    public func isPanel(_ s: SpaceID) -> Bool { panelOf[s.raw] >= 0 }

    /// How many nodes there are, the root included.
    public var count: Int { parents.count }
    /// The node `s` was added to; nil for the root.
    public func parent(of s: SpaceID) -> SpaceID? { parents[s.raw] < 0 ? nil : SpaceID(raw: parents[s.raw]) }
    /// Node `s`'s frame, in its parent's space.
    public func frame(of s: SpaceID) -> Rect { frames[s.raw] }
    /// Where the node's own space starts: set by `setBoundsOrigin`, or a panel's offset.
    @inline(__always)
    public func boundsOrigin(of s: SpaceID) -> Vec2 { origin(s.raw) }
    /// The node's own space: its bounds (origin and size).
    public func bounds(of s: SpaceID) -> Rect { Rect(origin: origin(s.raw), size: frames[s.raw].size) }

    /// Moves or resizes node `s` (its frame in its parent's space).
    public mutating func setFrame(_ r: Rect, of s: SpaceID) { frames[s.raw] = r }
    /// Sets the bounds origin of a node that is not a panel (a panel's is its offset).
    public mutating func setBoundsOrigin(_ o: Vec2, of s: SpaceID) {
        precondition(panelOf[s.raw] < 0, "a scroll panel's bounds origin is its offset")
        origins[s.raw] = o
    }

    @inline(__always)
    private func origin(_ n: Int) -> Vec2 {
        let p = panelOf[n]
        guard p >= 0 else { return origins[n] }
        let offset = panels[p].offset
        return panels[p].axis == .horizontal ? Vec2(offset, 0) : Vec2(0, offset)
    }

    /// A point in `s` converted to the root's space.
    public func toRoot(_ p: Vec2, from s: SpaceID) -> Vec2 {
        var q = p
        var n = s.raw
        while n > 0 {
            q = q - origin(n) + frames[n].origin
            n = parents[n]
        }
        return q
    }

    /// A point in the root's space converted to `s`.
    public func fromRoot(_ p: Vec2, to s: SpaceID) -> Vec2 {
        // Offsets add up along the path, so subtract the whole path's shift at once.
        p - toRoot(.zero, from: s)
    }

    /// Point `p` in node `a`'s space, converted to node `b`'s (as UIView's `convert(_:from:)`).
    public func convert(_ p: Vec2, from a: SpaceID, to b: SpaceID) -> Vec2 {
        fromRoot(toRoot(p, from: a), to: b)
    }

    /// Rect `r` in node `a`'s space, converted to node `b`'s (moved, not scaled: the spaces do not
    /// scale or rotate).
    public func convert(_ r: Rect, from a: SpaceID, to b: SpaceID) -> Rect {
        Rect(origin: convert(r.origin, from: a, to: b), size: r.size)
    }

    /// The node's frame in root space.
    public func rootFrame(of s: SpaceID) -> Rect {
        guard let p = parent(of: s) else { return frames[0] }
        return convert(frames[s.raw], from: p, to: .root)
    }

    /// The part of the node visible through every ancestor (each clips to its bounds), in root space.
    public func visibleRootRect(of s: SpaceID) -> Rect {
        var r = rootFrame(of: s)
        var n = parent(of: s)
        while let a = n, a.raw > 0 {
            r = r.intersection(rootFrame(of: a))
            n = parent(of: a)
        }
        return r
    }
}
