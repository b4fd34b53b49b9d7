import Geometry

/// A position that interpolates between the previous step and the current one.
/// Systems write `current`; the schedule calls `beginStep()` first so `previous` holds the
/// last step's value; `teleport` sets both, so a jump is not smeared over a frame.
public struct Interpolated: Sendable, Equatable {
    /// Where it was at the end of the previous step.
    public var previous: Vec2
    /// Where it is now, at the end of the current step.
    public var current: Vec2

    /// Resting at `p`.
    public init(_ p: Vec2) { previous = p; current = p }

    /// Starts a step: the current position becomes the previous one.
    @inline(__always) public mutating func beginStep() { previous = current }
    /// Jumps to `p` with no motion between: both positions become `p`.
    public mutating func teleport(to p: Vec2) { previous = p; current = p }
    /// Where to draw it `alpha` (0…1) of the way from the previous step to the current one.
    @inline(__always) public func at(_ alpha: Double) -> Vec2 { Vec2.lerp(previous, current, alpha) }
}
