import ArgumentParser
import CMallocCounter
import Engine
import Foundation
import Geometry
import MotionBench
import MotionSDL
import Paths
import Scenes
import Shell

/// `motionlab bench`: the stress scene under load, with per-phase frame timings.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the stress scene and print frame timings per phase (headless by default).",
        discussion: """
        Each frame runs one simulation step of 1/--hz s, fills the draw list, submits it to SDL and
        presents, timing each phase separately. After --warmup frames, --frames frames are measured;
        the table gives min, p50, p90, p99, max and mean per phase (HdrHistogram), frames per
        second, the SDL renderer, and heap allocations per frame (counted by the process's own
        malloc). Sprites are 32×32, as in SDL's testsprite2.
        """
    )

    @Option(help: "Path followers walking toward moving targets.")
    var followers = 2000

    @Option(help: "Tweened sprites, one animation each: half paced along paths, half a custom scalar bobbing the sprite.")
    var tweens = 2000

    @Option(help: "Sprites in the scrolling panel.")
    var sprites = 2000

    @OptionGroup var display: WindowOptions

    @Option(help: "Frames to measure.")
    var frames = 600

    @Option(help: "Frames to run before measuring.")
    var warmup = 60




    @Option(help: "Write the full report (summary, every frame, environment) as JSON here.")
    var json: String?


    @Flag(help: "Open a real window instead of running headless.")
    var window = false

    @Flag(help: "Step and build the next frame on a second thread while this thread submits the current one: a frame then takes the longer of the two, not their sum.")
    var pipeline = false


    @Option(help: "Threads that draw the bands (default: one per processor).")
    var bandThreads: Int?



    @Option(help: ArgumentHelp("A BMP to draw the sprites with instead of Resources/sprite.bmp (scripts/bench-vs-sdl passes testsprite2's icon.bmp). Without an alpha channel, its top-left pixel's colour is transparent, as in testsprite2.", valueName: "bmp"))
    var sprite: String?

    /// At most this many followers, tweens or panel sprites (each about 200 bytes and a quad
    /// per frame: two million of one kind is 400 MB and seconds per frame).
    static let maxEntities = 2_000_000
    /// At most this many measured (or warm-up) frames: the report keeps every frame's timings.
    static let maxFrames = 1_000_000

    func validate() throws {
        for (name, n) in [("--followers", followers), ("--tweens", tweens), ("--sprites", sprites)] {
            guard (0...Self.maxEntities).contains(n) else {
                throw ValidationError("\(name) must be 0…\(Self.maxEntities) (Bench.maxEntities), got \(n)")
            }
        }
        guard (1...Self.maxFrames).contains(frames) else { throw ValidationError("--frames must be 1…\(Self.maxFrames) (Bench.maxFrames), got \(frames)") }
        guard (0...Self.maxFrames).contains(warmup) else { throw ValidationError("--warmup must be 0…\(Self.maxFrames) (Bench.maxFrames), got \(warmup)") }
        if let bandThreads, !(1...64).contains(bandThreads) { throw ValidationError("--band-threads must be in 1...64") }
        if let json { try checkWritable(json, option: "--json") }
        if let sprite { try checkBMP(sprite, option: "--sprite") }
    }

    func run() throws {
        do { try bench() } catch let e as CommandError {
            FileHandle.standardError.write(Data("motionlab bench: \(e.description)\n".utf8))
            throw ExitCode(2)
        } catch let e as SDLError {
            // SDL could not start, or an image would not load.
            FileHandle.standardError.write(Data("motionlab bench: \(e.description)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func bench() throws {
        var options = try display.platformOptions()
        options.headless = !window
        options.renderer = display.renderer ?? "software"
        options.vsync = false
        options.bandThreads = bandThreads
        options.title = "MotionLab bench"
        if let sprite { options.textureFiles[Textures.sprite] = sprite }
        let platform = try Platform(options: options)
        var sceneOptions = StressScene.Options()
        sceneOptions.followers = followers
        sceneOptions.tweens = tweens
        sceneOptions.sprites = sprites
        sceneOptions.seed = display.seed
        let scene = StressScene(options: sceneOptions)
        let host = SceneHost(scene: scene, size: platform.windowSize, font: BitmapFont.placeholder)
        // One step per frame: the virtual clock advances exactly one step's time.
        let driver = FrameDriver(platform: platform, content: host, hz: display.hz, virtualFrameTime: 1 / display.hz,
                                 makeWorker: pipeline ? { WorkerThread(job: $0) } : nil)
        driver.countAllocations = { motionlab_malloc_count() }
        var timings = FrameTimings()
        let total = warmup + frames
        let progress = isatty(2) != 0
        var lastProgress = DispatchTime.now().uptimeNanoseconds
        let counting = motionlab_malloc_counter_active() != 0
        for frame in 0..<total {
            let measuring = frame >= warmup
            if measuring && frame == warmup { motionlab_malloc_counting(1) }
            guard try driver.runFrame() else { break }
            if measuring {
                motionlab_malloc_counting(0)
                let r = driver.report, ns = r.nanoseconds, allocs = r.allocations
                timings.record(nanoseconds: [ns.sim, ns.build, ns.submit, ns.present, ns.frame], steps: r.steps,
                               allocations: [allocs.sim, allocs.build, allocs.submit, allocs.present, allocs.frame].map { Int($0) })
                motionlab_malloc_counting(1)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if progress && now - lastProgress > 500_000_000 {
                lastProgress = now
                FileHandle.standardError.write(Data("\rbench: frame \(frame + 1)/\(total)   ".utf8))
            }
        }
        let list = driver.list
        motionlab_malloc_counting(0)
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        print("motionlab bench: \(followers) followers, \(tweens) tweens, \(sprites) panel sprites; \(list.vertices.count / 4) quads per frame")
        if pipeline { print("pipelined: step and build on a second thread, overlapping submit and present") }
        if platform.bandCount > 1 { print("drawn in \(platform.bandCount) bands by \(platform.bandThreadCount) threads") }
        print("renderer \(platform.rendererName), video driver \(platform.videoDriverName), \(display.size.w)x\(display.size.h), \(timings.count) frames after \(warmup) warm-up")
        print(timings.table(), terminator: "")
        print("fps \(String(format: "%.1f", timings.fps))")
        if counting {
            print(String(format: "allocations per frame %.2f (MotionLab's sim + build: %.2f; SDL's submit + present: %.2f)",
                         timings.allocationsPerFrame(), timings.allocationsPerFrame(.sim) + timings.allocationsPerFrame(.build),
                         timings.allocationsPerFrame(.submit) + timings.allocationsPerFrame(.present)))
        } else {
            print("allocations per frame: not counted (this process's malloc is not the counting one)")
        }
        if let json {
            let env: [(String, JSONValue)] = [
                ("cpu", .string(Self.cpuName())), ("sdl", .string(Platform.sdlVersion)),
                ("renderer", .string(platform.rendererName)), ("videoDriver", .string(platform.videoDriverName)),
                ("size", .string("\(display.size.w)x\(display.size.h)")), ("followers", JSONValue(followers)), ("tweens", JSONValue(tweens)),
                ("sprites", JSONValue(sprites)), ("hz", JSONValue(display.hz)), ("warmup", JSONValue(warmup)),
                ("pipeline", .bool(pipeline)), ("bands", JSONValue(platform.bandCount)),
                ("bandThreads", JSONValue(platform.bandThreadCount)),
            ]
            do {
                try (timings.report(env: env).serialized() + "\n").write(toFile: json, atomically: true, encoding: .utf8)
            } catch {
                throw CommandError.usage("--json \(json): cannot write: \(describe(error))")
            }
        }
    }

    static func cpuName() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        }
        return "unknown"
    }
}
