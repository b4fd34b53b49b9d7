import Geometry

/// What an animation interpolates.
public enum Track: Sendable {
    case scalar(KeyframeTrack<Double>)
    case point(KeyframeTrack<Vec2>)
    case color(KeyframeTrack<ColorValue>)
    case path(PathTrack)

    /// The kind of value a track holds.
    public enum Kind: String, Sendable, CustomStringConvertible {
        case scalar, point, color, path
        public var description: String { rawValue }
    }

    public var kind: Kind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .color: .color
        case .path: .path
        }
    }

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
