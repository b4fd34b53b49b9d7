/// Which property an animation drives.
public enum AnimatedProperty: Hashable, Sendable, CustomStringConvertible {
    /// The position, in points (`Animatable.position`).
    case position
    /// The rotation, in radians (`Animatable.rotation`).
    case rotation
    /// The scale factor, 1 being natural size (`Animatable.scale`).
    case scale
    /// The opacity, from 0 (transparent) to 1 (opaque) (`Animatable.alpha`).
    case alpha
    /// The tint colour (`AnimatableExtras.tint`).
    case tint
    /// One of the custom scalar properties, `custom(0)` … `custom(customSlots - 1)` (such as
    /// the arrow's `lengthRadians`); others are refused when an animation is added.
    case custom(Int)

    /// How many custom scalar properties an entity has.
    public static let customSlots = Int(Slot.custom3.rawValue - Slot.custom0.rawValue) + 1

    /// The property's name as messages show it (`custom(2)` for a custom one).
    public var description: String {
        switch self {
        case .position: "position"
        case .rotation: "rotation"
        case .scale: "scale"
        case .alpha: "alpha"
        case .tint: "tint"
        case .custom(let i): "custom(\(i))"
        }
    }

    /// Whether a track of `kind` can drive this property: points and paths move a
    /// position, colours tint, scalars drive the rest.
    public func accepts(_ kind: Track.Kind) -> Bool {
        switch self {
        case .position: kind == .point || kind == .path
        case .tint: kind == .color
        case .rotation, .scale, .alpha, .custom: kind == .scalar
        }
    }
}

extension AnimatedProperty {
    /// Where each property's channel lives: the one table from property to storage, which
    /// everything else derives from — the tween's stored property is its slot, a component's
    /// `touched` mask has a bit per slot (`bit`), and each component names its fields by slot
    /// in one place (`Animatable`, `AnimatableExtras`). The transform's slots come first; the
    /// rest are in `AnimatableExtras`, which only the entities that animate them carry.
    enum Slot: UInt8, CaseIterable, Sendable {
        // `Animatable`'s channels.
        case position, rotation, scale, alpha
        // `AnimatableExtras`'s channels.
        case tint, custom0, custom1, custom2, custom3

        /// Whether the channel is in `AnimatableExtras` (else in `Animatable`).
        @inline(__always) var isExtra: Bool { rawValue >= Slot.tint.rawValue }

        /// The channel's bit in its component's `touched` mask: the slot's place among its
        /// component's slots.
        @inline(__always) var bit: UInt8 { 1 << (isExtra ? rawValue - Slot.tint.rawValue : rawValue) }

        /// The slot of custom scalar `i` (0..<customSlots, as `Tweener.add` checks).
        @inline(__always) static func custom(_ i: Int) -> Slot {
            precondition((0..<AnimatedProperty.customSlots).contains(i), "custom(\(i)) does not exist")
            return Slot(rawValue: Slot.custom0.rawValue + UInt8(i))!
        }
    }

    /// The property's slot.
    var slot: Slot {
        switch self {
        case .position: .position
        case .rotation: .rotation
        case .scale: .scale
        case .alpha: .alpha
        case .tint: .tint
        case .custom(let i): .custom(i)
        }
    }

    /// The property in `slot`.
    init(_ slot: Slot) {
        switch slot {
        case .position: self = .position
        case .rotation: self = .rotation
        case .scale: self = .scale
        case .alpha: self = .alpha
        case .tint: self = .tint
        case .custom0, .custom1, .custom2, .custom3: self = .custom(Int(slot.rawValue - Slot.custom0.rawValue))
        }
    }
}

/// Why an animation was refused when it was added (nothing of it runs).
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// Its timing is not valid.
    case timing(TimingError)
    /// Its track's values cannot drive its property.
    case trackDoesNotFit(track: Track.Kind, property: AnimatedProperty)
    /// `custom(i)` with no such slot.
    case noSuchCustomSlot(Int)
    /// A spring track whose spring or values cannot be used: `parameter` names which, one of
    /// the spring's own or "to", "initialVelocity", "epsilon". (A spring to a kind of value
    /// its property does not hold is `trackDoesNotFit`, with the value's kind.)
    case spring(SpringError)
    /// A listener outside 0…`Int32.max` (a tween keeps it in 32 bits).
    case listenerOutOfRange(Int)

    /// The error as a sentence for the user.
    public var description: String {
        switch self {
        case .timing(let e): e.description
        case .trackDoesNotFit(let track, let property): "a \(track) track cannot drive \(property)"
        case .noSuchCustomSlot(let i): "custom(\(i)) does not exist: custom properties are 0…\(AnimatedProperty.customSlots - 1)"
        case .spring(let e): "spring: \(e.description)"
        case .listenerOutOfRange(let l): "listener \(l) is out of range: listeners are 0…\(Int32.max)"
        }
    }
}
