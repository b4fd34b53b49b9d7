#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

// The spring's exact motion. With β = c/2m the decay rate and ω₀² = k/m, every solution of
// m·x″ + c·x′ + k·x = 0 is
//
//     x(t) = e^(−βt)·[x₀·C(t) + (v₀ + β·x₀)·S(t)]
//     v(t) = e^(−βt)·[v₀·C(t) − (β·v₀ + ω₀²·x₀)·S(t)]
//
// where, with ω² = |ω₀² − β²|,
//   underdamped (β < ω₀):  C = cos ωt,   S = sin(ωt) / ω
//   critical    (β = ω₀):  C = 1,        S = t
//   overdamped  (β > ω₀):  C = cosh ωt,  S = sinh(ωt) / ω
//
// so (x, v) after t is a fixed 2×2 matrix times (x₀, v₀): `propagator(over:)`. Because the
// matrix is the exact flow of the equation, evolving by a and then by b is evolving by
// a + b, and a tween stepped at any rate lands on the same curve.
//
// Kept finite for any finite spring and time: e^(−βt) is computed once and, when it has
// underflowed, the trigonometry is skipped (sin and cos of an infinite phase are NaN); an
// undamped spring's phase is reduced by its period when ωt overflows; ω² is formed as
// (ω₀ − β)(ω₀ + β), a product of square roots, so it neither overflows nor cancels; and the
// overdamped case, past ωt = 1, is the sum of its two modes e^(r₁t) and e^(r₂t) with the slow
// root r₁ = −ω₀²/(β + ω) (not −β + ω, which cancels when the spring is heavily damped), so no
// cosh overflows against an e^(−βt) that underflowed.
extension Spring {
    /// The exact flow over `t` seconds: x(t) = a·x₀ + b·v₀, v(t) = c·x₀ + d·v₀. A negative
    /// (or NaN) `t` counts as 0, an infinite one as the largest finite time.
    func propagator(over t: Double) -> (a: Double, b: Double, c: Double, d: Double) {
        let t = t > 0 ? min(t, .greatestFiniteMagnitude) : 0
        let w0 = omega, beta = decay
        let w0Squared = w0 * w0
        let gap = w0 - beta
        let e = exp(-beta * t)
        // e·C and e·S, then the matrix from them.
        var eC: Double, eS: Double
        if gap > 0 {
            let w = gap.squareRoot() * (w0 + beta).squareRoot()
            guard e > 0 else { return (0, 0, 0, 0) }
            var phase = w * t
            if !phase.isFinite { phase = w * fmod(t, 2 * Double.pi / w) }
            eC = e * cos(phase)
            eS = e * sin(phase) / w
        } else if gap == 0 {
            eC = e
            eS = e * t
        } else {
            let w = (-gap).squareRoot() * (w0 + beta).squareRoot()
            if w * t < 1 {
                eC = e * cosh(w * t)
                eS = e * sinh(w * t) / w
            } else {
                // The two modes: r₁ = −ω₀²/(β + ω) (slow), r₂ = −(β + ω) (fast).
                let fast = beta + w
                let slow = w0 / fast * w0
                let e1 = exp(-slow * t), e2 = exp(-fast * t)
                let half = 0.5 / w
                // a = (−r₂e₁ + r₁e₂)/2ω, b = (e₁ − e₂)/2ω, d = (r₁e₁ − r₂e₂)/2ω.
                let b = (e1 - e2) * half
                return ((fast * e1 - slow * e2) * half, b, -w0Squared * b, (fast * e2 - slow * e1) * half)
            }
        }
        return (eC + beta * eS, eS, -w0Squared * eS, eC - beta * eS)
    }

    /// Displacement from the target and velocity after `t` seconds, starting at displacement
    /// `x0` with velocity `v0`. Exact closed form (under-, critically, over-damped), no
    /// integration: evolving by a then b equals evolving by a+b (up to rounding). A negative
    /// `t` counts as 0.
    public func evolve(_ x0: Double, velocity v0: Double, by t: Double) -> (x: Double, v: Double) {
        let m = propagator(over: t)
        return (m.a * x0 + m.b * v0, m.c * x0 + m.d * v0)
    }

    /// `evolve` per component: each coordinate is a spring of its own.
    public func evolve(_ x0: Vec2, velocity v0: Vec2, by t: Double) -> (x: Vec2, v: Vec2) {
        let m = propagator(over: t)
        return (x0 * m.a + v0 * m.b, x0 * m.c + v0 * m.d)
    }

    /// Both within epsilon (displacement in the value's units, velocity in units/s).
    public func isSettled(_ x: Double, velocity v: Double, epsilon: Double = 0.001) -> Bool {
        abs(x) < epsilon && abs(v) < epsilon
    }
}
