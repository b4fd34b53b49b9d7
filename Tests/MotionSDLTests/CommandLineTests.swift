@testable import Engine
import Foundation
import Testing

/// Runs the built `motionlab` (built alongside the tests by `swift build --build-tests`).
struct Motionlab {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The `motionlab` built beside this test binary (so a sanitizer build tests its own), or
    /// this checkout's debug build.
    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("motionlab")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/motionlab")
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// Where the runs keep their data (songs, exports, the sheet) unless a test names its
    /// own: one folder for this test process, never the user's (a run keeps a read-only
    /// sheet's edits as a song there).
    static let dataHome = tempDir()

    /// The built `motionlab` with `args`, set to find this checkout's resources.
    static func process(_ args: [String]) -> Process {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["MOTIONLAB_RESOURCES"] = root.appendingPathComponent("Resources").path
        env["XDG_DATA_HOME"] = dataHome.path
        p.environment = env
        return p
    }

    static func run(_ args: [String]) throws -> Result { try run(process(args)) }

    /// Runs `p` (from `process(_:)`, perhaps changed) to the end, collecting its output.
    static func run(_ p: Process) throws -> Result {
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Starts the built `motionlab` with its output discarded, for tests that stop it.
    static func start(_ args: [String]) throws -> Process {
        let p = process(args)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    static func tempDir() -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }
}

extension SDLTests {
    @Suite struct CommandLineTests {
        @Test func captureSavesEveryNthFrameAndRefusesAFolderThatIsNotThere() throws {
            let dir = Motionlab.tempDir()
            let r = try Motionlab.run(["--headless", "--size", "320x240", "--frames", "9", "--capture", dir.path, "--capture-every", "4"])
            #expect(r.status == 0, "\(r.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            #expect(files == ["frame-00004.bmp", "frame-00008.bmp"])
            let bmp = try Data(contentsOf: dir.appendingPathComponent("frame-00008.bmp"))
            #expect(bmp.prefix(2) == Data("BM".utf8))
            let missing = try Motionlab.run(["--headless", "--frames", "2", "--capture", dir.appendingPathComponent("nope").path])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--capture"))
            let zero = try Motionlab.run(["--headless", "--frames", "2", "--capture", dir.path, "--capture-every", "0"])
            #expect(zero.status == 2)
        }

        @Test func captureWritesNoFrameThroughALinkOrAHardLinkInItsFolder() throws {
            let dir = Motionlab.tempDir(), frames = dir.appendingPathComponent("frames")
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            let precious = dir.appendingPathComponent("precious.txt").path, notes = dir.appendingPathComponent("notes.txt").path
            try "precious".write(toFile: precious, atomically: false, encoding: .utf8)
            try "notes".write(toFile: notes, atomically: false, encoding: .utf8)
            #expect(symlink(precious, frames.appendingPathComponent("frame-00001.bmp").path) == 0)
            let linked = try Motionlab.run(["--headless", "--size", "64x64", "--frames", "2", "--capture", frames.path])
            #expect(linked.status == 2 && linked.stderr.contains("--capture") && linked.stderr.contains("is a link"), "\(linked.stderr)")
            #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious")
            unlink(frames.appendingPathComponent("frame-00001.bmp").path)
            #expect(link(notes, frames.appendingPathComponent("frame-00001.bmp").path) == 0)
            let hard = try Motionlab.run(["--headless", "--size", "64x64", "--frames", "2", "--capture", frames.path])
            #expect(hard.status == 2 && hard.stderr.contains("has other hard links"), "\(hard.stderr)")
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "notes")
            // An earlier capture's own frames are written over.
            unlink(frames.appendingPathComponent("frame-00001.bmp").path)
            #expect(try Motionlab.run(["--headless", "--size", "64x64", "--frames", "2", "--capture", frames.path]).status == 0)
            let again = try Motionlab.run(["--headless", "--size", "64x64", "--frames", "2", "--capture", frames.path])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted() == ["frame-00001.bmp", "frame-00002.bmp"])
        }

        @Test func negativeNumbersGetTheRangeNotMissingValue() throws {
            for args in [["--frames", "-1"], ["--size", "-5x10"], ["--hz", "-1"]] {
                let r = try Motionlab.run(["--headless"] + args)
                #expect(r.status == 2)
                #expect(!r.stderr.contains("Missing value"), "\(args): \(r.stderr)")
                #expect(r.stderr.contains(args[0].dropFirst(2)), "\(args): \(r.stderr)")
            }
        }

        @Test func aMalformedScriptIsRefusedBeforeAnythingRunsWithFileAndLine() throws {
            let dir = Motionlab.tempDir()
            let script = dir.appendingPathComponent("bad.jsonl")
            try "{\"frame\":1,\"type\":\"focusLost\"}\n{\"frame\":2,\"type\":\"pointerDown\",\"pointer\":0,\"x\":1}\n"
                .write(to: script, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json")
            let r = try Motionlab.run(["--headless", "--frames", "5", "--script", script.path, "--state", state.path])
            #expect(r.status == 2)
            #expect(r.stderr.contains("bad.jsonl:2: missing field \"y\""))
            #expect(!FileManager.default.fileExists(atPath: state.path))
            // A name with a control character in it is shown escaped, not sent to the terminal
            // raw (a hostile tour's name turned the terminal red); a path file's too.
            let odd = dir.appendingPathComponent("e\u{1B}[31mvil")
            try FileManager.default.copyItem(at: script, to: odd)
            try "M0 0 L x".write(to: dir.appendingPathComponent("e\u{1B}[31mvil.svg"), atomically: true, encoding: .utf8)
            for args in [["--script", odd.path], ["--path-file", odd.path + ".svg"], ["--capture", odd.path], ["--resources", odd.path]] {
                let e = try Motionlab.run(["--headless", "--frames", "2"] + args)
                #expect(e.status == 2 && e.stderr.contains("e\\u{1B}[31mvil") && !e.stderr.contains("\u{1B}"), "\(e.stderr)")
            }
        }

        /// A key a script names that SDL has no key for would press nothing, and the run would
        /// go on to another ending than its author meant: it is refused, with SDL's own name
        /// when one differs only in spelling.
        @Test func aScriptKeyNameSDLDoesNotHaveIsRefusedWithItsLineAndTheNameToUse() throws {
            let dir = Motionlab.tempDir()
            for (key, says) in [("Left_Shift", "keys are named as SDL names them"), ("BackSpace", "SDL names it \"Backspace\""),
                                ("a", "SDL names it \"A\"")] {
                let script = dir.appendingPathComponent("keys.jsonl")
                try "{\"frame\":1,\"type\":\"key\",\"key\":\"Tab\",\"down\":true}\n{\"frame\":2,\"type\":\"key\",\"key\":\"\(key)\",\"down\":true}\n"
                    .write(to: script, atomically: true, encoding: .utf8)
                let r = try Motionlab.run(["--headless", "--frames", "5", "--script", script.path])
                #expect(r.status == 2, "\(key)")
                #expect(r.stderr.contains("keys.jsonl:2: unknown key \"\(key)\""), "\(r.stderr)")
                #expect(r.stderr.contains(says), "\(r.stderr)")
            }
            // SDL's names, and a character a layout types with no key of its own, stand.
            let script = dir.appendingPathComponent("good.jsonl")
            try ["Left Shift", "Backspace", "Keypad Enter", "PageUp", "A", "é"].enumerated().map { n, k in
                "{\"frame\":\(n + 1),\"type\":\"key\",\"key\":\"\(k)\",\"down\":true}"
            }.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let r = try Motionlab.run(["--headless", "--frames", "8", "--script", script.path])
            #expect(r.status == 0, "\(r.stderr)")
        }

        @Test func aRecordedRunReplaysToAByteIdenticalStateDump() throws {
            let dir = Motionlab.tempDir()
            let script = dir.appendingPathComponent("in.jsonl")
            try """
            {"frame":2,"type":"pointerDown","pointer":0,"x":300,"y":300}
            {"frame":3,"type":"pointerDown","pointer":1,"device":"touch","x":600,"y":200}
            {"frame":5,"type":"pointerMove","pointer":1,"device":"touch","x":640,"y":220}
            {"frame":6,"type":"pointerUp","pointer":1,"device":"touch","x":660,"y":230}
            {"frame":8,"type":"key","key":"Space","down":true}
            {"frame":9,"type":"key","key":"Space","down":false}
            {"frame":10,"type":"gamepadAdded","pad":0}
            {"frame":11,"type":"gamepadButton","pad":0,"button":"a","down":true}
            {"frame":20,"type":"resize","w":900,"h":600}
            {"frame":30,"type":"pointerUp","pointer":0,"x":300,"y":300}
            """.write(to: script, atomically: true, encoding: .utf8)
            let rec = dir.appendingPathComponent("rec.jsonl")
            let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
            let shot = dir.appendingPathComponent("shot.bmp")
            let r1 = try Motionlab.run(["--headless", "--frames", "60", "--scene", "bounce", "--script", script.path, "--record", rec.path,
                                        "--state", a.path, "--screenshot", shot.path])
            #expect(r1.status == 0, "\(r1.stderr)")
            let r2 = try Motionlab.run(["--headless", "--frames", "60", "--scene", "bounce", "--script", rec.path, "--state", b.path])
            #expect(r2.status == 0, "\(r2.stderr)")
            let da = try String(contentsOf: a, encoding: .utf8), db = try String(contentsOf: b, encoding: .utf8)
            #expect(da == db)
            #expect(da.contains("\"window\":{\"w\":900,\"h\":600}"))
            #expect(da.contains("\"step\":120"))
            // 12 initial balls, one click, one tap, Space and gamepad A: 16.
            #expect(da.contains("\"count\":16"))
            // The screenshot is a BMP of the resized window.
            let bmp = try Data(contentsOf: shot)
            #expect(bmp.prefix(2) == Data("BM".utf8))
            let w = bmp[18..<22].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
            #expect(w == 900)
        }

        @Test func helpDocumentsEveryOption() throws {
            let r = try Motionlab.run(["play", "--help"])
            for option in ["--size", "--no-vsync", "--hz", "--frame-dt", "--headless", "--frames", "--scene", "--script",
                           "--record", "--state", "--screenshot", "--renderer"] {
                #expect(r.stdout.contains(option), "\(option)")
            }
        }

        @Test func pathReportsExactCornersOffsetPointsAndReadsFiles() throws {
            func points(_ r: Motionlab.Result) throws -> [[String: Double]] {
                let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
                return try #require(json?["points"] as? [[String: Double]])
            }
            // A 100 pt square at 30 pt spacing: a quarter of the way round is the corner.
            let square = try Motionlab.run(["path", "--svg", "M0 0 H100 V100 H0 Z", "--spacing", "30", "--at", "0.25"])
            #expect(square.status == 0)
            let corner = try points(square)[0]
            #expect(corner["x"] == 100 && corner["y"] == 0 && corner["tx"] == 0 && corner["ty"] == 1)
            // 10 pt left of travel on a circle run clockwise on screen: outside it. A negative
            // value is a value, not an option.
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("circle.svg")
            try Data("<svg><path d=\"M0 0 A100 100 0 1 1 0 200 A100 100 0 1 1 0 0 Z\"/></svg>".utf8).write(to: file)
            for (offset, y) in [("10", -10.0), ("-10", 10.0)] {
                let r = try Motionlab.run(["path", "--path-file", file.path, "--at", "0", "--offset", offset])
                #expect(r.status == 0, "\(r.stderr)")
                let p = try points(r)[0]
                #expect(abs(p["x"]!) < 1e-9 && abs(p["y"]! - y) < 1e-9)
            }
            let neither = try Motionlab.run(["path"])
            #expect(neither.status == 2 && neither.stderr.contains("--svg"))
            // Bad data in a document's <path> is placed in the file too (line and column), where
            // it stands there as written.
            let bad = dir.appendingPathComponent("bad.svg")
            try Data("<svg>\n  <g>\n    <path id=\"a\" d=\"M0 0 L10 10 Q5\"/>\n  </g>\n</svg>\n".utf8).write(to: bad)
            let placed = try Motionlab.run(["path", "--path-file", bad.path])
            #expect(placed.status == 2 && placed.stderr.contains("bad.svg: line 3, column 35, SVG path data, offset 14:"), "\(placed.stderr)")
            // A document whose only shape has no size says so, not that its shapes are hidden.
            let sizeless = dir.appendingPathComponent("zero.svg")
            try Data("<svg><circle r=\"0\" cx=\"5\" cy=\"5\"/></svg>".utf8).write(to: sizeless)
            let zero = try Motionlab.run(["path", "--path-file", sizeless.path])
            #expect(zero.status == 2 && zero.stderr.contains("a <circle> of no size") && !zero.stderr.contains("<defs>"), "\(zero.stderr)")
        }

        @Test func pathGivesTheLeavingTangentWhereAnArcMeetsTheNext() throws {
            // Issue 28: half-way round this circle of two arcs (each ending in a line of
            // rounding size) the tangent was that line's fallback (1, 0), and the offset point
            // beside it (−100, −10).
            let circle = "M100 0 A100 100 0 1 1 -100 0 A100 100 0 1 1 100 0 Z"
            for (offset, x) in [("0", -100.0), ("10", -110)] {
                let r = try Motionlab.run(["path", "--svg", circle, "--at", "0.5", "--offset", offset])
                #expect(r.status == 0, "\(r.stderr)")
                let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
                let p = try #require((json?["points"] as? [[String: Double]])?.first)
                #expect(abs(p["x"]! - x) < 1e-9 && abs(p["y"]!) < 1e-9, "offset \(offset): \(p)")
                #expect(abs(p["tx"]!) < 1e-9 && abs(p["ty"]! + 1) < 1e-9, "offset \(offset): \(p)")
            }
        }

        @Test func theDocumentedLimitsTableIsTheOneTheProgramEnforces() throws {
            let r = try Motionlab.run(["limits"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("SampleTable.maxSamples"))
            let doc = try String(contentsOf: Motionlab.root.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
            #expect(doc.contains(r.stdout), "docs/command-line.md's limits differ from `motionlab limits`")
        }

        @Test func theDocumentedControlsTableIsTheOneTheAppShows() throws {
            let r = try Motionlab.run(["controls"])
            #expect(r.status == 0)
            let doc = try String(contentsOf: Motionlab.root.appendingPathComponent("docs/controls.md"), encoding: .utf8)
            #expect(doc.contains(r.stdout), "docs/controls.md's controls differ from `motionlab controls` (run scripts/update-controls)")
            let short = try Motionlab.run(["controls", "--short"])
            #expect(short.status == 0)
            #expect(short.stdout.contains("**Keyboard**") && short.stdout.contains("Board — "))
            let readme = try String(contentsOf: Motionlab.root.appendingPathComponent("README.md"), encoding: .utf8)
            #expect(readme.contains(short.stdout), "README's controls in short differ from `motionlab controls --short` (run scripts/update-controls)")
        }
    }
}

extension SDLTests.CommandLineTests {
    @Test func aScriptedTapThenATapMidFlightInterruptsFromWhereThePictureIs() throws {
        let dir = Motionlab.tempDir()
        let script = dir.appendingPathComponent("tap.jsonl")
        try """
        {"frame":2,"type":"pointerDown","pointer":0,"device":"touch","x":1000,"y":300}
        {"frame":3,"type":"pointerUp","pointer":0,"device":"touch","x":1000,"y":300}
        {"frame":60,"type":"pointerDown","pointer":1,"device":"touch","x":300,"y":600}
        {"frame":61,"type":"pointerUp","pointer":1,"device":"touch","x":300,"y":600}
        """.write(to: script, atomically: true, encoding: .utf8)
        let mid = dir.appendingPathComponent("mid.json"), end = dir.appendingPathComponent("end.json")
        let r1 = try Motionlab.run(["--headless", "--scene", "tap", "--frames", "100", "--script", script.path, "--state", mid.path])
        let r2 = try Motionlab.run(["--headless", "--scene", "tap", "--frames", "300", "--script", script.path, "--state", end.path])
        #expect(r1.status == 0 && r2.status == 0, "\(r1.stderr)\(r2.stderr)")
        let m = try JSONParser.parse(String(contentsOf: mid, encoding: .utf8))["scenes"]!["tap"]!
        let e = try JSONParser.parse(String(contentsOf: end, encoding: .utf8))["scenes"]!["tap"]!
        #expect(m["animating"]?.boolValue == true)
        #expect(m["interrupts"]?.doubleValue == 1)
        #expect(m["completed"]?.doubleValue == 0)
        // Mid-flight the model is where the second flight began, not the first tap's point.
        #expect(m["model"]?["x"]?.doubleValue != 1000)
        #expect(e["animating"]?.boolValue == false)
        #expect(e["completed"]?.doubleValue == 1)
        #expect(abs(e["model"]!["x"]!.doubleValue! - 300) < 1e-6 && abs(e["model"]!["y"]!.doubleValue! - 600) < 1e-6)
        #expect(e["presentation"] == e["model"])
    }
}
