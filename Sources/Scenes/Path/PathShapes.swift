import Engine
import Geometry
import Paths

// The path scene's shapes and the ways its rings ride them: what the Shape and Ride buttons
// cycle through, and how each shape is laid out in the area the scene gives it.
extension PathScene {
    /// The shapes the scene cycles through.
    public enum Shape: String, CaseIterable, Sendable {
        case oval, figure8 = "figure 8", roundedRect = "rounded rect", star, heart, custom
    }

    /// How the rings ride the path (`PathPose`): the seeds' plain ring first.
    public enum Ride: String, CaseIterable, Sendable {
        /// On the path, not turning.
        case onPath = "on the path"
        /// Turned to the tangent where it is: snaps at corners.
        case tangent = "turns with it"
        /// Turned toward the tangent a little ahead, critically damped: smooth at corners.
        case smooth = "turns smoothly"
        /// 28 pt to the left of the direction of travel, turning smoothly with that offset curve.
        case beside = "rides beside it"

        var offset: Double { self == .beside ? 28 : 0 }
        var heading: PathPose.Heading {
            switch self {
            case .onPath: .none
            case .tangent: .tangent
            case .smooth, .beside: .smoothed(lookAhead: 24, smoothTime: 0.12)
            }
        }
    }

    /// A custom path as the scene lays it out in `rect`: scaled to fit with a margin.
    public static func fitCustom(_ path: Path, in rect: Rect) -> Path {
        path.fitted(in: rect, margin: customMargin(in: rect))
    }

    /// The margin a custom path keeps inside `rect`.
    static func customMargin(in rect: Rect) -> Double { min(rect.width, rect.height) * 0.1 }
}

extension PathScene.Shape {
    /// The shape's path laid out in `rect`; `custom` is the custom shape's path (the
    /// figure 8 stands in when there is none).
    public func path(in rect: Rect, custom: Path?) -> Path {
        let m = min(rect.width, rect.height)
        switch self {
        case .figure8: return .figureEight(in: rect)
        case .oval: return .ellipse(in: Rect(center: rect.center, size: Vec2(min(rect.width * 0.7, m * 1.4), m * 0.7)))
        case .roundedRect: return .roundedRect(Rect(center: rect.center, size: Vec2(min(rect.width * 0.7, m * 1.3), m * 0.7)), radius: m * 0.12)
        case .star: return .star(center: rect.center, outer: m * 0.42, inner: m * 0.18)
        case .heart: return .heart(in: Rect(center: rect.center, size: Vec2(m * 0.8, m * 0.8)))
        case .custom: return custom.map { PathScene.fitCustom($0, in: rect) } ?? .figureEight(in: rect)
        }
    }
}
