import Engine
import Foundation
import Histogram

/// The phases of a frame the benchmark times separately.
public enum BenchPhase: String, CaseIterable, Sendable {
    /// Simulation: the fixed steps run this frame.
    case sim
    /// Filling the draw list.
    case build
    /// Handing the draw list to SDL (SDL_RenderGeometry calls).
    case submit
    /// SDL_RenderPresent.
    case present
    /// The whole frame.
    case frame
}

/// Summary statistics of one phase, in milliseconds.
public struct PhaseSummary: Equatable, Sendable {
    public var min, p50, p90, p99, max, mean: Double

    public var json: JSONValue {
        .object([("min", JSONValue(min)), ("p50", JSONValue(p50)), ("p90", JSONValue(p90)),
                 ("p99", JSONValue(p99)), ("max", JSONValue(max)), ("mean", JSONValue(mean))])
    }
}

/// Per-frame timings of every phase, with HdrHistogram percentiles.
///
/// Times are recorded in nanoseconds (HdrHistogram keeps three significant digits, so a
/// percentile is exact to 0.1 %) and reported in milliseconds. The mean is the exact mean
/// of the recorded values, not the histogram's bucketed one.
public struct FrameTimings: Sendable {
    /// Every frame's phase times in milliseconds, in `BenchPhase.allCases` order, plus steps.
    public private(set) var frames: [(phases: [Double], steps: Int, allocations: [Int])] = []
    private var histograms: [Histogram<UInt64>]
    private var sums: [Double]

    public init() {
        histograms = BenchPhase.allCases.map { _ in Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three) }
        sums = BenchPhase.allCases.map { _ in 0 }
    }

    /// Records one frame: nanoseconds per phase and heap allocations per phase (both in
    /// `BenchPhase.allCases` order; the frame's allocations are the sum of the others').
    public mutating func record(nanoseconds: [UInt64], steps: Int, allocations: [Int]) {
        precondition(nanoseconds.count == BenchPhase.allCases.count)
        for (i, ns) in nanoseconds.enumerated() {
            _ = histograms[i].record(ns)
            sums[i] += Double(ns)
        }
        frames.append((nanoseconds.map { Double($0) / 1e6 }, steps, allocations))
    }

    public var count: Int { frames.count }

    /// Adds another measurement's frames after these (the report of several runs).
    public mutating func append(_ other: FrameTimings) {
        for f in other.frames {
            record(nanoseconds: f.phases.map { UInt64(($0 * 1e6).rounded()) }, steps: f.steps, allocations: f.allocations)
        }
    }

    /// Every frame's time of one phase, in milliseconds (for comparisons and plots).
    public func times(_ phase: BenchPhase) -> [Double] {
        let i = BenchPhase.allCases.firstIndex(of: phase)!
        return frames.map { $0.phases[i] }
    }

    public func summary(_ phase: BenchPhase) -> PhaseSummary {
        let i = BenchPhase.allCases.firstIndex(of: phase)!
        let h = histograms[i]
        guard h.totalCount > 0 else { return PhaseSummary(min: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0) }
        func ms(_ v: UInt64) -> Double { Double(v) / 1e6 }
        return PhaseSummary(min: ms(h.min), p50: ms(h.valueAtPercentile(50)), p90: ms(h.valueAtPercentile(90)),
                            p99: ms(h.valueAtPercentile(99)), max: ms(h.max), mean: sums[i] / Double(h.totalCount) / 1e6)
    }

    /// Frames per second over the measured frames (by the sum of frame times).
    public var fps: Double {
        let total = frames.reduce(0) { $0 + $1.phases[BenchPhase.allCases.count - 1] } / 1000
        return total > 0 ? Double(frames.count) / total : 0
    }

    /// Mean heap allocations per measured frame in one phase (`.frame` for the whole frame).
    public func allocationsPerFrame(_ phase: BenchPhase = .frame) -> Double {
        let i = BenchPhase.allCases.firstIndex(of: phase)!
        return frames.isEmpty ? 0 : Double(frames.reduce(0) { $0 + $1.allocations[i] }) / Double(frames.count)
    }

    /// One measurement's summary: frames, fps, each phase's statistics, allocations.
    public var summaryJSON: [(String, JSONValue)] {
        [
            ("frames", JSONValue(count)),
            ("fps", JSONValue(fps)),
            ("phases", .object(BenchPhase.allCases.map { ($0.rawValue, summary($0).json) })),
            ("allocationsPerFrame", JSONValue(allocationsPerFrame())),
            ("allocationsPerFrameByPhase", .object(BenchPhase.allCases.map { ($0.rawValue, JSONValue(allocationsPerFrame($0))) })),
        ]
    }

    /// The `--json` report: summary, every frame, and the environment. With several `runs`
    /// (these timings being all of them together) it adds each run's summary under "runs",
    /// and the summary gains "spread": mean, sd and cv over the runs of fps and of each
    /// phase's p50 and mean.
    public func report(env: [(String, JSONValue)], runs: [FrameTimings] = []) -> JSONValue {
        var summary = summaryJSON
        if runs.count > 1 {
            func spread(_ values: [Double]) -> JSONValue {
                let s = Spread(values)
                return .object([("mean", JSONValue(s.mean)), ("sd", JSONValue(s.sd)), ("cv", JSONValue(s.cv))])
            }
            summary.append(("spread", .object([("fps", spread(runs.map(\.fps)))] + BenchPhase.allCases.map { phase in
                (phase.rawValue, .object([("p50", spread(runs.map { $0.summary(phase).p50 })), ("mean", spread(runs.map { $0.summary(phase).mean }))]))
            })))
        }
        var fields: [(String, JSONValue)] = [("summary", .object(summary))]
        if runs.count > 1 { fields.append(("runs", .array(runs.map { .object($0.summaryJSON) }))) }
        return .object(fields + [
            ("frames", .array(frames.map { f in
                .object(BenchPhase.allCases.enumerated().map { ($1.rawValue, JSONValue(f.phases[$0])) }
                        + [("steps", JSONValue(f.steps)), ("allocations", JSONValue(f.allocations.last ?? 0))])
            })),
            ("env", .object(env)),
        ])
    }

    /// The frames of a report written by `report(env:)`, per phase in milliseconds.
    public static func frameTimes(in report: JSONValue, _ phase: BenchPhase) -> [Double] {
        (report["frames"]?.arrayValue ?? []).compactMap { $0[phase.rawValue]?.doubleValue }
    }

    /// The table printed at the end of a run.
    public func table() -> String {
        func f(_ v: Double) -> String {
            let s = String(Int((v * 1000).rounded()))
            let padded = String(repeating: "0", count: max(0, 4 - s.count)) + s
            return String(padded.dropLast(3)) + "." + String(padded.suffix(3))
        }
        var out = "phase      min      p50      p90      p99      max     mean   (ms)   allocs/frame\n"
        for p in BenchPhase.allCases {
            let s = summary(p)
            let cells = [s.min, s.p50, s.p90, s.p99, s.max, s.mean].map { f($0) }
            out += p.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            for c in cells { out += String(repeating: " ", count: max(1, 9 - c.count)) + c }
            let a = allocationsPerFrame(p)
            let whole = Int(a.rounded(.down)), hundredths = Int(((a - Double(whole)) * 100).rounded())
            out += "         \(whole).\(hundredths < 10 ? "0" : "")\(hundredths)\n"
        }
        return out
    }
}
