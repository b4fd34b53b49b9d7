import Geometry

/// A position that interpolates between the previous step and the current one.
/// Systems write `current`; the schedule calls `beginStep()` first so `previous` holds the
/// last step's value; `teleport` sets both, so a jump is not smeared over a frame.
public struct Interpolated: Sendable, Equatable {
    public var previous: Vec2
    public var current: Vec2

    public init(_ p: Vec2) { previous = p; current = p }

    @inline(__always) public mutating func beginStep() { previous = current }
    public mutating func teleport(to p: Vec2) { previous = p; current = p }
    @inline(__always) public func at(_ alpha: Double) -> Vec2 { Vec2.lerp(previous, current, alpha) }
}
