import ArgumentParser
import Engine
import Foundation
import MotionSDL
import MotionBench

/// `motionlab bench compare A.json B.json`: two reports side by side, per phase and for fps.
struct BenchCompare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two bench reports (--json files): per-phase p50 and p99 and fps, the change, and whether it is outside the noise.",
        discussion: "A change is outside the noise when the Mann-Whitney U test over the two runs' frame times of that phase gives p < 0.01 (two-sided); otherwise it reads \"noise\"."
    )

    @Argument(help: "The report to compare against (before).")
    var before: String

    @Argument(help: "The report to compare (after).")
    var after: String

    static let significance = 0.01

    /// The largest report read. The longest run (`Bench.maxFrames` frames) writes about
    /// 28 MB. Two reports of 125 MB took 1.16 GB and 21 s (a parsed report takes about four
    /// times its text), so two at this limit stay near 300 MB.
    static let maxReportBytes = 32 << 20

    func run() throws {
        do {
            let a = try load(before), b = try load(after)
            StandardStream.output.write(Self.table(a, b, names: (before, after)))
        } catch let e as CommandError {
            StandardStream.error.write("motionlab bench compare: \(e.description)\n")
            throw ExitCode(2)
        }
    }

    func load(_ path: String) throws -> JSONValue {
        let text = try readTextFile(path, limit: Self.maxReportBytes, limitName: "BenchCompare.maxReportBytes")
        let report: JSONValue
        do { report = try JSONParser.parse(text) } catch { throw CommandError.usage("\(path): not a bench report: \(error.description)") }
        guard report["summary"]?["phases"] != nil, let frames = report["frames"]?.arrayValue else {
            throw CommandError.usage("\(path): not a bench report (no summary.phases or frames)")
        }
        // Every time compared is one a run could write (a hostile tour's -1e308 and "x" were
        // compared, and an empty frames list judged "noise" from nothing).
        guard !frames.isEmpty else { throw CommandError.usage("\(path): frames is empty: no frame times to compare") }
        func check(_ value: JSONValue?, _ place: String) throws {
            guard let value else { return }
            guard let t = value.doubleValue, t.isFinite, t >= 0, t <= Self.maxMilliseconds else {
                throw CommandError.usage("\(path): \(place): not a time in milliseconds (0…\(Int(Self.maxMilliseconds))), got \(echo(value.serialized(), limit: 40))")
            }
        }
        for phase in BenchPhase.allCases {
            for stat in ["p50", "p99"] { try check(report["summary"]?["phases"]?[phase.rawValue]?[stat], "summary.phases.\(phase.rawValue).\(stat)") }
            for (i, frame) in frames.enumerated() { try check(frame[phase.rawValue], "frames[\(i)].\(phase.rawValue)") }
        }
        // (Frames with no time in them are none to compare: `[{}]`, a review.)
        guard !FrameTimings.frameTimes(in: report, .frame).isEmpty else {
            throw CommandError.usage("\(path): no frame holds a frame time to compare")
        }
        if let fps = report["summary"]?["fps"] {
            guard let v = fps.doubleValue, v.isFinite, v >= 0, v <= 1e6 else {
                throw CommandError.usage("\(path): summary.fps: not a frame rate (0…1000000), got \(echo(fps.serialized(), limit: 40))")
            }
        }
        return report
    }

    /// The longest time a report's frame or summary may hold (an hour, in ms).
    static let maxMilliseconds = 3_600_000.0

    static func table(_ a: JSONValue, _ b: JSONValue, names: (String, String)) -> String {
        func pct(_ x: Double, _ y: Double) -> String {
            // From next to nothing a change says nothing (a review's 1e-300 printed 300 digits).
            let change = (y - x) / x * 100
            guard x >= 1e-6, change.isFinite, abs(change) <= 1e6 else { return "—" }
            return String(format: "%+.1f %%", change)
        }
        func cell(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(1, w - s.count)) + s }
        var out = "before: \(names.0)\nafter:  \(names.1)\n"
        out += "phase    " + ["p50 before", "p50 after", "change", "p99 before", "p99 after", "change", "U test"].map { cell($0, 12) }.joined() + "\n"
        for phase in BenchPhase.allCases {
            let pa = a["summary"]?["phases"]?[phase.rawValue], pb = b["summary"]?["phases"]?[phase.rawValue]
            let a50 = pa?["p50"]?.doubleValue ?? 0, b50 = pb?["p50"]?.doubleValue ?? 0
            let a99 = pa?["p99"]?.doubleValue ?? 0, b99 = pb?["p99"]?.doubleValue ?? 0
            let test = MannWhitney(FrameTimings.frameTimes(in: a, phase), FrameTimings.frameTimes(in: b, phase))
            let verdict = test.p < significance ? String(format: "p=%.1e", test.p) : "noise"
            out += phase.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            out += [String(format: "%.3f", a50), String(format: "%.3f", b50), pct(a50, b50),
                    String(format: "%.3f", a99), String(format: "%.3f", b99), pct(a99, b99), verdict].map { cell($0, 12) }.joined() + "\n"
        }
        let fa = a["summary"]?["fps"]?.doubleValue ?? 0, fb = b["summary"]?["fps"]?.doubleValue ?? 0
        let frameTest = MannWhitney(FrameTimings.frameTimes(in: a, .frame), FrameTimings.frameTimes(in: b, .frame))
        out += "fps      " + [String(format: "%.1f", fa), String(format: "%.1f", fb), pct(fa, fb)].map { cell($0, 12) }.joined()
        out += frameTest.p < significance ? "  (frame times differ: p=\(String(format: "%.1e", frameTest.p)))\n" : "  (within the noise)\n"
        out += "times in ms; p50 and p99 from each report's summary; U test: Mann-Whitney over every frame's time of that phase\n"
        return out
    }
}
