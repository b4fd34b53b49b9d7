import Geometry

/// What an animation interpolates.
public enum Track: Sendable {
    case scalar(KeyframeTrack<Double>)
    case point(KeyframeTrack<Vec2>)
    case color(KeyframeTrack<ColorValue>)
    case path(PathTrack)
    /// A spring to a value (`Animation.spring(…)`): no keyframes, no duration.
    case spring(SpringTrack)

    /// The kind of value a track holds (a spring's is its `valueKind`).
    public enum Kind: String, Sendable, CustomStringConvertible {
        case scalar, point, color, path, spring
        public var description: String { rawValue }
    }

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
