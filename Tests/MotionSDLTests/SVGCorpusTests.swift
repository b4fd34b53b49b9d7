import Engine
import Foundation
@testable import Paths
import Testing

extension SDLTests {
    /// SVG documents as Inkscape and Illustrator write them (Tests/Corpus/svg: groups,
    /// transforms, defs, markers, symbols, uses, every shape element, units), measured by
    /// `motionlab path` and by an independent oracle, svgelements from PyPI
    /// (`scripts/svg-oracle`, installed by `scripts/install-deps --test`).
    @Suite struct SVGCorpusTests {
        static let corpus = Motionlab.root.appendingPathComponent("Tests/Corpus/svg")
        static let python = Motionlab.root.appendingPathComponent(".build/oracle-venv/bin/python3")

        func length(_ file: URL, id: String? = nil) throws -> Double? {
            let r = try Motionlab.run(["path", "--path-file", file.path] + (id.map { ["--path-id", $0] } ?? []))
            #expect(r.status == 0, "\(file.lastPathComponent) \(id ?? ""): \(r.stderr)")
            return try JSONParser.parse(r.stdout)["length"]?.doubleValue
        }

        @Test func everyDocumentMeasuresWhatTheOracleMeasuresWithinAMillionth() throws {
            guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
                Issue.record("the oracle is not installed: run scripts/install-deps --test (make test does)")
                return
            }
            let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
            #expect(files.count >= 20)
            let oracle = Process()
            oracle.executableURL = Self.python
            oracle.arguments = [Motionlab.root.appendingPathComponent("scripts/svg-oracle").path] + files.map(\.path)
            let o = try Motionlab.run(oracle)
            #expect(o.status == 0, "\(o.stderr)")
            let lengths = try JSONParser.parse(o.stdout)
            var compared = 0
            for file in files {
                guard let expected = lengths[file.path]?["first"]?.doubleValue else { Issue.record("\(file.lastPathComponent): the oracle found no shape"); continue }
                let ours = try length(file)
                #expect(ours.map { abs($0 - expected) <= 1e-6 * expected } == true,
                        "\(file.lastPathComponent): \(ours ?? .nan) where the oracle measures \(expected)")
                compared += 1
                for case let (id, value) in lengths[file.path]?["ids"]?.objectValue ?? [] {
                    guard let expected = value.doubleValue else { continue }
                    let ours = try length(file, id: id)
                    #expect(ours.map { abs($0 - expected) <= 1e-6 * expected } == true,
                            "\(file.lastPathComponent) #\(id): \(ours ?? .nan) where the oracle measures \(expected)")
                    compared += 1
                }
            }
            #expect(compared >= 30)
        }

        /// An edit of a shape that is not a path: it becomes a `<path>` in its place, keeping
        /// every other attribute and every other byte, its data in its own coordinates.
        @Test func anEditedRectBecomesAPathInItsPlaceAndNothingElseChanges() throws {
            let dir = Motionlab.tempDir()
            let file = dir.appendingPathComponent("drawing.svg")
            let before = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g transform=\"translate(100 50) scale(2)\">\n    "
            let tag = "<rect style=\"fill:none\" x=\"10\" y=\"20\" width=\"40\" height=\"30\" id=\"box\"></rect>"
            let after = "\n  </g>\n  <circle cx=\"5\" cy=\"5\" r=\"2\"/>\n</svg>\n"
            try (before + tag + after).write(to: file, atomically: true, encoding: .utf8)
            let script = dir.appendingPathComponent("edit.jsonl")
            try [("E", 3), ("Tab", 6), ("I", 9)].flatMap { key, f in
                ["{\"frame\":\(f),\"type\":\"key\",\"key\":\"\(key)\",\"down\":true}", "{\"frame\":\(f + 1),\"type\":\"key\",\"key\":\"\(key)\",\"down\":false}"]
            }.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let r = try Motionlab.run(["--headless", "--scene", "path", "--frames", "14", "--path-file", file.path, "--script", script.path])
            #expect(r.status == 0, "\(r.stderr)")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix(before) && text.hasSuffix(after), "\(text)")
            let element = String(text.dropFirst(before.count).dropLast(after.count))
            #expect(element.hasPrefix("<path style=\"fill:none\" id=\"box\" d=\"") && element.hasSuffix("\"></path>"), "\(element)")
            // In the rect's own coordinates: an anchor put half-way along its top edge; the
            // sides it did not touch keep the rect's own outline (H, V), not rewritten.
            let shown = try #require(try SVGDocument(text).path(id: "box"))
            #expect(shown.data == "M10 20L30 20H50V50H10Z", "\(shown.data)")
            #expect(try Path(svg: shown.data).elements == Path(svg: "M10 20L30 20L50 20L50 50L10 50Z").elements)
        }
    }
}
