import Foundation
import Engine
@testable import MotionSDL
@testable import Scenes
@testable import Songs
import Testing

/// `motionlab song`: ChordPro in and out of the songs' folder, run as a user runs it.
@Suite struct SongCommandTests {
    static let corpus = Motionlab.root.appendingPathComponent("Tests/Corpus/chordpro")

    func song(_ args: [String], in dir: URL) throws -> Motionlab.Result {
        try Motionlab.run(["song"] + [args[0]] + ["--songs", dir.appendingPathComponent("songs").path] + args.dropFirst())
    }

    /// A `trash` in the songs' folder that is a link (to a folder elsewhere) or a file is not
    /// the trash: nothing is moved through it (a hostile tour's deleted song went elsewhere).
    @Test func deleteMovesNothingThroughATrashThatIsALinkOrAFile() throws {
        for kind in ["link", "file"] {
            let dir = Motionlab.tempDir(), songs = dir.appendingPathComponent("songs"), elsewhere = dir.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: songs, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try SheetDocument.newSong.serialized().write(to: songs.appendingPathComponent("A.json"), atomically: false, encoding: .utf8)
            if kind == "link" {
                try FileManager.default.createSymbolicLink(atPath: songs.appendingPathComponent("trash").path, withDestinationPath: elsewhere.path)
            } else {
                try "mine".write(to: songs.appendingPathComponent("trash"), atomically: false, encoding: .utf8)
            }
            let r = try song(["delete", "A"], in: dir)
            #expect(r.status == 2 && r.stderr.contains("not the songs' trash folder"), "\(kind): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: songs.appendingPathComponent("A.json").path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }

    @Test func theCorpusImportsListsAndExportsBackTheSameAndChordiiRendersEveryExport() throws {
        let dir = Motionlab.tempDir()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".cho") }.sorted()
        #expect(files.count >= 10)
        var names: [String: String] = [:]
        for f in files {
            let r = try song(["import", Self.corpus.appendingPathComponent(f).path], in: dir)
            #expect(r.status == 0, "\(f): \(r.stderr)")
            names[f] = r.stdout.trimmingCharacters(in: .newlines)
        }
        let list = try song(["list"], in: dir)
        #expect(list.stdout.split(separator: "\n").map(String.init).sorted() == names.values.sorted())
        for f in files {
            let original = try String(contentsOf: Self.corpus.appendingPathComponent(f), encoding: .utf8)
            let out = dir.appendingPathComponent(f)
            let r = try song(["export", names[f]!, "-o", out.path], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try String(contentsOf: out, encoding: .utf8) == ChordPro.normalized(original), "\(f)")
            // Debian's chordii renders it: PostScript out, exit 0.
            let ps = dir.appendingPathComponent(f + ".ps")
            let chordii = Process()
            chordii.executableURL = URL(fileURLWithPath: "/usr/bin/chordii")
            chordii.arguments = [out.path, "-o", ps.path]
            chordii.standardError = FileHandle.nullDevice
            try chordii.run()
            chordii.waitUntilExit()
            #expect(chordii.terminationStatus == 0, "\(f)")
            #expect(try String(contentsOf: ps, encoding: .isoLatin1).hasPrefix("%!PS"), "\(f)")
        }
        // Up two, imported as a new song, down two: the original.
        let up = try song(["export", "Amazing Grace", "--transpose", "2"], in: dir)
        #expect(up.stdout.contains("[A]Amazing [A7]grace! How [D]sweet the [A]sound") && up.stdout.contains("{key: A}\n"))
        let upFile = dir.appendingPathComponent("up.cho")
        try up.stdout.write(to: upFile, atomically: true, encoding: .utf8)
        #expect(try song(["import", upFile.path, "--name", "Up"], in: dir).status == 0)
        let down = try song(["export", "Up", "--transpose", "-2"], in: dir)
        #expect(down.stdout == ChordPro.normalized(try String(contentsOf: Self.corpus.appendingPathComponent("amazing-grace.cho"), encoding: .utf8)))
        // JSON out is the song file's format.
        let json = try song(["export", "Up", "--format", "json"], in: dir)
        #expect(try SheetDocument.parse(json.stdout).lines.count == 9)
    }

    /// A headless board run on `song` that opens the songs panel and exports it (Ctrl+O, E).
    func exportFromThePanel(in dir: URL, song: String) throws -> Process {
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        {"frame":2,"type":"key","key":"Left Ctrl","down":true}
        {"frame":3,"type":"key","key":"O","down":true}
        {"frame":4,"type":"key","key":"O","down":false}
        {"frame":5,"type":"key","key":"E","down":true}
        {"frame":6,"type":"key","key":"E","down":false}
        {"frame":6,"type":"key","key":"Left Ctrl","down":false}
        """.write(to: script, atomically: true, encoding: .utf8)
        return Motionlab.process(["--headless", "--scene", "board", "--frames", "8", "--song", song, "--script", script.path])
    }

    /// The songs panel's Export of a song made in the app writes its name as the ChordPro
    /// `{title}` (it had none, so ChordPro tools showed it untitled: a tour), which an import
    /// reads back as its name; a song with a title keeps its own.
    @Test func thePanelsExportTitlesASongMadeHere() throws {
        let dir = Motionlab.tempDir()
        let p = try exportFromThePanel(in: dir, song: "Вечерняя звезда")
        p.environment?["XDG_DATA_HOME"] = dir.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        let exported = try String(contentsOf: dir.appendingPathComponent("motionlab/exports/Вечерняя звезда.cho"), encoding: .utf8)
        #expect(exported.hasPrefix("{title: Вечерняя звезда}\n"), "\(exported)")
        #expect(ChordPro.title(of: try ChordPro.parse(exported)) == "Вечерняя звезда")
    }

    /// A song of the most lines a sheet holds has no room for a title: exported without one
    /// (a review's 10,000-line song was refused, blamed on a line 10,001 it never had).
    @Test func thePanelsExportOfASongAtTheLineLimitGoesUntitled() throws {
        let dir = Motionlab.tempDir()
        let cho = dir.appendingPathComponent("big.cho")
        try (0..<SheetDocument.maxLines).map { "[C]line \($0)" }.joined(separator: "\n").write(to: cho, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("motionlab"), withIntermediateDirectories: true)
        let imported = try Motionlab.run(["song", "import", cho.path, "--name", "Big", "--songs", dir.appendingPathComponent("motionlab/songs").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let p = try exportFromThePanel(in: dir, song: "Big")
        p.environment?["XDG_DATA_HOME"] = dir.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        let exported = try String(contentsOf: dir.appendingPathComponent("motionlab/exports/Big.cho"), encoding: .utf8)
        #expect(exported.hasPrefix("[C]line 0\n") && exported.contains("line 9999"), "\(exported.prefix(80))")
    }

    /// Nothing is written over a song through a hard link, nor anywhere in the songs' folder
    /// by a run's options: a window run's `--state` replaced the song it opened by itself,
    /// and `song export -o` through a link wrote one song over another (a hostile tour).
    @Test func noOutputGoesOverASongByALinkOrIntoTheSongsFolder() throws {
        let dir = Motionlab.tempDir(), songs = dir.appendingPathComponent("motionlab/songs")
        try FileManager.default.createDirectory(at: songs, withIntermediateDirectories: true)
        for name in ["A", "B"] {
            let r = try Motionlab.run(["song", "import", Self.corpus.appendingPathComponent("amazing-grace.cho").path, "--name", name, "--songs", songs.path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let a = songs.appendingPathComponent("A.json"), before = try Data(contentsOf: a)
        let link = dir.appendingPathComponent("A-hard.json")
        try FileManager.default.linkItem(at: a, to: link)
        for format in ["json", "chordpro"] {
            let r = try Motionlab.run(["song", "export", "B", "--format", format, "-o", link.path, "--songs", songs.path])
            #expect(r.status == 2 && r.stderr.contains("another name"), "\(format): \(r.stderr)")
        }
        // A new name in the folder, by any format: a second spelling of a song, or a name
        // no song may have.
        let r = try Motionlab.run(["song", "export", "B", "--format", "json", "-o", songs.appendingPathComponent("trash.json").path, "--songs", songs.path])
        #expect(r.status == 2 && r.stderr.contains("in the songs' folder"), "\(r.stderr)")
        for option in ["--state", "--record"] {
            for target in [a.path, link.path] {
                let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "2", option, target])
                p.environment?["XDG_DATA_HOME"] = dir.path
                let r = try Motionlab.run(p)
                #expect(r.status == 2, "\(option) \(target): \(r.stderr)")
            }
        }
        #expect(try Data(contentsOf: a) == before)
        #expect(!FileManager.default.fileExists(atPath: songs.appendingPathComponent("trash.json").path))
        // A song kept as a link to a file elsewhere: that file is the song (a review), and
        // every writer keeps off the app's songs whatever folder it was given (--songs).
        let elsewhere = dir.appendingPathComponent("elsewhere.json")
        try FileManager.default.moveItem(at: songs.appendingPathComponent("B.json"), to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: songs.appendingPathComponent("B.json").path, withDestinationPath: elsewhere.path)
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let kept = try Data(contentsOf: elsewhere)
        for args in [["--headless", "--frames", "2", "--state", elsewhere.path], ["--headless", "--frames", "2", "--sheet", a.path],
                     ["song", "export", "A", "-o", elsewhere.path],
                     ["song", "export", "A", "--songs", other.path, "-o", a.path],
                     ["soak", "--minutes", "0.01", "--state", songs.appendingPathComponent("C.json").path],
                     ["bench", "--frames", "1", "--warmup", "0", "--followers", "1", "--tweens", "0", "--sprites", "0", "--json", elsewhere.path]] {
            let p = Motionlab.process(args)
            p.environment?["XDG_DATA_HOME"] = dir.path
            let r = try Motionlab.run(p)
            #expect(r.status == 2 && r.stderr.contains("song"), "\(args): \(r.stderr)")
        }
        #expect(try Data(contentsOf: elsewhere) == kept && (try Data(contentsOf: a)) == before)
    }

    /// Export writes nothing into the songs' folder or its trash, over a song or beside one
    /// (a hostile tour's `-o songs/X.json` left a song the board could not read).
    @Test func exportWritesNoSongOfTheFolder() throws {
        let dir = Motionlab.tempDir(), songs = dir.appendingPathComponent("songs")
        for name in ["T", "X"] { #expect(try song(["import", Self.corpus.appendingPathComponent("amazing-grace.cho").path, "--name", name], in: dir).status == 0) }
        let x = songs.appendingPathComponent("X.json")
        let before = try Data(contentsOf: x)
        for (target, format) in [(x.path, "chordpro"), (x.path, "json"), (songs.appendingPathComponent("new.json").path, "chordpro")] {
            let r = try song(["export", "T", "--format", format, "-o", target], in: dir)
            #expect(r.status != 0 && r.stderr.contains("in the songs' folder"), "\(target) \(format): \(r.stderr)")
        }
        #expect(try Data(contentsOf: x) == before)
        #expect(!FileManager.default.fileExists(atPath: songs.appendingPathComponent("new.json").path))
        // Nor anything else there: a JSON copy bypassed the names' rules (a second spelling of
        // a song, `trash.json`: a hostile tour). A copy is an export imported under a name.
        for target in [songs.appendingPathComponent("copy.json").path, songs.appendingPathComponent("T.cho").path] {
            let r = try song(["export", "T", "--format", target.hasSuffix(".json") ? "json" : "chordpro", "-o", target], in: dir)
            #expect(r.status == 2 && r.stderr.contains("in the songs' folder"), "\(target): \(r.stderr)")
        }
        #expect(try song(["list"], in: dir).stdout == "T\nX\n")
        // Nor into the trash, where a deleted song is kept (a review): not over its copy, nor beside it.
        #expect(try song(["delete", "X"], in: dir).status == 0)
        let trashed = songs.appendingPathComponent("trash/X.json")
        let kept = try Data(contentsOf: trashed)
        for target in [trashed.path, songs.appendingPathComponent("trash/new.cho").path] {
            let r = try song(["export", "T", "-o", target], in: dir)
            #expect(r.status != 0 && r.stderr.contains("in the songs' folder"), "\(target): \(r.stderr)")
        }
        #expect(try Data(contentsOf: trashed) == kept)
    }

    @Test func badChordProIsRefusedWithLineAndColumnAndNothingIsWritten() throws {
        let dir = Motionlab.tempDir()
        for (text, words) in [("{title: X}\n[G]la [Am la\n", "line 2, column 7: '['"),
                              ("la ]la [Q]\n", "line 1, column 9: \"Q\" is not a chord name"),
                              (String(repeating: "a", count: 1_048_576), "line 1, column 1: the line is 1048576 bytes")] {
            let f = dir.appendingPathComponent("bad.cho")
            try text.write(to: f, atomically: true, encoding: .utf8)
            let r = try song(["import", f.path], in: dir)
            #expect(r.status == 2 && r.stderr.contains(words), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("songs").path))
    }

    @Test func namesThatAreNotASongsFileAndAnExistingSongAreRefusedAndNothingOfTheUsersIsTouched() throws {
        let dir = Motionlab.tempDir()
        let f = dir.appendingPathComponent("s.cho")
        try "[C]la\n".write(to: f, atomically: true, encoding: .utf8)
        for name in ["a/b", "..", ".hidden", "trash", "tab\there", " lead", String(repeating: "x", count: 121)] {
            let r = try song(["import", f.path, "--name", name], in: dir)
            #expect(r.status == 2 && !r.stderr.isEmpty, "\(name)")
        }
        #expect(throws: FilePolicy.Refusal.self) { try SongLibrary.check("nul\u{0}byte") }
        #expect(throws: FilePolicy.Refusal.self) { try SongLibrary.check("Demo.v1") }
        // Names that print nothing but break a listing across lines or show it reversed.
        // And names that look like another (a tour renamed a song "ab\u{200B}" beside "ab").
        for invisible in ["a\u{2028}b", "a\u{2029}b", "\u{202E}evil", "x\u{2067}y"] {
            #expect(throws: FilePolicy.Refusal.self, "\(invisible.unicodeScalars.map(\.value))") { try SongLibrary.check(invisible) }
        }
        // Given anew only: songs an earlier build named so are still reached (a review).
        // (The fillers too: a Hangul filler, the blank braille pattern, a combining grapheme
        // joiner, a Mongolian variation selector, a Khmer inherent vowel.)
        for lookalike in ["ab\u{200B}", "ab\u{A0}", "\u{3000}ab", "a\u{200F}b", "a\u{FEFF}b",
                          "ab\u{3164}", "ab\u{2800}", "a\u{34F}b", "a\u{180B}b", "ab\u{17B4}", "\u{FFA0}ab",
                          // (And every other default-ignorable one, a review found: the soft
                          // hyphen, the Arabic letter mark, deprecated format characters,
                          // musical formatting, a variation selector on a Latin letter.)
                          "a\u{AD}b", "a\u{61C}b", "a\u{206A}b", "a\u{1D173}b", "a\u{E0100}b", "a\u{FE00}b"] {
            #expect(throws: FilePolicy.Refusal.self, "\(lookalike.unicodeScalars.map(\.value))") { try SongLibrary.checkNew(lookalike) }
            try SongLibrary.check(lookalike)
            #expect(try song(["import", f.path, "--name", lookalike], in: dir).status == 2)
        }
        let earlier = Motionlab.tempDir(), old = earlier.appendingPathComponent("songs/Old\u{200B}.json")
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SheetDocument(lines: [.init(text: "la")]).serialized().write(to: old, atomically: false, encoding: .utf8)
        #expect(try song(["list"], in: earlier).stdout == "Old\u{200B}\n")
        #expect(try song(["rename", "Old\u{200B}", "Old"], in: earlier).status == 0)
        #expect(try song(["rename", "Old", "Old\u{200B}"], in: earlier).status == 2)
        try SongLibrary.check("Shalom \u{05E9}\u{05DC}\u{05D5}\u{05DD}")
        // An emoji's variation selector is its look, not a look-alike.
        try SongLibrary.checkNew("I \u{2764}\u{FE0F} you")
        // Nor a CJK ideograph's variation, nor the tags of a flag (Scotland's).
        try SongLibrary.checkNew("\u{845B}\u{E0100}")
        try SongLibrary.checkNew("Flower of \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}")
        try SongLibrary.check("\u{1F468}\u{200D}\u{1F469} and \u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}")
        #expect(SongLibrary.suggestedName("\u{A0}Title\u{200B}\u{A0}") == "Title")
        #expect(SongLibrary.suggestedName("Either/Or\\Both") == "Either-Or-Both" && SongLibrary.suggestedName(" .hidden\t ") == "hidden")
        #expect(SongLibrary.suggestedName("Demo.v1") == "Demo.v1 song" && SongLibrary.suggestedName("..") == nil)
        #expect(try song(["import", f.path, "--name", "Mine"], in: dir).status == 0)
        let songs = dir.appendingPathComponent("songs")
        try "[G]other\n".write(to: f, atomically: true, encoding: .utf8)
        let again = try song(["import", f.path, "--name", "Mine"], in: dir)
        // Said as a song already there, as rename says it (it read "changed on disk" before).
        #expect(again.status == 2 && again.stderr.contains("a song \"Mine\" is there already"), "\(again.stderr)")
        #expect(try String(contentsOf: songs.appendingPathComponent("Mine.json"), encoding: .utf8).contains("\"C\""))
        // A song that is a FIFO is refused at once; one that is a link is not moved to the trash.
        mkfifo(songs.appendingPathComponent("Pipe.json").path, 0o600)
        let pipe = try song(["export", "Pipe"], in: dir)
        #expect(pipe.status == 2 && pipe.stderr.contains("FIFO"), "\(pipe.stderr)")
        // An export has no session: its refusal does not speak of one's changes.
        #expect(!pipe.stderr.contains("session"), "\(pipe.stderr)")
        try FileManager.default.createSymbolicLink(at: songs.appendingPathComponent("Link.json"), withDestinationURL: songs.appendingPathComponent("Mine.json"))
        let link = try song(["delete", "Link"], in: dir)
        #expect(link.status == 2 && link.stderr.contains("a symbolic link"))
        // Nor renamed, and the refusal says what it is (it said "no song file" of a song listed).
        let renamed = try song(["rename", "Link", "Other"], in: dir)
        #expect(renamed.status == 2 && renamed.stderr.contains("Link.json is a symbolic link, not a song file of ours"), "\(renamed.stderr)")
        // Delete moves into trash/, never over a name there; rename never over a song.
        #expect(try song(["delete", "Mine"], in: dir).stdout == "moved to trash/Mine.json\n")
        #expect(try song(["import", f.path, "--name", "Mine"], in: dir).status == 0)
        #expect(try song(["delete", "Mine"], in: dir).stdout == "moved to trash/Mine-2.json\n")
        #expect(try song(["import", f.path, "--name", "A"], in: dir).status == 0)
        #expect(try song(["import", f.path, "--name", "B"], in: dir).status == 0)
        #expect(try song(["rename", "A", "B"], in: dir).status == 2)
        #expect(try song(["rename", "A", "C"], in: dir).status == 0)
        // The FIFO and the link left dangling by the delete are not songs to list.
        #expect(try song(["list"], in: dir).stdout == "B\nC\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: songs.appendingPathComponent("trash").path).sorted() == ["Mine-2.json", "Mine.json"])
        // A file whose name is not UTF-8 is not listed: shown with U+FFFD for its byte, no
        // name given back could reach it. A name that arrives with U+FFFD is refused.
        let latin1 = Array(songs.path.utf8) + Array("/lat".utf8) + [0xE9] + Array(".json".utf8) + [0]
        let fd = latin1.withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        #expect(fd >= 0)
        close(fd)
        #expect(try song(["list"], in: dir).stdout == "B\nC\n")
        #expect(throws: FilePolicy.Refusal.self) { try SongLibrary.check("bad\u{FFFD}") }
        #expect(SongLibrary.suggestedName("lat\u{FFFD}") == "lat")
    }

    /// "Café" with é as one character and as e and an accent look the same, and Swift's ==
    /// calls them equal: one song, found by either, never made twice.
    /// A hostile tour's mistyped `--songs` made a tree of folders, `song list` of a missing
    /// folder answered nothing, and the list showed a folder, a FIFO, a device and a dangling
    /// link named `*.json` that no command could then open.
    /// No folder is made in a folder its owner made read-only (mode 555), however far down:
    /// not the default songs' folder two levels into a read-only data folder, not `songs/` in
    /// a read-only `motionlab/`, not the trash in a read-only songs' folder. Root could make
    /// them all, and did (a tour's note).
    @Test func noFolderIsMadeInAReadOnlyFolder() throws {
        let dir = Motionlab.tempDir()
        let cho = dir.appendingPathComponent("x.cho")
        try "[C]la\n".write(to: cho, atomically: false, encoding: .utf8)
        for readOnly in ["data", "data/motionlab"] {
            let data = dir.appendingPathComponent(readOnly == "data" ? "one" : "two")
            let locked = readOnly == "data" ? data : data.appendingPathComponent("motionlab")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
            defer { chmod(locked.path, 0o755) }
            let p = Motionlab.process(["song", "import", cho.path])
            p.environment?["XDG_DATA_HOME"] = data.path
            let r = try Motionlab.run(p)
            #expect(r.status == 2 && r.stderr.contains("is read-only; no folder made in it"), "\(readOnly): \(r.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty, "\(readOnly)")
        }
        #expect(try song(["import", cho.path], in: dir).status == 0)
        let songs = dir.appendingPathComponent("songs")
        chmod(songs.path, 0o555)
        defer { chmod(songs.path, 0o755) }
        let delete = try song(["delete", "x"], in: dir)
        #expect(delete.status == 2 && delete.stderr.contains("is read-only; no folder made in it"), "\(delete.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: songs.path) == ["x.json"])
    }

    @Test func aMistypedFolderIsNotMadeAndOnlySongFilesAreListed() throws {
        let dir = Motionlab.tempDir()
        let cho = dir.appendingPathComponent("x.cho")
        try "[C]la\n".write(to: cho, atomically: false, encoding: .utf8)
        let deep = dir.appendingPathComponent("typo/songs")
        let made = try Motionlab.run(["song", "import", cho.path, "--songs", deep.path])
        #expect(made.status == 2 && made.stderr.contains("no such folder"), "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("typo").path))
        let missing = try Motionlab.run(["song", "list", "--songs", dir.appendingPathComponent("nope").path])
        #expect(missing.status == 2 && missing.stderr.contains("no such folder"), "\(missing.stderr)")
        // A folder whose parent is there is made on import, as before.
        #expect(try song(["import", cho.path], in: dir).status == 0)
        let songs = dir.appendingPathComponent("songs")
        try FileManager.default.createSymbolicLink(atPath: songs.appendingPathComponent("dangle.json").path, withDestinationPath: "/nowhere")
        try FileManager.default.createSymbolicLink(atPath: songs.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(at: songs.appendingPathComponent("folder.json"), withIntermediateDirectories: false)
        #expect(mkfifo(songs.appendingPathComponent("fifo.json").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: songs.appendingPathComponent("linked.json").path, withDestinationPath: "x.json")
        let list = try song(["list"], in: dir)
        #expect(list.status == 0 && list.stdout == "linked\nx\n", "\(list.stdout)")
    }

    @Test func aNameInAnotherUnicodeFormIsTheSameSong() throws {
        let dir = Motionlab.tempDir()
        let f = dir.appendingPathComponent("s.cho")
        try "[C]la\n".write(to: f, atomically: true, encoding: .utf8)
        let decomposed = "Cafe\u{301}", composed = "Caf\u{E9}"
        #expect(try song(["import", f.path, "--name", decomposed], in: dir).status == 0)
        let twice = try song(["import", f.path, "--name", composed], in: dir)
        #expect(twice.status == 2 && twice.stderr.contains("is there already"), "\(twice.stderr)")
        let out = try song(["export", composed], in: dir)
        #expect(out.status == 0 && out.stdout.contains("[C]la"), "\(out.stderr)")
        #expect(try song(["import", f.path, "--name", "Other"], in: dir).status == 0)
        #expect(try song(["rename", "Other", composed], in: dir).status == 2)
        // Its own spelling may change.
        #expect(try song(["rename", composed, composed], in: dir).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("songs").path)
        #expect(names.sorted().map { Array($0.unicodeScalars) } == ["\(composed).json", "Other.json"].map { Array($0.unicodeScalars) })
    }

    /// `play --song`: the song opens (a new name is a new song of one empty line), typing
    /// saves into it, it is remembered, and a ChordPro file dropped on the window is imported
    /// as a song under a free name and opened.
    @Test func playOpensASongRemembersItAndImportsADroppedFile() throws {
        let dir = Motionlab.tempDir()
        let cho = dir.appendingPathComponent("drop.cho")
        try "{title: Fresh}\n[G]Ёлка\n".write(to: cho, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        {"frame":2,"type":"key","key":"F2","down":true}
        {"frame":3,"type":"key","key":"F2","down":false}
        {"frame":4,"type":"text","text":"Первая"}
        {"frame":6,"type":"fileDropped","path":"\(cho.path)"}
        {"frame":8,"type":"fileDropped","path":"\(cho.path)"}
        """.write(to: script, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--song", "Mine", "--state", state.path])
        p.environment?["XDG_DATA_HOME"] = dir.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        let songs = dir.appendingPathComponent("motionlab/songs")
        #expect(try SheetDocument.parse(String(contentsOf: songs.appendingPathComponent("Mine.json"), encoding: .utf8)).lines.map(\.text) == ["Первая"])
        #expect(try String(contentsOf: songs.appendingPathComponent("Fresh.json"), encoding: .utf8).contains("Ёлка"))
        #expect(FileManager.default.fileExists(atPath: songs.appendingPathComponent("Fresh (2).json").path))
        #expect(try String(contentsOf: state, encoding: .utf8).contains(#""song":"Fresh (2)""#))
        #expect(try String(contentsOf: dir.appendingPathComponent("motionlab/last-song"), encoding: .utf8) == "Fresh (2)\n")
    }

    /// The last song is remembered over a song's name only: a `last-song` that leads to
    /// someone's notes, or holds more than a name, is left as it is and said.
    @Test func theLastSongIsRememberedOnlyOverASongsName() throws {
        let dir = Motionlab.tempDir()
        let library = SongLibrary(folder: dir.appendingPathComponent("motionlab/songs"))
        let last = library.lastSongURL.path, notes = dir.appendingPathComponent("notes.txt").path
        try library.remember("First")
        #expect(try String(contentsOfFile: last, encoding: .utf8) == "First\n")
        try library.remember("Second")
        #expect(try String(contentsOfFile: last, encoding: .utf8) == "Second\n")
        try "milk\neggs\n".write(toFile: notes, atomically: false, encoding: .utf8)
        unlink(last)
        #expect(symlink(notes, last) == 0)
        #expect(throws: FilePolicy.Refusal.self) { try library.remember("Third") }
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "milk\neggs\n")
        unlink(last)
        try String(repeating: "x", count: 5000).write(toFile: last, atomically: false, encoding: .utf8)
        #expect(throws: FilePolicy.Refusal.self) { try library.remember("Third") }
        #expect(try String(contentsOfFile: last, encoding: .utf8).count == 5000)
        // A link to a one-line note, a hard link of one, a dangling link: none is written.
        unlink(last)
        try "buy milk\n".write(toFile: notes, atomically: false, encoding: .utf8)
        #expect(symlink(notes, last) == 0)
        #expect(throws: FilePolicy.Refusal.self) { try library.remember("Third") }
        unlink(last)
        #expect(link(notes, last) == 0)
        #expect(throws: FilePolicy.Refusal.self) { try library.remember("Third") }
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "buy milk\n")
        unlink(last)
        let planted = dir.appendingPathComponent("planted.txt").path
        #expect(symlink(planted, last) == 0)
        #expect(throws: FilePolicy.Refusal.self) { try library.remember("Third") }
        #expect(!FileManager.default.fileExists(atPath: planted))
        // An empty one (a crash mid-write of another program) is the program's to fill.
        unlink(last)
        try "".write(toFile: last, atomically: false, encoding: .utf8)
        try library.remember("Fourth")
        #expect(try String(contentsOfFile: last, encoding: .utf8) == "Fourth\n")
    }

    /// `play --song NAME` where the songs' folder cannot be: the board says the song is not
    /// open (the window's banner, and standard error) and that nothing is saved; no song is
    /// shown as open, and the file in the folder's way is left as it is.
    @Test func aSongWhoseFolderCannotBeIsSaidNotOpen() throws {
        let dir = Motionlab.tempDir()
        let inTheWay = dir.appendingPathComponent("data")
        try "mine".write(to: inTheWay, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "3", "--song", "Demo", "--state", state.path])
        p.environment?["XDG_DATA_HOME"] = inTheWay.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("song Demo: \(inTheWay.path)/motionlab/songs/Demo.json: not a directory"), "\(r.stderr)")
        #expect(try String(contentsOf: state, encoding: .utf8).contains(#""song":null"#))
        #expect(try String(contentsOf: inTheWay, encoding: .utf8) == "mine")
        // Typed into all the same, the edits cannot be kept as a song either: the run says
        // they are lost and exits 2 (a review: status 0 and nothing said).
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        {"frame":1,"type":"pointerDown","pointer":0,"x":300,"y":250}
        {"frame":2,"type":"pointerUp","pointer":0,"x":300,"y":250}
        {"frame":3,"type":"text","text":"zz"}
        """.write(to: script, atomically: true, encoding: .utf8)
        let typed = Motionlab.process(["--headless", "--scene", "board", "--frames", "6", "--song", "Demo", "--script", script.path, "--state", state.path])
        typed.environment?["XDG_DATA_HOME"] = inTheWay.path
        let t = try Motionlab.run(typed)
        #expect(t.status == 2, "\(t.stderr)")
        #expect(t.stderr.contains("the sheet shown is not saved (song “Demo” was not opened: ") && t.stderr.contains("; the edits are lost"), "\(t.stderr)")
        #expect(try String(contentsOf: state, encoding: .utf8).contains("zz"))
        #expect(try String(contentsOf: inTheWay, encoding: .utf8) == "mine")
    }

    /// A `--song` that cannot be opened where songs can be kept (a new name holding an
    /// invisible character is refused): the edits made to the sheet shown are kept as a song
    /// of their own when the run ends, as a refused save's are.
    @Test func editsToASongThatWasNotOpenedAreKeptAsASongOfTheirOwn() throws {
        let dir = Motionlab.tempDir()
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        {"frame":1,"type":"pointerDown","pointer":0,"x":300,"y":250}
        {"frame":2,"type":"pointerUp","pointer":0,"x":300,"y":250}
        {"frame":3,"type":"text","text":"zz"}
        """.write(to: script, atomically: true, encoding: .utf8)
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "6", "--song", "Demo\u{200B}", "--script", script.path])
        p.environment?["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("invisible character (U+200B)"), "\(r.stderr)")
        #expect(r.stderr.contains("kept as the song “song (unsaved)”: the edits to “Demo\u{200B}”"), "\(r.stderr)")
        let songs = dir.appendingPathComponent("data/motionlab/songs")
        #expect(try String(contentsOf: songs.appendingPathComponent("song (unsaved).json"), encoding: .utf8).contains("zz"))
    }

    /// `play --song NEW`: the new song is made at once, so the Songs panel (Ctrl+O) lists it
    /// and F2 there renames it before anything was typed (it used to say "no song file of
    /// ours").
    @Test func aNewSongNamedOnTheCommandLineIsListedAndRenamedAtOnce() throws {
        let dir = Motionlab.tempDir()
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        {"frame":2,"type":"key","key":"Left Ctrl","down":true}
        {"frame":2,"type":"key","key":"O","down":true}
        {"frame":3,"type":"key","key":"O","down":false}
        {"frame":3,"type":"key","key":"Left Ctrl","down":false}
        {"frame":4,"type":"key","key":"F2","down":true}
        {"frame":5,"type":"key","key":"F2","down":false}
        {"frame":6,"type":"text","text":"Brand2"}
        {"frame":7,"type":"key","key":"Return","down":true}
        {"frame":8,"type":"key","key":"Return","down":false}
        """.write(to: script, atomically: true, encoding: .utf8)
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--song", "brandnew"])
        p.environment?["XDG_DATA_HOME"] = dir.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        let songs = dir.appendingPathComponent("motionlab/songs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: songs.path).filter { $0.hasSuffix(".json") } == ["Brand2.json"])
    }

    /// Renaming the open song keeps it as it is: typing not yet saved is in the file, and
    /// Ctrl+Z still undoes it, saved under the new name (a hostile tour's rename emptied the
    /// history, as opening a song does: "Nothing to undo").
    /// Script lines that press `names` together at `frame` and let them go the frame after.
    private func keys(_ frame: Int, _ names: [String]) -> String {
        (names.map { #"{"frame":\#(frame),"type":"key","key":"\#($0)","down":true}"# }
            + names.reversed().map { #"{"frame":\#(frame + 1),"type":"key","key":"\#($0)","down":false}"# }).joined(separator: "\n")
    }

    @Test func renamingTheOpenSongKeepsItsUndoHistory() throws {
        let dir = Motionlab.tempDir()
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        \(keys(2, ["F2"]))
        {"frame":4,"type":"text","text":"hello"}
        \(keys(6, ["Left Ctrl", "O"]))
        \(keys(8, ["F2"]))
        {"frame":10,"type":"text","text":"renamed"}
        \(keys(12, ["Return"]))
        \(keys(14, ["Escape"]))
        \(keys(16, ["Left Ctrl", "Z"]))
        """.write(to: script, atomically: true, encoding: .utf8)
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "20", "--script", script.path, "--song", "orig", "--state", state.path])
        p.environment?["XDG_DATA_HOME"] = dir.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0, "\(r.stderr)")
        let songs = dir.appendingPathComponent("motionlab/songs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: songs.path).filter { $0.hasSuffix(".json") } == ["renamed.json"])
        let dump = try String(contentsOf: state, encoding: .utf8)
        #expect(dump.contains(#""song":"renamed""#), "\(dump.prefix(400))")
        #expect(dump.contains(#""history":{"undo":0,"redo":1}"#))
        let saved = try SheetDocument.parse(String(contentsOf: songs.appendingPathComponent("renamed.json"), encoding: .utf8))
        #expect(saved.lines.map(\.text) == [""])
    }

    /// A data folder holding one song, "a" ("la"), with permissions `mode`: the folder, the
    /// songs' folder, the song's file and its text.
    func readOnlySong(mode: mode_t) throws -> (URL, URL, URL, String) {
        let dir = Motionlab.tempDir()
        let songs = dir.appendingPathComponent("motionlab/songs")
        try FileManager.default.createDirectory(at: songs, withIntermediateDirectories: true)
        let a = songs.appendingPathComponent("a.json")
        let original = SheetDocument(lines: [.init(text: "la")]).serialized()
        try original.write(to: a, atomically: false, encoding: .utf8)
        chmod(a.path, mode)
        return (dir, songs, a, original)
    }

    /// `play --headless --song a` for 20 frames of `script`, with `dir` as the data folder:
    /// the run and its state dump's file.
    func playSongA(in dir: URL, script: URL) throws -> (Motionlab.Result, URL) {
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "20", "--script", script.path, "--song", "a", "--state", state.path])
        p.environment?["XDG_DATA_HOME"] = dir.path
        return (try Motionlab.run(p), state)
    }

    /// A save refused (a read-only song) keeps the edits as a song of their own at once, and
    /// the board goes on in it, saving there as any song (a hostile tour's typing after a
    /// refusal lived only in memory until the run ended, and a kill lost it).
    @Test func aRefusedSaveGoesOnInACopySavedAsAnySong() throws {
        let (dir, songs, a, original) = try readOnlySong(mode: 0o400)
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        \(keys(2, ["F2"]))
        {"frame":4,"type":"text","text":"hello "}
        \(keys(6, ["Escape"]))
        \(keys(8, ["F2"]))
        {"frame":10,"type":"text","text":"world"}
        \(keys(12, ["Escape"]))
        """.write(to: script, atomically: true, encoding: .utf8)
        let (r, state) = try playSongA(in: dir, script: script)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "kept as the song “a (unsaved)”").count == 2, "\(r.stderr)")
        let dump = try String(contentsOf: state, encoding: .utf8)
        #expect(dump.contains(#""song":"a (unsaved)""#), "\(dump.prefix(400))")
        let copy = songs.appendingPathComponent("a (unsaved).json")
        #expect(try SheetDocument.parse(String(contentsOf: copy, encoding: .utf8)).lines.map(\.text) == ["lahello world"])
        var st = stat()
        #expect(stat(copy.path, &st) == 0 && st.st_mode & 0o077 == 0, "the copy of a private song is private")
        #expect(try String(contentsOf: a, encoding: .utf8) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: songs.path).sorted() == ["a (unsaved).json", "a.json"])
        // Under a umask that takes the owner's write: the copy is still the owner's to save,
        // not copied again at each save (a review found a copy of a copy of a copy…).
        let (dir2, songs2, _, _) = try readOnlySong(mode: 0o400)
        let q = Motionlab.process(["--headless", "--scene", "board", "--frames", "20", "--script", script.path, "--song", "a"])
        q.arguments = ["-c", "umask 277; exec \"$0\" \"$@\"", q.executableURL!.path] + q.arguments!
        q.executableURL = URL(fileURLWithPath: "/bin/sh")
        q.environment?["XDG_DATA_HOME"] = dir2.path
        let masked = try Motionlab.run(q)
        #expect(masked.status == 0, "\(masked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: songs2.path).sorted() == ["a (unsaved).json", "a.json"])
        #expect(stat(songs2.appendingPathComponent("a (unsaved).json").path, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    /// Another song opened over edits whose save was refused (a read-only song) keeps them
    /// as a song of their own, and says so; the read-only file is left as it was (a hostile
    /// tour's edits were lost without a word).
    @Test func openingAnotherSongOverUnsavedEditsKeepsThem() throws {
        let (dir, songs, a, original) = try readOnlySong(mode: 0o444)
        try SheetDocument(lines: [.init(text: "other")]).serialized().write(to: songs.appendingPathComponent("b.json"), atomically: false, encoding: .utf8)
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        \(keys(2, ["F2"]))
        {"frame":4,"type":"text","text":"hello "}
        \(keys(6, ["Escape"]))
        \(keys(8, ["Left Ctrl", "O"]))
        \(keys(10, ["Down"]))
        \(keys(12, ["Return"]))
        """.write(to: script, atomically: true, encoding: .utf8)
        let (r, state) = try playSongA(in: dir, script: script)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("motionlab: kept as the song “a (unsaved)”: the edits to “a”, not saved there"), "\(r.stderr)")
        #expect(try String(contentsOf: a, encoding: .utf8) == original)
        let kept = try SheetDocument.parse(String(contentsOf: songs.appendingPathComponent("a (unsaved).json"), encoding: .utf8))
        #expect(kept.lines.map(\.text) == ["lahello "])
        let dump = try String(contentsOf: state, encoding: .utf8)
        #expect(dump.contains(#""song":"b""#), "\(dump.prefix(400))")
        // The run ending over such edits keeps them too: typed into the read-only song, then quit.
        try """
        \(keys(2, ["F2"]))
        {"frame":4,"type":"text","text":"bye "}
        """.write(to: script, atomically: true, encoding: .utf8)
        let q = Motionlab.process(["--headless", "--scene", "board", "--frames", "10", "--script", script.path, "--song", "a"])
        q.environment?["XDG_DATA_HOME"] = dir.path
        let end = try Motionlab.run(q)
        #expect(end.status == 0 && end.stderr.contains("kept as the song “a (unsaved 2)”"), "\(end.stderr)")
        #expect(try SheetDocument.parse(String(contentsOf: songs.appendingPathComponent("a (unsaved 2).json"), encoding: .utf8)).lines.map(\.text) == ["labye "])
        #expect(try String(contentsOf: a, encoding: .utf8) == original)
    }

    /// A ChordPro file dropped while typing into a read-only song: the typing's save, made
    /// before the import, is refused and kept as "a (unsaved)", and the banner over the song
    /// then opened says so (a review: the new song's load cleared it; only standard error said
    /// it).
    @Test func aFileDroppedOverTypingNotYetSavedSaysWhereTheTypingWasKept() throws {
        let (dir, songs, a, original) = try readOnlySong(mode: 0o444)
        let cho = dir.appendingPathComponent("Dropped.cho")
        try "{title: Dropped}\n[G]Hello\n".write(to: cho, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        \(keys(2, ["F2"]))
        {"frame":4,"type":"text","text":"hey "}
        {"frame":5,"type":"fileDropped","path":"\(cho.path)"}
        """.write(to: script, atomically: true, encoding: .utf8)
        let (r, state) = try playSongA(in: dir, script: script)
        #expect(r.status == 0, "\(r.stderr)")
        let dump = try JSONParser.parse(String(contentsOf: state, encoding: .utf8))
        let board = try #require(dump["scenes"]?["board"])
        #expect(board["song"]?.stringValue == "Dropped")
        let banner = board["banner"]?.stringValue ?? ""
        #expect(banner.hasPrefix("kept as the song “a (unsaved)”"), "\(banner)")
        let kept = try SheetDocument.parse(String(contentsOf: songs.appendingPathComponent("a (unsaved).json"), encoding: .utf8))
        #expect(kept.lines.map(\.text) == ["lahey "])
        #expect(try String(contentsOf: a, encoding: .utf8) == original)
    }

    /// A song of no lines (an empty ChordPro file imported), renamed while open, saves the
    /// next change: the board holds it with one empty line, which the rename took for an edit
    /// not on disk and refused every save as "changed on disk" (a review).
    @Test func anEmptySongRenamedWhileOpenStillSaves() throws {
        let dir = Motionlab.tempDir()
        let empty = dir.appendingPathComponent("empty.cho")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        let songs = dir.appendingPathComponent("motionlab/songs")
        let importing = Motionlab.process(["song", "import", empty.path, "--name", "E0"])
        importing.environment?["XDG_DATA_HOME"] = dir.path
        let imported = try Motionlab.run(importing)
        #expect(imported.status == 0, "\(imported.stderr)")
        let script = dir.appendingPathComponent("s.jsonl")
        try """
        \(keys(2, ["Left Ctrl", "O"]))
        \(keys(4, ["F2"]))
        {"frame":6,"type":"text","text":"E1"}
        \(keys(8, ["Return"]))
        \(keys(10, ["Escape"]))
        \(keys(12, ["F2"]))
        {"frame":14,"type":"text","text":"la"}
        """.write(to: script, atomically: true, encoding: .utf8)
        let p = Motionlab.process(["--headless", "--scene", "board", "--frames", "20", "--script", script.path, "--song", "E0"])
        p.environment?["XDG_DATA_HOME"] = dir.path
        let r = try Motionlab.run(p)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let saved = try SheetDocument.parse(String(contentsOf: songs.appendingPathComponent("E1.json"), encoding: .utf8))
        #expect(saved.lines.map(\.text) == ["la"])
    }

    @Test func tenThousandSongsListInOrder() throws {
        let dir = Motionlab.tempDir(), songs = dir.appendingPathComponent("songs")
        try FileManager.default.createDirectory(at: songs, withIntermediateDirectories: true)
        let body = SheetDocument(lines: [.init(text: "a")]).serialized()
        for i in 0..<10_000 { FileManager.default.createFile(atPath: songs.appendingPathComponent("Song \(i).json").path, contents: Data(body.utf8)) }
        FileManager.default.createFile(atPath: songs.appendingPathComponent(".Song 1.json.tmp").path, contents: nil)
        // Copies kept beside songs (an older version's, a damaged one moved aside) are not songs.
        for kept in ["Song 1.v1.json", "Song 1.v1-2.json", "Song 2.corrupt-20261126-120000.json"] {
            FileManager.default.createFile(atPath: songs.appendingPathComponent(kept).path, contents: Data(body.utf8))
        }
        let r = try song(["list"], in: dir)
        let names = r.stdout.split(separator: "\n")
        #expect(names.count == 10_000 && names.first == "Song 0" && names[2] == "Song 2" && names.last == "Song 9999")
    }
}
