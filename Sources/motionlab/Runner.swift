import Engine
import Foundation
import Geometry
import MotionSDL
import Paths
import Scenes
import Shell

struct RunSettings {
    var hz: Double
    var frameDt: Double
    var virtualClock: Bool
    var frames: Int?
    var startScene: String?
    var script: [ScriptedEvent]
    var recordPath: String?
    var statePath: String?
    var screenshotPath: String?
}

/// The frame loop: events in, fixed steps, a draw list out, pixels on screen.
final class Runner {
    let platform: Platform
    let shell: Shell
    let settings: RunSettings
    private var loop: FixedStepLoop
    private var list = DrawList()
    private var recorder: FileHandle?

    init(options: PlatformOptions, scenes: [any Scene], settings: RunSettings) throws {
        platform = try Platform(options: options)
        let metrics = try String(contentsOf: options.resources.appendingPathComponent("font.txt"), encoding: .utf8)
        let font = try BitmapFont(metrics: metrics, texture: Textures.font)
        shell = Shell(scenes: scenes, size: platform.windowSize, font: font)
        if let name = settings.startScene { shell.select(sceneNamed: name) }
        self.settings = settings
        loop = FixedStepLoop(hz: settings.hz)
        if let path = settings.recordPath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
                throw CommandError.usage("--record \(path): cannot create the file")
            }
            recorder = h
        }
    }

    func run() throws {
        var clock: any FrameClock = settings.virtualClock ? VirtualClock(frameTime: settings.frameDt) : MonotonicClock()
        var events: [InputEvent] = []
        var scriptIndex = 0
        var frame = 0
        var workClock = MonotonicClock()
        while true {
            frame += 1
            _ = workClock.nextFrameTime()
            events.removeAll(keepingCapacity: true)
            platform.poll(into: &events)
            while scriptIndex < settings.script.count, settings.script[scriptIndex].frame <= frame {
                let e = settings.script[scriptIndex].event
                if case .resize(let w, let h) = e { platform.setWindowSize(w: w, h: h) }
                events.append(e)
                scriptIndex += 1
            }
            for e in events {
                // A scripted resize comes back from SDL as a window event: count it once.
                if case .resize(let w, let h) = e, Vec2(w, h) == shell.size { continue }
                if let recorder {
                    recorder.write(Data((InputScript.line(for: ScriptedEvent(frame: frame, event: e)) + "\n").utf8))
                }
                shell.enqueue(e)
            }
            if platform.isPaused {
                loop.pause()
            } else if loop.isPaused {
                loop.resume()
                _ = clock.nextFrameTime()  // the paused time is not simulated
            }
            let steps = loop.advance(by: clock.nextFrameTime())
            for _ in 0..<steps {
                shell.step(dt: loop.dt, step: loop.step)
            }
            let lastFrame = settings.frames.map { frame >= $0 } ?? false
            let done = lastFrame || platform.quitRequested || shell.wantsQuit
            shell.draw(into: &list, alpha: loop.alpha)
            platform.render(list)
            if done, let path = settings.screenshotPath { try platform.saveScreenshot(to: path) }
            platform.present()
            let work = workClock.nextFrameTime()
            shell.hud.record(frameTime: settings.virtualClock ? settings.frameDt : work, workTime: work,
                             steps: steps, droppedTime: loop.droppedTime)
            // Minimised or hidden: nothing to show, so do not spin.
            if platform.isPaused { usleep(16_000) }
            if done { break }
        }
        try recorder?.close()
        if let path = settings.statePath {
            let dump = shell.stateDump(frame: frame, step: loop.step, droppedTime: loop.droppedTime).serialized() + "\n"
            try dump.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
