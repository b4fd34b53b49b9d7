import Entities

/// An animation to add: what it drives, along what track, with what timing.
public struct Animation: Sendable {
    /// The entity to animate: it needs an `Animatable` (and, for the tint and custom
    /// properties, an `AnimatableExtras`).
    public var target: Entity
    /// The property of `target` it drives.
    public var property: AnimatedProperty
    /// The values it moves through: keyframes, a path or a spring.
    public var track: Track
    /// When it begins, how long a pass lasts, how it repeats and what shows before and
    /// after (`CAMediaTiming`). A spring ignores it.
    public var timing: MediaTiming
    /// Shapes the whole pass (`CAAnimation.timingFunction`); per-segment curves live in the track.
    public var timingFunction: TimingFunction
    /// Adds to the model value instead of replacing it.
    public var additive: Bool
    /// Who to tell when it finishes or is interrupted: 0…`Int32.max` (`Tweener.add` refuses
    /// others).
    public var listener: Int?

    /// An animation of `property` of `target` along `track` on `timing`; by default with
    /// linear pacing, replacing the model value rather than adding to it, and telling no one
    /// when it ends.
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
