/// Floor, round and wrap for the per-step loops.
///
/// On the x86-64 baseline Swift targets (no SSE4.1), `Double.rounded(_:)` is a call into
/// libm; the hot loops (100,000 followers and tweens per step) round several times per
/// entity, so these do it with a truncating conversion instead, inline. They agree with
/// `rounded(.down)` and `rounded()` for every input, NaN and infinities included (tested).

/// `x.rounded(.down)`, without a libm call or a branch on the value (positions are
/// random, so a branch there mispredicts half the time).
@inlinable @inline(__always)
public func floorFast(_ x: Double) -> Double {
    // At 2^52 and beyond every double is a whole number; NaN fails the test and passes through.
    guard x.magnitude < 0x1p52 else { return x }
    let t = Double(Int64(x))  // truncates toward zero
    // floor(x) has the sign of x, zeros included (floor(-0.0) is -0.0).
    return Double(signOf: x, magnitudeOf: t - (t > x ? 1 : 0))
}

/// `x.rounded()` (halves away from zero), without a libm call or a branch on the value.
@inlinable @inline(__always)
public func roundFast(_ x: Double) -> Double {
    guard x.magnitude < 0x1p52 else { return x }
    // Adding the largest double below ½ (with x's sign) and truncating rounds halves away
    // from zero, and only halves: ½ − 2⁻⁵⁴ is what keeps 0.49999999999999994 from rounding up.
    let r = Double(Int64(x + Double(signOf: x, magnitudeOf: 0.49999999999999994)))
    // The result has the sign of x, zeros included (-0.3 rounds to -0.0).
    return Double(signOf: x, magnitudeOf: r)
}

/// The positive remainder: `positiveModulo(-1, 5) == 4`. Used wherever indices or arc lengths wrap.
@inlinable public func positiveModulo(_ a: Int, _ n: Int) -> Int {
    let r = a % n
    return r < 0 ? r + n : r
}

/// The remainder in [0, n). Uses floor rather than fmod, which is several times slower, and
/// skips even that when `a` is already in range (the usual case for a wrapped arc length).
@inlinable public func positiveModulo(_ a: Double, _ n: Double) -> Double {
    if a >= 0 && a < n { return a }
    let r = a - floorFast(a / n) * n
    return r >= n || r < 0 ? 0 : r
}
