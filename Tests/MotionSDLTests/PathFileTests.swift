import Foundation
import Engine
import Geometry
@testable import Paths
import Testing

extension SDLTests {
    /// The path editor's files: a `--path-file` written back after each edit, in its own
    /// coordinates and keeping the rest of an SVG document; Export to standard output and a file.
    @Suite struct PathFileTests {
        /// Keys E (edit), Tab (the first anchor), I (insert after it), X (export), as a script.
        static let script = [("E", 3), ("Tab", 6), ("I", 9), ("X", 12)].flatMap { key, f in
            ["{\"frame\":\(f),\"type\":\"key\",\"key\":\"\(key)\",\"down\":true}",
             "{\"frame\":\(f + 1),\"type\":\"key\",\"key\":\"\(key)\",\"down\":false}"]
        }.joined(separator: "\n") + "\n"

        func runEdit(_ pathFile: URL, in dir: URL, extra: [String] = []) throws -> Motionlab.Result {
            let script = dir.appendingPathComponent("edit.jsonl")
            try Self.script.write(to: script, atomically: true, encoding: .utf8)
            return try Motionlab.run(["--headless", "--scene", "path", "--frames", "20", "--size", "640x480",
                                      "--path-file", pathFile.path, "--script", script.path] + extra)
        }

        @Test func anEditedSVGDocumentKeepsAllButItsPathDataWhichIsInItsOwnCoordinates() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("shape.svg")
            let head = "<?xml version=\"1.0\"?>\n<!-- mine -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n  <g id=\"a\"><path stroke=\"red\" d=\""
            let tail = "\" fill=\"none\"/></g>\n</svg>\n"
            try (head + "M1 1L9 1L9 9Z" + tail).write(to: file, atomically: true, encoding: .utf8)
            let export = dir.appendingPathComponent("out.svg")
            let r = try runEdit(file, in: dir, extra: ["--export", export.path])
            #expect(r.status == 0, "\(r.stderr)")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix(head) && text.hasSuffix(tail))
            let d = String(text.dropFirst(head.count).dropLast(tail.count))
            // An anchor half-way along the first line, in the file's units.
            #expect(d == "M1 1L5 1L9 1L9 9Z")
            // Export: the same data on standard output and in an SVG document.
            #expect(r.stdout.split(separator: "\n").contains(Substring(d)))
            let exported = try String(contentsOf: export, encoding: .utf8)
            #expect(exported.contains("<path d=\"\(d)\""))
            // Which reads back as a path file.
            let again = try Motionlab.run(["path", "--path-file", export.path])
            #expect(again.status == 0, "\(again.stderr)")
        }

        /// Inkscape's shape: a marker's arrowhead in `<defs>` comes first; the drawn path is
        /// the one shown and edited, and the marker is left byte for byte.
        @Test func anEditGoesIntoTheDrawnPathNotAMarkersArrowheadOrAComment() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("drawing.svg")
            let head = """
                <?xml version="1.0"?>
                <!-- <path d="M0 0 L1 1"/> -->
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><marker id="m"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>
                  <pathology d="M7 7"/><path aria-label="a > b" marker-end="url(#m)" d="
                """
            let tail = "\" id=\"shown\"/>\n</svg>\n"
            try (head + "M1 1L9 1L9 9Z" + tail).write(to: file, atomically: true, encoding: .utf8)
            let r = try runEdit(file, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix(head) && text.hasSuffix(tail), "\(text)")
            #expect(String(text.dropFirst(head.count).dropLast(tail.count)) == "M1 1L5 1L9 1L9 9Z")
            // --path-id picks another element; one that is not there is named.
            let marker = try Motionlab.run(["path", "--path-file", file.path, "--path-id", "nope"])
            #expect(marker.status == 2 && marker.stderr.contains("with id \"nope\""), "\(marker.stderr)")
        }

        @Test func aLinkStaysALinkAndBareDataStaysBare() throws {
            let dir = Motionlab.tempDir()
            let real = dir.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let target = real.appendingPathComponent("p.txt")
            try "M0 0 L100 0 L100 100\n".write(to: target, atomically: true, encoding: .utf8)
            let link = dir.appendingPathComponent("link.txt")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let r = try runEdit(link, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
            // The added anchor's line written new; the commands around it keep their text.
            #expect(try String(contentsOf: target, encoding: .utf8) == "M0 0L50 0 L100 0 L100 100\n")
            // No temporary files left in either folder.
            #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["p.txt"])
        }

        /// Bare data as some editors write it: a byte-order mark first, CRLF lines. It loads,
        /// and a save keeps both, adding no newline of its own (nor one where there was none).
        @Test(arguments: [("\u{FEFF}", "\r\n"), ("", "\r\n"), ("\u{FEFF}", "")])
        func bareDataKeepsItsByteOrderMarkAndLineEndings(bom: String, ending: String) throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try Data((bom + "M0 0 L100 0\r\nL100 100" + ending).utf8).write(to: file)
            let r = try runEdit(file, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            // (Decoded as it is: Foundation's String(data:encoding:) drops a byte-order mark.)
            let saved = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(saved == bom + "M0 0L50 0 L100 0\r\nL100 100" + ending, "\(saved.debugDescription)")
        }

        /// An export the file system refuses (a FIFO nobody reads) is said on standard error
        /// too, not only in the bar a headless run has no one looking at.
        @Test func anExportThatCannotBeWrittenIsSaidOnStandardError() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt"), fifo = dir.appendingPathComponent("out.svg")
            try "M0 0 L100 0 L100 100\n".write(to: file, atomically: true, encoding: .utf8)
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let r = try runEdit(file, in: dir, extra: ["--export", fifo.path])
            #expect(r.stderr.contains("motionlab: export: \(fifo.path): cannot write it: it is a FIFO with no reader"), "\(r.stderr)")
            // The run goes on and writes its files, and its status says not all was written.
            #expect(r.status == 2)
        }

        /// An edit that cannot go back into a read-only `--path-file` is said, the file kept,
        /// and the run's status is 2, as for every write the run could not make.
        @Test func anEditThatCannotBeSavedEndsTheRunWithStatusTwo() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try "M0 0 L100 0 L100 100\n".write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, 0o444)
            let r = try runEdit(file, in: dir)
            #expect(r.status == 2 && r.stderr.contains("could not save"), "\(r.status) \(r.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == "M0 0 L100 0 L100 100\n")
        }

        /// Under a rotation the element's coordinates come back from the transform's inverse
        /// with rounding (9.999999999999998 for 10): the commands an edit did not touch still
        /// keep the file's text, not the whole data written anew.
        @Test func underARotationTheUntouchedCommandsKeepTheirText() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("t.svg")
            try """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">
              <g transform="translate(50 20) rotate(30)"><path id="p" transform="scale(2)" d="m 10 10 h 50 v 30 h -50 z m 70 0 l 20 0 l 0 20 z"/></g>
            </svg>
            """.write(to: file, atomically: true, encoding: .utf8)
            let r = try runEdit(file, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let saved = try String(contentsOf: file, encoding: .utf8)
            let d = try #require(saved.split(separator: "\"").first { $0.hasPrefix("m 10 10") })
            #expect(d.hasSuffix(" v 30 h -50 z m 70 0 l 20 0 l 0 20 z"), "\(d)")
        }

        @Test func editsOfABuiltInShapeNeverGoIntoThePathFile() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try "M0 0 L 100 0 L100 100".write(to: file, atomically: true, encoding: .utf8)
            // S shows the next shape (the oval) before editing it.
            let script = dir.appendingPathComponent("s.jsonl")
            try ([("S", 2)] + [("E", 4), ("Tab", 6), ("I", 8)]).flatMap { k, f in
                ["{\"frame\":\(f),\"type\":\"key\",\"key\":\"\(k)\",\"down\":true}", "{\"frame\":\(f + 1),\"type\":\"key\",\"key\":\"\(k)\",\"down\":false}"]
            }.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json")
            let r = try Motionlab.run(["--headless", "--scene", "path", "--frames", "12", "--path-file", file.path, "--script", script.path, "--state", state.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try String(contentsOf: state, encoding: .utf8).contains("\"changed\":true"))
            #expect(try String(contentsOf: file, encoding: .utf8) == "M0 0 L 100 0 L100 100")
        }

        /// However a run of moves ends, what the scene shows is what the file holds.
        @Test(arguments: [
            // An arrow key still held when the run ends.
            ("held key", #"{"frame":8,"type":"key","key":"Right","down":true}"#),
            // The stick pushed, then the pad pulled out mid-move.
            ("pad pulled", #"{"frame":7,"type":"gamepadAdded","pad":0}"# + "\n" + #"{"frame":8,"type":"gamepadAxis","pad":0,"axis":"leftx","value":1}"# + "\n" + #"{"frame":14,"type":"gamepadRemoved","pad":0}"#),
            // The stick pushed, then the window loses focus, the stick still out at the end.
            ("focus lost", #"{"frame":7,"type":"gamepadAdded","pad":0}"# + "\n" + #"{"frame":8,"type":"gamepadAxis","pad":0,"axis":"leftx","value":1}"# + "\n" + #"{"frame":14,"type":"focusLost"}"#),
            // A key held while the scene is switched away (key 2: the tap scene).
            ("scene switch", #"{"frame":8,"type":"key","key":"Right","down":true}"# + "\n" + #"{"frame":14,"type":"key","key":"2","down":true}"#),
        ])
        func anEditIsSavedHoweverItsRunEnds(_ how: String, _ ending: String) throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try "M0 0 L100 0 L100 100\n".write(to: file, atomically: true, encoding: .utf8)
            let script = dir.appendingPathComponent("s.jsonl")
            try ([("E", 2), ("Tab", 4)].flatMap { k, f in
                ["{\"frame\":\(f),\"type\":\"key\",\"key\":\"\(k)\",\"down\":true}", "{\"frame\":\(f + 1),\"type\":\"key\",\"key\":\"\(k)\",\"down\":false}"]
            } + [ending]).joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json")
            let r = try Motionlab.run(["--headless", "--scene", "path", "--frames", "20", "--path-file", file.path,
                                       "--script", script.path, "--state", state.path])
            #expect(r.status == 0, "\(how): \(r.stderr)")
            let dump = try String(contentsOf: state, encoding: .utf8)
            #expect(dump.contains("\"changed\":true"), "\(how): no edit was made")
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved != "M0 0 L100 0 L100 100\n", "\(how): the edit shown was never saved")
            #expect(saved.hasPrefix("M") && !saved.hasPrefix("M0 0L"), "\(how): \(saved)")
        }

        /// 250 key moves right and 250 left of one anchor, then another moved down: the
        /// anchor moved there and back, and the one never touched, keep their numbers exactly.
        @Test func numbersMovedThereAndBackOrNeverTouchedDoNotDrift() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try "M0.1 0.3 L10 10 L20 0\n".write(to: file, atomically: true, encoding: .utf8)
            var frame = 2, lines: [String] = []
            func key(_ k: String) {
                lines += ["{\"frame\":\(frame),\"type\":\"key\",\"key\":\"\(k)\",\"down\":true}",
                          "{\"frame\":\(frame + 1),\"type\":\"key\",\"key\":\"\(k)\",\"down\":false}"]
                frame += 2
            }
            for k in ["E", "Tab", "Tab"] + Array(repeating: "Right", count: 250) + Array(repeating: "Left", count: 250) + ["Tab", "Down"] { key(k) }
            let script = dir.appendingPathComponent("s.jsonl")
            try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let r = try Motionlab.run(["--headless", "--scene", "path", "--frames", "\(frame + 4)", "--path-file", file.path, "--script", script.path])
            #expect(r.status == 0, "\(r.stderr)")
            let saved = try String(contentsOf: file, encoding: .utf8)
            let path = try Path(svg: saved)
            guard case .move(let start) = path.elements.first, case .line(let second) = path.elements.dropFirst().first,
                  case .line(let third) = path.elements.dropFirst(2).first else { Issue.record("\(saved)"); return }
            #expect(start == Vec2(0.1, 0.3), "the untouched start became \(start)")
            #expect(second == Vec2(10, 10), "moved there and back: \(second)")
            #expect(third.x == 20 && third.y > 0, "moved down: \(third)")
        }

        /// A hostile tour's `scale(1e308)` measured an empty path (its points overflowed and
        /// were dropped), `scale(1e200)` twice said "draws nothing", and `scale(0)` was shown,
        /// exported as `M.5 0Z`. Each is refused, saying why; a plain scale is measured.
        @Test func aTransformThatOverflowsOrFlattensTheShapeIsRefusedSayingWhich() throws {
            let dir = Motionlab.tempDir()
            let cases: [(transform: String, says: String?)] = [
                ("scale(1e308)", "past the largest number"), ("scale(1e200) scale(1e200)", "past the largest number"),
                ("scale(0)", "determinant is 0"), ("scale(1,0)", "determinant is 0"), ("scale(2)", nil),
            ]
            for (transform, says) in cases {
                let file = dir.appendingPathComponent("t.svg")
                try "<svg xmlns=\"http://www.w3.org/2000/svg\"><g transform=\"\(transform)\"><path d=\"M0 0 L100 0 L100 100 Z\"/></g></svg>"
                    .write(to: file, atomically: false, encoding: .utf8)
                let r = try Motionlab.run(["path", "--path-file", file.path, "--at", "1"])
                if let says {
                    #expect(r.status == 2 && r.stderr.contains(says), "\(transform): \(r.status) \(r.stderr)")
                } else {
                    #expect(r.status == 0 && r.stdout.contains("\"length\":682.84"), "\(transform): \(r.stdout) \(r.stderr)")
                }
            }
        }

        /// A drag cancelled puts the path back, and the file is not written again (a tour's
        /// cancelled drag replaced it, and said "could not save" of a read-only one).
        @Test func aDragCancelledLeavesTheFileUntouched() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try "m100 100 h200 v200 h-200 z\n".write(to: file, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json"), script = dir.appendingPathComponent("s.jsonl")
            func run(_ lines: [String]) throws -> Motionlab.Result {
                try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
                return try Motionlab.run(["--headless", "--scene", "path", "--frames", "30", "--size", "640x480", "--path-file", file.path,
                                          "--script", script.path, "--state", state.path])
            }
            let e = [#"{"frame":2,"type":"key","key":"E","down":true}"#, #"{"frame":3,"type":"key","key":"E","down":false}"#]
            #expect(try run(e).status == 0)
            guard case .array(let anchors)? = try JSONParser.parse(String(contentsOf: state, encoding: .utf8))["scenes"]?["path"]?["edit"]?["anchors"],
                  case .array(let xy) = anchors[1], let x = xy[0].doubleValue, let y = xy[1].doubleValue else { Issue.record("no anchors"); return }
            chmod(file.path, 0o444)
            var before = stat(), after = stat()
            stat(file.path, &before)
            let r = try run(e + [#"{"frame":10,"type":"pointerDown","pointer":0,"device":"touch","x":\#(x),"y":\#(y)}"#,
                                 #"{"frame":12,"type":"pointerMove","pointer":0,"device":"touch","x":\#(x + 30),"y":\#(y + 25)}"#,
                                 #"{"frame":14,"type":"pointerCancel","pointer":0,"device":"touch"}"#])
            stat(file.path, &after)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            #expect(after.st_ino == before.st_ino && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
            #expect(try String(contentsOf: file, encoding: .utf8) == "m100 100 h200 v200 h-200 z\n")
            #expect(try JSONParser.parse(String(contentsOf: state, encoding: .utf8))["scenes"]?["path"]?["edit"]?["undo"] == JSONValue(0))
        }

        /// A path long enough to be accepted at start (over the window less the tabs) but over
        /// the limit in the shape's smaller area was refused every edit, a deletion too, each
        /// refusal building the whole table again (a tour): an edit that does not lengthen it
        /// is made.
        @Test func aPathAcceptedAtStartCanBeShortenedByEdits() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("zig.txt")
            try ("M" + (0..<5000).map { "\(Double($0) * 0.2) \(100 * ($0 % 2))" }.joined(separator: " L")).write(to: file, atomically: true, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json"), script = dir.appendingPathComponent("s.jsonl")
            try [("E", 2), ("Tab", 4), ("Delete", 6)].flatMap { k, f in
                [#"{"frame":\#(f),"type":"key","key":"\#(k)","down":true}"#, #"{"frame":\#(f + 1),"type":"key","key":"\#(k)","down":false}"#]
            }.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let r = try Motionlab.run(["--headless", "--scene", "path", "--frames", "12", "--path-file", file.path, "--script", script.path, "--state", state.path])
            #expect(r.status == 0, "\(r.stderr)")
            let edit = try JSONParser.parse(String(contentsOf: state, encoding: .utf8))["scenes"]?["path"]?["edit"]
            guard case .array(let anchors)? = edit?["anchors"] else { Issue.record("no anchors"); return }
            #expect(anchors.count == 4999 && edit?["changed"] == .bool(true))
        }

        @Test func aRunWithoutEditsLeavesTheFileUntouched() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("p.txt")
            try "M0 0 L 100 0 L100 100".write(to: file, atomically: true, encoding: .utf8)
            let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            let r = try Motionlab.run(["--headless", "--scene", "path", "--frames", "5", "--path-file", file.path])
            #expect(r.status == 0)
            #expect(try String(contentsOf: file, encoding: .utf8) == "M0 0 L 100 0 L100 100")
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == before)
        }
    }
}
