import CFileIdentity
import Engine
import Foundation
@testable import Geometry
@testable import MotionSDL
@testable import Scenes
@testable import Shell
@testable import Songs
import Testing

/// The board's sheet in a `DocumentFile`, loaded as the app loads it.
func loadSheet(_ file: DocumentFile) -> DocumentFile.Loaded<SheetDocument> {
    file.load(empty: SheetDocument.empty, noun: "sheet", recognise: SheetDocument.isDamagedSheet) {
        try SheetDocument.parse($0)
    }
}

@Suite struct SheetFileTests {
    func tempURL() -> URL { Motionlab.tempDir().appendingPathComponent("sheet.json") }

    /// A script (`dir/type.jsonl`) that taps the board's first lyric line at 1280×720, then
    /// types each of `typing`, a frame apart.
    func typingScript(in dir: URL, typing: [String]) throws -> URL {
        let board = BoardScene()
        _ = Shell(scenes: [board], size: Vec2(1280, 720), font: .placeholder)
        let p = board.lineRootFrame(0).center
        let script = dir.appendingPathComponent("type.jsonl")
        let lines = [#"{"frame":2,"type":"pointerDown","pointer":0,"x":\#(p.x),"y":\#(p.y)}"#,
                     #"{"frame":3,"type":"pointerUp","pointer":0,"x":\#(p.x),"y":\#(p.y)}"#]
            + typing.enumerated().map { #"{"frame":\#($0.offset + 4),"type":"text","text":"\#($0.element)"}"# }
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        return script
    }

    /// A version 1 sheet, changed in the app: first kept beside itself under a name not taken
    /// (the user's own `sheet.v1.json` is left alone), then saved as version 2 with each chord
    /// on a character.
    @Test func aVersion1SheetIsKeptBesideItselfBeforeTheFirstSaveAsVersion2() throws {
        let url = tempURL(), dir = url.deletingLastPathComponent()
        let v1 = #"{"version":1,"lines":[{"text":"Amazing grace"},{"text":"That saved","chords":[{"name":"G","x":40}]}]}"#
        try v1.write(to: url, atomically: true, encoding: .utf8)
        let mine = dir.appendingPathComponent("sheet.v1.json")
        try "my own notes".write(to: mine, atomically: true, encoding: .utf8)
        let script = try typingScript(in: dir, typing: ["!", "?"])
        let r = try Motionlab.run(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--sheet", url.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("kept as sheet.v1-2.json before saving it as version 2"), "\(r.stderr)")
        #expect(try String(contentsOf: mine, encoding: .utf8) == "my own notes")
        #expect(try String(contentsOf: dir.appendingPathComponent("sheet.v1-2.json"), encoding: .utf8) == v1)
        let saved = try SheetDocument.parse(String(contentsOf: url, encoding: .utf8))
        #expect(saved.readVersion == 2 && saved.lines[0].text == "Amazing grace!?")
        #expect(saved.lines[1].chords.map(\.name) == ["G"] && saved.lines[1].chords[0].at > 0)
        // Kept once: a second run saves without another copy.
        let again = try Motionlab.run(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--sheet", url.path])
        #expect(again.status == 0 && !again.stderr.contains("kept as"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["sheet.json", "sheet.v1-2.json", "sheet.v1.json", "type.jsonl"])
    }

    /// A version 1 sheet that no save may replace (read-only) gets no copy beside it, session
    /// after session, and the run says it was not saved; its edits are kept as a song named
    /// after it, "sheet (unsaved)", then "sheet (unsaved 2)" (a hostile tour's were lost), no
    /// more readable by others than the sheet (0444 gives 0644, 0400 gives 0600: a 0400
    /// song's copy was 0644). Once writable, it is kept once.
    @Test func aReadOnlyVersion1SheetIsNotCopiedBesideItselfAndItsEditsAreKeptAsASong() throws {
        let url = tempURL(), dir = url.deletingLastPathComponent()
        let data = Motionlab.tempDir()
        let songs = data.appendingPathComponent("motionlab/songs")
        let v1 = #"{"version":1,"lines":[{"text":"Hello world","chords":[{"name":"G","x":40}]}]}"#
        try v1.write(to: url, atomically: true, encoding: .utf8)
        let script = try typingScript(in: dir, typing: ["!"])
        let args = ["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--sheet", url.path]
        let mask = umask(0)
        umask(mask)
        for (n, mode) in [(1, mode_t(0o444)), (2, mode_t(0o400))] {
            chmod(url.path, mode)
            let p = Motionlab.process(args)
            p.environment?["XDG_DATA_HOME"] = data.path
            let r = try Motionlab.run(p)
            let name = n == 1 ? "sheet (unsaved)" : "sheet (unsaved 2)"
            // The sheet named was not written: status 2, the edits kept all the same.
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains("could not save the sheet: ") && r.stderr.contains("sheet.json: is read-only"), "\(r.stderr)")
            #expect(r.stderr.hasSuffix("kept as the song “\(name)”: the edits to “sheet”, not saved there (\(url.path): is read-only (mode \(String(mode, radix: 8))); not saved over)\n"), "\(r.stderr)")
            let copy = songs.appendingPathComponent("\(name).json")
            #expect(try SheetDocument.parse(String(contentsOf: copy, encoding: .utf8)).lines[0].text == "Hello world!")
            var st = stat()
            #expect(stat(copy.path, &st) == 0 && st.st_mode & 0o777 == (0o666 & ~mask) & (0o600 | (mode & 0o066)))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["sheet.json", "type.jsonl"])
        #expect(try String(contentsOf: url, encoding: .utf8) == v1)
        chmod(url.path, 0o644)
        let writable = try Motionlab.run(args)
        #expect(writable.stderr.contains("kept as sheet.v1.json"), "\(writable.stderr)")
    }

    /// A read-only `--sheet`'s edits are on disk as the song "sheet (unsaved)" while the run
    /// goes on, so a kill does not lose them (a hostile tour's were kept only at the end), and
    /// typing after the refusal goes into that song too.
    @Test func aReadOnlySheetsEditsAreKeptAsASongBeforeTheRunEnds() throws {
        let url = tempURL(), dir = url.deletingLastPathComponent()
        let data = Motionlab.tempDir()
        let copy = data.appendingPathComponent("motionlab/songs/sheet (unsaved).json")
        let original = #"{"version":2,"lines":[{"text":"Hello world"}]}"#
        try original.write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o444)
        let script = try typingScript(in: dir, typing: ["!", "?", "#"])
        // Far more frames than any test waits for: the run is stopped by a kill.
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "100000000", "--script", script.path, "--sheet", url.path])
        p.environment?["XDG_DATA_HOME"] = data.path
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() } }
        // Up to a minute for the three letters to be typed and saved (script frames 4 to 6).
        var text: String?
        for _ in 0..<600 where p.isRunning {
            if let t = try? String(contentsOf: copy, encoding: .utf8), let doc = try? SheetDocument.parse(t), doc.lines[0].text.hasSuffix("#") {
                text = doc.lines[0].text
                break
            }
            usleep(100_000)
        }
        #expect(p.isRunning, "the run ended before the kill")
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(text == "Hello world!?#")
        #expect(try String(contentsOf: url, encoding: .utf8) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.deletingLastPathComponent().path).sorted() == ["sheet (unsaved).json"])
    }

    /// A read-only sheet, "Hello", and a data folder where its edits cannot be kept as a song
    /// either (the songs' folder is a file): edits saved nowhere.
    func sheetSavedNowhere() throws -> (sheet: URL, data: URL) {
        let url = tempURL(), data = Motionlab.tempDir()
        try FileManager.default.createDirectory(at: data.appendingPathComponent("motionlab"), withIntermediateDirectories: true)
        try "not a folder".write(to: data.appendingPathComponent("motionlab/songs"), atomically: true, encoding: .utf8)
        try #"{"version":2,"lines":[{"text":"Hello"}]}"#.write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o444)
        return (url, data)
    }

    /// A save refused again and again (each pause in the typing tries) is said on standard
    /// error once, not at every pause: a read-only sheet said the same line seven times in
    /// 6 s of typing (a tour). The banner still says it each time.
    @Test func aRefusalRepeatedAtEveryPauseIsSaidOnce() throws {
        let (url, data) = try sheetSavedNowhere()
        let dir = url.deletingLastPathComponent()
        let script = try typingScript(in: dir, typing: ["!"])
        // Three more words, each after a pause that saves (`typingSaveDelay`, 0.5 s).
        let more = [100, 200, 300].map { #"{"frame":\#($0),"type":"text","text":"x"}"# }.joined(separator: "\n")
        try (String(contentsOf: script, encoding: .utf8) + "\n" + more + "\n").write(to: script, atomically: true, encoding: .utf8)
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "400", "--script", script.path, "--sheet", url.path])
        p.environment?["XDG_DATA_HOME"] = data.path
        let r = try Motionlab.run(p)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "could not save the sheet: ").count == 2, "\(r.stderr)")
    }

    /// Where no copy can be made (the songs' folder is a file here; a read-only one for a
    /// user), the board says at once that what is typed is only on screen, not only standard
    /// error at the end (two tours).
    @Test func aReadOnlySheetWhoseEditsCannotBeKeptSaysSoOnTheBoard() throws {
        let (url, data) = try sheetSavedNowhere()
        let dir = url.deletingLastPathComponent()
        let script = try typingScript(in: dir, typing: ["!"])
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--sheet", url.path, "--state", state.path])
        p.environment?["XDG_DATA_HOME"] = data.path
        let r = try Motionlab.run(p)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("the edits are lost"), "\(r.stderr)")
        let banner = try JSONParser.parse(String(contentsOf: state, encoding: .utf8))["scenes"]?["board"]?["banner"]?.stringValue ?? ""
        #expect(banner.contains("could not be kept as a song") && banner.hasSuffix("what is typed is only on screen"), "\(banner)")
    }

    /// A headless run on `url` with the songs' folder at `data`: a click on the first line and
    /// `typing`, the script lines `then`, then Escape at frames 100 and 140 (leaving the text,
    /// then quitting unless it asks); its result and its state dump.
    func typeThenEscapeTwice(on url: URL, data: URL, typing: [String], then: [String], frames: Int) throws -> (Motionlab.Result, JSONValue) {
        let dir = url.deletingLastPathComponent()
        let script = try typingScript(in: dir, typing: typing)
        let escapes = [#"{"frame":100,"type":"key","key":"Escape","down":true}"#, #"{"frame":101,"type":"key","key":"Escape","down":false}"#,
                       #"{"frame":140,"type":"key","key":"Escape","down":true}"#, #"{"frame":141,"type":"key","key":"Escape","down":false}"#]
        try (String(contentsOf: script, encoding: .utf8) + "\n" + (then + escapes).joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "\(frames)", "--script", script.path, "--sheet", url.path, "--state", state.path])
        p.environment?["XDG_DATA_HOME"] = data.path
        let r = try Motionlab.run(p)
        return (r, try JSONParser.parse(String(contentsOf: state, encoding: .utf8)))
    }

    /// Edits saved nowhere and then undone, back to what the file holds byte for byte, are
    /// none to lose: Escape quits without asking and the run ends well (it asked, and said
    /// at the end that the edits were lost).
    /// So are edits undone back to a file in another program's layout, which is never byte for
    /// byte ours: undoing back to it still asked (a review), and the file stays as it was; and
    /// back to a version 1 sheet whose chords the board put on characters (a tour).
    @Test(arguments: ["ours", "as written", "another layout", "version 1"])
    func editsUndoneBackToTheFileAreNoneToLose(layout: String) throws {
        let (url, data) = try sheetSavedNowhere()
        chmod(url.path, 0o644)
        let sheet = try SheetDocument.parse(String(contentsOf: url, encoding: .utf8))
        switch layout {
        case "ours": try sheet.serialized().write(to: url, atomically: true, encoding: .utf8)
        case "another layout": try "{\n  \"lines\": [\n    {\"chords\": [], \"text\": \"Hello\"}\n  ],\n  \"version\": 2\n}\n".write(to: url, atomically: true, encoding: .utf8)
        case "version 1": try #"{"version":1,"lines":[{"text":"Hello","chords":[{"name":"G","x":20}]}]}"#.write(to: url, atomically: true, encoding: .utf8)
        default: break
        }
        let written = try Data(contentsOf: url)
        #expect(layout == "ours" ? written == Data(sheet.serialized().utf8) : written != Data(sheet.serialized().utf8))
        chmod(url.path, 0o444)
        let (r, dump) = try typeThenEscapeTwice(on: url, data: data, typing: ["!"], then: [
            #"{"frame":60,"type":"key","key":"Left Ctrl","down":true}"#, #"{"frame":60,"type":"key","key":"Z","down":true}"#,
            #"{"frame":61,"type":"key","key":"Z","down":false}"#, #"{"frame":61,"type":"key","key":"Left Ctrl","down":false}"#,
        ], frames: 400)
        #expect(r.status == 0 && !r.stderr.contains("the edits are lost"), "\(r.stderr)")
        #expect(r.stderr.contains("could not save the sheet"), "the typing's save was refused: \(r.stderr)")
        let frame = dump["frame"]?.doubleValue
        #expect(frame == 140, "the second Escape quit at once: frame \(frame ?? -1)")
        #expect(try Data(contentsOf: url) == written, "the file is as it was")
    }

    /// A letter retyped in another Unicode form (a composed "é" deleted, "e" and a combining
    /// accent typed) is an edit: the file does not hold those bytes. It quit unasked, the
    /// edit lost, as Swift's strings compare the two forms equal (a tour).
    @Test func anEditThatOnlyChangesTheUnicodeFormIsStillAnEdit() throws {
        let (url, data) = try sheetSavedNowhere()
        chmod(url.path, 0o644)
        try #"{"version":2,"lines":[{"text":"Café"}]}"#.write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o444)
        let written = try Data(contentsOf: url)
        let (r, dump) = try typeThenEscapeTwice(on: url, data: data, typing: [], then: [
            #"{"frame":10,"type":"key","key":"End","down":true}"#, #"{"frame":11,"type":"key","key":"End","down":false}"#,
            #"{"frame":12,"type":"key","key":"Backspace","down":true}"#, #"{"frame":13,"type":"key","key":"Backspace","down":false}"#,
            #"{"frame":14,"type":"text","text":"e\u0301"}"#,
        ], frames: 200)
        let text = dump["scenes"]?["board"]?["target"]?["lines"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(Array(text.unicodeScalars) == Array("Cafe\u{301}".unicodeScalars), "\(Array(text.unicodeScalars))")
        #expect(dump["frame"]?.doubleValue == 200, "the second Escape asked, not quit")
        #expect(r.status == 2 && r.stderr.contains("the edits are lost"), "\(r.stderr)")
        #expect(try Data(contentsOf: url) == written)
    }

    /// The window's close button with edits saved nowhere asks, even in the frame of the
    /// first keystroke (it was answered before the typing, and quit: a tour); two closes in one
    /// frame are not an answer (the question was never drawn: a tour); a close a second later is.
    @Test func aCloseWithEditsSavedNowhereAsksEvenInTheFrameOfTheFirstKeystroke() throws {
        let (url, data) = try sheetSavedNowhere()
        let dir = url.deletingLastPathComponent()
        let script = try typingScript(in: dir, typing: [])
        let closes = [#"{"frame":4,"type":"text","text":"!"}"#, #"{"frame":4,"type":"close"}"#,
                      #"{"frame":20,"type":"close"}"#, #"{"frame":20,"type":"close"}"#]
        try (String(contentsOf: script, encoding: .utf8) + "\n" + closes.joined(separator: "\n")).write(to: script, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        func run(closingAt last: Int?) throws -> JSONValue {
            var lines = try String(contentsOf: script, encoding: .utf8)
            if let last { lines += "\n" + #"{"frame":\#(last),"type":"close"}"# }
            let s = dir.appendingPathComponent("closes.jsonl")
            try lines.write(to: s, atomically: true, encoding: .utf8)
            let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "90", "--script", s.path, "--sheet", url.path, "--state", state.path])
            p.environment?["XDG_DATA_HOME"] = data.path
            let r = try Motionlab.run(p)
            #expect(r.status == 2 && r.stderr.contains("the edits are lost"), "\(r.stderr)")
            return try JSONParser.parse(String(contentsOf: state, encoding: .utf8))
        }
        let asked = try run(closingAt: nil)
        #expect(asked["frame"] == 90, "it asked and ran on")
        #expect(asked["scenes"]?["board"]?["banner"]?.stringValue?.contains("close again to quit") == true)
        let answered = try run(closingAt: 70)
        #expect(answered["frame"] == 70, "a close a second after the question quits")
    }

    @Test func aMissingFileStartsTheEmptySheetAndASavedOneLoadsBack() throws {
        let file = DocumentFile(url: tempURL())
        let first = loadSheet(file)
        #expect(first.document == .empty && first.problem == nil)
        var doc = SheetDocument.empty
        doc.lines[2].chords = [.init(name: "C", at: 4)]
        try file.save(doc.serialized())
        #expect(loadSheet(file).document == doc)
        // No temporary files are left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: file.url.deletingLastPathComponent().path)
        #expect(left == ["sheet.json"])
    }

    @Test func aSheetChangedOnDiskSinceItWasReadIsNotSavedOver() throws {
        let url = tempURL()
        let file = DocumentFile(url: url)
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 0)]
        try file.save(doc.serialized())
        let loaded = loadSheet(file)
        #expect(loaded.found == .text(doc.serialized()))
        // This session saves twice, each over what it last wrote.
        doc.lines[1].chords = [.init(name: "Am", at: 2)]
        try file.save(doc.serialized(), over: loaded.found)
        let mine = DocumentFile.Expected.text(doc.serialized())
        doc.lines[2].chords = [.init(name: "F", at: 3)]
        let ours = try file.save(doc.serialized(), over: mine)
        #expect(ours == .text(doc.serialized()))
        // Someone else writes the file (same length, then longer); ours is refused, theirs kept.
        for other in [String(doc.serialized().reversed()), doc.serialized() + " "] {
            try other.write(to: url, atomically: true, encoding: .utf8)
            #expect(throws: FilePolicy.Refusal.self) { try file.save(SheetDocument.empty.serialized(), over: ours) }
            #expect(try String(contentsOf: url, encoding: .utf8) == other)
        }
        // Removed by someone else: nothing is lost by saving it anew.
        try FileManager.default.removeItem(at: url)
        try file.save(doc.serialized(), over: ours)
        #expect(FileManager.default.fileExists(atPath: url.path))
        // A file that appeared where none was expected is not saved over either.
        #expect(throws: FilePolicy.Refusal.self) { try file.save(SheetDocument.empty.serialized(), over: .nothing) }
        #expect(loadSheet(file).document == doc)
    }

    /// Another program's change that lands while a save is being written (a large sheet
    /// takes a while) is not renamed over: the last check is made once the new content is on
    /// disk. Nothing of ours is left beside it.
    @Test func aChangeMadeWhileASaveIsWrittenIsKeptNotSavedOver() throws {
        let url = tempURL(), dir = url.deletingLastPathComponent()
        let file = DocumentFile(url: url)
        var doc = SheetDocument.empty
        let ours = try file.save(doc.serialized())
        doc.lines[0].text = "ours"
        let theirs = "{\"version\":2,\"lines\":[{\"text\":\"EXTERNAL EDIT\"}]}"
        #expect(throws: FilePolicy.Refusal.self) {
            try file.save(doc.serialized(), over: ours, newFileMode: nil) {
                try? theirs.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == theirs)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sheet.json"])
        // With no change meanwhile, the same save goes through.
        let now = DocumentFile.Expected.text(theirs)
        #expect(try file.save(doc.serialized(), over: now, newFileMode: nil) {} == .text(doc.serialized()))
    }

    /// A sheet grown past what can be read back (`DocumentFile.maxBytes`) is not saved: the
    /// file keeps its last version, which opens, rather than becoming one that never will.
    @Test func aSheetTooLargeToReadBackIsNotSavedAndTheLastVersionStays() throws {
        let url = tempURL()
        let file = DocumentFile(url: url)
        var doc = SheetDocument.empty
        let saved = try file.save(doc.serialized())
        let line = String(repeating: "a", count: TextField.maxCharacters)
        doc.lines = Array(repeating: SheetDocument.Line(text: line), count: DocumentFile.maxBytes / TextField.maxCharacters + 1)
        let text = doc.serialized()
        #expect(text.utf8.count > DocumentFile.maxBytes)
        do {
            try file.save(text, over: saved)
            Issue.record("a sheet of \(text.utf8.count) bytes was saved")
        } catch {
            #expect(error.description.contains("DocumentFile.maxBytes"), "\(error)")
        }
        #expect(loadSheet(file).document == SheetDocument.empty)
        // A file whose reader takes more (a path file, up to 64 MiB) saves what it reads.
        let wider = DocumentFile(url: url.deletingLastPathComponent().appendingPathComponent("big.svg"), readLimit: (64 << 20, "maxPathFileBytes"))
        try wider.save(text)
        #expect(throws: FilePolicy.Refusal.self) { try wider.save(text + String(repeating: " ", count: 64 << 20)) }
    }

    /// A copy kept beside a private file (a version 1 sheet before its first save as version
    /// 2) is as private as the file: its mode and extended attributes; and a damaged private
    /// sheet moved aside is saved new with its mode.
    @Test func aCopyKeptBesideAPrivateSheetAndTheSheetSavedAfterADamagedOneStayPrivate() throws {
        let url = tempURL(), dir = url.deletingLastPathComponent()
        try "v1 text".write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o600)
        let value = Array("kept".utf8)
        let tagged = setxattr(url.path, "user.motionlab-test", value, value.count, 0) == 0
        if !tagged { print("extended attributes: this file system takes no user.* attribute; mode checked only") }
        let name = try DocumentFile(url: url).keepCopy("v1 text", tag: "v1")
        let copy = dir.appendingPathComponent(name).path
        var st = stat()
        #expect(stat(copy, &st) == 0 && st.st_mode & 0o777 == 0o600)
        if tagged {
            var back = [UInt8](repeating: 0, count: 16)
            let n = getxattr(copy, "user.motionlab-test", &back, back.count)
            #expect(n == value.count && Array(back[0..<max(0, n)]) == value, "the attribute was dropped")
        }
        // A damaged private sheet: moved aside, and the sheet saved in its place keeps 0600.
        try "{\"version\":1,\"lines\":[{\"text\":\"x\",\"chords\":[{\"name\":\"C\"}]}]}".write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o600)
        let file = DocumentFile(url: url)
        let loaded = loadSheet(file)
        #expect(loaded.problem?.contains("moved aside") == true)
        try file.save(loaded.document.serialized(), over: loaded.found, newFileMode: loaded.newFileMode)
        #expect(stat(url.path, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test func aDamagedSheetIsReportedMovedAsideAndNeverOverwritten() throws {
        let url = tempURL()
        let garbage = "{\"version\":1,\"lines\":[{\"text\":\"x\",\"chords\":[{\"name\":\"C\"}]}]}"
        try garbage.write(to: url, atomically: true, encoding: .utf8)
        let file = DocumentFile(url: url)
        let loaded = loadSheet(file)
        #expect(loaded.document == .empty)
        #expect(loaded.problem?.contains("lines[0].chords[0]: missing or bad \"x\"") == true)
        #expect(loaded.problem?.contains("moved aside to sheet.corrupt-") == true)
        #expect(loaded.problem?.hasSuffix("starting a new sheet") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        let aside = names.first { $0.hasPrefix("sheet.corrupt-") && $0.hasSuffix(".json") }
        #expect(!names.contains("sheet.json"))
        let asideText = try aside.map { try String(contentsOf: url.deletingLastPathComponent().appendingPathComponent($0), encoding: .utf8) }
        #expect(asideText == garbage)
        // A second damaged sheet the same second gets its own name.
        try "{\"version\":1,\"lines\":[{\"text\":\"x\",\"chords\":[{\"name\":\"Q\",\"x\":1}]}]}".write(to: url, atomically: true, encoding: .utf8)
        _ = loadSheet(file)
        let after = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(after.filter { $0.hasPrefix("sheet.corrupt-") }.count == 2)
    }

    /// A damaged sheet a new file could not stand in for keeps its name and is never saved
    /// over: read-only, with other hard links, with extended attributes, or another user's (a
    /// hostile tour saw
    /// a read-only song renamed aside and a new read-only one made, and a link split in two).
    @Test func aDamagedSheetThatIsReadOnlyLinkedOrHasAttributesIsLeftWhereItIs() throws {
        let garbage = "{\"version\":2,\"lines\":[{\"text\":\"my work\",\"chords\":[{\"name\":\"X7\",\"at\":0}]}]}"
        for kind in ["read-only", "linked", "attributes", "another's"] {
            let url = tempURL(), dir = url.deletingLastPathComponent()
            try garbage.write(to: url, atomically: true, encoding: .utf8)
            var before = stat()
            switch kind {
            case "read-only": chmod(url.path, 0o444)
            case "linked": #expect(link(url.path, dir.appendingPathComponent("other.json").path) == 0)
            case "attributes":
                // (A file system without user attributes: nothing to check.)
                guard setxattr(url.path, "user.motionlab.test", "1", 1, 0) == 0 else { continue }
            default:
                // (Only root can give a file away: run as another user, nothing to check.)
                guard geteuid() == 0, chown(url.path, 65534, 65534) == 0 else { continue }
            }
            #expect(stat(url.path, &before) == 0)
            let file = DocumentFile(url: url)
            let loaded = loadSheet(file)
            #expect(loaded.document == .empty && !loaded.mayOverwrite, "\(kind)")
            #expect(loaded.problem?.contains("not moved aside") == true, "\(kind): \(loaded.problem ?? "")")
            var after = stat()
            #expect(stat(url.path, &after) == 0 && after.st_ino == before.st_ino && after.st_nlink == before.st_nlink, "\(kind)")
            #expect(try String(contentsOf: url, encoding: .utf8) == garbage)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(!names.contains { $0.contains("corrupt") }, "\(kind): \(names)")
        }
    }

    /// A damaged sheet of ours still moves aside when what it has, a new file gets too: an
    /// SELinux label (every file has one there; a review found such a system would then never
    /// move one aside), and a byte order mark an editor put first.
    @Test func aDamagedSheetWithALabelOrAByteOrderMarkIsStillMovedAside() throws {
        let garbage = "{\"version\":2,\"lines\":[{\"text\":\"a\",\"chords\":[{\"name\":\"X7\",\"at\":0}]}]}"
        for kind in ["label", "mark"] {
            let url = tempURL()
            try (kind == "mark" ? "\u{FEFF}" + garbage : garbage).write(to: url, atomically: true, encoding: .utf8)
            if kind == "label" {
                let label = "unconfined_u:object_r:user_home_t:s0"
                guard setxattr(url.path, "security.selinux", label, label.utf8.count, 0) == 0 else { continue }
            }
            let loaded = loadSheet(DocumentFile(url: url))
            #expect(loaded.problem?.contains("moved aside to sheet.corrupt-") == true, "\(kind): \(loaded.problem ?? "")")
        }
    }

    /// A sheet that is a link into a folder that is not there: the folder is not made (a
    /// tour's dangling song link made /nonexistent/ at the root), and the save says why.
    @Test func aLinkIntoAMissingFolderIsNotSavedThroughAndNoFolderIsMade() throws {
        let dir = Motionlab.tempDir(), missing = dir.appendingPathComponent("nodir/sub")
        let url = dir.appendingPathComponent("songs/Dangle.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(symlink(missing.appendingPathComponent("x.json").path, url.path) == 0)
        let file = DocumentFile(url: url, makesFolder: true)
        let loaded = loadSheet(file)
        #expect(throws: FilePolicy.Refusal.self) {
            try file.save(SheetDocument.newSong.serialized(), over: loaded.found, newFileMode: loaded.newFileMode)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("nodir").path))
    }

    @Test func killingTheAppWhileItSavesLeavesAWholeSheet() throws {
        let url = tempURL()
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 0)]
        try DocumentFile(url: url).save(doc.serialized())
        // The app drops a chord every few frames (each drop saves the sheet) and is killed
        // with SIGKILL at a different moment each round, as a crash or power cut would.
        let board = BoardScene()
        _ = Shell(scenes: [board], size: Vec2(1280, 720), font: .placeholder)
        let c = board.itemRootFrame(2).center, target = board.lineRootFrame(1).center
        var lines: [String] = []
        for k in 0..<150 {
            // Each drop held still over the line for 4 frames before the lift (not a flick).
            let f = 1 + k * 8, x = target.x - 200 + Double(k % 40) * 10
            lines.append("{\"frame\":\(f),\"type\":\"pointerDown\",\"pointer\":0,\"x\":\(c.x),\"y\":\(c.y)}")
            lines.append("{\"frame\":\(f + 1),\"type\":\"pointerMove\",\"pointer\":0,\"x\":\(c.x),\"y\":\(c.y + 30)}")
            lines.append("{\"frame\":\(f + 2),\"type\":\"pointerMove\",\"pointer\":0,\"x\":\(x),\"y\":\(target.y)}")
            lines.append("{\"frame\":\(f + 6),\"type\":\"pointerUp\",\"pointer\":0,\"x\":\(x),\"y\":\(target.y)}")
        }
        let script = url.deletingLastPathComponent().appendingPathComponent("drops.jsonl")
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        var killedWhileRunning = 0
        var rng = SplitMix64(seed: 9)
        for _ in 0..<6 {
            let p = try Motionlab.start(["--headless", "--scene", "board", "--frames", "1300", "--script", script.path, "--sheet", url.path])
            usleep(UInt32(rng.uniform(150_000, 900_000)))
            if p.isRunning { killedWhileRunning += 1 }
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let loaded = loadSheet(DocumentFile(url: url))
            #expect(loaded.problem == nil, "after a kill: \(loaded.problem ?? "")")
            #expect(loaded.document.lines[0].chords.map(\.name) == ["G"])
        }
        #expect(killedWhileRunning > 0)
        // Run to the end, the same script saves every drop.
        let ok = try Motionlab.run(["--headless", "--scene", "board", "--frames", "1300", "--script", script.path, "--sheet", url.path])
        #expect(ok.status == 0, "\(ok.stderr)")
        let saved = loadSheet(DocumentFile(url: url)).document
        #expect(saved.lines[1].chords.count >= 150)
        #expect(saved.lines[0].chords.map(\.name) == ["G"])
    }
}
