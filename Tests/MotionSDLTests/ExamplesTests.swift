import Foundation
@testable import Engine
import Testing

extension SDLTests {
    /// Every example in Examples/, built beside the tests and run headless with a script,
    /// showing what it is for; and one built unchanged by a package outside this one.
    @Suite struct ExamplesTests {
        /// The example binary built beside the test binary (as `motionlab` is).
        static func binary(_ name: String) -> URL {
            Motionlab.binary.deletingLastPathComponent().appendingPathComponent("example-\(name)")
        }

        static func run(_ name: String, _ args: [String]) throws -> Motionlab.Result {
            let p = Motionlab.process(args)
            p.executableURL = binary(name)
            return try Motionlab.run(p)
        }

        static func script(_ dir: URL, _ lines: [String]) throws -> String {
            let url = dir.appendingPathComponent("script.jsonl")
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        static func state(_ url: URL) throws -> JSONValue { try JSONParser.parse(String(contentsOf: url, encoding: .utf8)) }

        @Test func theHandleIsDraggedAlongThePathAndStaysOnIt() throws {
            let dir = Motionlab.tempDir()
            let start = dir.appendingPathComponent("start.json"), end = dir.appendingPathComponent("end.json")
            let r0 = try Self.run("path-handle", ["--headless", "--size", "640x480", "--frames", "3", "--state", start.path])
            #expect(r0.status == 0, "\(r0.stderr)")
            let s0 = try Self.state(start)
            let (x, y) = (try #require(s0["x"]?.doubleValue), try #require(s0["y"]?.doubleValue))
            // A drag up and to the left from the ring, 60 moves, then let go.
            var lines = ["{\"frame\":5,\"type\":\"pointerDown\",\"pointer\":0,\"device\":\"touch\",\"x\":\(x),\"y\":\(y)}"]
            for i in 1...60 { lines.append("{\"frame\":\(5 + i),\"type\":\"pointerMove\",\"pointer\":0,\"device\":\"touch\",\"x\":\(x - 3 * Double(i)),\"y\":\(y - 2 * Double(i))}") }
            lines.append("{\"frame\":70,\"type\":\"pointerUp\",\"pointer\":0,\"device\":\"touch\",\"x\":\(x - 180),\"y\":\(y - 120)}")
            let r = try Self.run("path-handle", ["--headless", "--size", "640x480", "--frames", "300", "--script", try Self.script(dir, lines), "--state", end.path])
            #expect(r.status == 0, "\(r.stderr)")
            let s = try Self.state(end)
            // It moved well along the path, is on it, and is no longer held.
            #expect(try #require(s["x"]?.doubleValue) < x - 100)
            #expect(s["offPath"]?.doubleValue == 0)
            #expect(s["held"] == .bool(false))
        }

        @Test func aFlightInterruptedMidwayTurnsFromWhereItIsWithoutAJump() throws {
            let dir = Motionlab.tempDir()
            let end = dir.appendingPathComponent("end.json")
            let click = { (f: Int, x: Int, y: Int) in
                ["{\"frame\":\(f),\"type\":\"pointerDown\",\"pointer\":0,\"device\":\"mouse\",\"x\":\(x),\"y\":\(y)}",
                 "{\"frame\":\(f + 1),\"type\":\"pointerUp\",\"pointer\":0,\"device\":\"mouse\",\"x\":\(x),\"y\":\(y)}"]
            }
            let r = try Self.run("interrupted-flight", ["--headless", "--size", "640x480", "--frames", "200",
                                                        "--script", try Self.script(dir, click(5, 600, 400) + click(35, 100, 400)), "--state", end.path])
            #expect(r.status == 0, "\(r.stderr)")
            let s = try Self.state(end)
            #expect(s["interrupts"]?.doubleValue == 1)
            #expect(s["drawn"]?["x"]?.doubleValue == 100 && s["drawn"]?["y"]?.doubleValue == 400)
            // At 120 steps a second a one-second flight of a few hundred points moves a few
            // points a step; the interruption adds no jump.
            #expect(try #require(s["largestStep"]?.doubleValue) < 10)
        }

        @Test func theHeadlessRunPrintsItsStateTheSameEveryTime() throws {
            let a = try Self.run("headless-run", ["--frames", "20"]), b = try Self.run("headless-run", ["--frames", "20"])
            #expect(a.status == 0 && a.stdout == b.stdout)
            let s = try JSONParser.parse(a.stdout)
            #expect(s["clicks"]?.doubleValue == 1 && s["moving"] == .bool(true))
            let settled = try JSONParser.parse(try Self.run("headless-run", ["--frames", "200"]).stdout)
            #expect(settled["ball"]?["x"]?.doubleValue == 300 && settled["moving"] == .bool(false))
        }

        @Test func theMaskedWedgeSweepsBackAndForthAndReversesWhereItIs() throws {
            let dir = Motionlab.tempDir()
            func sweep(_ frames: Int, _ lines: [String] = []) throws -> JSONValue {
                let out = dir.appendingPathComponent("s\(frames)-\(lines.count).json")
                var args = ["--headless", "--size", "640x480", "--frames", "\(frames)", "--state", out.path]
                if !lines.isEmpty { args += ["--script", try Self.script(dir, lines)] }
                let r = try Self.run("shape-mask", args)
                #expect(r.status == 0, "\(r.stderr)")
                return try Self.state(out)
            }
            // A whole turn takes 2 s (120 frames at 60 Hz), then it comes back.
            let quarter = try #require(try sweep(30)["sweep"]?.doubleValue)
            let back = try #require(try sweep(150)["sweep"]?.doubleValue)
            #expect(abs(quarter - Double.pi / 2) < 0.1 && abs(back - 3 * Double.pi / 2) < 0.1)
            // Space at 1 s (half a turn, growing) sends it back from where it is drawn: no
            // jump, then shrinking at the same half-turn a second.
            let click = ["{\"frame\":60,\"type\":\"key\",\"key\":\"Space\",\"down\":true}"]
            let before = try #require(try sweep(59, click)["sweep"]?.doubleValue)
            let after = try sweep(61, click)
            let just = try #require(after["sweep"]?.doubleValue)
            #expect(after["reversals"]?.doubleValue == 1)
            #expect(abs(just - before) < 0.12, "from \(before) to \(just) across the click")
            let later = try #require(try sweep(90, click)["sweep"]?.doubleValue)
            #expect(abs((just - later) - Double.pi * 29 / 60) < 0.12, "\(just) → \(later) in 29 frames")
        }

        @Test func aColourDraggedAcrossIsCopiedIntoTheOtherPanel() throws {
            let dir = Motionlab.tempDir()
            let end = dir.appendingPathComponent("end.json")
            var lines = ["{\"frame\":5,\"type\":\"pointerDown\",\"pointer\":0,\"device\":\"touch\",\"x\":165,\"y\":116}"]
            for i in 1...20 { lines.append("{\"frame\":\(5 + i),\"type\":\"pointerMove\",\"pointer\":0,\"device\":\"touch\",\"x\":\(165 + 15.5 * Double(i)),\"y\":\(116 + 4.2 * Double(i))}") }
            lines.append("{\"frame\":26,\"type\":\"pointerUp\",\"pointer\":0,\"device\":\"touch\",\"x\":475,\"y\":200}")
            // A drag along the left panel scrolls it and copies nothing.
            lines.append("{\"frame\":40,\"type\":\"pointerDown\",\"pointer\":1,\"device\":\"touch\",\"x\":165,\"y\":300}")
            for i in 1...10 { lines.append("{\"frame\":\(40 + i),\"type\":\"pointerMove\",\"pointer\":1,\"device\":\"touch\",\"x\":165,\"y\":\(300 - 15 * Double(i))}") }
            lines.append("{\"frame\":51,\"type\":\"pointerUp\",\"pointer\":1,\"device\":\"touch\",\"x\":165,\"y\":150}")
            let r = try Self.run("copy-drag-drop", ["--headless", "--size", "640x480", "--frames", "200", "--script", try Self.script(dir, lines), "--state", end.path])
            #expect(r.status == 0, "\(r.stderr)")
            let s = try Self.state(end)
            // Colour 1 (the second row) copied once; the flight has landed.
            #expect(s["copies"] == .array([JSONValue(1)]))
            #expect(s["carries"]?.doubleValue == 0)
        }

        @Test func aThrownBallLeavesAtTheHandsSpeedAndSpringsToTheCornerItWasThrownAt() throws {
            let dir = Motionlab.tempDir()
            var lines = ["{\"frame\":5,\"type\":\"pointerDown\",\"pointer\":0,\"device\":\"touch\",\"x\":100,\"y\":100}"]
            for i in 1...8 { lines.append("{\"frame\":\(5 + i),\"type\":\"pointerMove\",\"pointer\":0,\"device\":\"touch\",\"x\":\(100 + 25 * i),\"y\":\(100 + 12 * i)}") }
            lines.append("{\"frame\":14,\"type\":\"pointerUp\",\"pointer\":0,\"device\":\"touch\",\"x\":300,\"y\":196}")
            let script = try Self.script(dir, lines)
            func state(_ frames: Int) throws -> JSONValue {
                let out = dir.appendingPathComponent("t\(frames).json")
                let r = try Self.run("spring-throw", ["--headless", "--size", "640x480", "--frames", "\(frames)", "--script", script, "--state", out.path])
                #expect(r.status == 0, "\(r.stderr)")
                return try Self.state(out)
            }
            let a = try state(14), b = try state(15), end = try state(200)
            // Just after the release it moves right at about the hand's 1,500 pt/s (25 pt a frame).
            let dx = try #require(b["drawn"]?["x"]?.doubleValue) - (try #require(a["drawn"]?["x"]?.doubleValue))
            #expect(dx > 20 && dx < 30, "moved \(dx) pt in a frame")
            #expect(end["corner"]?.doubleValue == 2 && end["moving"] == .bool(false))
            #expect(end["drawn"]?["x"]?.doubleValue == 580 && end["drawn"]?["y"]?.doubleValue == 420)
        }

        /// The products work from outside, as the getting-started article says: a new package
        /// in a folder of another name, whose manifest is the article's snippet as written
        /// (this checkout reached as `../motionlab`), builds the article's `Hello` unchanged and
        /// the path-handle example unchanged, and runs them (about 30 s: SwiftPM builds only
        /// what the product needs).
        @Test func thePackageSnippetAndHelloBuildOutsideAsWrittenWithAnExample() throws {
            let top = Motionlab.tempDir()
            try FileManager.default.createSymbolicLink(at: top.appendingPathComponent("motionlab"), withDestinationURL: Motionlab.root)
            let dir = top.appendingPathComponent("somewhere-else")
            let article = try String(contentsOf: Motionlab.root.appendingPathComponent("Sources/MotionLabKit/MotionLabKit.docc/GettingStarted.md"), encoding: .utf8)
            let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            try #require(blocks.count >= 2)
            let manifest = blocks[0], hello = blocks[1]
            #expect(manifest.contains(#"package: "motionlab""#) && hello.contains("exit(App.main(Hello()"))
            for (target, code) in [("mine", hello), ("handle", try String(contentsOf: Motionlab.root.appendingPathComponent("Examples/PathHandle/main.swift"), encoding: .utf8))] {
                let sources = dir.appendingPathComponent("Sources/\(target)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                try code.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            }
            let withExample = manifest.replacingOccurrences(of: "targets: [", with: """
                targets: [
                    .executableTarget(name: "handle", dependencies: [.product(name: "MotionLabSDL", package: "motionlab")]),
                """)
            try "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(\n    name: \"somewhere\",\n\(withExample))\n"
                .write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = ["swift", "build", "--package-path", dir.path]
            let r = try Motionlab.run(build)
            #expect(r.status == 0, "\(r.stdout.suffix(2000))\(r.stderr.suffix(2000))")
            let state = dir.appendingPathComponent("s.json")
            let run = Process()
            run.executableURL = dir.appendingPathComponent(".build/debug/handle")
            run.arguments = ["--headless", "--frames", "5", "--state", state.path]
            #expect(try Motionlab.run(run).status == 0)
            #expect(try Self.state(state)["offPath"]?.doubleValue == 0)
            let mine = Process()
            mine.executableURL = dir.appendingPathComponent(".build/debug/mine")
            mine.arguments = ["--headless", "--frames", "3", "--state", state.path]
            #expect(try Motionlab.run(mine).status == 0)
            #expect(try Self.state(state)["dot"]?["x"]?.doubleValue == 100)
        }
    }
}
