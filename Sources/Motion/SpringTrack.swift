import Entities
import Geometry

/// A value a spring animation can drive: its components, each sprung on its own (a point's
/// x and y, a colour's r, g, b and a). The tweener keeps them as four doubles, unused ones 0.
public protocol SpringValue: Interpolatable {
    /// The kind of keyframe track that drives the same properties (points move a position,
    /// colours tint, scalars drive the rest).
    static var trackKind: Track.Kind { get }
    /// Its components, unused ones 0.
    var springComponents: SIMD4<Double> { get }
    /// The value with these components (unused ones ignored).
    init(springComponents: SIMD4<Double>)
}

extension Double: SpringValue {
    public static var trackKind: Track.Kind { .scalar }
    @inline(__always) public var springComponents: SIMD4<Double> { SIMD4(self, 0, 0, 0) }
    @inline(__always) public init(springComponents c: SIMD4<Double>) { self = c[0] }
}

extension Vec2: SpringValue {
    public static var trackKind: Track.Kind { .point }
    @inline(__always) public var springComponents: SIMD4<Double> { SIMD4(x, y, 0, 0) }
    @inline(__always) public init(springComponents c: SIMD4<Double>) { self.init(c[0], c[1]) }
}

extension ColorValue: SpringValue {
    public static var trackKind: Track.Kind { .color }
    @inline(__always) public var springComponents: SIMD4<Double> { SIMD4(r, g, b, a) }
    @inline(__always) public init(springComponents c: SIMD4<Double>) { self.init(r: c[0], g: c[1], b: c[2], a: c[3]) }
}

/// Where a spring animation goes and how: the track of `Animation.spring(…)`.
///
/// A spring has no duration and no keyframes: it starts from what is drawn and runs until
/// it settles. So an animation on a spring track ignores its `timing` and `timingFunction`
/// (and `Tweener.seek` and `reverse` leave it alone); pausing it holds it where it is. It is
/// never additive.
public struct SpringTrack: Sendable {
    /// The spring it moves on.
    public var spring: Spring
    /// Settled when the displacement from the target and the velocity are both within this
    /// (Euclidean length over the components; the value's units, and units per second).
    public var epsilon: Double
    /// The kind of value it drives: `.scalar`, `.point` or `.color`.
    public let valueKind: Track.Kind
    /// Where it goes.
    let target: SIMD4<Double>
    /// The velocity to start with; nil carries on with the property's own.
    let initialVelocity: SIMD4<Double>?

    /// A spring track to `target` on `spring`, starting with `initialVelocity` (units per
    /// second) if given, settled within `epsilon`.
    public init<V: SpringValue>(to target: V, spring: Spring, initialVelocity: V? = nil, epsilon: Double = 0.001) {
        self.spring = spring
        self.epsilon = epsilon
        valueKind = V.trackKind
        self.target = target.springComponents
        self.initialVelocity = initialVelocity?.springComponents
    }
}

extension Animation {
    /// A spring animation: drives `property` of `target` to `to` on `spring`, from what is
    /// drawn now, until it settles; then the model takes `to` and `.finished` is reported.
    ///
    /// Added while a spring is running on the same property, it takes over that spring's
    /// position and velocity, so a retarget is continuous in both. `initialVelocity` (units
    /// per second) sets the start velocity instead; without it, the new spring carries on
    /// with the running spring's velocity, or the presentation's over the last step if
    /// another animation was running, or starts at rest.
    public static func spring<V: SpringValue>(target: Entity, property: AnimatedProperty, to: V, spring: Spring = .smooth,
                                              initialVelocity: V? = nil, epsilon: Double = 0.001, listener: Int? = nil) -> Animation {
        Animation(target: target, property: property,
                  track: .spring(SpringTrack(to: to, spring: spring, initialVelocity: initialVelocity, epsilon: epsilon)),
                  timing: MediaTiming(), listener: listener)
    }
}
