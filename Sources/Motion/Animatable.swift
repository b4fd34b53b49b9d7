import Geometry

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

    /// The custom scalar channel `i` (0…3; others trap).
    public subscript(custom i: Int) -> Channel<Double> {
        get {
            switch i {
            case 0: custom0
            case 1: custom1
            case 2: custom2
            case 3: custom3
            default: preconditionFailure("custom(\(i)) does not exist")
            }
        }
        set {
            switch i {
            case 0: custom0 = newValue
            case 1: custom1 = newValue
            case 2: custom2 = newValue
            case 3: custom3 = newValue
            default: preconditionFailure("custom(\(i)) does not exist")
            }
        }
    }

    /// The channel's bit in `touched` (0 for transform properties).
    @inline(__always)
    static func bit(_ p: AnimatedProperty) -> UInt8 {
        switch p {
        case .tint: 1
        case .custom(let i): UInt8(2) << UInt8(i)  // 0…3, checked by `Tweener.add`
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
