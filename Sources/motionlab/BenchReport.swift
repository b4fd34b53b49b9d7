import Engine
import Foundation
import MotionBench
import MotionSDL

/// What one `motionlab bench` measured and how: read once, after the runs, and shown two
/// ways — the lines printed (`lines`) and the `--json` report (`json`). Each fact is taken
/// from the platform here and only here, so the table and the JSON cannot disagree.
struct BenchReport {
    /// What was drawn: "the board scene as play shows it, at rest", or the stress counts.
    var subject: String
    var scene: String?
    var followers: Int, tweens: Int, sprites: Int
    var quadsPerFrame: Int
    var pipelined: Bool
    var bands: Int, bandThreads: Int
    var bandDecision: BandDecision?
    var ownCompositor: Bool
    var redrawChangesOnly: Bool
    var composited: Compositor.Counts
    var submits: SubmitCounts
    var redraws: RedrawCounts
    var refreshRate: Double
    var renderer: String, videoDriver: String
    var size: String, hz: Double, frames: Int, warmup: Int
    /// Runs asked for (`--repeat`).
    var repeats: Int
    var runs: [FrameTimings]
    var all: FrameTimings
    var allocationsCounted: Bool

    /// The report of `runs` drawn by `bench` on `platform`.
    init(_ bench: Bench, platform: Platform, runs: [FrameTimings], quadsPerFrame: Int) {
        scene = bench.scene
        followers = bench.followers; tweens = bench.tweens; sprites = bench.sprites
        subject = bench.scene.map { "the \($0) scene as play shows it, at rest" }
            ?? "\(bench.followers) followers, \(bench.tweens) tweens, \(bench.sprites) panel sprites"
        self.quadsPerFrame = quadsPerFrame
        pipelined = bench.pipelined
        bands = platform.bandCount
        bandThreads = platform.bandThreadCount
        bandDecision = platform.bandDecision
        ownCompositor = bench.display.ownCompositor
        redrawChangesOnly = !bench.display.fullRedraw
        composited = platform.lastCounts
        submits = platform.lastSubmits
        redraws = platform.redraws
        refreshRate = platform.refreshRate
        renderer = platform.rendererName
        videoDriver = platform.videoDriverName
        size = "\(bench.display.size.w)x\(bench.display.size.h)"
        hz = bench.display.hz
        frames = bench.frames
        warmup = bench.warmup
        repeats = bench.repeat
        self.runs = runs
        all = runs.reduce(into: FrameTimings()) { $0.append($1) }
        allocationsCounted = MallocCounter.isActive
    }

    /// How many bands were drawn: all of them, or one when the trial kept this thread alone.
    var bandsDrawn: Int { bandDecision.map { $0.banded ? bands : 1 } ?? bands }

    /// The lines printed: what ran and how, the table of phases, fps, the spread over runs and
    /// the allocations.
    var lines: [String] {
        var out = ["motionlab bench: \(subject); \(quadsPerFrame) quads per frame"]
        if pipelined { out.append("pipelined: step and build on a second thread, overlapping submit and present") }
        if let d = bandDecision {
            out.append(String(format: "%d bands by %d threads or one thread, tried in turns on the first %d frames (drawing p50 %.3f ms in bands, %.3f ms on one): %@",
                              bands, bandThreads, Platform.bandTrialFrames, d.bandedMilliseconds, d.aloneMilliseconds,
                              d.banded ? "drawn in bands" : "drawn on one thread"))
        } else if bands > 1 {
            out.append("drawn in \(bands) bands by \(bandThreads) threads")
        }
        let c = composited
        if c.composited > 0 || !ownCompositor {
            out.append("compositor \(ownCompositor ? "own" : "sdl"): per frame \(c.copied) copied, \(c.blended) blended, \(c.tinted) tinted, \(c.scaled) scaled, \(c.masked) masked, \(c.culled) off the window, \(c.toSDL) image quads to SDL (counted once per band a sprite reaches)")
        }
        let r = redraws
        out.append(String(format: "redrawn (every frame, warm-up included): %d whole, %d in part, %d unchanged; %.0f %% of the window a frame%@",
                          r.whole, r.inPart, r.unchanged, r.meanArea * 100, redrawChangesOnly ? "" : " (--full-redraw)"))
        let d = submits
        out.append("SDL per frame: \(d.drawCalls) draw calls, \(d.vertices) vertices, \(d.indices) indices, \(d.textureSwitches) texture switches")
        out.append("bench is uncapped; play here would use vsync where the renderer takes it, else a cap at \(Int(refreshRate)) fps, the display's refresh rate (--fps)")
        out.append("renderer \(renderer), video driver \(videoDriver), \(size), \(frames) frames after \(warmup) warm-up\(repeats > 1 ? ", \(repeats) runs" : "")")
        out.append(all.table().trimmingCharacters(in: .newlines))
        out.append("fps \(String(format: "%.1f", all.fps))")
        if repeats > 1 {
            let fps = Spread(runs.map(\.fps)), p50 = Spread(runs.map { $0.summary(.frame).p50 })
            out.append(String(format: "over %d runs: fps mean %.1f, sd %.2f, cv %.1f %%; frame p50 mean %.3f ms, cv %.1f %%",
                              repeats, fps.mean, fps.sd, fps.cv * 100, p50.mean, p50.cv * 100))
        }
        if allocationsCounted {
            // Sim and build count their own thread's calls (the pipeline's worker); the rest of
            // the frame's, on every thread (the main one's submit, the bands'), is SDL's.
            let ours = all.allocationsPerFrame(.sim) + all.allocationsPerFrame(.build), frame = all.allocationsPerFrame()
            out.append(String(format: "allocations per frame %.2f (MotionLab's sim + build: %.2f; SDL's submit + present: %.2f)",
                              frame, ours, max(0, frame - ours)))
        } else {
            out.append("allocations per frame: not counted (\(MallocCounter.howToCount))")
        }
        return out
    }

    /// The `--json` report: the timings (`FrameTimings.report`) with the `environment`.
    var json: JSONValue { all.report(env: environment, runs: runs) }

    /// What a reader needs to know to compare this report with another: the machine
    /// (`Bench`'s probes) and the same facts the lines give.
    var environment: [(String, JSONValue)] {
        [
            ("cpu", .string(Bench.cpuName())), ("logicalCores", JSONValue(ProcessInfo.processInfo.activeProcessorCount)),
            ("usableProcessors", JSONValue(UsableProcessors.count)),
            ("os", .string(Bench.osName())), ("swift", .string(Bench.swiftVersion)), ("sdl", .string(Platform.sdlVersion)),
            ("renderer", .string(renderer)), ("videoDriver", .string(videoDriver)),
            ("commit", .string(Bench.gitCommit())), ("timestamp", .string(ISO8601DateFormatter().string(from: Date()))),
            ("commandLine", .string(CommandLine.arguments.map(Bench.shellQuoted).joined(separator: " "))),
            ("size", .string(size)), ("scene", .string(scene ?? "stress")), ("followers", JSONValue(followers)), ("tweens", JSONValue(tweens)),
            ("sprites", JSONValue(sprites)), ("hz", JSONValue(hz)), ("warmup", JSONValue(warmup)),
            ("repeat", JSONValue(repeats)), ("pipeline", .bool(pipelined)), ("bands", JSONValue(bands)),
            ("bandThreads", JSONValue(bandThreads)),
            ("bandsDrawn", JSONValue(bandsDrawn)),
            ("bandTrial", bandDecision.map {
                .object([("bandedMs", JSONValue($0.bandedMilliseconds)), ("aloneMs", JSONValue($0.aloneMilliseconds)), ("banded", .bool($0.banded))])
            } ?? .null),
            ("compositor", .string(ownCompositor ? "own" : "sdl")),
            ("fullRedraw", .bool(!redrawChangesOnly)),
            ("redrawn", .object([("whole", JSONValue(redraws.whole)), ("inPart", JSONValue(redraws.inPart)),
                                 ("unchanged", JSONValue(redraws.unchanged)), ("meanArea", JSONValue(redraws.meanArea))])),
            ("allocationsCounted", .bool(allocationsCounted)),
            ("drawCallsPerFrame", JSONValue(submits.drawCalls)), ("verticesPerFrame", JSONValue(submits.vertices)),
            ("indicesPerFrame", JSONValue(submits.indices)),
            ("textureSwitchesPerFrame", JSONValue(submits.textureSwitches)),
            ("compositedPerFrame", .object([("copied", JSONValue(composited.copied)), ("blended", JSONValue(composited.blended)),
                                            ("tinted", JSONValue(composited.tinted)), ("scaled", JSONValue(composited.scaled)), ("masked", JSONValue(composited.masked)),
                                            ("culled", JSONValue(composited.culled)), ("toSDL", JSONValue(composited.toSDL))])),
        ]
    }
}
