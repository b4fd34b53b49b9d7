import Geometry

/// A hand holding something: who holds it, where on it they took hold, where the hand now
/// has it, and how fast the hand moves. The one record of a grab: the tap picture's and each
/// bounce ball's. Taking hold puts nothing in motion (the held thing stays exactly where it
/// was drawn); each move of the hand carries it by the same offset; the velocity is the
/// hand's (`VelocityTracker`), handed to whatever the thing does when let go.
public struct Grip: Sendable, Equatable {
    /// Who holds it.
    public var hand: Hand
    /// From the hand to the held thing's position, fixed when it took hold.
    public var offset: Vec2
    /// Where the hand has the held thing now.
    public var target: Vec2
    /// The hand's velocity as of its latest move (points per second).
    public var velocity = Vec2.zero

    /// `hand`, at `at`, takes hold of a thing at `holding`: it stays at `holding`.
    public init(hand: Hand, at: Vec2, holding: Vec2) {
        self.hand = hand
        offset = holding - at
        target = holding
    }

    /// The hand moved to `at`: the held thing goes with it.
    public mutating func move(to at: Vec2) {
        target = at + offset
    }

    /// The hand moved to `at` at `velocity`.
    public mutating func move(to at: Vec2, velocity: Vec2) {
        move(to: at)
        self.velocity = velocity
    }
}
