/// A property that animations drive: the model value (where it was set or is going) and the
/// presentation value (what is drawn now), plus last step's presentation for interpolation
/// (and, divided by the step, the presentation's velocity).
public struct Channel<Value: Interpolatable>: Sendable {
    /// The value it was set to, or is going to: what remains once its animations end (Core
    /// Animation's model layer).
    public var model: Value
    /// What is drawn this step: the model with this step's animations applied (Core
    /// Animation's presentation layer).
    public internal(set) var presentation: Value
    /// Last step's presentation, for drawing between steps (`interpolated(_:)`) and for the
    /// velocity.
    public internal(set) var previous: Value

    /// A channel at rest at `v`: model, presentation and last step's presentation.
    public init(_ v: Value) {
        model = v; presentation = v; previous = v
    }

    /// Sets model and presentation at once, with no interpolation from the old value.
    public mutating func snap(to v: Value) {
        model = v; presentation = v; previous = v
    }

    /// Moves to `v` this step, model and presentation, drawn interpolated from where it was
    /// last step (a hand dragging it). For a channel no animation drives; call once a step.
    public mutating func follow(_ v: Value) {
        previous = presentation
        presentation = v
        model = v
    }

    /// Starts a step: last step's presentation is kept, the new one starts from the model.
    @inline(__always)
    mutating func restart() {
        previous = presentation
        presentation = model
    }

    /// Writes an animation's value `v`: the presentation takes it (or adds it, for an
    /// additive animation), and with `commit` (a forwards fill at completion) so does the model.
    @inline(__always)
    mutating func apply(_ v: Value, additive: Bool, commit: Bool) {
        presentation = additive ? presentation + v : v
        if commit { model = additive ? model + v : v }
    }

    /// The model becomes what is drawn (an interrupted animation leaves it there).
    mutating func keepPresentation() { model = presentation }

    /// How fast the presentation moved over the last step of `dt` seconds, per second.
    public func velocity(dt: Double) -> Value { dt > 0 ? (presentation - previous) * (1 / dt) : .zero }

    /// A channel's values as a spring's components: what is drawn, the model, and what was
    /// drawn last step.
    typealias SpringComponents = (presentation: SIMD4<Double>, model: SIMD4<Double>, previous: SIMD4<Double>)

    /// The presentation interpolated between the last two steps.
    @inline(__always) public func interpolated(_ alpha: Double) -> Value { Value.lerp(previous, presentation, alpha) }
}

extension Channel where Value: SpringValue {
    var springComponents: SpringComponents {
        (presentation.springComponents, model.springComponents, previous.springComponents)
    }
}
