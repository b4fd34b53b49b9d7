import Geometry

/// One pointer's press, from down to up, as every gesture that starts with a press sees it:
/// where it began and where it is, how long it has been held, and whether it has moved past
/// its slop (so it is no longer a tap or a hold). `Presses` keeps one for each pointer it
/// follows; `holdProgress` is what the one hold ring draws (`DrawList.holdRing`).
public struct PointerPress: Sendable, Equatable {
    /// The pointer pressing.
    public var pointer: Int
    /// Where it went down.
    public var start: Vec2
    /// Where it is now.
    public var at: Vec2
    /// Seconds held so far, counted by the owner while a hold can still happen.
    public var held = 0.0
    /// Whether it has moved past its slop.
    public var moved = false

    /// Pointer `pointer` went down at `at`.
    public init(pointer: Int, at: Vec2) {
        self.pointer = pointer
        start = at
        self.at = at
    }

    /// Moves to `p`: returns the motion since the last position and since the start.
    public mutating func move(to p: Vec2) -> (delta: Vec2, total: Vec2) {
        defer { at = p }
        return (p - at, p - start)
    }

    /// How far toward a hold of `duration` seconds (0…1), once held past `delay` seconds (a
    /// quick tap shows nothing); nil before, or once it moved.
    public func holdProgress(toward duration: Double, after delay: Double) -> Double? {
        guard !moved, held > delay else { return nil }
        return min(1, held / duration)
    }
}
