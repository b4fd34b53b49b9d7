#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// How long a spring takes to settle: the time after which |x| stays below ε for a unit
// displacement from rest (x₀ = 1, v₀ = 0), SwiftUI's definition of `settlingDuration`.
//
// - Critically damped, x = (1 + ω₀t)·e^(−ω₀t), which falls monotonically: the settling time
//   is u*/ω₀, where u* solves (1 + u)·e^(−u) = ε (`criticalSettling`).
// - Underdamped, x = e^(−βt)·[cos ωt + (β/ω)·sin ωt] dips below ε between its peaks long
//   before it stays there, so the answer is where an envelope — a bound on |x| that falls
//   monotonically — crosses ε. Two bounds hold: (ω₀/ω)·e^(−βt), the amplitude, which the
//   peaks touch; and (1 + βt)·e^(−βt), from |sin ωt| ≤ ωt. The settling time is where the
//   smaller of them crosses ε: ln(ω₀/(ω·ε))/β or u*/β, whichever is sooner. The first is
//   tight for bouncy springs (the last peak above ε lies within half a period of it); the
//   second takes over near ζ = 1 and meets the critical answer exactly there, so the
//   settling time has no jump as ζ crosses 1.
// - Overdamped, x is a positive, falling sum of a slow and a fast mode: solved on the exact
//   curve by Newton's method on x(t) = ε, kept inside a bracket (bisecting when a step would
//   leave it), from the slow mode's own crossing, which is an upper bound.
//
// For a fixed damping ratio x depends on ω₀t alone, so the settling time is inversely
// proportional to ω₀, and `init(settlingDuration:dampingRatio:epsilon:)` inverts it exactly
// by one evaluation at ω₀ = 1, with no search.
extension Spring {
    /// The time after which the spring stays within `epsilon` of its target, released from
    /// rest one unit away (SwiftUI's `settlingDuration`: target 1, no initial velocity).
    /// Infinite for an undamped spring or an `epsilon` that is not positive; 0 when
    /// `epsilon` is 1 or more.
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        guard epsilon > 0 else { return .infinity }
        guard epsilon < 1 else { return 0 }
        let w0 = omega, beta = decay
        guard beta > 0 else { return .infinity }
        let gap = w0 - beta
        if gap > 0 {
            let w = gap.squareRoot() * (w0 + beta).squareRoot()
            let amplitude = log(w0 / (w * epsilon)) / beta
            return max(0, min(amplitude, Self.criticalSettling(epsilon) / beta))
        }
        if gap == 0 { return Self.criticalSettling(epsilon) / w0 }
        return overdampedSettling(epsilon)
    }

    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`: the mass-1 spring with this
    /// damping ratio that settles within `epsilon` in `settlingDuration` seconds.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        // At ω₀ = 1 (response 2π) it settles in `unit` seconds; at ω₀ in unit/ω₀.
        let unit = Spring(response: 2 * Double.pi, dampingRatio: dampingRatio).settlingDuration(epsilon: epsilon)
        self.init(response: 2 * Double.pi * settlingDuration / unit, dampingRatio: dampingRatio)
    }

    /// u* such that (1 + u)·e^(−u) = ε, for 0 < ε < 1: Newton's method on
    /// g(u) = ln(1 + u) − u − ln ε, which is concave and falling, so from u = −ln ε (where
    /// g > 0) the first step lands past the root and the rest descend to it monotonically.
    static func criticalSettling(_ epsilon: Double) -> Double {
        let target = log(epsilon)
        var u = -target
        for _ in 0..<100 {
            let g = log1p(u) - u - target
            let next = u + g * (1 + u) / u
            if !(next < u) && u != -target { break }
            u = next
        }
        return u
    }

    /// The overdamped settling time, solved on the exact curve (see above).
    private func overdampedSettling(_ epsilon: Double) -> Double {
        let w0 = omega, beta = decay
        let w = (beta - w0).squareRoot() * (w0 + beta).squareRoot()
        let fast = beta + w, slow = w0 / fast * w0
        // x(t) < C₁·e^(−slow·t) with C₁ = fast/2ω (the fast mode is negative): crossing bound.
        var hi = log(fast / (2 * w) / epsilon) / slow
        guard hi.isFinite else { return .infinity }
        var lo = 0.0
        var t = hi
        for _ in 0..<200 {
            let (x, v) = evolve(1, velocity: 0, by: t)
            if x > epsilon { lo = t } else { hi = t }
            guard hi - lo > 1e-15 * hi else { break }
            let newton = t - (x - epsilon) / v
            t = newton > lo && newton < hi ? newton : 0.5 * (lo + hi)
        }
        return hi
    }
}
