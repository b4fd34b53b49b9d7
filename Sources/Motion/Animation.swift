import Entities

/// An animation to add: what it drives, along what track, with what timing.
public struct Animation: Sendable {
    public var target: Entity
    public var property: AnimatedProperty
    public var track: Track
    public var timing: MediaTiming
    /// Shapes the whole pass (`CAAnimation.timingFunction`); per-segment curves live in the track.
    public var timingFunction: TimingFunction
    /// Adds to the model value instead of replacing it.
    public var additive: Bool
    /// Who to tell when it finishes or is interrupted.
    public var listener: Int?

    public init(target: Entity, property: AnimatedProperty, track: Track, timing: MediaTiming,
                timingFunction: TimingFunction = .linear, additive: Bool = false, listener: Int? = nil) {
        self.target = target
        self.property = property
        self.track = track
        self.timing = timing
        self.timingFunction = timingFunction
        self.additive = additive
        self.listener = listener
    }
}
