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

    @Option(help: "Frames to measure.")
    var frames = 600

    @Option(help: "Frames to run before measuring.")
    var warmup = 60

    @Option(help: "Simulation steps per second (one step per frame).")
    var hz: Double = 120

    @Option(help: "SDL render driver: software, opengl, opengles2.")
    var renderer = "software"

    @Option(help: "Window size, WxH.", transform: parseSize)
    var size: Size = Size(w: 1280, h: 720)

    @Option(help: "Write the full report (summary, every frame, environment) as JSON here.")
    var json: String?

    @Option(help: "Seed for the scene's random placement.")
    var seed: UInt64 = 1

    @Flag(help: "Open a real window instead of running headless.")
    var window = false

    @Flag(help: "Step and build the next frame on a second thread while this thread submits the current one: a frame then takes the longer of the two, not their sum.")
    var pipeline = false

    @Option(help: "With the software renderer, draw each frame in this many horizontal bands, several at once (1: SDL's single thread, as testsprite2).")
    var bands = 1

    @Option(help: "Threads that draw the bands (default: one per processor).")
    var bandThreads: Int?

    @Option(help: "SDL video driver (headless default: dummy).")
    var videoDriver: String?

    @Option(help: "Folder with the textures (default: this checkout's Resources/).")
    var resources: String?

    @Option(help: ArgumentHelp("A BMP to draw the sprites with instead of Resources/sprite.bmp (scripts/bench-vs-sdl passes testsprite2's icon.bmp). Without an alpha channel, its top-left pixel's colour is transparent, as in testsprite2.", valueName: "bmp"))
    var sprite: String?

    func validate() throws {
        guard followers >= 0, tweens >= 0, sprites >= 0 else { throw ValidationError("counts must not be negative") }
        guard frames >= 1, warmup >= 0 else { throw ValidationError("--frames must be at least 1 and --warmup not negative") }
        guard hz > 0, hz <= 1000 else { throw ValidationError("--hz must be in (0, 1000]") }
        guard (1...64).contains(bands) else { throw ValidationError("--bands must be in 1...64") }
        if let bandThreads, !(1...64).contains(bandThreads) { throw ValidationError("--band-threads must be in 1...64") }
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
        if let sprite, !FileManager.default.isReadableFile(atPath: sprite) {
            throw CommandError.usage("--sprite \(sprite): no such readable file")
        }
        var options = PlatformOptions(resources: try Resources.locate(explicit: resources))
        options.size = Vec2(Double(size.w), Double(size.h))
        options.headless = !window
        options.videoDriver = videoDriver
        options.renderer = renderer
        options.vsync = false
        options.bands = bands
        options.bandThreads = bandThreads
        options.title = "MotionLab bench"
        if let sprite { options.textureFiles[Textures.sprite] = sprite }
        let platform = try Platform(options: options)
        var sceneOptions = StressScene.Options()
        sceneOptions.followers = followers
        sceneOptions.tweens = tweens
        sceneOptions.sprites = sprites
        sceneOptions.seed = seed
        let scene = StressScene(options: sceneOptions)
        let bounds = Rect(origin: .zero, size: platform.windowSize)
        scene.layout(bounds: bounds)
        let font = BitmapFont.placeholder
        // Two draw lists: with --pipeline the worker fills one while this thread submits the other.
        let lists = [DrawListBox(), DrawListBox()]
        var events: [InputEvent] = []
        events.reserveCapacity(64)
        var timings = FrameTimings()
        let dt = 1 / hz
        let total = warmup + frames
        let progress = isatty(2) != 0
        var lastProgress = DispatchTime.now().uptimeNanoseconds
        let counting = motionlab_malloc_counter_active() != 0
        let input = InputState()
        var ns = [UInt64](repeating: 0, count: BenchPhase.allCases.count)
        let context = DrawContext(font: font, alpha: 0, bounds: bounds)
        /// One frame's simulation step and draw-list build: (ns, allocations) for each.
        let simulate = { (step: Int, box: DrawListBox) -> (UInt64, UInt64, UInt64, UInt64) in
            let a0 = motionlab_malloc_count(), t0 = DispatchTime.now().uptimeNanoseconds
            var ctx = StepContext(dt: dt, step: step, events: [], input: input)
            scene.step(&ctx)
            let a1 = motionlab_malloc_count(), t1 = DispatchTime.now().uptimeNanoseconds
            box.list.reset()
            scene.draw(into: &box.list, context: context)
            let a2 = motionlab_malloc_count(), t2 = DispatchTime.now().uptimeNanoseconds
            return (t1 - t0, t2 - t1, a1 - a0, a2 - a1)
        }
        // The worker's job is made once (a closure per frame would be an allocation per frame).
        let ahead = PendingFrame(box: lists[0])
        let worker = pipeline ? WorkerThread { ahead.result = simulate(ahead.step, ahead.box) } : nil
        defer { worker?.stop() }
        if pipeline { ahead.result = simulate(1, lists[0]) }
        for frame in 0..<total {
            let measuring = frame >= warmup
            if measuring && frame == warmup { motionlab_malloc_counting(1) }
            let allocBefore = motionlab_malloc_count()
            let t0 = DispatchTime.now().uptimeNanoseconds
            events.removeAll(keepingCapacity: true)
            platform.poll(into: &events)
            if platform.quitRequested { break }
            var sim: (UInt64, UInt64, UInt64, UInt64)
            let current: DrawListBox
            if let worker {
                // This frame was built during the last one; build the next one meanwhile.
                sim = ahead.result
                current = lists[frame % 2]
                ahead.step = frame + 2
                ahead.box = lists[(frame + 1) % 2]
                worker.start()
            } else {
                current = lists[0]
                sim = simulate(frame + 1, current)
            }
            let a2 = motionlab_malloc_count()
            let t2 = DispatchTime.now().uptimeNanoseconds
            platform.render(current.list)
            let a3 = motionlab_malloc_count()
            let t3 = DispatchTime.now().uptimeNanoseconds
            platform.present()
            worker?.wait()
            let t4 = DispatchTime.now().uptimeNanoseconds
            if measuring {
                ns[0] = sim.0; ns[1] = sim.1; ns[2] = t3 - t2; ns[3] = t4 - t3; ns[4] = t4 - t0
                let a4 = motionlab_malloc_count()
                motionlab_malloc_counting(0)
                // With --pipeline the worker's counts run alongside submit and present, so
                // each side may include the other's; the frame's total is exact either way.
                let allocs = [sim.2, sim.3, a3 - a2, a4 - a3, a4 - allocBefore].map { Int($0) }
                timings.record(nanoseconds: ns, steps: 1, allocations: allocs)
                motionlab_malloc_counting(1)
            }
            if progress && t4 - lastProgress > 500_000_000 {
                lastProgress = t4
                FileHandle.standardError.write(Data("\rbench: frame \(frame + 1)/\(total)   ".utf8))
            }
        }
        let list = lists[0].list
        motionlab_malloc_counting(0)
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        print("motionlab bench: \(followers) followers, \(tweens) tweens, \(sprites) panel sprites; \(list.vertices.count / 4) quads per frame")
        if pipeline { print("pipelined: step and build on a second thread, overlapping submit and present") }
        if platform.bandCount > 1 { print("drawn in \(platform.bandCount) bands by \(platform.bandThreadCount) threads") }
        print("renderer \(platform.rendererName), video driver \(platform.videoDriverName), \(size.w)x\(size.h), \(timings.count) frames after \(warmup) warm-up")
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
                ("size", .string("\(size.w)x\(size.h)")), ("followers", JSONValue(followers)), ("tweens", JSONValue(tweens)),
                ("sprites", JSONValue(sprites)), ("hz", JSONValue(hz)), ("warmup", JSONValue(warmup)),
                ("pipeline", .bool(pipeline)), ("bands", JSONValue(platform.bandCount)),
                ("bandThreads", JSONValue(platform.bandThreadCount)),
            ]
            do {
                try (timings.report(env: env).serialized() + "\n").write(toFile: json, atomically: true, encoding: .utf8)
            } catch {
                throw CommandError.usage("--json \(json): cannot write: \(error.localizedDescription)")
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

/// A draw list shared between the bench's two threads by reference, one box per buffer.
final class DrawListBox: @unchecked Sendable {
    var list = DrawList()
}

/// The frame the pipeline's worker builds next: its step number, the list to fill, and
/// what it measured (sim and build nanoseconds, then their allocations).
final class PendingFrame: @unchecked Sendable {
    var step = 1
    var box: DrawListBox
    var result: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    init(box: DrawListBox) { self.box = box }
}
