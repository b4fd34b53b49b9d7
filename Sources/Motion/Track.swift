import Geometry

/// What an animation interpolates.
public enum Track: Sendable {
    /// Keyframes of a number, for rotation, scale, alpha and the custom properties.
    case scalar(KeyframeTrack<Double>)
    /// Keyframes of a point, for position.
    case point(KeyframeTrack<Vec2>)
    /// Keyframes of a colour, for tint.
    case color(KeyframeTrack<ColorValue>)
    /// A flight along a path, for position (and rotation, if the track turns its target).
    case path(PathTrack)
    /// A spring to a value (`Animation.spring(…)`): no keyframes, no duration.
    case spring(SpringTrack)

    /// The kind of value a track holds (a spring's is its `valueKind`).
    public enum Kind: String, Sendable, CustomStringConvertible {
        /// Numbers.
        case scalar
        /// Points.
        case point
        /// Colours.
        case color
        /// A path.
        case path
        /// A spring (its values are of its `valueKind`).
        case spring
        /// The kind's name, as messages show it.
        public var description: String { rawValue }
    }

    /// The kind of value the track holds (`.spring` for a spring track, whatever it drives).
    public var kind: Kind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .color: .color
        case .path: .path
        case .spring: .spring
        }
    }

    /// Distance covered over one pass, for speed-based durations (0 for a spring, which has
    /// no pass: how far it goes depends on where it starts).
    public var length: Double {
        switch self {
        case .scalar(let t): t.pathLength
        case .point(let t): t.pathLength
        case .color(let t): t.pathLength
        case .path(let p): p.length
        case .spring: 0
        }
    }
}
