/// Which property an animation drives.
public enum AnimatedProperty: Hashable, Sendable, CustomStringConvertible {
    case position, rotation, scale, alpha, tint
    /// One of the custom scalar properties, `custom(0)` … `custom(customSlots - 1)` (such as
    /// the arrow's `lengthRadians`); others are refused when an animation is added.
    case custom(Int)

    /// How many custom scalar properties an entity has.
    public static let customSlots = 4

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

/// Why an animation was refused when it was added (nothing of it runs).
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// Its timing is not valid.
    case timing(TimingError)
    /// Its track's values cannot drive its property.
    case trackDoesNotFit(track: Track.Kind, property: AnimatedProperty)
    /// `custom(i)` with no such slot.
    case noSuchCustomSlot(Int)

    public var description: String {
        switch self {
        case .timing(let e): e.description
        case .trackDoesNotFit(let track, let property): "a \(track) track cannot drive \(property)"
        case .noSuchCustomSlot(let i): "custom(\(i)) does not exist: custom properties are 0…\(AnimatedProperty.customSlots - 1)"
        }
    }
}
