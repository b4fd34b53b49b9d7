import Engine
import Foundation
import Geometry
import MotionSDL
import Scenes
import Shell

/// `motionlab bench --latency`: how long a hand's input takes to show. A scripted drag in
/// the path scene (a ring along the figure eight) and in the board (a card carried round the
/// sheet), as `play` runs it: the real clock, frames paced at the display's refresh rate,
/// the input latency the frame driver records (`InputLatency`). The drag's events arrive
/// as a mouse sends them — every 8 ms, give or take 2, so at every phase of a frame — each
/// stamped with when it arrived; the driver takes them at its next poll, as from SDL's queue.
struct LatencyBench {
    /// Seconds of dragging per scene.
    static let dragSeconds = 4.0
    /// The scenes dragged in, in order.
    static let scenes = ["path", "board"]

    /// One scene's figures, in seconds.
    struct Figures {
        var scene: String
        var samples: Int
        var p50: Double
        var p99: Double
        var max: Double
    }

    let platform: Platform
    let font: BitmapFont
    let seed: UInt64
    let frameInterval: Double

    /// Drags in each scene; returns each scene's figures and all samples' together.
    func run() throws -> (scenes: [Figures], all: Figures) {
        var all = InputLatency(capacity: 1 << 20)
        var figures: [Figures] = []
        for name in Self.scenes {
            var latency = try drag(in: name)
            for k in 0..<latency.samples.count { all.record(latency.samples[k]) }
            figures.append(Self.figures(name, &latency))
        }
        return (figures, Self.figures("all", &all))
    }

    static func figures(_ name: String, _ l: inout InputLatency) -> Figures {
        Figures(scene: name, samples: l.recorded, p50: l.quantile(0.5) ?? .nan, p99: l.quantile(0.99) ?? .nan,
                max: l.quantile(1) ?? .nan)
    }

    /// One scene's drag, measured.
    private func drag(in name: String) throws -> InputLatency {
        var options = SceneOptions()
        options.seed = seed
        let shell = Shell(scenes: SceneRegistry.makeAll(options), size: platform.windowSize, font: font)
        _ = shell.select(sceneNamed: name)
        guard let route = Self.route(in: shell) else { throw CommandError.usage("bench --latency: no drag in the \(name) scene at this size") }
        let input = ScheduledInput(base: platform)
        let driver = FrameDriver(platform: input, content: shell, hz: 120)
        driver.minimumFrameInterval = frameInterval
        driver.latency = InputLatency(capacity: 1 << 16)
        // A few frames first, so the first drag frame is not the first frame.
        for _ in 0..<10 { try driver.runFrame() }
        var rng = SplitMix64(seed: seed ^ 0x1a7e)
        var t = MonotonicClock.seconds() + 0.05
        input.schedule(.pointerDown(pointer: 0, device: .mouse, at: route(0)), at: t)
        let start = t
        while t - start < Self.dragSeconds {
            t += rng.uniform(0.006, 0.010)
            input.schedule(.pointerMove(pointer: 0, device: .mouse, at: route((t - start) / Self.dragSeconds)), at: t)
        }
        input.schedule(.pointerUp(pointer: 0, device: .mouse, at: route(1)), at: t + 0.008)
        while input.hasScheduled { try driver.runFrame() }
        for _ in 0..<3 { try driver.runFrame() }
        return driver.latency!
    }

    /// Where the drag's hand is at `u` (0…1) of its way: round the path scene's figure from
    /// its first ring, twice; in the board, from a strip card down into the sheet, then round
    /// an ellipse over its lines.
    static func route(in shell: Shell) -> ((Double) -> Vec2)? {
        if let path = shell.activeScene as? PathScene, let table = path.tables.first, table.length > 0 {
            let ring = path.ringPoint(0)
            let s0 = table.nearestIndex(to: ring).map { table.distances[$0] } ?? 0
            return { u in table.point(atDistance: (s0 + 2 * table.length * u).truncatingRemainder(dividingBy: table.length)) }
        }
        if let board = shell.activeScene as? BoardScene {
            let card = board.itemRootFrame(2).center
            let sheet = board.sheetFrame
            let c = Vec2(sheet.midX, sheet.minY + sheet.height * 0.45)
            let radii = Vec2(sheet.width * 0.3, sheet.height * 0.25)
            return { u in
                // The first tenth goes straight down (the card lifts on a vertical move).
                if u < 0.1 { return card + (c + Vec2(radii.x, 0) - card) * (u / 0.1) }
                let a = (u - 0.1) / 0.9 * 4 * Double.pi
                return c + Vec2(cos(a) * radii.x, sin(a) * radii.y)
            }
        }
        return nil
    }
}

/// The platform with a drag's events arriving at their own times: each is handed out at the
/// first poll at or after its time, stamped with that time (as SDL stamps an event when it
/// arrives, not when it is read). Everything else is the platform's.
final class ScheduledInput: ForwardingPlatform {
    private var queue: [(time: Double, event: InputEvent)] = []
    private var next = 0

    /// Adds an event arriving at `time` (the monotonic clock, seconds); times in order.
    func schedule(_ event: InputEvent, at time: Double) { queue.append((time, event)) }
    var hasScheduled: Bool { next < queue.count }

    override func poll(into events: inout [InputEvent], times: inout [Double], now: Double) {
        base.poll(into: &events, times: &times, now: now)
        while next < queue.count, queue[next].time <= now {
            events.append(queue[next].event)
            times.append(queue[next].time)
            next += 1
        }
    }
}

extension Bench {
    /// `--latency`: the drags measured, printed, and with `--json` written.
    func benchLatency(on platform: Platform, say: (String) -> Void) throws {
        let font = try Resources.font(in: Resources.locate(explicit: display.resources), on: platform, file: display.font)
        let interval = 1 / platform.refreshRate
        let bench = LatencyBench(platform: platform, font: font, seed: display.seed, frameInterval: interval)
        let (scenes, all) = try bench.run()
        say("motionlab bench --latency: a mouse drag of \(Int(LatencyBench.dragSeconds)) s in each of \(LatencyBench.scenes.joined(separator: " and ")), an event every 6–10 ms; frames paced at \(Int(platform.refreshRate.rounded())) fps (\(String(format: "%.2f", interval * 1000)) ms) as play paces them without vsync")
        say("renderer \(platform.rendererName), video driver \(platform.videoDriverName), \(display.size.w)x\(display.size.h)")
        say("from each event's arrival to the end of the present of the first frame that shows it:")
        for f in scenes + [all] {
            let label = f.scene.padding(toLength: 6, withPad: " ", startingAt: 0)
            say(label + String(format: " %5d events  p50 %6.2f ms (%.2f frames)  p99 %6.2f ms (%.2f frames)  max %6.2f ms",
                       f.samples, f.p50 * 1000, f.p50 / interval, f.p99 * 1000, f.p99 / interval, f.max * 1000))
        }
        guard let json else { return }
        func figures(_ f: LatencyBench.Figures) -> JSONValue {
            .object([("p50Ms", JSONValue(f.p50 * 1000)), ("p99Ms", JSONValue(f.p99 * 1000)),
                     ("p50Frames", JSONValue(f.p50 / interval)), ("p99Frames", JSONValue(f.p99 / interval)),
                     ("maxMs", JSONValue(f.max * 1000)), ("samples", JSONValue(f.samples))])
        }
        var latency = figures(all)
        if case .object(var fields) = latency {
            fields.append(("frameIntervalMs", JSONValue(interval * 1000)))
            fields.append(("scenes", .object(scenes.map { ($0.scene, figures($0)) })))
            latency = .object(fields)
        }
        let text = JSONValue.object([("latency", latency), ("env", .object(BenchReport(self, platform: platform, runs: [], quadsPerFrame: 0).environment))]).serialized() + "\n"
        if json == "-" { StandardStream.output.write(text) } else { try writeOutput(text, to: json, option: "--json") }
    }
}
