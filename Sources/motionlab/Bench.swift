import ArgumentParser
import Engine
import Foundation
import Geometry
import MotionBench
import MotionSDL
import Scenes
import Shell

/// `motionlab bench`: the stress scene under load, with per-phase frame timings.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the stress scene and print frame timings per phase (headless by default).",
        discussion: """
        Each frame runs one simulation step of 1/--hz s, fills the draw list, submits it to SDL and \
        presents, timing each phase separately. After --warmup frames, --frames frames are measured; \
        the table gives min, p50, p90, p99, max and mean per phase (HdrHistogram), frames per \
        second, the SDL renderer, and heap allocations per frame (counted where a counting malloc is preloaded, as make bench \
        does; else "not counted"). Sprites are 32×32, as in SDL's testsprite2. `motionlab bench compare A.json B.json` \
        compares two reports.
        """,
        subcommands: [BenchCompare.self]
    )

    @Option(help: "Path followers walking toward moving targets.")
    var followers = 2000

    @Option(help: "Tweened sprites, one animation each: half paced along paths, half a custom scalar bobbing the sprite.")
    var tweens = 2000

    @Option(help: "Sprites in the scrolling panel.")
    var sprites = 2000

    @Option(help: "Measure this scene of the app as `play` shows it (\(SceneRegistry.names.joined(separator: ", "))), tabs and bars included, at rest, instead of the stress scene; --followers, --tweens and --sprites then do not apply.")
    var scene: String?

    @OptionGroup var display: WindowOptions

    @Option(help: "Frames to measure.")
    var frames = 600

    @Option(help: "Frames to run before measuring.")
    var warmup = 60

    @Option(help: "Write the full report (summary, every frame, environment) as JSON here; - writes it to standard output (the table then goes to standard error).")
    var json: String?

    @Option(help: "Run this many independent measurements (each with its own warm-up); the report gives each run and their mean, standard deviation and cv.")
    var `repeat` = 1

    @Option(help: "Write a Chrome Trace Event file (open it in Perfetto or chrome://tracing): sim, build, submit and present of every measured frame, each band thread on its own track.")
    var trace: String?

    @Option(help: "Write an SVG plot: per-frame phase times stacked, p50 and p99 lines, and a histogram of frame times.")
    var plot: String?

    @Flag(help: "Measure input latency instead: a scripted mouse drag in the path scene and in the board, paced as play paces frames; prints p50 and p99 in ms and in frame intervals (JSON: latency).")
    var latency = false

    @Flag(help: "Open a real window instead of running headless.")
    var window = false

    @Flag(inversion: .prefixedNo, help: "Step and build the next frame on a second thread while this thread submits the current one: a frame then takes the longer of the two, not their sum (default: on when this process may use more than one processor — affinity and cgroup quota).")
    var pipeline: Bool?

    /// Pipelined by default wherever a second processor can take the simulation (one this
    /// process may use: affinity and cgroup quota counted).
    var pipelined: Bool { pipeline ?? (UsableProcessors.count > 1) }

    @Option(parsing: .unconditional, help: "Threads that draw the bands (default: one per usable processor — affinity and cgroup quota).")
    var bandThreads: Int?

    @Option(help: ArgumentHelp("An image (PNG, JPEG or BMP) to draw the sprites with instead of Resources/sprite.bmp (scripts/bench-vs-sdl passes testsprite2's icon.bmp). Without an alpha channel, its top-left pixel's colour is transparent, as in testsprite2.", valueName: "image"))
    var sprite: String?

    /// At most this many followers, tweens and panel sprites together. Measured resident
    /// memory (release build, 1280x720, `/usr/bin/time -v`): a tween costs about 930 bytes
    /// (its entity, track, keyframes and quad), a follower about 460, so a million tweens,
    /// the costliest mix, is 0.93 GB; two million tweens took 1.7 GB.
    static let maxEntities = 1_000_000
    /// At most this many measured frames in all runs (and warm-up frames a run): the report
    /// keeps every frame's timings.
    /// (A frame is about 110 bytes of the JSON report: 250,000 frames stay within what
    /// `bench compare` reads, `BenchCompare.maxReportBytes`.)
    static let maxFrames = 250_000
    /// Runs of one bench (`--repeat`).
    static let maxRepeat = 100

    func validate() throws {
        for (name, n) in [("--followers", followers), ("--tweens", tweens), ("--sprites", sprites)] {
            guard (0...Self.maxEntities).contains(n) else {
                throw ValidationError("\(name) must be 0…\(Self.maxEntities) (Bench.maxEntities), got \(n)")
            }
        }
        guard followers + tweens + sprites <= Self.maxEntities else {
            throw ValidationError("--followers, --tweens and --sprites add up to \(followers + tweens + sprites), more than \(Self.maxEntities) (Bench.maxEntities)")
        }
        guard (1...Self.maxFrames).contains(frames) else { throw ValidationError("--frames must be 1…\(Self.maxFrames) (Bench.maxFrames), got \(frames)") }
        guard (0...Self.maxFrames).contains(warmup) else { throw ValidationError("--warmup must be 0…\(Self.maxFrames) (Bench.maxFrames), got \(warmup)") }
        if let bandThreads, !(1...64).contains(bandThreads) { throw ValidationError("--band-threads must be in 1...64") }
        if let json, json != "-" { try checkWritable(json, option: "--json") }
        if let trace { try checkWritable(trace, option: "--trace") }
        if let plot { try checkWritable(plot, option: "--plot") }
        try checkDistinct(readOnly: [("--sprite", sprite), ("--font", display.font)] + resourceFiles(display.resources),
                          [("--json", json == "-" ? nil : json), ("--trace", trace), ("--plot", plot)])
        try checkOutsideSongs([("--json", json == "-" ? nil : json), ("--trace", trace), ("--plot", plot)])
        guard (1...Self.maxRepeat).contains(`repeat`) else {
            throw ValidationError("--repeat must be 1…\(Self.maxRepeat) (Bench.maxRepeat), got \(`repeat`)")
        }
        // Every run's frames go into one report.
        guard frames * `repeat` <= Self.maxFrames else {
            throw ValidationError("--frames × --repeat is \(frames * `repeat`), more than \(Self.maxFrames) (Bench.maxFrames): the report keeps every frame")
        }
        if let sprite { try checkImage(sprite, option: "--sprite") }
        if let scene, !SceneRegistry.names.contains(scene) {
            throw ValidationError("--scene: no scene named '\(echo(scene))' (scenes: \(SceneRegistry.names.joined(separator: ", ")))")
        }
    }

    func run() throws {
        do { try bench() } catch let e as CommandError {
            StandardStream.error.write("motionlab bench: \(e.description)\n")
            throw ExitCode(2)
        } catch let e as FilePolicy.Refusal {
            StandardStream.error.write("motionlab bench: \(e.description)\n")
            throw ExitCode(2)
        } catch let e as SDLError {
            // SDL could not start, or an image would not load.
            StandardStream.error.write("motionlab bench: \(e.description)\n")
            throw ExitCode(1)
        }
    }

    private func bench() throws {
        var options = try display.platformOptions()
        options.headless = !window
        let requested = display.renderer ?? "software"
        options.renderer = requested == "auto" ? nil : requested
        options.vsync = false
        options.bandThreads = bandThreads
        options.title = "MotionLab bench"
        if let sprite { options.textureFiles[Textures.sprite] = sprite }
        let platform = try Platform(options: options)
        // What ran is what was asked for, or an error: a silent fallback makes a false report.
        if requested != "auto" && platform.rendererName != requested {
            throw CommandError.usage("--renderer \(requested) is not available here (SDL gave \(platform.rendererName) with video driver \(platform.videoDriverName)); --renderer auto takes whatever runs")
        }
        // With --json -, standard output carries the JSON alone.
        let toStdout = json == "-"
        func say(_ text: String) {
            if toStdout { StandardStream.error.line(text) } else { StandardStream.output.line(text) }
        }
        if latency { return try benchLatency(on: platform, say: say) }
        var trace = self.trace.map { _ in TraceEvents() }
        var runs: [FrameTimings] = []
        var quads = 0
        for run in 0..<`repeat` {
            let (timings, q) = try measure(on: platform, run: run, trace: &trace)
            runs.append(timings)
            quads = q
        }
        let report = BenchReport(self, platform: platform, runs: runs, quadsPerFrame: quads)
        for line in report.lines { say(line) }
        if let json {
            let text = report.json.serialized() + "\n"
            if toStdout { StandardStream.output.write(text) } else {
                try writeOutput(text, to: json, option: "--json")
            }
        }
        if let path = self.trace, let trace {
            try writeOutput(trace.json(), to: path, option: "--trace")
        }
        if let path = plot {
            try writeOutput(BenchPlot.svg(report.all), to: path, option: "--plot")
        }
    }

    /// What a measurement draws: the stress scene, or with `--scene` the app's shell showing
    /// that scene (as `play --headless` makes it, with the real font).
    private func content(on platform: Platform) throws -> any FrameContent {
        if let scene {
            let folder = try Resources.locate(explicit: display.resources)
            let font = try Resources.font(in: folder, on: platform, file: display.font)
            var sceneOptions = SceneOptions()
            sceneOptions.seed = display.seed
            let scenes = SceneRegistry.makeAll(sceneOptions)
            for case let board as BoardScene in scenes { board.diagrams = Resources.chordDiagrams(in: folder) }
            let shell = Shell(scenes: scenes, size: platform.windowSize, font: font)
            _ = shell.select(sceneNamed: scene)
            return shell
        }
        var sceneOptions = StressScene.Options()
        sceneOptions.followers = followers
        sceneOptions.tweens = tweens
        sceneOptions.sprites = sprites
        sceneOptions.seed = display.seed
        sceneOptions.bounds = Rect(origin: .zero, size: platform.windowSize)
        return SceneHost(scene: StressScene(options: sceneOptions), size: platform.windowSize, font: BitmapFont.placeholder)
    }

    /// One measurement: a fresh scene, `warmup` frames, then `frames` measured ones.
    private func measure(on platform: Platform, run: Int, trace: inout TraceEvents?) throws -> (FrameTimings, Int) {
        let host = try content(on: platform)
        // One step per frame: the virtual clock advances exactly one step's time.
        let driver = FrameDriver(platform: platform, content: host, hz: display.hz, virtualFrameTime: 1 / display.hz,
                                 makeWorker: pipelined ? { WorkerThread(job: $0) } : nil)
        if MallocCounter.isActive {
            driver.countAllocations = { MallocCounter.count }
            driver.countThreadAllocations = MallocCounter.threadCount
        }
        var timings = FrameTimings()
        let total = warmup + frames
        let progress = isatty(2) != 0
        var lastProgress = DispatchTime.now().uptimeNanoseconds
        for frame in 0..<total {
            let measuring = frame >= warmup
            if measuring && frame == warmup { MallocCounter.counting(true) }
            guard try driver.runFrame() else { break }
            if measuring {
                MallocCounter.counting(false)
                let r = driver.report, ns = r.nanoseconds, allocs = r.allocations
                timings.record(nanoseconds: [ns.sim, ns.build, ns.submit, ns.present, ns.frame], steps: r.steps,
                               allocations: [allocs.sim, allocs.build, allocs.submit, allocs.present, allocs.frame].map { Int($0) })
                trace?.add(frame: frame - warmup + 1, run: run, report: r, pipelined: pipelined, bands: platform.lastBandTimings)
                MallocCounter.counting(true)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if progress && now - lastProgress > 500_000_000 {
                lastProgress = now
                StandardStream.error.write("\rbench: run \(run + 1)/\(`repeat`), frame \(frame + 1)/\(total)   ")
            }
        }
        MallocCounter.counting(false)
        if progress { StandardStream.error.write("\r\u{1B}[K") }
        return (timings, driver.list.vertices.count / 4)
    }
}
