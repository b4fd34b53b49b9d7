import CSDL2
import Foundation
@testable import Geometry
@testable import MotionSDL
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

extension SDLTests {
    /// What no demo script sends: every kind of bad input exits 2 before the run, with a
    /// message that says what, where and the limit; nothing saved is lost.
    @Suite struct HostileInputTests {
        func expectBadInput(_ args: [String], saying words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let r = try Motionlab.run(args)
            #expect(r.status == 2, "\(args): exit \(r.status), \(r.stderr)", sourceLocation: sourceLocation)
            for w in words { #expect(r.stderr.contains(w), "\(args): \(r.stderr)", sourceLocation: sourceLocation) }
            #expect(!r.stderr.contains("NSError") && !r.stderr.contains("Error Domain"), sourceLocation: sourceLocation)
        }

        @Test func optionErrorsOfEveryKindExitTwo() throws {
            try expectBadInput(["--headless", "--frames", "0"], saying: ["--frames"])
            try expectBadInput(["--size", "0x0", "--headless", "--frames", "1"], saying: ["64…16384"])
            try expectBadInput(["--no-such-option"], saying: ["Unknown option"])
            try expectBadInput(["--headless", "--frames", "1", "--renderer", "bogus"], saying: ["no render driver 'bogus'", "software"])
            try expectBadInput(["--frames", "1", "--video-driver", "nope"], saying: ["no video driver 'nope'", "dummy"])
            try expectBadInput(["bench", "--followers", "10000000"], saying: ["Bench.maxEntities", "1000000"])
            try expectBadInput(["bench", "--followers", "600000", "--tweens", "600000"], saying: ["add up to 1202000", "more than 1000000 (Bench.maxEntities)"])
            try expectBadInput(["--headless", "--frames", "-1"], saying: ["--frames must be 1…"])
            try expectBadInput(["help", "bogus"], saying: ["no topic 'bogus'", "play, path, spring, bench, soak, song, controls, limits"])
            try expectBadInput(["path", "--svg", "M0 0 L1 1", "--spacing", "-1"], saying: ["--spacing"])
            try expectBadInput(["soak", "--seed", "-1"], saying: ["--seed must be a whole number 0…18446744073709551615"])
            try expectBadInput(["--size", "16384x16384", "--headless", "--frames", "1"], saying: ["InputLimits.maxWindowPixels"])
            try expectBadInput(["bench", "--frames", "\(Int.max)"], saying: ["Bench.maxFrames"])
            try expectBadInput(["bench", "--frames", "100000", "--repeat", "3"], saying: ["--frames × --repeat is 300000", "Bench.maxFrames"])
            try expectBadInput(["bench", "--repeat", "101"], saying: ["Bench.maxRepeat"])
            try expectBadInput(["--headless", "--frames", "\(Int.max)"], saying: ["InputScript.maxFrame"])
            // A step of 10²⁰ s overflowed the HUD's numbers; the range now stops where none can.
            try expectBadInput(["bench", "--scene", "path", "--hz", "1e-20"], saying: ["--hz must be in [1, 1000]"])
        }

        @Test func outputPathsAreCheckedBeforeTheRunStarts() throws {
            let dir = Motionlab.tempDir()
            // A long run that would take minutes if it started.
            try expectBadInput(["--headless", "--frames", "100000000", "--state", "/no/such/folder/state.json"],
                               saying: ["--state", "/no/such/folder", "does not exist"])
            try expectBadInput(["--headless", "--frames", "100000000", "--record", dir.path], saying: ["--record", "is a folder"])
            try expectBadInput(["bench", "--frames", "200000", "--json", "/no/such/folder/r.json"], saying: ["--json"])
        }

        @Test func helpForPlayNamesEveryTabAndTheRealDefault() throws {
            let r = try Motionlab.run(["help", "play"])
            #expect(r.status == 0)
            let flat = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flat.contains("Start in this scene: \(SceneRegistry.names.joined(separator: ", ")) (default: path)"), "\(r.stdout)")
        }

        @Test func anSVGFileIsReadWhateverQuotesAndSpacesItsPathUses() throws {
            let dir = Motionlab.tempDir()
            for (i, svg) in ["<svg><path d='M0 0 L100 0 L100 100 Z'/></svg>",
                             "<svg>\n<rect d=\"M9 9\"/><path id=\"sq\" d = \"M0 0 L100 0 L100 100 Z\" /></svg>",
                             "<svg><path data-d='x' d=\"M0 0 L100 0 L100 100 Z\"/></svg>"].enumerated() {
                let file = dir.appendingPathComponent("p\(i).svg")
                try svg.write(to: file, atomically: true, encoding: .utf8)
                let r = try Motionlab.run(["path", "--path-file", file.path, "--at", "0"])
                #expect(r.status == 0, "\(svg): \(r.stderr)")
                #expect(r.stdout.contains("\"length\":341.42135623730"), "\(svg): \(r.stdout)")
            }
        }

        @Test func pathsPastTheLimitsAreRefusedWithWhatToChange() throws {
            // A flat arc: radii scaled up by SVG's rules to about (0.5, 5e9).
            try expectBadInput(["path", "--svg", "M0 0a0.0000000001 1 0 00 1 1", "--spacing", "100"],
                               saying: ["path length 1.0e10 pt", "needs 1.0e8 samples", "SampleTable.maxSamples", "use a spacing of at least"])
            try expectBadInput(["path", "--svg", "M0 0 L1e19 0"], saying: ["--svg: SVG path data, offset 6", "PathLimits.maxCoordinate"])
            try expectBadInput(["path", "--svg", "M0 0 h1e8 h1e8 h1e8 h1e8 h1e8 h1e8 h1e8 h1e8 h1e8 h1e8 h1e8"],
                               saying: ["outside ±1.0e9"])
            // In play, checked where the window lays the path out, before sampling it.
            let file = Motionlab.tempDir().appendingPathComponent("zigzag.svg")
            let zigzag = "M0 0 " + (0..<4000).map { "l1 \($0 % 2 == 0 ? 300 : -300)" }.joined(separator: " ")
            try Data(zigzag.utf8).write(to: file)
            try expectBadInput(["--headless", "--frames", "1", "--path-file", file.path, "--spacing", "0.05"],
                               saying: [file.path, "SampleTable.maxSamples", "use a spacing of at least"])
            let ok = try Motionlab.run(["--headless", "--frames", "1", "--path-file", file.path, "--spacing", "1"])
            #expect(ok.status == 0, "\(ok.stderr)")
            // 40,000 random lines across the whole shape: each frame would draw thousands of
            // window diagonals (6 s a frame); refused by what drawing it costs.
            var rng = SplitMix64(seed: 3)
            let random = "M0 0 " + (0..<40_000).map { _ in "L\(Int(rng.uniform(0, 1000))) \(Int(rng.uniform(0, 1000)))" }.joined(separator: " ")
            let scribble = Motionlab.tempDir().appendingPathComponent("scribble.svg")
            try Data(random.utf8).write(to: scribble)
            try expectBadInput(["--headless", "--frames", "1", "--path-file", scribble.path, "--spacing", "3"],
                               saying: ["times the diagonal of the area it is shown in", "DrawnPath.maxLengthInDiagonals"])
        }

        @Test func scriptValuesPastTheLimitsAreRefusedWithTheirLine() throws {
            let dir = Motionlab.tempDir()
            for (line, words) in [
                ("{\"frame\":2,\"type\":\"resize\",\"w\":1e10,\"h\":600}", ["script.jsonl:2", "InputLimits.maxWindowSide"]),
                ("{\"frame\":2,\"type\":\"pointerMove\",\"pointer\":0,\"x\":1e308,\"y\":0}", ["script.jsonl:2", "InputLimits.maxPointerCoordinate"]),
                ("{\"frame\":2,\"type\":\"wheel\",\"dx\":0,\"dy\":1e300}", ["script.jsonl:2", "InputLimits.maxWheel"]),
            ] {
                let script = dir.appendingPathComponent("script.jsonl")
                try Data("{\"frame\":1,\"type\":\"focusGained\"}\r\n\(line)\r\n".utf8).write(to: script)
                try expectBadInput(["--headless", "--frames", "3", "--script", script.path], saying: words)
            }
        }

        @Test func aSheetThatCannotBeReadIsReportedLeftAloneAndNotSavedOver() throws {
            // Too large to be a sheet (the tests run as root, for whom permissions deny nothing).
            let dir = Motionlab.tempDir()
            let sheet = dir.appendingPathComponent("sheet.json")
            let big = Data(repeating: 0x20, count: DocumentFile.maxBytes + 1)
            try big.write(to: sheet)
            let loaded = loadSheet(DocumentFile(url: sheet))
            #expect(!loaded.mayOverwrite)
            #expect(loaded.problem?.contains("DocumentFile.maxBytes") == true)
            #expect(try Data(contentsOf: sheet) == big)  // not moved aside
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sheet.json"])
            // The app, given a drop that changes the sheet, reports and does not save over it.
            let board = BoardScene()
            _ = Shell(scenes: [board], size: Vec2(1280, 720), font: .placeholder)
            let c = board.itemRootFrame(2).center, target = board.lineRootFrame(1).center
            let script = dir.appendingPathComponent("drop.jsonl")
            try """
            {"frame":2,"type":"pointerDown","pointer":0,"x":\(c.x),"y":\(c.y)}
            {"frame":3,"type":"pointerMove","pointer":0,"x":\(c.x),"y":\(c.y + 30)}
            {"frame":4,"type":"pointerMove","pointer":0,"x":\(target.x),"y":\(target.y)}
            {"frame":5,"type":"pointerUp","pointer":0,"x":\(target.x),"y":\(target.y)}
            """.write(to: script, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json")
            let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "40", "--script", script.path,
                                       "--sheet", sheet.path, "--state", state.path])
            p.environment?["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
            let r = try Motionlab.run(p)
            #expect(r.status == 2, "\(r.stderr)")  // the sheet named was not written
            #expect(r.stderr.contains("more than the limit") && r.stderr.contains("not saved over it"))
            // The edits are kept as a song named after the sheet.
            #expect(r.stderr.contains("kept as the song “sheet (unsaved)”: the edits to “sheet”"), "\(r.stderr)")
            let kept = try String(contentsOf: dir.appendingPathComponent("data/motionlab/songs/sheet (unsaved).json"), encoding: .utf8)
            #expect(kept.contains("\"chords\":[{\"name\""))
            let dump = try String(contentsOf: state, encoding: .utf8)
            #expect(dump.contains("\"chords\":[{\"name\""))  // the drop happened on screen
            #expect(try Data(contentsOf: sheet) == big)
        }

        @Test func aLinkedSheetStaysALinkAndUnknownFieldsSurviveASave() throws {
            let dir = Motionlab.tempDir()
            let real = dir.appendingPathComponent("real.json"), link = dir.appendingPathComponent("sheet.json")
            let text = """
            {"version":2,"author":"me","lines":[
              {"text":"One","chords":[{"name":"C","at":1,"finger":"3"}],"mood":"calm"}
            ]}
            """
            try text.write(to: real, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
            let file = DocumentFile(url: link)
            var doc = loadSheet(file).document
            #expect(doc.lines.count == 1 && doc.lines[0].chords.count == 1)
            doc.lines[0].chords.append(.init(name: "G", at: 6))
            try file.save(doc.serialized())
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
            let saved = try String(contentsOf: real, encoding: .utf8)
            for field in ["\"author\":\"me\"", "\"mood\":\"calm\"", "\"finger\":\"3\"", "\"name\":\"G\""] {
                #expect(saved.contains(field), "\(field) in \(saved)")
            }
            #expect(loadSheet(file).document == doc)
        }

        /// A broken or huge image is bad input like any other: exit 2 naming the file and what
        /// is wrong, refused before SDL allocates what its header declares.
        @Test func aBrokenImageExitsTwoNamingTheFileAndWhatIsWrong() throws {
            let dir = Motionlab.tempDir()
            let resources = dir.appendingPathComponent("res")
            try FileManager.default.copyItem(at: Motionlab.root.appendingPathComponent("Resources"), to: resources)
            let photo = resources.appendingPathComponent("photo.png")
            let good = try Data(contentsOf: photo)
            func png(width: Int, height: Int) -> Data {
                func be(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
                return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0])
            }
            let cases: [(Data, String)] = [
                (good.prefix(200), "photo.png: cannot read this PNG"),
                (png(width: 16384, height: 16384), "photo.png: a PNG of 16384×16384 pixels, more than the limit"),
                (Data(makeBMP(16384, 16384, pixels: 4 << 20)), "photo.png: a BMP of 16384×16384 pixels, more than the limit"),
                (Data(makeBMP(4, 4, bpp: 64)), "photo.png: a BMP of 64 bits per pixel"),
                (Data(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)), "photo.png: not an image this program reads (PNG, JPEG or BMP); it is a GIF"),
                (Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + [UInt8](repeating: 0, count: 14)), "photo.png: a JPEG cut short or without a frame header"),
            ]
            for (bytes, message) in cases {
                try bytes.write(to: photo)
                let r = try Motionlab.run(["--headless", "--frames", "1", "--resources", resources.path])
                #expect(r.status == 2, "\(message): exit \(r.status) \(r.stderr)")
                #expect(r.stderr.contains(message), "\(r.stderr)")
            }
            let sprite = dir.appendingPathComponent("huge.bmp")
            try Data(makeBMP(20000, 20000, pixels: 64)).write(to: sprite)
            let bench = try Motionlab.run(["bench", "--frames", "1", "--sprite", sprite.path])
            #expect(bench.status == 2 && bench.stderr.contains("huge.bmp: a BMP of 20000×20000 pixels"), "\(bench.stderr)")
        }

        /// PNG in and out: a picture read from a PNG draws the pixels its BMP twin draws, and
        /// `--screenshot a.png` writes a PNG holding the pixels the BMP screenshot holds.
        @Test func aPNGDrawsWhatItsBMPTwinDrawsAndScreenshotsArePNGByName() throws {
            let dir = Motionlab.tempDir()
            let resources = dir.appendingPathComponent("res")
            try FileManager.default.copyItem(at: Motionlab.root.appendingPathComponent("Resources"), to: resources)
            func shot(_ name: String, resources: String? = nil) throws -> URL {
                let file = dir.appendingPathComponent(name)
                let r = try Motionlab.run(["--headless", "--frames", "20", "--scene", "arrow", "--size", "480x320", "--screenshot", file.path]
                                          + (resources.map { ["--resources", $0] } ?? []))
                #expect(r.status == 0, "\(r.stderr)")
                return file
            }
            let asPNG = try shot("png.bmp")
            // The photo as a BMP (the loader goes by the bytes, not the name).
            guard let photo = IMG_Load(resources.appendingPathComponent("photo.png").path) else { Issue.record("IMG_Load"); return }
            defer { SDL_FreeSurface(photo) }
            var bmp = [UInt8](repeating: 0, count: 4096 + Int(photo.pointee.w * photo.pointee.h) * 4)
            let size = bmp.withUnsafeMutableBytes { b -> Int in
                let rw = SDL_RWFromMem(b.baseAddress, Int32(b.count))!
                defer { SDL_RWclose(rw) }
                return SDL_SaveBMP_RW(photo, rw, 0) == 0 ? Int(SDL_RWtell(rw)) : -1
            }
            #expect(size > 0)
            try Data(bmp.prefix(size)).write(to: resources.appendingPathComponent("photo.png"))
            let asBMP = try shot("bmp.bmp", resources: resources.path)
            #expect(try Data(contentsOf: asPNG) == Data(contentsOf: asBMP), "the PNG photo and its BMP twin draw differently")
            // The same frame as a PNG screenshot.
            let png = try shot("shot.png")
            let bytes = try Data(contentsOf: png)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            guard let a = IMG_Load(png.path), let b = SDL_LoadBMP_RW(SDL_RWFromFile(asPNG.path, "rb"), 1),
                  let a32 = SDL_ConvertSurfaceFormat(a, SDL_PIXELFORMAT_ARGB8888.rawValue, 0),
                  let b32 = SDL_ConvertSurfaceFormat(b, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { Issue.record("decoding"); return }
            defer { [a, b, a32, b32].forEach { SDL_FreeSurface($0) } }
            #expect(a32.pointee.w == 480 && a32.pointee.h == 320)
            var differing = 0
            for y in 0..<Int(a32.pointee.h) {
                let ra = a32.pointee.pixels.advanced(by: y * Int(a32.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                let rb = b32.pointee.pixels.advanced(by: y * Int(b32.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(a32.pointee.w) where (ra[x] | 0xFF00_0000) != (rb[x] | 0xFF00_0000) { differing += 1 }
            }
            #expect(differing == 0)
        }

        @Test func aFailedSaveLeavesTheOldFileAndNoTemporaryFile() throws {
            let dir = Motionlab.tempDir()
            let url = dir.appendingPathComponent("sheet.json")
            // A folder where the sheet should be: the final rename fails.
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            #expect(throws: (any Error).self) { try DocumentFile(url: url).save(SheetDocument.empty.serialized()) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sheet.json"])
            // A temporary file left by a save that was killed (its process gone) is cleared at
            // the next load; a user's file of a similar name is not ours and stays.
            try FileManager.default.removeItem(at: url)
            try SheetDocument.empty.serialized().write(to: url, atomically: false, encoding: .utf8)
            try "x".write(to: dir.appendingPathComponent(ours("sheet.json", deadPIDs[0], 1) + ".tmp"), atomically: false, encoding: .utf8)
            try "x".write(to: dir.appendingPathComponent(".sheet.json.a1B2c3"), atomically: false, encoding: .utf8)
            _ = loadSheet(DocumentFile(url: url))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".sheet.json.a1B2c3", "sheet.json"])
        }
    }
}

extension SDLTests {
    /// A binary outside the checkout finds its resources beside itself, as `make install`
    /// lays them out, or says where it looked.
    @Suite struct InstallTests {
        func run(_ binary: URL, _ args: [String], env extra: [String: String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = binary
            p.arguments = args
            var env = ProcessInfo.processInfo.environment
            env["MOTIONLAB_RESOURCES"] = nil
            env["MOTIONLAB_SEARCH_CHECKOUT"] = "0"
            for (k, v) in extra { env[k] = v }
            p.environment = env
            p.currentDirectoryURL = URL(fileURLWithPath: "/")
            let err = Pipe()
            p.standardError = err
            p.standardOutput = Pipe()
            try p.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }

        @Test func anInstalledCopyFindsItsResourcesInShareOrBesideItself() throws {
            let fm = FileManager.default
            let prefix = Motionlab.tempDir()
            let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/motionlab")
            try fm.createDirectory(at: bin, withIntermediateDirectories: true)
            try fm.createDirectory(at: share.deletingLastPathComponent(), withIntermediateDirectories: true)
            let installed = bin.appendingPathComponent("motionlab")
            try fm.copyItem(at: Motionlab.binary, to: installed)
            // Nothing there yet: the error names every place it looked.
            let (missing, message) = try run(installed, ["--headless", "--frames", "1"], env: [:])
            #expect(missing == 2)
            #expect(message.contains(bin.appendingPathComponent("Resources").path) && message.contains(share.path))
            // As `make install` lays it out.
            try fm.copyItem(at: Motionlab.root.appendingPathComponent("Resources"), to: share)
            let (status, err) = try run(installed, ["--headless", "--frames", "2"], env: [:])
            #expect(status == 0, "\(err)")
            // Through a link on PATH, run by name.
            let linkDir = Motionlab.tempDir()
            try fm.createSymbolicLink(at: linkDir.appendingPathComponent("motionlab"), withDestinationURL: installed)
            let (viaLink, err2) = try run(URL(fileURLWithPath: "/usr/bin/env"), ["motionlab", "--headless", "--frames", "2"],
                                          env: ["PATH": linkDir.path + ":/usr/bin:/bin"])
            #expect(viaLink == 0, "\(err2)")
        }
    }
}
