#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// Decelerating like a scroll view: velocity decays by `rate` per millisecond (UIScrollView
/// .normal 0.998, .fast 0.99).
///
/// The model is UIKit's discrete one: each millisecond the velocity is multiplied by r and
/// the object moves by a thousandth of it, so a release at v comes to rest
/// Σₙ≥₁ v·rⁿ/1000 = v·r / (1000·(1 − r)) from where it was let go — the projection in Apple's
/// "Designing Fluid Interfaces", used to choose where a flung object should land.
///
/// `evolve` is the continuous curve through that model: offset(t) = P·(1 − r^(1000t)), with
/// P the projection, equals the discrete sum at every whole millisecond and tends to P
/// exactly. Its velocity, the derivative, starts at v·r·ln(1/r)/(1 − r) — 0.999·v at .normal,
/// 0.995·v at .fast — which is the price of that total. It is a function of the time since
/// the release: step it by keeping the release velocity and the elapsed time (any step size
/// then lands on the same curve), not by feeding its velocity back in, which would lose
/// that factor again at every step.
public struct Coast: Sendable, Equatable {
    /// The fraction of its velocity the object keeps each millisecond, 0 < rate < 1.
    public var rate: Double

    /// UIScrollView's `.normal` deceleration: 0.998 per millisecond.
    public static let normal = Coast(rate: 0.998)
    /// UIScrollView's `.fast` deceleration: 0.99 per millisecond.
    public static let fast = Coast(rate: 0.99)

    /// A coast keeping `rate` of its velocity per millisecond (0 < rate < 1; others trap).
    public init(rate: Double) {
        precondition(rate > 0 && rate < 1, "a coast's rate is a fraction per millisecond, 0 < rate < 1; got \(rate)")
        self.rate = rate
    }

    /// Where a release at velocity v comes to rest, relative to where it was let go:
    /// v·r / (1000·(1 − r)) (the formula from Apple's "Designing Fluid Interfaces").
    public func projectedDistance(_ v: Double) -> Double { v * rate / (1000 * (1 - rate)) }

    /// `projectedDistance` per component.
    public func projectedDistance(_ v: Vec2) -> Vec2 { Vec2(projectedDistance(v.x), projectedDistance(v.y)) }

    /// The decay exponent per second: r^(1000t) = e^(k·t).
    private var k: Double { 1000 * log(rate) }

    /// Exact offset and velocity `t` seconds into the coast (continuous form of the
    /// per-millisecond decay whose total is projectedDistance); any step size lands on the
    /// same curve. `t` is the time since the release at `v0`; a negative `t` counts as 0.
    public func evolve(velocity v0: Double, by t: Double) -> (offset: Double, v: Double) {
        let t = t > 0 ? t : 0
        let p = projectedDistance(v0), k = k
        return (-p * expm1(k * t), -p * k * exp(k * t))
    }

    /// The scroll view's own motion, from any moment: the velocity kept `rate` per millisecond
    /// exactly, so the offset over `t` is v·(r^(1000t) − 1) / (1000 ln r) and the velocity
    /// v·r^(1000t). Memoryless: stepping it from the velocity it returns lands on the same
    /// curve as one long step (unlike `evolve`, which counts from the release). It comes to
    /// rest −v / (1000 ln r) on, within 0.1 % of `projectedDistance` for r ≥ 0.99.
    public func decay(velocity v: Double, by t: Double) -> (offset: Double, v: Double) {
        let t = t > 0 ? t : 0, k = k
        return (v * expm1(k * t) / k, v * exp(k * t))
    }

    /// Seconds until |v| falls below `minSpeed`, for a release at `v0` (0 if it starts below).
    public func duration(velocity v0: Double, minSpeed: Double = 1) -> Double {
        let start = abs(evolve(velocity: v0, by: 0).v)
        guard start > minSpeed else { return 0 }
        guard minSpeed > 0 else { return .infinity }
        return log(minSpeed / start) / k
    }
}
