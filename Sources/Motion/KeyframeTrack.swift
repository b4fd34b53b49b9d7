import Entities
import Geometry
import Paths

/// How a keyframe track moves between its values (`CAKeyframeAnimation.calculationMode`).
public enum CalculationMode: String, Equatable, Sendable, CaseIterable {
    /// Straight between values, at the key times, each segment shaped by its timing function.
    case linear
    /// Jumps from value to value at the key times (n + 1 key times for n values).
    case discrete
    /// Constant speed through the values; key times and timing functions are ignored.
    case paced
    /// A Kochanek–Bartels spline through the values at the key times.
    case cubic
    /// The same spline at constant speed along it.
    case cubicPaced
}

/// Kochanek–Bartels parameters at one keyframe (all 0 gives a Catmull–Rom spline).
public struct TCB: Equatable, Sendable {
    /// How tight the curve is at the keyframe (`CAKeyframeAnimation.tensionValues`): 0 is
    /// Catmull–Rom, towards 1 the tangent shrinks to nothing (a sharper turn), below 0 it
    /// grows (a rounder one).
    public var tension = 0.0
    /// How the tangents on either side of the keyframe differ
    /// (`CAKeyframeAnimation.continuityValues`): 0 is smooth, away from 0 a corner forms.
    public var continuity = 0.0
    /// Which side the curve leans to at the keyframe (`CAKeyframeAnimation.biasValues`):
    /// above 0 it carries on the way it came (overshoots), below 0 it turns early toward
    /// the next value.
    public var bias = 0.0
    /// Kochanek–Bartels parameters, each usually −1…1; all 0 by default (Catmull–Rom).
    public init(tension: Double = 0, continuity: Double = 0, bias: Double = 0) {
        self.tension = tension; self.continuity = continuity; self.bias = bias
    }
}

/// A keyframe track that cannot be used, with what is wrong.
public struct TrackError: Error, Equatable, CustomStringConvertible {
    /// The error as a sentence for the user.
    public let description: String
}

/// Values at key times, interpolated by a calculation mode: Core Animation's keyframe
/// animation as a value type. Build with `init(values:…)`, which validates everything, then
/// evaluate with `value(at:)` for a pass progress in [0, 1].
public struct KeyframeTrack<Value: Interpolatable>: Equatable, Sendable {
    /// The keyframes, at least one (`CAKeyframeAnimation.values`).
    public let values: [Value]
    /// How values are interpolated between key times (`CAKeyframeAnimation.calculationMode`).
    public let mode: CalculationMode
    /// The key times in use: given ones, or for paced modes ones derived from distances.
    public private(set) var keyTimes: [Double]
    /// The curves that shape each segment, as given (`CAKeyframeAnimation.timingFunctions`):
    /// none (linear), one shared by every segment, or one per segment. The paced and discrete
    /// modes ignore them.
    public let timingFunctions: [TimingFunction]
    /// Kochanek–Bartels parameters, one per value, for the cubic modes; empty means all 0
    /// (a Catmull–Rom spline).
    public let tcb: [TCB]
    /// For cubicPaced: cumulative arc length of the spline at `arcSamples` points per segment.
    private var arcTable: [Double] = []
    private static var arcSamples: Int { 128 }

    /// A track through `values`, checked (`TrackError` says what is wrong and where).
    ///
    /// - Parameters:
    ///   - values: the keyframes, at least one.
    ///   - keyTimes: fractions of the pass, non-decreasing from 0 to 1; as many as values
    ///     (n + 1 for discrete). Omitted: evenly spaced. Ignored by the paced modes.
    ///   - mode: how values are interpolated between key times (`CalculationMode`).
    ///   - timingFunctions: one per segment (values − 1), or one for all, or none (linear).
    ///   - tcb: Kochanek–Bartels parameters per value for the cubic modes (or none).
    public init(values: [Value], keyTimes: [Double]? = nil, mode: CalculationMode = .linear,
                timingFunctions: [TimingFunction] = [], tcb: [TCB] = []) throws(TrackError) {
        guard !values.isEmpty else { throw TrackError(description: "a keyframe track needs at least one value") }
        let n = values.count
        let segments = max(1, n - 1)
        let expectedTimes = mode == .discrete ? n + 1 : n
        var times: [Double]
        if let keyTimes, mode != .paced, mode != .cubicPaced {
            guard keyTimes.count == expectedTimes else {
                throw TrackError(description: "keyTimes has \(keyTimes.count) entries for \(n) values; \(mode.rawValue) needs \(expectedTimes)")
            }
            for (i, t) in keyTimes.enumerated() {
                guard t.isFinite else { throw TrackError(description: "keyTimes[\(i)] is not a number") }
                if i > 0 && t < keyTimes[i - 1] {
                    throw TrackError(description: "keyTimes must not decrease: keyTimes[\(i)] = \(t) < keyTimes[\(i - 1)] = \(keyTimes[i - 1])")
                }
            }
            guard keyTimes.first == 0, keyTimes.last == 1 else {
                throw TrackError(description: "keyTimes must run from 0 to 1, got \(keyTimes.first!)…\(keyTimes.last!)")
            }
            times = keyTimes
        } else {
            let parts = max(1, expectedTimes - 1)
            times = (0..<expectedTimes).map { Double($0) / Double(parts) }
        }
        guard timingFunctions.isEmpty || timingFunctions.count == 1 || timingFunctions.count == segments else {
            throw TrackError(description: "timingFunctions has \(timingFunctions.count) entries; give 1 or \(segments) (one per segment)")
        }
        guard tcb.isEmpty || tcb.count == n else {
            throw TrackError(description: "tcb has \(tcb.count) entries for \(n) values")
        }
        self.values = values
        self.mode = mode
        self.timingFunctions = timingFunctions
        self.tcb = tcb
        self.keyTimes = times
        if mode == .paced {
            self.keyTimes = Self.pacedTimes(values)
        } else if mode == .cubicPaced {
            buildArcTable()
        }
    }

    /// Key times proportional to the distance between consecutive values.
    private static func pacedTimes(_ v: [Value]) -> [Double] {
        guard v.count > 1 else { return [0] }
        var cum = [0.0]
        for i in 1..<v.count { cum.append(cum[i - 1] + v[i - 1].distance(to: v[i])) }
        let total = cum.last!
        if total <= 0 { return (0..<v.count).map { Double($0) / Double(v.count - 1) } }
        return cum.map { $0 / total }
    }

    /// Total distance through the values (straight segments), for speed-based durations.
    public var pathLength: Double {
        if mode == .cubicPaced, let l = arcTable.last { return l }
        guard values.count > 1 else { return 0 }
        var d = 0.0
        for i in 1..<values.count { d += values[i - 1].distance(to: values[i]) }
        return d
    }

    /// The value at pass progress `u` (0…1).
    public func value(at u: Double) -> Value {
        let n = values.count
        if n == 1 { return values[0] }
        let u = clamp(u, 0, 1)
        switch mode {
        case .discrete:
            var i = 0
            while i + 1 < n && keyTimes[i + 1] <= u { i += 1 }
            return values[i]
        case .linear, .paced:
            let (i, f) = segment(u)
            let eased = mode == .paced ? f : timing(i)(f)
            return Value.lerp(values[i], values[i + 1], eased)
        case .cubic:
            let (i, f) = segment(u)
            return spline(i, timing(i)(f))
        case .cubicPaced:
            let total = arcTable.last ?? 0
            guard total > 0 else { return values[0] }
            let s = u * total
            // Binary search the arc table, then interpolate linearly inside the sample.
            var lo = 0, hi = arcTable.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if arcTable[mid] <= s { lo = mid } else { hi = mid }
            }
            let span = arcTable[hi] - arcTable[lo]
            let frac = span > 0 ? (s - arcTable[lo]) / span : 0
            let global = (Double(lo) + frac) / Double(Self.arcSamples)
            let i = min(Int(global), n - 2)
            return spline(i, global - Double(i))
        }
    }

    private func timing(_ i: Int) -> TimingFunction {
        timingFunctions.isEmpty ? .linear : timingFunctions.count == 1 ? timingFunctions[0] : timingFunctions[i]
    }

    /// The segment holding `u` and the fraction through it.
    private func segment(_ u: Double) -> (Int, Double) {
        let n = values.count
        var i = 0
        while i < n - 2 && keyTimes[i + 1] <= u { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        return (i, span > 0 ? clamp((u - keyTimes[i]) / span, 0, 1) : 1)
    }

    /// The Kochanek–Bartels Hermite segment from value i to i+1 at parameter s.
    private func spline(_ i: Int, _ s: Double) -> Value {
        let n = values.count
        let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, n - 1)]
        let k1 = tcb.isEmpty ? TCB() : tcb[i], k2 = tcb.isEmpty ? TCB() : tcb[i + 1]
        // Outgoing tangent at p1 and incoming tangent at p2.
        let out1 = (p1 - p0) * ((1 - k1.tension) * (1 + k1.bias) * (1 + k1.continuity) / 2)
            + (p2 - p1) * ((1 - k1.tension) * (1 - k1.bias) * (1 - k1.continuity) / 2)
        let in2 = (p2 - p1) * ((1 - k2.tension) * (1 + k2.bias) * (1 - k2.continuity) / 2)
            + (p3 - p2) * ((1 - k2.tension) * (1 - k2.bias) * (1 + k2.continuity) / 2)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return p1 * h00 + out1 * h10 + p2 * h01 + in2 * h11
    }

    private mutating func buildArcTable() {
        let n = values.count
        guard n > 1 else { arcTable = [0]; return }
        let m = Self.arcSamples
        arcTable = [0]
        arcTable.reserveCapacity((n - 1) * m + 1)
        var prev = values[0]
        for i in 0..<(n - 1) {
            for k in 1...m {
                let p = spline(i, Double(k) / Double(m))
                arcTable.append(arcTable.last! + prev.distance(to: p))
                prev = p
            }
        }
    }
}
