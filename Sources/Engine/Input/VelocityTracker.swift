import Geometry

/// The velocity of a hand, from the times and places a pointer was seen: what everything a
/// hand lets go of leaves with (a fling, a throw, a coast, a card's flight).
///
/// The strategy of Android's and Flutter's `VelocityTracker`: keep the last `maxSamples`
/// samples; at release fit a quadratic to those of the last `horizon` seconds by least
/// squares and take its slope at the newest sample. A gap of more than `assumeStopped`
/// between samples ends the window (the hand paused there), and a release that comes more
/// than `assumeStopped` after the last sample is at rest: velocity zero. Samples carry the
/// time they happened (the platform's event time, a script's frame time), never the time of
/// the fixed step that handles them, so the estimate does not depend on the step rate.
public struct VelocityTracker: Sendable, Equatable {
    /// The samples kept: the newest 20 (older ones are overwritten).
    public static let maxSamples = 20
    /// Seconds of history a fit looks at.
    public static let horizon = 0.1
    /// A pause longer than this (seconds) between samples, or before the release, means the
    /// pointer stopped.
    public static let assumeStopped = 0.04
    /// The fastest a hand is taken to move (points per second; Flutter's fling limit).
    public static let maxSpeed = 8000.0

    private var times = [Double](repeating: 0, count: maxSamples)
    private var points = [Vec2](repeating: .zero, count: maxSamples)
    /// Index of the newest sample, and how many are kept.
    private var newest = -1
    private var count = 0

    /// A tracker with no samples: velocity zero.
    public init() {}

    /// Forgets every sample (a new gesture).
    public mutating func reset() {
        newest = -1
        count = 0
    }

    /// The pointer was at `p` at time `t` (seconds on any one timeline). Non-finite samples
    /// are ignored; a sample older than the newest is taken at the newest's time.
    public mutating func add(_ p: Vec2, at t: Double) {
        guard p.x.isFinite, p.y.isFinite, t.isFinite else { return }
        let time = count > 0 ? max(t, times[newest]) : t
        newest = (newest + 1) % Self.maxSamples
        times[newest] = time
        points[newest] = p
        count = min(count + 1, Self.maxSamples)
    }

    /// The newest sample's time, if any.
    public var lastTime: Double? { count > 0 ? times[newest] : nil }
    /// The newest sample's point, if any.
    public var newestPoint: Vec2? { count > 0 ? points[newest] : nil }

    /// Every sample's point moved as `from` goes to `to`, its offset from `from` scaled by
    /// `k`, times kept: the same motion in a space scaled by `k` around a point that moved (a
    /// path ring's track when its path is laid out anew). Anything not finite forgets them.
    public mutating func rebase(scale k: Double, from: Vec2, to: Vec2) {
        guard k.isFinite, from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else { return reset() }
        for i in points.indices { points[i] = to + (points[i] - from) * k }
    }

    /// The velocity (points per second) at time `now`: zero when no sample is newer than
    /// `now − assumeStopped`, or fewer than two samples make up the newest stretch of motion.
    public func velocity(at now: Double) -> Vec2 {
        guard count > 1, now - times[newest] <= Self.assumeStopped else { return .zero }
        // Sums for the least-squares fit, in time relative to the newest sample.
        var n = 0.0, st = 0.0, stt = 0.0, sttt = 0.0, stttt = 0.0
        var sx = Vec2.zero, stx = Vec2.zero, sttx = Vec2.zero
        var used = 0
        var previous = times[newest]
        let origin = points[newest]
        for k in 0..<count {
            let i = (newest - k + Self.maxSamples) % Self.maxSamples
            let t = times[i] - times[newest]
            guard -t <= Self.horizon, previous - times[i] <= Self.assumeStopped else { break }
            previous = times[i]
            let x = points[i] - origin
            n += 1; st += t; stt += t * t; sttt += t * t * t; stttt += t * t * t * t
            sx = sx + x; stx = stx + x * t; sttx = sttx + x * (t * t)
            used += 1
        }
        guard used > 1 else { return .zero }
        var v = Vec2.zero
        if used >= 3, let q = Self.quadraticSlope(n, st, stt, sttt, stttt, sx, stx, sttx) {
            v = q
        } else {
            // A line through the points (two samples, or times too close to fit a curve).
            let d = n * stt - st * st
            guard d > 1e-12 else { return .zero }
            v = (stx * n - sx * st) / d
        }
        guard v.x.isFinite, v.y.isFinite else { return .zero }
        let speed = v.length
        return speed > Self.maxSpeed ? v * (Self.maxSpeed / speed) : v
    }

    /// The slope at t = 0 of the quadratic a + b·t + c·t² fitted to the sums (Cramer's rule on
    /// the 3×3 normal equations); nil when they are singular (samples at too few times).
    private static func quadraticSlope(_ n: Double, _ st: Double, _ stt: Double, _ sttt: Double, _ stttt: Double,
                                       _ sx: Vec2, _ stx: Vec2, _ sttx: Vec2) -> Vec2? {
        // | n    st    stt   | |a|   | sx   |
        // | st   stt   sttt  | |b| = | stx  |
        // | stt  sttt  stttt | |c|   | sttx |
        let det = n * (stt * stttt - sttt * sttt) - st * (st * stttt - sttt * stt) + stt * (st * sttt - stt * stt)
        // Relative to the scale of the entries: times within 0.1 s make them small.
        let scale = n * stt * stttt
        guard scale > 0, abs(det) > 1e-9 * scale else { return nil }
        // b = det(column 2 replaced by the right-hand side) / det.
        func slope(_ x: Double, _ tx: Double, _ ttx: Double) -> Double {
            let db = n * (tx * stttt - sttt * ttx) - x * (st * stttt - sttt * stt) + stt * (st * ttx - tx * stt)
            return db / det
        }
        return Vec2(slope(sx.x, stx.x, sttx.x), slope(sx.y, stx.y, sttx.y))
    }
}
