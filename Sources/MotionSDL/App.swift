import Engine
import Foundation
import Geometry

/// Runs one scene in a window, or headless, with the conventions of `motionlab play`: the
/// way to use the engine outside the demo in a few lines.
///
/// ```swift
/// import MotionLab
/// import MotionLabSDL
///
/// final class Hello: Scene { … }
/// exit(App.main(Hello(), title: "Hello"))
/// ```
///
/// The command line it reads (`App.Options.parse`): `--size WxH`, `--headless`,
/// `--frames N`, `--script FILE` (input as JSON Lines, `InputScript`), `--state FILE` (the
/// scene's state dump at exit), `--screenshot FILE.png` (the last frame; `.bmp` for a BMP), `--resources DIR`.
/// A headless or scripted run is deterministic: the virtual clock advances 1/60 s a frame.
public enum App {
    /// What a run is asked to do.
    public struct Options: Sendable, Equatable {
        /// The window's size in points, set by `--size WxH`: 1280×720 unless given.
        ///
        /// The command line takes each side in 64…16384 and at most
        /// `InputLimits.maxWindowPixels` in all.
        public var size = Vec2(1280, 720)
        /// Whether to run without a display, set by `--headless`: a hidden window, SDL's
        /// dummy video driver and software renderer, and the virtual clock.
        public var headless = false
        /// How many frames to run before stopping, set by `--frames N` (1…`InputScript.maxFrame`);
        /// nil runs until the window closes.
        public var frames: Int?
        /// The path of an input script to play, set by `--script FILE` (JSON Lines, read by
        /// `InputScript`); a scripted run uses the virtual clock.
        public var script: String?
        /// Where to write the scene's state dump when the run ends, set by `--state FILE`;
        /// nil writes none.
        public var state: String?
        /// Where to save the last frame (a PNG, or a BMP by its extension), set by
        /// `--screenshot FILE.png`; nil saves none.
        public var screenshot: String?
        /// The folder holding the font and images, set by `--resources DIR`; nil searches the
        /// usual places (`ResourceFolder.locate(explicit:)`).
        public var resources: String?
        /// Fixed steps per second.
        public var hz = 120.0

        /// The defaults: a 1280×720 window, shown, running until it closes, with nothing read
        /// or written.
        public init() {}

        /// Reads `arguments` (without the program's name); a bad or unknown one throws a
        /// message naming it.
        public static func parse(_ arguments: [String]) throws(AppError) -> Options {
            var o = Options()
            var rest = arguments[...]
            func value(_ flag: String) throws(AppError) -> String {
                guard let v = rest.popFirst() else { throw AppError("\(flag) needs a value") }
                return v
            }
            while let a = rest.popFirst() {
                switch a {
                case "--headless": o.headless = true
                case "--frames":
                    let v = try value(a)
                    guard let n = Int(v), (1...InputScript.maxFrame).contains(n) else {
                        throw AppError("--frames must be 1…\(InputScript.maxFrame), got '\(echo(v))'")
                    }
                    o.frames = n
                case "--size":
                    let v = try value(a)
                    guard let (w, h) = OptionValues.parseSize(v), Double(w) * Double(h) <= InputLimits.maxWindowPixels else {
                        throw AppError("--size must be WxH with each side 64…16384, got '\(echo(v))'")
                    }
                    o.size = Vec2(Double(w), Double(h))
                case "--script": o.script = try value(a)
                case "--state": o.state = try value(a)
                case "--screenshot": o.screenshot = try value(a)
                case "--resources": o.resources = try value(a)
                default: throw AppError("unknown option '\(echo(a))' (options: --size, --headless, --frames, --script, --state, --screenshot, --resources)")
                }
            }
            return o
        }
    }

    /// A bad option, file or script, said in words that name it.
    public struct AppError: Error, CustomStringConvertible {
        /// The error as a sentence for the user.
        public let description: String
        /// An error that says `description` to the user.
        public init(_ description: String) { self.description = description }
    }

    /// Runs `scene` with the options in the process's arguments, loading `images` (the font's
    /// atlas and any the scene draws); returns the exit status (0, or 2 after printing what was
    /// wrong).
    public static func main(_ scene: any Scene, title: String, images: TextureCatalog = .withFont,
                            arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        StandardStream.ignoreWriteSignals()
        do {
            try run(scene, title: title, images: images, options: try Options.parse(arguments))
            return StandardStream.exitStatus(0)
        } catch {
            StandardStream.error.write("\(title): \(error)\n")
            return 2
        }
    }

    /// Runs `scene` until the window closes or `options.frames` frames have run, then writes
    /// the state dump and screenshot asked for; `images` are the images it draws (the font's
    /// atlas and the scene's own).
    public static func run(_ scene: any Scene, title: String, images: TextureCatalog = .withFont, options: Options) throws {
        let folder = try ResourceFolder.locate(explicit: options.resources)
        var script: ScriptRun?
        if let path = options.script {
            let text = try FilePolicy.readText(path, limit: InputScript.maxBytes, limitName: "InputScript.maxBytes")
            do { script = try InputScript.parseRun(text, keyName: KeyNames.sdlName) } catch { throw AppError("\(path):\(error.line): \(error.message)") }
        }
        var platformOptions = PlatformOptions(resources: folder, textures: images)
        platformOptions.size = options.size
        platformOptions.title = title
        platformOptions.headless = options.headless
        let platform = try Platform(options: platformOptions)
        let host = SceneHost(scene: scene, size: platform.windowSize,
                             font: try ResourceFolder.font(in: folder, on: platform) { StandardStream.error.write("\($0)\n") })
        let virtual = options.headless || options.script != nil
        let driver = FrameDriver(platform: platform, content: host, hz: options.hz,
                                 virtualFrameTime: virtual ? 1.0 / 60 : nil, script: script?.events ?? [])
        // A recording stops where it was recorded (its end line), unless told otherwise.
        driver.frameLimit = options.frames ?? script?.frameLimit(headless: options.headless)
        if let path = options.screenshot { driver.beforeLastPresent = { try platform.saveScreenshot(to: path) } }
        try driver.run()
        if let path = options.state { try FilePolicy.write(scene.stateDump().serialized() + "\n", to: path) }
    }
}

/// Where the font and images are: `--resources`, `MOTIONLAB_RESOURCES`, beside the binary
/// (`BIN/Resources`, `BIN/../share/motionlab`), then the MotionLab checkout this module was
/// built from (so a package that depends on it by path or URL finds them with no set-up).
public enum ResourceFolder {
    /// The folder, or an error listing every place it looked.
    public static func locate(explicit: String?) throws(App.AppError) -> URL {
        func ok(_ u: URL) -> Bool { FileManager.default.fileExists(atPath: u.appendingPathComponent("font.txt").path) }
        if let explicit {
            let u = URL(fileURLWithPath: explicit)
            guard ok(u) else { throw App.AppError("--resources \(echo(explicit, limit: 200)): no font.txt there") }
            return u
        }
        var looked: [String] = []
        // Set, it is meant: one without font.txt is an error, as --resources is (it was
        // passed over for the checkout's, unsaid: a hostile tour).
        if let env = ProcessInfo.processInfo.environment["MOTIONLAB_RESOURCES"], !env.isEmpty {
            let u = URL(fileURLWithPath: env)
            guard ok(u) else { throw App.AppError("$MOTIONLAB_RESOURCES \(echo(env, limit: 200)): no font.txt there") }
            return u
        }
        for candidate in candidates() {
            if ok(candidate) { return candidate.standardizedFileURL }
            looked.append(candidate.standardizedFileURL.path)
        }
        throw App.AppError("cannot find the resources (a folder with font.txt); looked in: \(looked.map { echo($0, limit: 200) }.joined(separator: ", ")); pass --resources DIR")
    }

    /// Beside the running binary (found through /proc/self/exe, so a binary run from PATH or
    /// through a link is found where it really is), then the checkout it was built from.
    static func candidates() -> [URL] {
        var out: [URL] = []
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let bin = URL(fileURLWithPath: exe).deletingLastPathComponent()
        out.append(bin.appendingPathComponent("Resources"))
        out.append(bin.deletingLastPathComponent().appendingPathComponent("share/motionlab"))
        // Sources/MotionSDL/App.swift → the checkout's Resources/ (not with
        // MOTIONLAB_SEARCH_CHECKOUT=0, as a packager checks an installed copy on its own).
        guard ProcessInfo.processInfo.environment["MOTIONLAB_SEARCH_CHECKOUT"] != "0" else { return out }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        out.append(checkout.appendingPathComponent("Resources"))
        return out
    }

    /// The font text is drawn with by default: DejaVu Sans, in `fonts/` with its licence.
    public static let fontFile = "fonts/DejaVuSans.ttf"

    /// The font frames are written with on `platform`: the bitmap font of `folder` (its
    /// `font.txt`, which must be sound), with text shaped from `file` (default: `fontFile`
    /// in `folder`). A font file that cannot be read or is not a font is said to `warn`,
    /// naming it, and the bitmap font draws alone. With no platform, text is measured and
    /// placed as on one, and drawn nowhere.
    public static func font(in folder: URL, on platform: Platform?, file: String? = nil, warn: (String) -> Void) throws -> BitmapFont {
        var font = try self.font(in: folder)
        let path = file ?? folder.appendingPathComponent(fontFile).path
        do throws(FilePolicy.Refusal) {
            if let platform { font.shaper = try platform.loadFont(at: path) } else {
                font.shaper = try FontShaper.load(path, pages: FontShaper.unattachedPages)
            }
        } catch {
            warn("\(error.description); text is drawn with the bitmap font instead")
        }
        return font
    }

    /// The bitmap font's metrics (`font.txt`) in `folder`, read under the file policy and
    /// checked; a bad file is an error naming it and the line.
    public static func font(in folder: URL) throws -> BitmapFont {
        let path = folder.appendingPathComponent("font.txt").path
        let metrics = try FilePolicy.readText(path, limit: BitmapFont.maxMetricsBytes, limitName: "BitmapFont.maxMetricsBytes")
        do { return try BitmapFont(metrics: metrics, texture: .font) } catch {
            throw App.AppError("\(path): \(error)")
        }
    }
}
