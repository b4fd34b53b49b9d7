import Foundation
@testable import MotionCore
@testable import MotionSDL
import Testing

@Suite struct SheetFileTests {
    func tempURL() -> URL { Motionlab.tempDir().appendingPathComponent("sheet.json") }

    @Test func aMissingFileStartsTheEmptySheetAndASavedOneLoadsBack() throws {
        let file = SheetFile(url: tempURL())
        let first = file.load(knownChords: BoardScene.chordNames)
        #expect(first.document == .empty && first.problem == nil)
        var doc = SheetDocument.empty
        doc.lines[2].chords = [.init(name: "C", x: 40)]
        try file.save(doc)
        #expect(file.load(knownChords: BoardScene.chordNames).document == doc)
        // No temporary files are left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: file.url.deletingLastPathComponent().path)
        #expect(left == ["sheet.json"])
    }

    @Test func aCorruptFileIsReportedMovedAsideAndNeverOverwritten() throws {
        let url = tempURL()
        let garbage = "{\"version\":1,\"lines\":[{\"text\":\"x\",\"chords\":[{\"name\":\"C\"}]}]}"
        try garbage.write(to: url, atomically: true, encoding: .utf8)
        let file = SheetFile(url: url)
        let loaded = file.load(knownChords: BoardScene.chordNames)
        #expect(loaded.document == .empty)
        #expect(loaded.problem?.contains("lines[0].chords[0]: missing or bad \"x\"") == true)
        #expect(loaded.problem?.contains("moved aside to sheet.corrupt-") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        let aside = names.first { $0.hasPrefix("sheet.corrupt-") && $0.hasSuffix(".json") }
        #expect(aside != nil)
        #expect(!names.contains("sheet.json"))
        #expect(try String(contentsOf: url.deletingLastPathComponent().appendingPathComponent(aside!), encoding: .utf8) == garbage)
        // A second corrupt file the same second gets its own name.
        try "not json".write(to: url, atomically: true, encoding: .utf8)
        _ = file.load(knownChords: BoardScene.chordNames)
        let after = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(after.filter { $0.hasPrefix("sheet.corrupt-") }.count == 2)
    }

    @Test func aCrashDuringASaveLeavesThePreviousVersionIntact() throws {
        let url = tempURL()
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", x: 10)]
        try SheetFile(url: url).save(doc)
        let before = try String(contentsOf: url, encoding: .utf8)
        // The app drops a chord, saves, and dies half-way through writing.
        let script = url.deletingLastPathComponent().appendingPathComponent("drop.jsonl")
        let board = BoardScene()
        _ = Shell(scenes: [board], size: Vec2(1280, 720), font: try BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars  ?", texture: .none))
        let c = board.itemRootFrame(2).center, target = board.lineRootFrame(1).center
        try """
        {"frame":1,"type":"pointerDown","pointer":0,"x":\(c.x),"y":\(c.y)}
        {"frame":2,"type":"pointerMove","pointer":0,"x":\(c.x),"y":\(c.y + 30)}
        {"frame":3,"type":"pointerMove","pointer":0,"x":\(target.x),"y":\(target.y)}
        {"frame":4,"type":"pointerUp","pointer":0,"x":\(target.x),"y":\(target.y)}
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = try Motionlab.run(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--sheet", url.path],
                                  environment: ["MOTIONLAB_CRASH_DURING_SAVE": "1"])
        #expect(r.status != 0)
        #expect(try String(contentsOf: url, encoding: .utf8) == before)
        #expect(SheetFile(url: url).load(knownChords: BoardScene.chordNames).document == doc)
        // Without the crash the same run saves the new chord.
        let ok = try Motionlab.run(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--sheet", url.path])
        #expect(ok.status == 0, "\(ok.stderr)")
        let saved = SheetFile(url: url).load(knownChords: BoardScene.chordNames).document
        #expect(saved.lines[1].chords.map(\.name) == [BoardScene.chordNames[2]])
        #expect(saved.lines[0].chords.map(\.name) == ["G"])
    }
}
