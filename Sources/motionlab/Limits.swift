import ArgumentParser
import Engine
import MotionSDL
import Paths

/// `motionlab limits`: every bound on input, as the README lists it (a test keeps the two
/// together). Past any of them the program exits 2 and names the limit.
struct Limits: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the limits on every input (Markdown), as the README lists them.")

    static var table: [(name: String, value: String, what: String)] {
        [
            ("PathLimits.maxCoordinate", "±\(Int(PathLimits.maxCoordinate))", "any SVG path coordinate, absolute (relative moves added up)"),
            ("PathLimits.maxSegments", "\(PathLimits.maxSegments)", "drawing commands in one path"),
            ("SampleTable.maxSamples", "\(SampleTable.maxSamples)", "samples of one path at its spacing (about 800 MB); the message gives the spacing that fits"),
            ("maxPathFileBytes", "\(maxPathFileBytes >> 20) MiB", "a --path-file"),
            ("InputScript.maxBytes", "\(InputScript.maxBytes >> 20) MiB", "a --script or soak --replay file"),
            ("InputScript.maxFrame", "\(InputScript.maxFrame)", "a script event's frame, and play's --frames"),
            ("InputLimits.maxPointerCoordinate", "±\(Int(InputLimits.maxPointerCoordinate)) pt", "a pointer's x and y (a script refuses more; the frame driver clamps the platform's)"),
            ("InputLimits.maxWheel", "±\(Int(InputLimits.maxWheel)) pt", "one wheel event's dx and dy"),
            ("InputLimits.maxWindowSide", "1…\(Int(InputLimits.maxWindowSide)) pt", "a scripted resize (--size takes 64…16384)"),
            ("InputLimits.maxHitch", "\(Int(InputLimits.maxHitch)) s", "a scripted hitch"),
            ("DocumentFile.maxBytes", "\(DocumentFile.maxBytes >> 20) MiB", "the board's sheet file (a larger one is reported and left alone)"),
            ("Bench.maxEntities", "\(Bench.maxEntities)", "bench --followers, --tweens and --sprites, each"),
            ("Bench.maxFrames", "\(Bench.maxFrames)", "bench --frames and --warmup"),
            ("Soak.maxMinutes", "\(Int(Soak.maxMinutes))", "soak --minutes"),
            ("--spacing", "0.05…100 pt", "play's sample spacing (motionlab path takes any positive spacing within SampleTable.maxSamples)"),
            ("--hz", "(0, 1000]", "steps per second"),
            ("--frame-dt", "(0, 1] s", "the virtual clock's frame time"),
            ("--bands, --band-threads", "1…64", "software-renderer bands and their threads"),
        ]
    }

    static var markdown: String {
        var out = "| Limit | Value | On |\n| --- | --- | --- |\n"
        for row in table { out += "| `\(row.name)` | \(row.value) | \(row.what) |\n" }
        return out
    }

    func run() throws { print(Self.markdown, terminator: "") }
}
