import Engine
import Foundation
import MotionSDL
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
    /// A folder to save every `captureEvery`-th frame in (`frame-00012.bmp`).
    var captureDir: String?
    var captureEvery = 1
    /// `--fps`: the frame cap without vsync (nil: the display's refresh rate; 0: none).
    var fps: Double?
    /// Where a write the run could not make is counted (the run then exits 2).
    var failures = FailedWrites()
    /// Where the path scene's edits kept nowhere else are written when the run ends (a
    /// window's exports folder; nil in headless and scripted runs).
    var keepsPathsIn: URL?
    /// `--sheet`: a board's refused edits are kept as a song named after it when the run ends.
    var sheetPath: String?
}

/// `play`: the shell on the SDL platform, run by the frame driver, with the run's files
/// (record, screenshot, state dump) around it.
final class Runner {
    let platform: Platform
    let shell: Shell
    let settings: RunSettings
    private let driver: FrameDriver
    private var recorder: OutputFile?

    init(options: PlatformOptions, scenes: [any Scene], settings: RunSettings) throws {
        platform = try Platform(options: options)
        quitOnHangUp()
        let font = try Resources.font(in: options.resources, on: platform, file: options.fontFile)
        shell = Shell(scenes: scenes, size: platform.windowSize, font: font)
        let diagrams = Resources.chordDiagrams(in: options.resources)
        for case let board as BoardScene in scenes { board.diagrams = diagrams }
        if let folder = settings.keepsPathsIn {
            for case let path as PathScene in scenes { path.keepUnkeptNow = { Self.keep($0, $1, in: folder) } }
        }
        if let name = settings.startScene { shell.select(sceneNamed: name) }
        shell.uiScale = platform.uiScale
        self.settings = settings
        driver = FrameDriver(platform: platform, content: shell, hz: settings.hz,
                             virtualFrameTime: settings.virtualClock ? settings.frameDt : nil, script: settings.script)
        driver.frameLimit = settings.frames
        // A window on the real clock rests while nothing moves, and is paced to the display
        // where the renderer has no vsync; scripted runs keep every frame, as fast as they go.
        driver.restsWhenIdle = !settings.virtualClock
        if !settings.virtualClock {
            driver.minimumFrameInterval = platform.pacing(fps: settings.fps).interval
            // The HUD's input latency while a hand is down.
            driver.latency = InputLatency(capacity: 64)
        }
        if let path = settings.recordPath {
            let out: OutputFile
            do { out = try OutputFile(path: path, kind: .log) } catch { throw CommandError.usage("--record \(error.description)") }
            for kept in out.keptRecordings {
                StandardStream.error.write("motionlab: --record: a run killed while recording over \(echo(path, limit: 200)) left its input; kept as \(echo(kept, limit: 200))\n")
            }
            recorder = out
            // A write that fails (a full disk, a file-size limit) is kept by the file and
            // reported when the run ends; the run itself goes on.
            driver.record = { out.write(InputScript.line(for: $0) + "\n") }
        }
        if let path = settings.screenshotPath {
            driver.beforeLastPresent = { [platform] in
                do { try platform.saveScreenshot(to: path) } catch let e as FilePolicy.Refusal {
                    throw CommandError.usage("--screenshot \(e.description)")
                }
            }
        }
        if let dir = settings.captureDir {
            let every = max(1, settings.captureEvery)
            driver.beforePresent = { [platform] frame in
                guard frame % every == 0 else { return }
                let name = String(frame).count >= 5 ? String(frame) : String(repeating: "0", count: 5 - String(frame).count) + String(frame)
                let path = URL(fileURLWithPath: dir).appendingPathComponent("frame-\(name).bmp").path
                do {
                    try checkCaptureFrame(path)
                    try platform.saveScreenshot(to: path)
                } catch let e as FilePolicy.Refusal {
                    throw CommandError.usage("--capture \(e.description)")
                }
            }
        }
    }

    /// A song whose last save was refused (read-only, changed on disk) is kept as a song of
    /// its own when the run ends, as when another is opened over it, and so is a `--sheet`
    /// file's (a hostile tour's read-only --sheet lost its edits); if it cannot be, that is
    /// said as the run's last word on it. A `--sheet` not written ends the run with status 2
    /// even when its edits are kept (a script checking the status would take it as saved).
    private func keepUnsavedSongs() {
        for case let board as BoardScene in shell.scenes where board.unsavedBecause != nil {
            let songs = board.songShelf as? AppSongShelf
            let shelf = songs ?? AppSongShelf(library: SongLibrary(folder: SongLibrary.defaultFolder()), board: board)
            if songs == nil { shelf.sheetFile = settings.sheetPath }
            var lost = false
            if case .failure(let problem) = shelf.keepUnsavedSheet() {
                StandardStream.error.write("motionlab: \(problem.description); the edits are lost\n")
                lost = true
            }
            if lost || songs == nil { settings.failures.note() }
        }
    }

    /// Path edits that went nowhere (no `--path-file`, a built-in shape, no Export since) are
    /// written as an export when a window's run ends, and where is said: closing the window
    /// or an Escape does not lose them (a tour's edited figure 8 was gone at Escape).
    private func keepUnkeptPaths() {
        guard let folder = settings.keepsPathsIn else { return }
        for case let scene as PathScene in shell.scenes {
            for (shape, d) in scene.unkeptEdits {
                if let why = Self.keep(shape, d, in: folder) {
                    StandardStream.error.write("motionlab: the edited \(shape.rawValue) could not be kept (\(why)); its edits are lost\n")
                    settings.failures.note()
                }
            }
        }
    }

    /// Writes path data `d` of `shape` as a new export in `folder`, saying where on standard
    /// error; returns why it could not, or nil.
    static func keep(_ shape: PathScene.Shape, _ d: String, in folder: URL) -> String? {
        do {
            let file = try PathExporter.writeNew(PathExporter.svgDocument(d), in: folder)
            StandardStream.error.write("motionlab: the edited \(shape.rawValue) was not exported; it is kept in \(echo(file, limit: 200)) (--path-file opens it)\n")
            return nil
        } catch {
            return (error as? FilePolicy.Refusal)?.description ?? "\(error)"
        }
    }

    func run() throws {
        // The recording is a log, kept whatever happens to the run; what a scene shows as
        // edited is saved however the run ends.
        // Its last line says where the run ended, so that a replay ends there too.
        func endRecording() { recorder?.write(InputScript.endLine(frame: driver.frame) + "\n") }
        do { try driver.run() } catch {
            shell.settle()
            keepUnsavedSongs()
            keepUnkeptPaths()
            endRecording()
            try? recorder?.commit()
            throw error
        }
        // The dump is the last step's state, taken before the scenes settle.
        let loop = driver.loop
        let dump = settings.statePath.map { _ in shell.stateDump(frame: driver.frame, step: loop.step, droppedTime: loop.droppedTime).serialized() + "\n" }
        shell.settle()
        keepUnsavedSongs()
        keepUnkeptPaths()
        endRecording()
        if let recorder {
            do { try recorder.commit() } catch { throw CommandError.usage("--record \(error.description)") }
        }
        if let path = settings.statePath, let dump { try writeOutput(dump, to: path, option: "--state") }
    }
}
