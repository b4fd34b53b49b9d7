#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
@testable import Geometry
@testable import Motion
import Testing

@Suite struct SpringTests {
    /// One of each kind: underdamped (SwiftUI's bouncy), exactly critical (ω₀ = β = 10),
    /// overdamped (bounce −0.5, ζ = 2) and heavily overdamped (ζ = 50).
    static let kinds: [Spring] = [.bouncy, Spring(stiffness: 100, damping: 20), Spring(duration: 0.5, bounce: -0.5),
                                  Spring(response: 0.4, dampingRatio: 50)]

    /// m·x″ + c·x′ + k·x = 0 by classical Runge–Kutta with `steps` steps of `h`.
    func rk4(_ s: Spring, x0: Double, v0: Double, h: Double, steps: Int) -> [(x: Double, v: Double)] {
        func accel(_ x: Double, _ v: Double) -> Double { -(s.damping * v + s.stiffness * x) / s.mass }
        var x = x0, v = v0
        var out = [(x, v)]
        for _ in 0..<steps {
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            out.append((x, v))
        }
        return out
    }

    @Test(arguments: kinds)
    func theClosedFormFollowsAFineRungeKuttaIntegrationWithin1e6(_ s: Spring) {
        // The heavily damped one is stiff: its fast mode is −2500/s, so it needs a finer step.
        let h = s.dampingRatio > 10 ? 1e-6 : 1e-5
        let steps = Int((1.5 / h).rounded())
        for (x0, v0) in [(1.0, 0.0), (1.0, -3.0), (-2.0, 40.0)] {
            let reference = rk4(s, x0: x0, v0: v0, h: h, steps: steps)
            var worst = 0.0
            for i in stride(from: 0, through: steps, by: steps / 300) {
                let (x, v) = s.evolve(x0, velocity: v0, by: Double(i) * h)
                // Velocities reach 40/s: their error is weighed against that scale.
                worst = max(worst, abs(x - reference[i].x), abs(v - reference[i].v) / 40)
            }
            #expect(worst < 1e-6, "\(s) from (\(x0), \(v0)): worst error \(worst)")
        }
    }

    @Test(arguments: kinds)
    func evolvingByAThenBIsEvolvingByTheirSum(_ s: Spring) {
        var rng = SplitMix64(seed: 26)
        for _ in 0..<200 {
            let a = rng.uniform(0, 1.5), b = rng.uniform(0, 1.5)
            let x0 = rng.uniform(-100, 100), v0 = rng.uniform(-2000, 2000)
            let (xa, va) = s.evolve(x0, velocity: v0, by: a)
            let (x2, v2) = s.evolve(xa, velocity: va, by: b)
            let (x1, v1) = s.evolve(x0, velocity: v0, by: a + b)
            // Relative to the motion's scale (100 pt, 2000 pt/s).
            #expect(abs(x2 - x1) < 1e-9 * 100 && abs(v2 - v1) < 1e-9 * 2000, "\(s) a \(a) b \(b)")
        }
    }

    @Test func pointsEvolvePerComponent() {
        let s = Spring.snappy
        let (p, v) = s.evolve(Vec2(30, -4), velocity: Vec2(-200, 9), by: 0.07)
        let x = s.evolve(30, velocity: -200, by: 0.07), y = s.evolve(-4, velocity: 9, by: 0.07)
        #expect(p == Vec2(x.x, y.x) && v == Vec2(x.v, y.v))
    }

    // MARK: SwiftUI's conversions

    @Test func appleDocumentedExamplesHold() {
        // Spring(duration: 0.5, bounce: 0.3) → (mass, stiffness, damping) = (1.0, 157.9, 17.6).
        let a = Spring(duration: 0.5, bounce: 0.3)
        #expect(a.mass == 1 && abs(a.stiffness - 157.9) < 0.05 && abs(a.damping - 17.6) < 0.05)
        // Spring(mass: 1, stiffness: 100, damping: 10) → (duration, bounce) = (0.63, 0.5).
        let b = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(b.duration - 0.63) < 0.005 && abs(b.bounce - 0.5) < 1e-12)
        // Duration 0.5, no bounce: k = (2π/0.5)² ≈ 157.91, c = 4π/0.5 ≈ 25.13, critical.
        let smooth = Spring.smooth
        #expect(abs(smooth.stiffness - 157.91367) < 1e-4 && abs(smooth.damping - 25.13274) < 1e-4)
        #expect(abs(smooth.dampingRatio - 1) < 1e-12)
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15) && Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        // Below 0 the damping is 4π / (duration·(1 + bounce)).
        #expect(abs(Spring(duration: 0.8, bounce: -0.25).damping - 4 * Double.pi / (0.8 * 0.75)) < 1e-12)
    }

    @Test(arguments: stride(from: -0.9, through: 0.9, by: 0.1).map { $0 })
    func durationAndBounceRoundTrip(_ bounce: Double) {
        for duration in [0.05, 0.5, 3.0] {
            let s = Spring(duration: duration, bounce: bounce)
            #expect(abs(s.duration - duration) < 1e-12 * duration && abs(s.bounce - bounce) < 1e-12, "\(duration) \(bounce)")
            #expect(s.response == s.duration)
        }
    }

    @Test(arguments: [0.0, 0.1, 0.5, 0.99, 1, 1.01, 2, 10])
    func responseAndDampingRatioRoundTrip(_ zeta: Double) {
        for response in [0.1, 0.55, 2.0] {
            let s = Spring(response: response, dampingRatio: zeta)
            #expect(abs(s.response - response) < 1e-12 * response && abs(s.dampingRatio - zeta) < 1e-12, "\(response) \(zeta)")
        }
    }

    @Test func massScalesThePeriodAndTheDampingRatio() {
        let s = Spring(mass: 4, stiffness: 100, damping: 10)
        #expect(abs(s.response - 2 * Double.pi * (4.0 / 100).squareRoot()) < 1e-12)
        #expect(abs(s.dampingRatio - 10 / (2 * (400.0).squareRoot())) < 1e-12)
    }

    @Test func aSpringScaledToTheLargestNumbersMovesAsTheSameSpringAtUnitScale() {
        // (m, k, c) and (λm, λk, λc) are one motion: 2m and 2√k·√m overflowed at λ = 1e308,
        // and the spring swung undamped (a hostile tour).
        let unit = Spring(mass: 1, stiffness: 1, damping: 1)
        for lambda in [1.0, 1e300, 1e308, Double.greatestFiniteMagnitude] {
            let s = Spring(mass: lambda, stiffness: lambda, damping: lambda)
            #expect(abs(s.dampingRatio - 0.5) < 1e-15 && s.decay == 0.5 && abs(s.omega - 1) < 1e-15, "λ = \(lambda)")
            #expect(abs(s.evolve(1, velocity: 0, by: 1).x - unit.evolve(1, velocity: 0, by: 1).x) < 1e-15, "λ = \(lambda)")
        }
        // A mass under 1 with a damping near the largest double: c / 2m is finite, c / m is not
        // (halving after the division refused it: a review).
        let light = Spring(mass: 0.5, stiffness: 1, damping: 1.5e308)
        #expect(light.decay == 1.5e308 && light.dampingRatio.isFinite)
    }

    // MARK: Settling

    /// |x| over `from...to` sampled every `step`, released from rest one unit away.
    func displacements(_ s: Spring, from: Double, to: Double, step: Double) -> [Double] {
        stride(from: from, through: to, by: step).map { abs(s.evolve(1, velocity: 0, by: $0).x) }
    }

    @Test(arguments: [0.1, 0.3, 0.6])
    func anUnderdampedSpringStaysWithinEpsilonAfterItsSettlingDurationAndPeaksAtItWithinHalfAPeriodBefore(_ zeta: Double) {
        // Underdamped, the settling time is where the envelope (ω₀/ω)e^(−βt) crosses ε: from
        // then on |x| < ε, and the last peak at the envelope lies within half a period before.
        let s = Spring(response: 0.5, dampingRatio: zeta)
        let t = s.settlingDuration()
        #expect(displacements(s, from: t, to: t + 5, step: 1e-4).allSatisfy { $0 < 0.001 })
        // (The envelope there is at most e^(β·π/ω) times ε.)
        let halfPeriod = Double.pi / (2 * Double.pi / 0.5 * (1 - zeta * zeta).squareRoot())
        let lastPeak = displacements(s, from: t - halfPeriod, to: t, step: halfPeriod / 50_000).max()!
        #expect(lastPeak >= 0.001 * (1 - 1e-6) && lastPeak <= 0.001 * exp(s.decay * halfPeriod), "\(lastPeak)")
    }

    @Test(arguments: [Spring(stiffness: 100, damping: 20), .smooth, Spring(duration: 0.5, bounce: -0.5), Spring(response: 0.4, dampingRatio: 50)])
    func aCriticalOrOverdampedSpringCrossesEpsilonExactlyAtItsSettlingDuration(_ s: Spring) {
        // Neither overshoots, so |x| falls through ε once: at the settling time, to 1e-12.
        let t = s.settlingDuration()
        #expect(abs(s.evolve(1, velocity: 0, by: t).x - 0.001) < 1e-12)
        #expect(s.evolve(1, velocity: 0, by: t * (1 - 1e-6)).x > 0.001)
        #expect(displacements(s, from: t * (1 + 1e-9), to: t * 3, step: t / 10_000).allSatisfy { $0 < 0.001 })
    }

    @Test func theSettlingDurationHasNoJumpAsTheDampingRatioCrossesOne() {
        let around = [1 - 1e-9, 1, 1 + 1e-9].map { Spring(response: 0.5, dampingRatio: $0).settlingDuration() }
        #expect(abs(around[0] - around[1]) < 1e-6 && abs(around[2] - around[1]) < 1e-6, "\(around)")
        // SwiftUI's smooth spring settles in about 0.73 s (u* = 9.2335 radians at ω₀ = 4π).
        #expect(abs(around[1] - 9.2335 / (4 * Double.pi)) < 1e-4)
    }

    @Test(arguments: [0.05, 0.3, 0.9, 1, 1.5, 4])
    func theSettlingDurationInitialiserInvertsTheSettlingDuration(_ zeta: Double) {
        for (duration, epsilon) in [(1.2, 0.001), (0.3, 0.01), (5.0, 1e-6)] {
            let s = Spring(settlingDuration: duration, dampingRatio: zeta, epsilon: epsilon)
            #expect(abs(s.settlingDuration(epsilon: epsilon) - duration) < 1e-9 * duration, "\(zeta) \(duration) \(epsilon)")
            #expect(abs(s.dampingRatio - zeta) < 1e-12 && s.mass == 1)
        }
    }

    @Test func anUndampedSpringNeverSettlesAndALooseEpsilonSettlesAtOnce() {
        #expect(Spring(stiffness: 100, damping: 0).settlingDuration() == .infinity)
        #expect(Spring.smooth.settlingDuration(epsilon: 1) == 0)
        #expect(Spring.smooth.settlingDuration(epsilon: 0) == .infinity)
        #expect(Spring.smooth.isSettled(0.0009, velocity: -0.0009) && !Spring.smooth.isSettled(0.0009, velocity: 0.002))
    }

    // MARK: Hostile numbers

    @Test func hugeTimesAndExtremeSpringsStayFinite() {
        let springs = [Spring(stiffness: 1e12, damping: 1e-12), Spring(stiffness: 1e-12, damping: 1e12),
                       Spring(stiffness: 1e-12, damping: 0), Spring(stiffness: 1e12, damping: 0),
                       Spring(mass: 1e-12, stiffness: 1e12, damping: 1), Spring(mass: 1e12, stiffness: 1e-12, damping: 1e-6),
                       Spring(stiffness: 1e300, damping: 1e-300), Spring(stiffness: 1e-300, damping: 1e300),
                       Spring(stiffness: 1, damping: 2 - 1e-15), Spring(stiffness: 1, damping: 2 + 1e-15)]
        for s in springs {
            for t in [0, 1e-300, 1e-9, 1e-3, 1, 1e3, 1e9, 1e300, 1e308, .greatestFiniteMagnitude, .infinity, -1, .nan] {
                for (x0, v0) in [(1.0, 0.0), (-1e6, 1e6), (0.0, 1.0)] {
                    let (x, v) = s.evolve(x0, velocity: v0, by: t)
                    #expect(x.isFinite && v.isFinite, "\(s) t \(t) from (\(x0), \(v0)): (\(x), \(v))")
                }
            }
            #expect(!s.settlingDuration().isNaN, "\(s)")
        }
        // A damped spring is at rest after 1e308 s.
        #expect(Spring(stiffness: 1e12, damping: 1e-12).evolve(5, velocity: 5, by: 1e308) == (0, 0))
    }

    @Test func validatedNamesTheParameterAtFault() {
        func fault(_ make: () throws -> Spring) -> String? {
            do { _ = try make(); return nil } catch { return (error as? SpringError)?.parameter ?? "\(error)" }
        }
        #expect(fault { try Spring.validated(stiffness: .nan, damping: 1) } == "stiffness")
        #expect(fault { try Spring.validated(mass: 0, stiffness: 1, damping: 1) } == "mass")
        #expect(fault { try Spring.validated(stiffness: 1, damping: -1) } == "damping")
        #expect(fault { try Spring.validated(mass: 1e-300, stiffness: 1e300, damping: 1) } == "stiffness")
        #expect(fault { try Spring.validated(duration: 0.5, bounce: -1) } == "bounce")
        #expect(fault { try Spring.validated(duration: 0.5, bounce: 1.5) } == "bounce")
        #expect(fault { try Spring.validated(duration: 1e-200, bounce: 0) } == "duration")
        #expect(fault { try Spring.validated(duration: .infinity, bounce: 0) } == "duration")
        #expect(fault { try Spring.validated(response: 1, dampingRatio: -0.1) } == "dampingRatio")
        #expect(fault { try Spring.validated(settlingDuration: 1, dampingRatio: 0) } == "dampingRatio")
        #expect(fault { try Spring.validated(settlingDuration: 1, dampingRatio: 1, epsilon: 1) } == "epsilon")
        #expect(fault { try Spring.validated(duration: 0.5, bounce: 1) } == nil)
        #expect((try? Spring.validated(duration: 0.5, bounce: 0.3)) == .bouncy)
    }
}

extension Spring: CustomTestStringConvertible {
    public var testDescription: String { "Spring(m \(mass), k \(stiffness), c \(damping))" }
}
