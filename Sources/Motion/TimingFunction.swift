import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Paths

/// Maps an animation's linear progress (0…1) to eased progress: Core Animation's cubic
/// Bézier timing functions and the easing families of Godot, DOTween and GSAP.
public enum TimingFunction: Equatable, Sendable {
    /// Progress unchanged: an even pace (`kCAMediaTimingFunctionLinear`).
    case linear
    /// A cubic Bézier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2), as
    /// `CAMediaTimingFunction(controlPoints:)`.
    case cubicBezier(Double, Double, Double, Double)
    /// One of the classic easing families in a mode, such as `.easing(.back, .out)`.
    case easing(Easing, EasingMode)

    /// Starts slowly, then speeds up (`kCAMediaTimingFunctionEaseIn`).
    public static let easeIn = TimingFunction.cubicBezier(0.42, 0, 1, 1)
    /// Starts quickly, then slows down (`kCAMediaTimingFunctionEaseOut`).
    public static let easeOut = TimingFunction.cubicBezier(0, 0, 0.58, 1)
    /// Starts slowly, speeds up, and slows down again (`kCAMediaTimingFunctionEaseInEaseOut`).
    public static let easeInEaseOut = TimingFunction.cubicBezier(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingFunction.cubicBezier(0.25, 0.1, 0.25, 1)

    /// Eased progress for progress `x` in [0, 1].
    @inline(__always)
    public func callAsFunction(_ x: Double) -> Double {
        switch self {
        case .linear: return x
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return solveCubicBezier(x, x1, y1, x2, y2)
        case .easing(let e, let mode): return e.value(x, mode)
        }
    }
}

/// y for the x of a cubic Bézier timing curve: finds the curve parameter t with x(t) = x by
/// Newton's method, falling back to bisection where the slope is too flat, then returns y(t).
/// Accurate to 1e-10 in x (the presets need 1e-5 in y).
package func solveCubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    // Polynomial coefficients of B(t) = ((a t + b) t + c) t for each axis.
    let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
    let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
    @inline(__always) func sx(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    var t = x
    var solved = false
    for _ in 0..<8 {
        let err = sx(t) - x
        if abs(err) < 1e-10 { solved = true; break }
        let d = dx(t)
        if abs(d) < 1e-6 { break }
        t -= err / d
    }
    if !solved || t < 0 || t > 1 {
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = sx(t)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
    }
    return ((ay * t + by) * t + cy) * t
}

/// In, out, or in-out.
public enum EasingMode: String, Equatable, Sendable, CaseIterable {
    /// The curve as it is: a slow start.
    case `in`
    /// The curve mirrored: a slow end.
    case out
    /// The curve over the first half and its mirror over the second: a slow start and end.
    case inOut
}

/// The classic easing families (Penner's equations, as easings.net gives them).
///
/// Each case gives its curve in its in form, for progress x in 0…1; `EasingMode` makes the
/// out and in-out forms from it.
public enum Easing: String, Equatable, Sendable, CaseIterable {
    /// A quarter of a cosine wave: 1 − cos(πx/2).
    case sine
    /// The square: x².
    case quad
    /// The cube: x³.
    case cubic
    /// The fourth power: x⁴.
    case quart
    /// Exponential: 2^(10x − 10), exactly 0 at the start.
    case expo
    /// A quarter circle: 1 − √(1 − x²).
    case circ
    /// Backs up a little before it goes (to about −0.1), so it leaves 0…1.
    case back
    /// Swings back and forth about the start, ever wider (leaving 0…1), before it goes.
    case elastic
    /// Hops off the start, ever higher, before it goes: a dropped ball's bounces, backwards.
    case bounce

    /// The "in" form; "out" and "in-out" are derived from it.
    @inline(__always)
    func easeIn(_ x: Double) -> Double {
        switch self {
        case .sine: return 1 - cos(x * .pi / 2)
        case .quad: return x * x
        case .cubic: return x * x * x
        case .quart: return x * x * x * x
        case .expo: return x == 0 ? 0 : pow(2, 10 * x - 10)
        case .circ: return 1 - (1 - x * x).squareRoot()
        case .back:
            let c1 = 1.70158, c3 = c1 + 1
            return c3 * x * x * x - c1 * x * x
        case .elastic:
            if x == 0 || x == 1 { return x }
            return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * (2 * .pi / 3))
        case .bounce: return 1 - Easing.bounceOut(1 - x)
        }
    }

    static func bounceOut(_ x: Double) -> Double {
        let n1 = 7.5625, d1 = 2.75
        if x < 1 / d1 { return n1 * x * x }
        if x < 2 / d1 { let y = x - 1.5 / d1; return n1 * y * y + 0.75 }
        if x < 2.5 / d1 { let y = x - 2.25 / d1; return n1 * y * y + 0.9375 }
        let y = x - 2.625 / d1
        return n1 * y * y + 0.984375
    }

    /// Eased progress for progress `x` (clamped to 0…1) in `mode`; 0 at 0 and 1 at 1, though
    /// `back` and `elastic` leave 0…1 on the way.
    public func value(_ x: Double, _ mode: EasingMode) -> Double {
        let x = clamp(x, 0, 1)
        switch mode {
        case .in: return easeIn(x)
        case .out: return 1 - easeIn(1 - x)
        case .inOut: return x < 0.5 ? easeIn(2 * x) / 2 : 1 - easeIn(2 - 2 * x) / 2
        }
    }
}
