import Entities
import Geometry
import Paths

/// A property that animations drive: the model value (where it was set or is going) and the
/// presentation value (what is drawn now), plus last step's presentation for interpolation
/// (and, divided by the step, the presentation's velocity).
public struct Channel<Value: Interpolatable>: Sendable {
    public var model: Value
    public internal(set) var presentation: Value
    public internal(set) var previous: Value

    public init(_ v: Value) {
        model = v; presentation = v; previous = v
    }

    /// Sets model and presentation at once, with no interpolation from the old value.
    public mutating func snap(to v: Value) {
        model = v; presentation = v; previous = v
    }

    /// Starts a step: last step's presentation is kept, the new one starts from the model.
    @inline(__always)
    mutating func restart() {
        previous = presentation
        presentation = model
    }

    /// How fast the presentation moved over the last step of `dt` seconds, per second.
    public func velocity(dt: Double) -> Value { dt > 0 ? (presentation - previous) * (1 / dt) : .zero }

    /// The presentation interpolated between the last two steps.
    @inline(__always) public func interpolated(_ alpha: Double) -> Value { Value.lerp(previous, presentation, alpha) }
}

/// Which property an animation drives.
public enum AnimatedProperty: Hashable, Sendable {
    case position, rotation, scale, alpha, tint
    /// One of four custom scalar properties (such as the arrow's `lengthRadians`).
    case custom(Int)
}

/// The animatable transform of an entity: position, rotation, scale and opacity. Fixed
/// fields (no dictionary, no array) so updating one never allocates, and small, so that a
/// step over a hundred thousand of them streams little memory. Tint and custom scalars live
/// in `AnimatableExtras`, which only entities that need them carry.
public struct Animatable: Sendable {
    /// Channels an animation wrote this step, and last step (bit per channel, see
    /// `bit(_:)`). Only those are reset each step: an entity at rest costs one check.
    var touched: UInt8 = 0
    var settling: UInt8 = 0
    public var position: Channel<Vec2>
    public var rotation: Channel<Double>
    public var scale: Channel<Double>
    public var alpha: Channel<Double>

    public init(position: Vec2 = .zero, rotation: Double = 0, scale: Double = 1, alpha: Double = 1) {
        self.position = Channel(position)
        self.rotation = Channel(rotation)
        self.scale = Channel(scale)
        self.alpha = Channel(alpha)
    }

    /// The channel's bit in `touched` (0 for properties kept in `AnimatableExtras`).
    @inline(__always)
    static func bit(_ p: AnimatedProperty) -> UInt8 {
        switch p {
        case .position: 1
        case .rotation: 2
        case .scale: 4
        case .alpha: 8
        case .tint, .custom: 0
        }
    }

    /// Starts a step: every channel animated last step (or the step before, so a channel that
    /// stopped settles) restarts its presentation from its model, keeping last step's value.
    @inline(__always)
    mutating func beginStep() {
        let mask = stepMask(&touched, &settling)
        guard mask != 0 else { return }
        if mask & 1 != 0 { position.restart() }
        if mask & 2 != 0 { rotation.restart() }
        if mask & 4 != 0 { scale.restart() }
        if mask & 8 != 0 { alpha.restart() }
    }
}

/// Tint and four custom scalar properties (such as the arrow's `lengthRadians`), for the
/// entities that animate them.
public struct AnimatableExtras: Sendable {
    var touched: UInt8 = 0
    var settling: UInt8 = 0
    public var tint: Channel<ColorValue>
    public var custom0, custom1, custom2, custom3: Channel<Double>

    public init(tint: Color = .white, custom: (Double, Double, Double, Double) = (0, 0, 0, 0)) {
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

    /// The channel's bit in `touched` (0 for transform properties).
    @inline(__always)
    static func bit(_ p: AnimatedProperty) -> UInt8 {
        switch p {
        case .tint: 1
        case .custom(let i): UInt8(2) << UInt8(clamp(i, 0, 3))
        default: 0
        }
    }

    /// See `Animatable.beginStep()`.
    @inline(__always)
    mutating func beginStep() {
        let mask = stepMask(&touched, &settling)
        guard mask != 0 else { return }
        if mask & 1 != 0 { tint.restart() }
        if mask & 2 != 0 { custom0.restart() }
        if mask & 4 != 0 { custom1.restart() }
        if mask & 8 != 0 { custom2.restart() }
        if mask & 16 != 0 { custom3.restart() }
    }
}

/// The channels to restart this step — those written last step or the step before, so a
/// channel that stopped gets one more step to settle — and the masks moved on by a step.
@inline(__always)
func stepMask(_ touched: inout UInt8, _ settling: inout UInt8) -> UInt8 {
    let mask = touched | settling
    settling = touched
    touched = 0
    return mask
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

/// A running animation as the tween system stores it: small and flat (its track lives in
/// the tweener's pools, its rarely used velocity carry in a side store, its flags in a
/// byte), so the per-step loop streams through little memory.
///
/// Its life: running (possibly paused), then finished or interrupted, each reported once as
/// a `TweenEvent` in the step it happens.
public struct RunningAnimation: Sendable {
    public let target: Entity
    /// Where its track is kept in the tweener's pools.
    let track: TrackRef
    /// Parent seconds since the animation was added.
    public internal(set) var time = 0.0
    public let timing: MediaTiming
    public let timingFunction: TimingFunction
    private let listenerRaw: Int32
    private let propertyCode: UInt8
    private var flags: UInt8
    private var directionRaw: Int8 = 1

    private static let additiveFlag: UInt8 = 1, pausedFlag: UInt8 = 2, finishedFlag: UInt8 = 4, carryFlag: UInt8 = 8

    init(_ a: Animation, track: TrackRef) {
        target = a.target
        self.track = track
        timing = a.timing
        timingFunction = a.timingFunction
        listenerRaw = a.listener.map { Int32(clamping: $0) } ?? -1
        switch a.property {
        case .position: propertyCode = 0
        case .rotation: propertyCode = 1
        case .scale: propertyCode = 2
        case .alpha: propertyCode = 3
        case .tint: propertyCode = 4
        case .custom(let i): propertyCode = 5 + UInt8(clamp(i, 0, 3))
        }
        flags = a.additive ? Self.additiveFlag : 0
    }

    public var property: AnimatedProperty {
        switch propertyCode {
        case 0: .position
        case 1: .rotation
        case 2: .scale
        case 3: .alpha
        case 4: .tint
        default: .custom(Int(propertyCode) - 5)
        }
    }

    /// Who to tell when it finishes or is interrupted.
    public var listener: Int? { listenerRaw < 0 ? nil : Int(listenerRaw) }
    /// Adds to the model value instead of replacing it.
    public var additive: Bool { flags & Self.additiveFlag != 0 }
    public internal(set) var isPaused: Bool {
        get { flags & Self.pausedFlag != 0 }
        set { flags = newValue ? flags | Self.pausedFlag : flags & ~Self.pausedFlag }
    }
    public internal(set) var isFinished: Bool {
        get { flags & Self.finishedFlag != 0 }
        set { flags = newValue ? flags | Self.finishedFlag : flags & ~Self.finishedFlag }
    }
    /// Whether a velocity carry is blended into its start (kept in `Tweener.carries`).
    var hasCarry: Bool {
        get { flags & Self.carryFlag != 0 }
        set { flags = newValue ? flags | Self.carryFlag : flags & ~Self.carryFlag }
    }
    /// +1 normally; −1 after `reverse`, running back toward the start.
    public internal(set) var direction: Double {
        get { Double(directionRaw) }
        set { directionRaw = newValue < 0 ? -1 : 1 }
    }
}

/// A velocity still to blend out at the start of an animation (see `Tweener.add`).
struct Carry: Sendable {
    var velocity: Vec2
    var duration: Double
}

/// Which pool a track is in, and where.
struct TrackRef: Equatable, Sendable {
    enum Kind: UInt8, Sendable { case scalar, point, color, path }
    var kind: Kind
    var index: Int32
}

/// Tracks of one kind, shared by index and reference-counted; freed slots are reused.
/// Kept apart by kind so the per-step loop calls a concrete track's method in place,
/// without copying an enum payload (and retaining its arrays) per animation.
///
/// Each slot also has a plain-data `TrackSampler` for the per-step loop; buffers a sampler
/// points into belong to the pool and are freed with the slot.
struct TrackPool<T: Sendable>: @unchecked Sendable {
    var items: ContiguousArray<T> = []
    var samplers: ContiguousArray<TrackSampler> = []
    private var owned: [UnsafeMutableBufferPointer<Vec2>?] = []
    private var users: [Int32] = []
    private var free: [Int32] = []
    let placeholder: T

    init(placeholder: T) { self.placeholder = placeholder }

    mutating func store(_ t: T, sampler: TrackSampler = .general, owning buffer: UnsafeMutableBufferPointer<Vec2>? = nil) -> Int32 {
        if let i = free.popLast() {
            items[Int(i)] = t
            samplers[Int(i)] = sampler
            owned[Int(i)] = buffer
            users[Int(i)] = 1
            return i
        }
        items.append(t)
        samplers.append(sampler)
        owned.append(buffer)
        users.append(1)
        return Int32(items.count - 1)
    }

    func isFree(_ i: Int32) -> Bool { users[Int(i)] == 0 }

    /// Shares slot `i` with one more animation.
    mutating func retain(_ i: Int32) { users[Int(i)] += 1 }

    mutating func release(_ i: Int32) {
        users[Int(i)] -= 1
        if users[Int(i)] == 0 {
            items[Int(i)] = placeholder  // let go of the track's memory
            samplers[Int(i)] = .general
            owned[Int(i)]?.deallocate()
            owned[Int(i)] = nil
            free.append(i)
        }
    }

    /// Frees every buffer (the tweener's deinit).
    mutating func releaseAll() {
        for i in owned.indices { owned[i]?.deallocate(); owned[i] = nil }
    }

    var liveCount: Int { items.count - free.count }
}

/// A completion report: delivered once, in the step where it happened.
public struct TweenEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case finished, interrupted }
    public var listener: Int
    public var animation: Entity
    public var target: Entity
    public var kind: Kind
}
