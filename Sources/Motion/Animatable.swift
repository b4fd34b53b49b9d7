import Geometry

/// The animatable transform of an entity: position, rotation, scale and opacity. Fixed
/// fields (no dictionary, no array) so updating one never allocates, and small, so that a
/// step over a hundred thousand of them streams little memory. Tint and custom scalars live
/// in `AnimatableExtras`, which only entities that need them carry.
public struct Animatable: Sendable {
    typealias Slot = AnimatedProperty.Slot

    /// Channels an animation wrote this step, and last step (`Slot.bit` per channel). Only
    /// those are reset each step: an entity at rest costs one check.
    var touched: UInt8 = 0
    var settling: UInt8 = 0
    /// Where the entity is, in points.
    public var position: Channel<Vec2>
    /// How far the entity is turned, in radians.
    public var rotation: Channel<Double>
    /// The entity's scale factor: 1 is its natural size.
    public var scale: Channel<Double>
    /// The entity's opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Channel<Double>

    /// A transform at rest: at `position` (points), turned by `rotation` (radians), scaled by
    /// `scale`, with opacity `alpha`.
    public init(position: Vec2 = .zero, rotation: Double = 0, scale: Double = 1, alpha: Double = 1) {
        self.position = Channel(position)
        self.rotation = Channel(rotation)
        self.scale = Channel(scale)
        self.alpha = Channel(alpha)
    }

    /// Starts a step: every channel animated last step (or the step before, so a channel that
    /// stopped settles) restarts its presentation from its model, keeping last step's value.
    @inline(__always)
    mutating func beginStep() {
        let mask = stepMask(&touched, &settling)
        guard mask != 0 else { return }
        if mask & Slot.position.bit != 0 { position.restart() }
        if mask & Slot.rotation.bit != 0 { rotation.restart() }
        if mask & Slot.scale.bit != 0 { scale.restart() }
        if mask & Slot.alpha.bit != 0 { alpha.restart() }
    }

    /// Lends `body` the scalar channel in `slot` (rotation, scale or alpha); other slots
    /// lend nothing.
    @inline(__always)
    mutating func withScalar(_ slot: Slot, _ body: (inout Channel<Double>) -> Void) {
        switch slot {
        case .rotation: body(&rotation)
        case .scale: body(&scale)
        case .alpha: body(&alpha)
        default: break
        }
    }

    /// The channel in `slot` keeps what is drawn: its model becomes its presentation.
    mutating func keepPresentation(_ slot: Slot) {
        if slot == .position { position.keepPresentation() } else { withScalar(slot) { $0.keepPresentation() } }
    }

    /// The channel in `slot` as a spring's components (see `SpringValue`).
    func springComponents(_ slot: Slot) -> Channel<Double>.SpringComponents {
        switch slot {
        case .position: position.springComponents
        case .rotation: rotation.springComponents
        case .scale: scale.springComponents
        case .alpha: alpha.springComponents
        default: Channel(0.0).springComponents
        }
    }

    /// Writes a spring's value into the channel in `slot` (and, with `commit`, its model).
    @inline(__always)
    mutating func applySpring(_ value: SIMD4<Double>, _ slot: Slot, commit: Bool) {
        touched |= slot.bit
        if slot == .position { position.apply(Vec2(springComponents: value), additive: false, commit: commit) }
        else { withScalar(slot) { $0.apply(value[0], additive: false, commit: commit) } }
    }
}

/// Tint and four custom scalar properties (such as the arrow's `lengthRadians`), for the
/// entities that animate them.
public struct AnimatableExtras: Sendable {
    typealias Slot = AnimatedProperty.Slot

    /// See `Animatable.touched`.
    var touched: UInt8 = 0
    var settling: UInt8 = 0
    /// The colour the entity is tinted with (white by default).
    public var tint: Channel<ColorValue>
    /// Custom scalar property 0 (`AnimatedProperty.custom(0)`).
    public var custom0: Channel<Double>
    /// Custom scalar property 1 (`AnimatedProperty.custom(1)`).
    public var custom1: Channel<Double>
    /// Custom scalar property 2 (`AnimatedProperty.custom(2)`).
    public var custom2: Channel<Double>
    /// Custom scalar property 3 (`AnimatedProperty.custom(3)`).
    public var custom3: Channel<Double>

    /// Extras at rest: tinted `tint`, with the four custom scalars at the values of `custom`,
    /// in order.
    public init(tint: Color = .white, custom: (Double, Double, Double, Double) = (0, 0, 0, 0)) {
        self.tint = Channel(ColorValue(tint))
        custom0 = Channel(custom.0); custom1 = Channel(custom.1); custom2 = Channel(custom.2); custom3 = Channel(custom.3)
    }

    /// The custom scalar channel `i` (0…3; others trap).
    public subscript(custom i: Int) -> Channel<Double> {
        get {
            switch Slot.custom(i) {
            case .custom0: custom0
            case .custom1: custom1
            case .custom2: custom2
            default: custom3
            }
        }
        set { withScalar(.custom(i)) { $0 = newValue } }
    }

    /// See `Animatable.beginStep()`.
    @inline(__always)
    mutating func beginStep() {
        let mask = stepMask(&touched, &settling)
        guard mask != 0 else { return }
        if mask & Slot.tint.bit != 0 { tint.restart() }
        if mask & Slot.custom0.bit != 0 { custom0.restart() }
        if mask & Slot.custom1.bit != 0 { custom1.restart() }
        if mask & Slot.custom2.bit != 0 { custom2.restart() }
        if mask & Slot.custom3.bit != 0 { custom3.restart() }
    }

    /// Lends `body` the custom scalar channel in `slot`; other slots lend nothing.
    @inline(__always)
    mutating func withScalar(_ slot: Slot, _ body: (inout Channel<Double>) -> Void) {
        switch slot {
        case .custom0: body(&custom0)
        case .custom1: body(&custom1)
        case .custom2: body(&custom2)
        case .custom3: body(&custom3)
        default: break
        }
    }

    /// See `Animatable.keepPresentation(_:)`.
    mutating func keepPresentation(_ slot: Slot) {
        if slot == .tint { tint.keepPresentation() } else { withScalar(slot) { $0.keepPresentation() } }
    }

    /// See `Animatable.springComponents(_:)`.
    func springComponents(_ slot: Slot) -> Channel<Double>.SpringComponents {
        slot == .tint ? tint.springComponents : self[custom: Int(slot.rawValue) - Int(Slot.custom0.rawValue)].springComponents
    }

    /// See `Animatable.applySpring(_:_:commit:)`.
    @inline(__always)
    mutating func applySpring(_ value: SIMD4<Double>, _ slot: Slot, commit: Bool) {
        touched |= slot.bit
        if slot == .tint { tint.apply(ColorValue(springComponents: value), additive: false, commit: commit) }
        else { withScalar(slot) { $0.apply(value[0], additive: false, commit: commit) } }
    }
}

/// The channels to restart this step — those written last step or the step before, so a
/// channel that stopped gets one more step to settle — and the masks moved on by a step.
@inline(__always)
func stepMask(_ touched: inout UInt8, _ settling: inout UInt8) -> UInt8 {
    let mask = touched | settling
    // Nothing to restart (an entity at rest, most of them): no store, so its memory is only
    // read, never written back.
    guard mask != 0 else { return 0 }
    settling = touched
    touched = 0
    return mask
}
