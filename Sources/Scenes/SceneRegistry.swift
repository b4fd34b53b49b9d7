import Engine
import Paths

/// Options that shape the scenes (from the command line).
public struct SceneOptions: Sendable {
    public var seed: UInt64 = 1
    /// A custom path for the path scene (`--path`, `--path-file`).
    public var customPath: Path?
    /// Sample spacing in points (`--spacing`).
    public var spacing = 1.0
    public init() {}
}

/// Every scene the app offers, in tab order.
public enum SceneRegistry {
    /// The scenes' names in tab order, as `makeAll` makes them (a test keeps the two
    /// together); the first is where the app starts.
    public static let names = ["path", "tap", "arrow", "board", "bounce"]

    public static func makeAll(_ options: SceneOptions) -> [any Scene] {
        [PathScene(customPath: options.customPath, spacing: options.spacing), TapScene(), ArrowScene(), BoardScene(), BounceScene(seed: options.seed)]
    }
}
