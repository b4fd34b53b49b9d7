#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A damped spring, m·x″ + c·x′ + k·x = 0, and the ways designers name one — SwiftUI's
/// `Spring`, with its parametrisations and conversions, on plain doubles.
///
/// The physical parameters are mass m, stiffness k and damping c. The others follow from
/// them: the undamped angular frequency ω₀ = √(k/m); the *response* (SwiftUI also calls it
/// the *duration*), the undamped period 2π/ω₀; the *damping ratio* ζ = c / (2√(km)), 1 for
/// critical damping; and the *bounce*, 1 − ζ up to critical damping and 1/ζ − 1 past it, so
/// that it runs from −1 (infinitely overdamped) through 0 (critical) to 1 (undamped).
///
/// The conversions are SwiftUI's, checked against what Apple documents and publishes:
/// - stiffness = (2π / duration)² at mass 1, and damping = 2√k·ζ with ζ = 1 − bounce for
///   bounce ≥ 0, ζ = 1 / (1 + bounce) below 0 (SwiftUI's `springStiffness(response:)`,
///   `springDamping(fraction:stiffness:)` and `springDampingFraction(bounce:)`, emitted into
///   clients in its interface; Core Animation's `CASpringAnimation(perceptualDuration:bounce:)`
///   does the same), so damping = 4π(1 − bounce)/duration for bounce ≥ 0 and
///   4π / (duration·(1 + bounce)) below;
/// - Apple's `Spring` overview: `Spring(duration: 0.5, bounce: 0.3)` has mass, stiffness and
///   damping (1.0, 157.9, 17.6), and `Spring(mass: 1, stiffness: 100, damping: 10)` has
///   duration and bounce (0.63, 0.5) — both are tests (`SpringTests`);
/// - `.smooth`, `.snappy` and `.bouncy` are duration 0.5 with bounce 0, 0.15 and 0.3.
///
/// How it moves is in `Spring+Evolve.swift` (the exact closed form), how long it takes to
/// settle in `Spring+Settling.swift`. The initialisers take any numbers, as SwiftUI's do;
/// input from outside goes through `validated(…)`, which names what is wrong.
public struct Spring: Sendable, Equatable {
    /// The mass on the spring (m > 0).
    public var mass: Double
    /// The spring constant (k > 0): force per unit of displacement.
    public var stiffness: Double
    /// The damping coefficient (c ≥ 0): force per unit of velocity.
    public var damping: Double

    /// A spring from its physical parameters.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// SwiftUI's `Spring(duration:bounce:)`: `duration` is the undamped period in seconds,
    /// `bounce` −1…1 (0 critically damped, above 0 bouncy, below 0 overdamped). Mass 1.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingRatio: bounce < 0 ? 1 / (1 + bounce) : 1 - bounce)
    }

    /// SwiftUI's `Spring(response:dampingRatio:)`: `response` is the undamped period in
    /// seconds, `dampingRatio` the damping as a fraction of critical damping. Mass 1.
    public init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * omega * dampingRatio)
    }

    /// A smooth spring: duration 0.5, no bounce (SwiftUI's `.smooth`).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A snappy spring: duration 0.5, bounce 0.15 (SwiftUI's `.snappy`).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// A bouncy spring: duration 0.5, bounce 0.3 (SwiftUI's `.bouncy`).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    /// What a decorative flight or settle moves on when the user asks for reduced motion:
    /// critically damped (no overshoot of its own) and settled within 0.2 s.
    public static let reducedMotion = Spring(settlingDuration: 0.2, dampingRatio: 1)

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second (square roots
    /// taken apart, so that neither k·m nor k/m needs to be representable).
    @inline(__always) var omega: Double { stiffness.squareRoot() / mass.squareRoot() }

    /// The decay rate of the motion's envelope, c / 2m, per second. Where 2m itself
    /// overflows, c / m halved (a hostile tour's `spring --mass 1e308 --stiffness 1e308
    /// --damping 1e308` swung undamped: c / ∞ is 0); elsewhere c / 2m as ever (halving after
    /// the division overflowed for a mass under 1 and a damping near the largest double).
    @inline(__always) var decay: Double {
        let twoM = 2 * mass
        return twoM.isFinite ? damping / twoM : damping / mass * 0.5
    }

    /// SwiftUI's perceptual duration: the response, the undamped period 2π√(m/k) in seconds.
    public var duration: Double { response }

    /// The undamped period 2π√(m/k), in seconds.
    public var response: Double { 2 * Double.pi / omega }

    /// The damping as a fraction of critical damping, c / (2√(km)): below 1 the spring
    /// oscillates, at 1 it is critically damped, above 1 overdamped.
    /// (Where 2√k·√m overflows, as `decay`: divided by each root in turn, then halved.)
    public var dampingRatio: Double {
        let critical = 2 * stiffness.squareRoot() * mass.squareRoot()
        return critical.isFinite ? damping / critical : damping / stiffness.squareRoot() / mass.squareRoot() * 0.5
    }

    /// SwiftUI's bounce: 1 − ζ up to critical damping, 1/ζ − 1 past it (so −1…1).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}
