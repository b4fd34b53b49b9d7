/// A running spring animation as the tweener keeps it (in `Tweener.springs`, at its tween's
/// track index): where it goes, how far from there it is and how fast it moves, per
/// component, and the spring's exact flow over one step.
///
/// The flow over a step of dt is a 2×2 matrix (`Spring.propagator(over:)`) that depends on
/// the spring and dt alone, so it is worked out when the step length changes — once, on the
/// fixed step — and a step is then two multiply-adds per component: no exponential, sine or
/// integration per tween per step, and still exactly on the closed-form curve at any rate.
struct SpringState: Sendable {
    let target: SIMD4<Double>
    /// Displacement from the target, per component.
    private(set) var x: SIMD4<Double>
    /// Velocity per component, units per second.
    private(set) var v: SIMD4<Double>
    let spring: Spring
    let epsilonSquared: Double
    /// The step the flow is for (none yet: −1).
    private var dt = -1.0
    private var flow = (a: 1.0, b: 0.0, c: 0.0, d: 1.0)

    init(target: SIMD4<Double>, from start: SIMD4<Double>, velocity: SIMD4<Double>, spring: Spring, epsilon: Double) {
        self.target = target
        x = start - target
        v = velocity
        self.spring = spring
        epsilonSquared = epsilon * epsilon
    }

    /// What it shows: the target plus the displacement.
    @inline(__always) var value: SIMD4<Double> { target + x }

    /// Moves on by `dt` seconds along the exact curve; returns whether it has settled (the
    /// displacement's and the velocity's lengths both within epsilon).
    @inline(__always)
    mutating func advance(by dt: Double) -> Bool {
        if dt != self.dt {
            flow = spring.propagator(over: dt)
            self.dt = dt
        }
        let moved = x * flow.a + v * flow.b
        v = x * flow.c + v * flow.d
        x = moved
        return (x * x).sum() < epsilonSquared && (v * v).sum() < epsilonSquared
    }

    /// A slot's placeholder, for the pool.
    static let placeholder = SpringState(target: .zero, from: .zero, velocity: .zero, spring: .smooth, epsilon: 1)
}
