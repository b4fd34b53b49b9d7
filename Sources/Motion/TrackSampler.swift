import Entities
import Geometry
import Paths

/// Plain-data views of the most common tracks, for the tween system's per-step loop.
///
/// Loading a track that holds arrays out of storage retains and releases every array it
/// holds; with 100,000 animations a step that is most of the cost. These samplers hold no
/// references — a paced single-run path keeps raw pointers to sample buffers the pool owns,
/// a two-value scalar track keeps its ends and curve — so the loop reads them for free.
/// Tracks they cannot describe fall back to the track itself.
enum TrackSampler: Sendable {
    /// Use the track (rare shapes: many keyframes, several subpaths, linear path mode).
    case general
    case scalarLine(from: Double, to: Double, curve: TimingFunction)
    case pacedPath(PathSampler)
}

extension TrackSampler {
    var isGeneral: Bool { if case .general = self { true } else { false } }
}

/// Arc-length lookup on one run of samples, through raw pointers owned by the track pool.
struct PathSampler: @unchecked Sendable {
    let curve: SampleCurveView
    let count: Int
    let step: Double
    /// 1 / step: a multiply instead of a divide per sample.
    let inverseStep: Double
    let length: Double
    let closed: Bool
    let rotation: RotationMode
    /// The arc length at progress 0 and the signed arc length flown to progress 1
    /// (`PathTrack.from` and `to` times the length).
    let start: Double
    let span: Double

    /// Position and tangent (the way it flies) at progress `u` (0…1), by arc length, on the
    /// curve between samples.
    @inline(__always)
    func sample(_ u: Double) -> (Vec2, Vec2) {
        guard count > 1, step > 0 else { return (curve.points[0], curve.tangents[0]) }
        var s = start + span * clamp(u, 0, 1)
        if closed {
            if s >= length || s < 0 { s -= (s / length).rounded(.down) * length }
        } else if s < 0 {
            s = 0
        }
        let x = s * inverseStep
        var k = Int(x)
        var f = x - Double(k)
        if closed {
            if k >= count { k -= count; f = 0 }  // s rounded up to the full length: the start
        } else if k >= count - 1 || s >= length {
            // The end: the last sample itself, exactly.
            k = count - 1; f = 0
        }
        let (p, t) = curve.pointAndTangent(k, f, step: step)
        return (p, span < 0 ? -t : t)
    }
}

extension PathTrack {
    /// Raw copies of a single-run paced table's samples, or nil when the general path is needed.
    func makeSampler() -> (PathSampler, UnsafeMutableRawPointer)? {
        guard mode == .paced, table.runs.count == 1, table.count > 0 else { return nil }
        let run = table.runs[0]
        let (curve, block) = table.copyCurve()
        return (PathSampler(curve: curve, count: table.count, step: run.step,
                            inverseStep: run.step > 0 ? 1 / run.step : 0, length: run.length,
                            closed: run.isClosed, rotation: rotationMode,
                            start: from * run.length, span: (to - from) * run.length), block)
    }
}

extension KeyframeTrack where Value == Double {
    /// The two ends and the curve of a two-value track whose value is a straight blend.
    var lineSampler: TrackSampler {
        guard values.count == 2, mode == .linear || mode == .paced || mode == .cubic else { return .general }
        // Two-value cubic (Kochanek–Bartels with clamped ends) is not a straight blend unless
        // its tangents match the chord, which the default parameters give.
        if mode == .cubic && !(tcb.isEmpty || tcb.allSatisfy { $0 == TCB() }) { return .general }
        if mode == .cubic { return .general }
        let curve = mode == .paced || timingFunctions.isEmpty ? TimingFunction.linear : timingFunctions[0]
        return .scalarLine(from: values[0], to: values[1], curve: curve)
    }
}
