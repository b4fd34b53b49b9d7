import Entities

/// A completion report: delivered once, in the step where it happened.
public struct TweenEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case finished, interrupted }
    public var listener: Int
    public var animation: Entity
    public var target: Entity
    public var kind: Kind
}
