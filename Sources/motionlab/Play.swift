import ArgumentParser
import Engine
import Foundation
import Geometry
import MotionSDL
import Paths
import Scenes
import Shell
import Songs

/// `motionlab play` (the default): opens the window and runs the scenes.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the window and play (the default command).",
        discussion: """
        With --headless, --frames, --script, --record, --state and --screenshot the same program \
        runs deterministically without a display: a virtual clock advances exactly --frame-dt per \
        frame, input comes from the script, and the state dump and screenshot are written at exit.
        """
    )

    @OptionGroup var window: WindowOptions

    @Flag(help: "Turn vsync off.")
    var noVsync = false

    @Option(parsing: .unconditional, help: "Frames per second at most, on a renderer without vsync or with --no-vsync (default: the display's refresh rate; 0: uncapped).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "UI scale, 0.5…4: text, tabs, buttons and everything meant for eyes and fingers this many times larger; the window keeps its --size (default: MOTIONLAB_UI_SCALE, else in a window GDK_SCALE, else the display's DPI over 96).")
    var uiScale: Double?

    @Flag(help: "Start fullscreen at the desktop's resolution (F11 toggles it).")
    var fullscreen = false

    @Flag(help: "Reduce motion: decorative flights settle in 0.2 s without overshoot (also MOTIONLAB_REDUCE_MOTION=1, or the desktop's own setting in a window).")
    var reduceMotion = false

    @Option(parsing: .unconditional, help: "Seconds per frame of the virtual clock used by headless and scripted runs.")
    var frameDt: Double = 1.0 / 60.0

    @Flag(help: "Run with no display (SDL's dummy video driver, software renderer) on the virtual clock.")
    var headless = false

    @Option(parsing: .unconditional, help: "Run this many frames, then exit 0.")
    var frames: Int?

    @Option(help: "Start in this scene: \(SceneRegistry.names.joined(separator: ", ")) (default: \(SceneRegistry.names[0])).")
    var scene: String?

    @Option(help: "Feed input from this JSON Lines file (see docs/formats.md); runs on the virtual clock.")
    var script: String?

    @Option(help: "Write this run's input to a JSON Lines file that --script replays.")
    var record: String?

    @Option(help: "Write the state dump (JSON) here at exit.")
    var state: String?

    @Option(help: "Save the last frame here: a PNG (name.png) or a BMP (name.bmp).")
    var screenshot: String?

    @Option(help: "Save frames as BMPs in this existing folder (frame-00012.bmp), every --capture-every frames.")
    var capture: String?

    @Option(parsing: .unconditional, help: "With --capture, save every this many frames.")
    var captureEvery: Int = 1

    @Option(help: "SVG path data for the path scene's custom shape, e.g. 'M0 0 C50 -80 150 80 200 0 Z'.")
    var path: String?

    @Option(help: "A file with SVG path data, or an SVG document (its first drawn <path>, or the one --path-id names), for the path scene.")
    var pathFile: String?

    @Option(help: "With --path-file, the id of the SVG document's <path> to show and edit.")
    var pathId: String?

    @Option(help: "Where the path scene's Export writes an SVG document (default: a new file in $XDG_DATA_HOME/motionlab/exports/; headless and scripted runs write only to standard output unless given).")
    var export: String?

    @Option(parsing: .unconditional, help: "Arc-length spacing of the path's sample table, in points.")
    var spacing: Double = 1

    @Option(help: "The board's sheet (JSON), a file of its own outside the songs, saved after every change (without it, a window opens a song: see --song; headless and scripted runs keep the board in memory).")
    var sheet: String?

    @Option(help: "A song of $XDG_DATA_HOME/motionlab/songs/ to open in the board (see `motionlab song`), remembered as the last one; a new name starts a new song. A window without --sheet or --song opens the last song opened, else the first, else makes one.")
    var song: String?

    func validate() throws {
        if sheet != nil && song != nil { throw ValidationError("give --sheet or --song, not both") }
        if let song { do { try SongLibrary.check(song) } catch { throw ValidationError("--song: \(error.description)") } }
        guard frameDt > 0, frameDt <= 1 else { throw ValidationError("--frame-dt must be in (0, 1] seconds, got \(frameDt)") }
        guard spacing >= 0.05, spacing <= 100 else { throw ValidationError("--spacing must be in [0.05, 100] points, got \(spacing)") }
        if path != nil && pathFile != nil { throw ValidationError("give --path or --path-file, not both") }
        if let uiScale, !DesktopSettings.uiScaleRange.contains(uiScale) {
            throw ValidationError("--ui-scale must be a number in [0.5, 4], got \(uiScale)")
        }
        if let fps, !(fps == 0 || (fps >= 1 && fps <= 1000)) { throw ValidationError("--fps must be 0 (uncapped) or in [1, 1000], got \(fps)") }
        if pathId != nil && pathFile == nil { throw ValidationError("--path-id picks an element of --path-file's SVG document; give --path-file") }
        guard (1...InputScript.maxFrame).contains(captureEvery) else {
            throw ValidationError("--capture-every must be 1…\(InputScript.maxFrame), got \(captureEvery)")
        }
        if let capture {
            var dir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: capture, isDirectory: &dir), dir.boolValue,
                  FileManager.default.isWritableFile(atPath: capture) else {
                throw ValidationError("--capture \(echo(capture, limit: 200)): not a writable folder")
            }
            // (Root's access() passes a folder whose owner's bits say read-only.)
            do { try FilePolicy.checkNewFile(in: capture) } catch { throw ValidationError("--capture \(error.description)") }
        }
        if let frames, !(1...InputScript.maxFrame).contains(frames) {
            throw ValidationError("--frames must be 1…\(InputScript.maxFrame) (InputScript.maxFrame), got \(frames)")
        }
        if let screenshot, !screenshot.lowercased().hasSuffix(".bmp"), !screenshot.lowercased().hasSuffix(".png") {
            throw ValidationError("--screenshot writes PNG or BMP: give a file ending in .png or .bmp, got \(screenshot)")
        }
        // Where the run will write, checked before it starts rather than after it ends.
        for case let (option, path?) in [("--state", state), ("--screenshot", screenshot), ("--record", record), ("--export", export)] { try checkWritable(path, option: option) }
        // The song opened is read and saved like a sheet (a state dump over it lost it: a tour).
        let songFile = song.flatMap { try? SongLibrary(folder: SongLibrary.defaultFolder()).file($0).url.path }
        let reading = [("--script", script), ("--path-file", pathFile), ("--sheet", sheet), ("--song", songFile)]
        let written = [("--state", state), ("--screenshot", screenshot), ("--record", record), ("--export", export)]
        let readOnly = [("--font", window.font)] + resourceFiles(window.resources)
        try checkDistinct(reading: reading, readOnly: readOnly, written)
        // (A --sheet is saved after every change: a file of its own, outside the songs.)
        try checkOutsideSongs(written + [("--sheet", sheet)])
        try checkOutsideCapture(capture, [("--font", window.font)] + reading + written)
    }

    func run() throws {
        do { try play() } catch let e as CommandError {
            StandardStream.error.write("motionlab: \(e.description)\n")
            throw ExitCode(2)
        } catch let e as FilePolicy.Refusal {
            StandardStream.error.write("motionlab: \(e.description)\n")
            throw ExitCode(2)
        }
    }

    private func play() throws {
        let windowed = !(headless || script != nil)
        var scriptRun: ScriptRun?
        if let script {
            let text = try readTextFile(script, limit: InputScript.maxBytes, limitName: "InputScript.maxBytes")
            do { scriptRun = try InputScript.parseRun(text, keyName: KeyNames.sdlName) } catch {
                throw CommandError.usage("\(echo(script, limit: 200)):\(error.line): \(error.message)")
            }
        }
        var sceneOptions = SceneOptions()
        sceneOptions.seed = window.seed
        sceneOptions.spacing = spacing
        var pathFileText: String?
        if let pathFile { pathFileText = try readTextFile(pathFile, limit: maxPathFileBytes, limitName: "maxPathFileBytes") }
        sceneOptions.customPath = try loadCustomPath(svg: path, file: pathFile, text: pathFileText, pathID: pathId)
        if let custom = sceneOptions.customPath {
            // Checked where the window lays it out, before any sample is allocated.
            let bar = ChromeLayout.barHeight(forWindowHeight: Double(window.size.h))
            let area = Rect(x: 0, y: bar, w: Double(window.size.w), h: Double(window.size.h) - bar)
            do {
                let length = try SampleTable.check(PathScene.fitCustom(custom, in: area), spacing: spacing)
                try DrawnPath.checkLength(length, in: area)
            } catch {
                throw CommandError.usage("\(pathFile.map { echo($0, limit: 200) } ?? "--path"): laid out in the \(window.size.w)x\(window.size.h) window, the \(error)")
            }
        }
        let scenes = SceneRegistry.makeAll(sceneOptions)
        if let scene, !scenes.contains(where: { $0.name == scene }) {
            throw CommandError.usage("--scene: no scene named '\(scene)' (scenes: \(scenes.map(\.name).joined(separator: ", ")))")
        }
        let failures = FailedWrites()
        let exportsFolder = windowed ? DocumentFile.defaultSheetURL().deletingLastPathComponent().appendingPathComponent("exports") : nil
        if let pathScene = scenes.compactMap({ $0 as? PathScene }).first {
            // Edits go back into the --path-file they came from; Export as `PathExporter` says.
            if let pathFile, let text = pathFileText {
                let writer = PathFileWriter(path: pathFile, text: text, element: try pathData(in: text, file: pathFile, id: pathId).element,
                                            failures: failures)
                pathScene.onEdited = { writer.save($0) }
            }
            let exporter = PathExporter(file: export, folder: exportsFolder, failures: failures)
            pathScene.onExport = { exporter.export($0) }
        }
        if let board = scenes.compactMap({ $0 as? BoardScene }).first {
            let library = SongLibrary(folder: SongLibrary.defaultFolder())
            // A song named, else in a window the last song opened (or a first one), else the sheet.
            if let name = song ?? (windowed && sheet == nil ? AppSongShelf.startingSong(library) : nil) {
                let shelf = AppSongShelf(library: library, board: board)
                shelf.failures = failures
                board.songShelf = shelf
                if let problem = shelf.open(name) {
                    StandardStream.error.write("motionlab: song \(echo(name)): \(problem)\n")
                    // Said in the window too: the sheet shown is not the song, and is not saved.
                    board.showBanner("song “\(echo(name))” not opened: \(problem) · changes here are not saved")
                    shelf.showsNoSong(name, because: "song “\(echo(name))” was not opened: \(problem)")
                }
            } else {
                let url = sheet.map { URL(fileURLWithPath: $0) } ?? (headless || script != nil ? nil : DocumentFile.defaultSheetURL())
                // A --sheet whose save is refused goes on in a song named after it, at once.
                let keeper = sheet.map { sheet in
                    let shelf = AppSongShelf(library: library, board: board)
                    shelf.sheetFile = sheet
                    shelf.failures = failures
                    return shelf
                }
                if let url { attach(DocumentFile(url: url, makesFolder: sheet == nil), to: board, whenRefused: keeper.map { k in { k.goOnInACopy() } }) }
            }
        }
        // The desktop is asked in the background while the window opens.
        let environment = ProcessInfo.processInfo.environment
        // Asked only when neither the option nor the variable decides.
        let decided = DesktopSettings.reducedMotion(option: reduceMotion, environment: environment).source != .none
        let gnome = windowed && !decided ? DesktopSettings.GnomeQuery(environment: environment) : nil
        var options = try window.platformOptions()
        options.headless = headless
        options.vsync = !noVsync
        options.fullscreen = fullscreen
        do { options.uiScale = try DesktopSettings.uiScale(option: uiScale, environment: environment, windowed: windowed) } catch {
            throw CommandError.usage(error.description)
        }
        let runner = try Runner(
            options: options, scenes: scenes,
            settings: RunSettings(hz: window.hz, frameDt: frameDt, virtualClock: headless || script != nil,
                                  frames: frames ?? scriptRun?.frameLimit(headless: headless), startScene: scene, script: scriptRun?.events ?? [],
                                  recordPath: record, statePath: state, screenshotPath: screenshot,
                                  captureDir: capture, captureEvery: captureEvery, fps: fps, failures: failures,
                                  keepsPathsIn: exportsFolder, sheetPath: sheet))
        let desktop = gnome.map { query in
            DesktopSettings.DesktopAnswers(gnomeAnimations: query.answer(within: 0.25),
                                           gtkAnimations: DesktopSettings.gtkAnimations(environment: environment, home: NSHomeDirectory()))
        }
        let motion = DesktopSettings.reducedMotion(option: reduceMotion, environment: environment, desktop: desktop)
        if let problem = motion.problem { StandardStream.error.write("motionlab: \(problem)\n") }
        runner.shell.reducedMotion = motion.reduced
        try runner.run()
        // Each was said when it happened; the status says the run did not write all it should.
        if failures.count > 0 { throw ExitCode(MotionLab.badInput) }
    }
}

/// Errors the command reports with exit code 2 and a message.
enum CommandError: Error, CustomStringConvertible {
    case usage(String)
    var description: String { if case .usage(let m) = self { m } else { "" } }
}

struct Size: ExpressibleByArgument {
    var w: Int
    var h: Int
    init(w: Int, h: Int) { self.w = w; self.h = h }
    init?(argument: String) {
        guard let s = try? parseSize(argument) else { return nil }
        self = s
    }
}

func parseSize(_ s: String) throws -> Size {
    guard let (w, h) = OptionValues.parseSize(s) else {
        throw ValidationError("size must be WxH with each side 64…16384, got '\(echo(s))'")
    }
    guard Double(w) * Double(h) <= InputLimits.maxWindowPixels else {
        throw ValidationError("size \(w)x\(h) is \(w * h) points, more than the limit of \(Int(InputLimits.maxWindowPixels)) (InputLimits.maxWindowPixels)")
    }
    return Size(w: w, h: h)
}

/// `motionlab controls`: prints the controls table the help overlay shows, as Markdown.
struct Controls: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the controls table (Markdown) that the help overlay shows.")

    @Flag(help: "The short form, one line per device, as the README's \"Controls in short\" has it.")
    var short = false

    func run() throws {
        let font = BitmapFont.placeholder
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: Vec2(1280, 720), font: font)
        StandardStream.output.write(short ? shell.controlsBrief() : shell.controlsMarkdown())
    }
}
