import Engine
import Foundation
import MotionSDL
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
    /// A folder to save every `captureEvery`-th frame in (`frame-00012.bmp`).
    var captureDir: String?
    var captureEvery = 1
}

/// `play`: the shell on the SDL platform, run by the frame driver, with the run's files
/// (record, screenshot, state dump) around it.
final class Runner {
    let platform: Platform
    let shell: Shell
    let settings: RunSettings
    private let driver: FrameDriver
    private var recorder: FileHandle?

    init(options: PlatformOptions, scenes: [any Scene], settings: RunSettings) throws {
        platform = try Platform(options: options)
        let metrics = try String(contentsOf: options.resources.appendingPathComponent("font.txt"), encoding: .utf8)
        let font = try BitmapFont(metrics: metrics, texture: Textures.font)
        shell = Shell(scenes: scenes, size: platform.windowSize, font: font)
        if let name = settings.startScene { shell.select(sceneNamed: name) }
        self.settings = settings
        driver = FrameDriver(platform: platform, content: shell, hz: settings.hz,
                             virtualFrameTime: settings.virtualClock ? settings.frameDt : nil, script: settings.script)
        driver.frameLimit = settings.frames
        if let path = settings.recordPath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
                throw CommandError.usage("--record \(path): cannot create the file")
            }
            recorder = h
            driver.record = { h.write(Data((InputScript.line(for: $0) + "\n").utf8)) }
        }
        if let path = settings.screenshotPath {
            driver.beforeLastPresent = { [platform] in try platform.saveScreenshot(to: path) }
        }
        if let dir = settings.captureDir {
            let every = max(1, settings.captureEvery)
            driver.beforePresent = { [platform] frame in
                guard frame % every == 0 else { return }
                let name = String(frame).count >= 5 ? String(frame) : String(repeating: "0", count: 5 - String(frame).count) + String(frame)
                try platform.saveScreenshot(to: URL(fileURLWithPath: dir).appendingPathComponent("frame-\(name).bmp").path)
            }
        }
    }

    func run() throws {
        try driver.run()
        try recorder?.close()
        if let path = settings.statePath {
            let loop = driver.loop
            let dump = shell.stateDump(frame: driver.frame, step: loop.step, droppedTime: loop.droppedTime).serialized() + "\n"
            try dump.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
