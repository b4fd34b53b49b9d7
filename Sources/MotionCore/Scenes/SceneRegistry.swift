/// Options that shape the scenes (from the command line).
public struct SceneOptions: Sendable {
    public var seed: UInt64 = 1
    public init() {}
}

/// Every scene the app offers, in tab order.
public enum SceneRegistry {
    public static func makeAll(_ options: SceneOptions) -> [any Scene] {
        [BounceScene(seed: options.seed)]
    }
}
