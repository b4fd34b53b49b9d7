import Entities

/// A completion report: delivered once, in the step where it happened.
public struct TweenEvent: Equatable, Sendable {
    /// How an animation ended.
    public enum Kind: Equatable, Sendable {
        /// It ran to the end of its active time (or, a spring, settled).
        case finished
        /// It was interrupted (`Tweener.interrupt(_:commit:)`), replaced by another animation
        /// of the same property before its end, or its target was destroyed.
        case interrupted
    }
    /// Who to tell: the animation's `listener`.
    public var listener: Int
    /// The animation's entity, as `Tweener.add(_:carryVelocity:carryDuration:)` returned it.
    public var animation: Entity
    /// The entity it animated.
    public var target: Entity
    /// How it ended.
    public var kind: Kind
}
