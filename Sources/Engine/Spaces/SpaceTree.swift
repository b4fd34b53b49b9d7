import Entities
import Geometry

/// A tree of coordinate spaces, as UIKit's views form one: every node has a frame in its
/// parent's space and a bounds origin (for a scroll view, its content offset), and a point
/// in a node's space converts to its parent's by subtracting the bounds origin and adding
/// the frame origin. Conversions between any two nodes go through the root.
///
/// Nodes live in flat arrays indexed by `SpaceID`; the root is node 0 (window points).
public struct SpaceTree: Sendable {
    public struct SpaceID: Hashable, Sendable {
        public let raw: Int
        public static let root = SpaceID(raw: 0)
    }

    private var parents: [Int] = [-1]
    private var frames: [Rect] = [.zero]
    private var origins: [Vec2] = [.zero]

    public init(rootSize: Vec2 = .zero) {
        frames[0] = Rect(origin: .zero, size: rootSize)
    }

    /// Adds a child of `parent` with its frame in the parent's space.
    public mutating func add(parent: SpaceID, frame: Rect, boundsOrigin: Vec2 = .zero) -> SpaceID {
        parents.append(parent.raw)
        frames.append(frame)
        origins.append(boundsOrigin)
        return SpaceID(raw: parents.count - 1)
    }

    public var count: Int { parents.count }
    public func parent(of s: SpaceID) -> SpaceID? { parents[s.raw] < 0 ? nil : SpaceID(raw: parents[s.raw]) }
    public func frame(of s: SpaceID) -> Rect { frames[s.raw] }
    public func boundsOrigin(of s: SpaceID) -> Vec2 { origins[s.raw] }
    /// The node's own space: its bounds (origin and size).
    public func bounds(of s: SpaceID) -> Rect { Rect(origin: origins[s.raw], size: frames[s.raw].size) }

    public mutating func setFrame(_ r: Rect, of s: SpaceID) { frames[s.raw] = r }
    public mutating func setBoundsOrigin(_ o: Vec2, of s: SpaceID) { origins[s.raw] = o }

    /// A point in `s` converted to the root's space.
    public func toRoot(_ p: Vec2, from s: SpaceID) -> Vec2 {
        var q = p
        var n = s.raw
        while n > 0 {
            q = q - origins[n] + frames[n].origin
            n = parents[n]
        }
        return q
    }

    /// A point in the root's space converted to `s`.
    public func fromRoot(_ p: Vec2, to s: SpaceID) -> Vec2 {
        // Offsets add up along the path, so subtract the whole path's shift at once.
        p - toRoot(.zero, from: s)
    }

    public func convert(_ p: Vec2, from a: SpaceID, to b: SpaceID) -> Vec2 {
        fromRoot(toRoot(p, from: a), to: b)
    }

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
