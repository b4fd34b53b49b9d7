/// A property that animations drive: the model value (where it was set or is going) and the
/// presentation value (what is drawn now), plus last step's presentation for interpolation
/// and the presentation's velocity (per second) for carrying motion into a new animation.
public struct Channel<Value: Interpolatable>: Sendable {
    public var model: Value
    public internal(set) var presentation: Value
    public internal(set) var previous: Value
    public internal(set) var velocity: Value

    public init(_ v: Value) {
        model = v; presentation = v; previous = v; velocity = .zero
    }

    /// Sets model and presentation at once, with no interpolation from the old value.
    public mutating func snap(to v: Value) {
        model = v; presentation = v; previous = v; velocity = .zero
    }

    /// The presentation interpolated between the last two steps.
    @inline(__always) public func interpolated(_ alpha: Double) -> Value { Value.lerp(previous, presentation, alpha) }
}

/// Which property an animation drives.
public enum AnimatedProperty: Equatable, Sendable {
    case position, rotation, scale, alpha, tint
    /// One of four custom scalar properties (such as the arrow's `lengthRadians`).
    case custom(Int)
}

/// The animatable properties of an entity: transform, opacity, tint and four custom scalars.
/// Fixed fields (no dictionary, no array) so updating one never allocates.
public struct Animatable: Sendable {
    public var position: Channel<Vec2>
    public var rotation: Channel<Double>
    public var scale: Channel<Double>
    public var alpha: Channel<Double>
    public var tint: Channel<ColorValue>
    public var custom0, custom1, custom2, custom3: Channel<Double>

    public init(position: Vec2 = .zero, rotation: Double = 0, scale: Double = 1, alpha: Double = 1,
                tint: Color = .white, custom: (Double, Double, Double, Double) = (0, 0, 0, 0)) {
        self.position = Channel(position)
        self.rotation = Channel(rotation)
        self.scale = Channel(scale)
        self.alpha = Channel(alpha)
        self.tint = Channel(ColorValue(tint))
        custom0 = Channel(custom.0); custom1 = Channel(custom.1); custom2 = Channel(custom.2); custom3 = Channel(custom.3)
    }

    /// The custom scalar channel `i` (0…3).
    public subscript(custom i: Int) -> Channel<Double> {
        get {
            switch i {
            case 0: custom0
            case 1: custom1
            case 2: custom2
            default: custom3
            }
        }
        set {
            switch i {
            case 0: custom0 = newValue
            case 1: custom1 = newValue
            case 2: custom2 = newValue
            default: custom3 = newValue
            }
        }
    }

    /// Starts a step: every presentation restarts from its model, last step's is kept.
    @inline(__always)
    mutating func beginStep() {
        position.previous = position.presentation; position.presentation = position.model
        rotation.previous = rotation.presentation; rotation.presentation = rotation.model
        scale.previous = scale.presentation; scale.presentation = scale.model
        alpha.previous = alpha.presentation; alpha.presentation = alpha.model
        tint.previous = tint.presentation; tint.presentation = tint.model
        custom0.previous = custom0.presentation; custom0.presentation = custom0.model
        custom1.previous = custom1.presentation; custom1.presentation = custom1.model
        custom2.previous = custom2.presentation; custom2.presentation = custom2.model
        custom3.previous = custom3.presentation; custom3.presentation = custom3.model
    }

    @inline(__always)
    mutating func endStep(dt: Double) {
        guard dt > 0 else { return }
        position.velocity = (position.presentation - position.previous) * (1 / dt)
        rotation.velocity = (rotation.presentation - rotation.previous) / dt
        scale.velocity = (scale.presentation - scale.previous) / dt
        alpha.velocity = (alpha.presentation - alpha.previous) / dt
        custom0.velocity = (custom0.presentation - custom0.previous) / dt
        custom1.velocity = (custom1.presentation - custom1.previous) / dt
        custom2.velocity = (custom2.presentation - custom2.previous) / dt
        custom3.velocity = (custom3.presentation - custom3.previous) / dt
    }
}

/// What an animation interpolates.
public enum Track: Sendable {
    case scalar(KeyframeTrack<Double>)
    case point(KeyframeTrack<Vec2>)
    case color(KeyframeTrack<ColorValue>)
    case path(PathTrack)

    /// Distance covered over one pass, for speed-based durations.
    public var length: Double {
        switch self {
        case .scalar(let t): t.pathLength
        case .point(let t): t.pathLength
        case .color(let t): t.pathLength
        case .path(let p): p.length
        }
    }
}

/// An animation's life: running (possibly paused), then finished or interrupted, each
/// reported once as a `TweenEvent` in the step it happens.
public struct Animation: Sendable {
    public var target: Entity
    public var property: AnimatedProperty
    public var track: Track
    public var timing: MediaTiming
    /// Shapes the whole pass (`CAAnimation.timingFunction`); per-segment curves live in the track.
    public var timingFunction: TimingFunction
    /// Adds to the model value instead of replacing it.
    public var additive: Bool
    /// Parent seconds since the animation was added.
    public internal(set) var time = 0.0
    /// +1 normally; −1 after `reverse`, running back toward the start.
    public internal(set) var direction = 1.0
    public internal(set) var isPaused = false
    public internal(set) var isFinished = false
    /// Who to tell when it finishes or is interrupted.
    public var listener: Int?
    /// Velocity (points per second) still to blend out at the start, when carrying motion.
    var carry = Vec2.zero
    var carryDuration = 0.0

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

/// A completion report: delivered once, in the step where it happened.
public struct TweenEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case finished, interrupted }
    public var listener: Int
    public var animation: Entity
    public var target: Entity
    public var kind: Kind
}
