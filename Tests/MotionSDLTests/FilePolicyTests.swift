import CFileIdentity
import Foundation
@testable import MotionSDL
@testable import Scenes
@testable import Songs
import Testing

/// The file policy on its own: what it reads, what it replaces, what it writes straight to,
/// and what it never touches. Fixtures live in a fresh temporary folder; device nodes are
/// clones made with `mknod` (root only, else that part is skipped with a message).
/// Process ids no process has (our temporaries' form takes only ids Linux can give, up to
/// `FilePolicy.maxProcessID`): the highest of those that `kill` finds no process for.
let deadPIDs: [Int32] = Array((FilePolicy.maxProcessID - 1000...FilePolicy.maxProcessID).reversed().filter { kill($0, 0) != 0 && errno == ESRCH }.prefix(3))

/// The name (before its suffix) our process `pid` gives its `n`th file beside file `name`.
func ours(_ name: String, _ pid: Int32, _ n: Int) -> String { FilePolicy.ourName(for: name, pid: pid, serial: n) }

@Suite struct FilePolicyTests {
    /// Everything in `dir`: name → (kind, size, bytes for regular files).
    func snapshot(_ dir: URL) -> [String: String] {
        var out: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
            let path = dir.appendingPathComponent(name).path
            var st = stat()
            lstat(path, &st)
            var entry = FilePolicy.kindName(st.st_mode)
            if (st.st_mode & S_IFMT) == S_IFREG { entry += ":" + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "?") }
            if (st.st_mode & S_IFMT) == S_IFLNK {
                entry += "→" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            }
            out[name] = entry
        }
        return out
    }

    func mkfifoAt(_ url: URL) -> Bool { mkfifo(url.path, 0o600) == 0 }

    /// A clone of a character device (`/dev/null` 1:3, `/dev/zero` 1:5, `/dev/full` 1:7), or nil
    /// when this user may not make one.
    func deviceClone(_ url: URL, minor: UInt32) -> Bool {
        guard getuid() == 0 else {
            print("FilePolicyTests: not root, so no device clones; the device cases are skipped")
            return false
        }
        return mknod(url.path, S_IFCHR | 0o666, makedev(1, minor)) == 0
    }

    func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t((major & 0xfff) << 8) | dev_t(minor & 0xff) | (dev_t(minor & ~0xff) << 12) | (dev_t(major & ~0xfff) << 32)
    }

    // File names are split by our own code: swift-corelibs-foundation's path methods trapped
    // on some one-character names, so `--state x` stopped the program with SIGILL.
    @Test func aPathSplitsIntoItsFolderNameAndStemWhateverItsLength() {
        let cases: [(path: String, folder: String, name: String, stem: String)] = [
            ("x", ".", "x", "x"),
            ("é", ".", "é", "é"),
            ("./x", ".", "x", "x"),
            ("/x", "/", "x", "x"),
            ("/", "/", "/", "/"),
            ("a/", ".", "a", "a"),
            ("a//b.json", "a", "b.json", "b"),
            ("/home/u/song.v1.json", "/home/u", "song.v1.json", "song.v1"),
            ("d/.hidden", "d", ".hidden", ".hidden"),
            ("d/name.", "d", "name.", "name."),
            ("שיר/ש.cho", "שיר", "ש.cho", "ש"),
        ]
        for c in cases {
            #expect(FilePolicy.folder(of: c.path) == c.folder, "folder of \(c.path)")
            #expect(FilePolicy.name(of: c.path) == c.name, "name of \(c.path)")
            #expect(FilePolicy.stem(of: c.path) == c.stem, "stem of \(c.path)")
        }
    }

    @Test func aFIFOIsRefusedAtOnceByNameWithoutWaitingForAWriter() throws {
        let dir = Motionlab.tempDir()
        let fifo = dir.appendingPathComponent("pipe")
        #expect(mkfifoAt(fifo))
        // No writer ever opens it: a blocking open would wait for ever.
        #expect(throws: FilePolicy.Refusal.self) { try FilePolicy.read(fifo.path, limit: 100, limitName: "x") }
        do { _ = try FilePolicy.read(fifo.path, limit: 100, limitName: "x") } catch {
            #expect(error.description.contains("pipe: is a FIFO (named pipe), not a regular file"))
        }
        do { _ = try FilePolicy.read(dir.path, limit: 100, limitName: "x") } catch {
            #expect(error.description.contains("is a folder"))
        }
    }

    @Test func aFileIsRefusedBeforeReadingWhenPastItsLimitAndReadWhole() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("f.txt")
        try "0123456789".write(to: file, atomically: true, encoding: .utf8)
        #expect(try FilePolicy.readText(file.path, limit: 10, limitName: "L") == "0123456789")
        do { _ = try FilePolicy.read(file.path, limit: 9, limitName: "Some.limit") } catch {
            #expect(error.description.contains("10 bytes is more than the limit of 9 (Some.limit)"))
        }
        let empty = dir.appendingPathComponent("empty")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        #expect(try FilePolicy.read(empty.path, limit: 9, limitName: "L") == [])
    }

    @Test func anOutputReplacesARegularFileAtomicallyAndWritesThroughALink() throws {
        let dir = Motionlab.tempDir()
        let real = dir.appendingPathComponent("real.json")
        try "old".write(to: real, atomically: true, encoding: .utf8)
        chmod(real.path, 0o640)
        let link = dir.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        try FilePolicy.write("new", to: link.path)
        let after = snapshot(dir)
        #expect(after == ["real.json": "a regular file:new", "link.json": "a symbolic link→real.json"])
        var st = stat()
        stat(real.path, &st)
        #expect(st.st_mode & 0o777 == 0o640, "a replaced file keeps its permissions")
    }

    /// Read-only means no for a folder too, whoever runs the program: run as root, a new
    /// sheet, song and state dump were made in a mode-555 folder (a hostile tour). A file
    /// already there is still saved in place, as before.
    @Test func noNewFileIsMadeInAReadOnlyFolderEvenByRoot() throws {
        let dir = Motionlab.tempDir().appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let kept = dir.appendingPathComponent("kept.json")
        try "old".write(to: kept, atomically: false, encoding: .utf8)
        chmod(dir.path, 0o555)
        defer { chmod(dir.path, 0o755) }
        let new = dir.appendingPathComponent("new.json").path
        #expect(OutputFile.refusal(for: new, streams: false)?.description.contains("is read-only (mode 555); no new file made in it") == true)
        #expect(throws: FilePolicy.Refusal.self) { try FilePolicy.write("x", to: new) }
        #expect(!FileManager.default.fileExists(atPath: new))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["kept.json"])
        var before = stat(), after = stat()
        stat(kept.path, &before)
        try FilePolicy.write("new", to: kept.path)
        stat(kept.path, &after)
        #expect(try String(contentsOf: kept, encoding: .utf8) == "new")
        // In place (root went through a temporary and a rename, a new file: the next tour).
        #expect(after.st_ino == before.st_ino)
        // Nor is anything moved out of it or a folder made in it (a song's trash, a damaged
        // sheet moved aside, where no new sheet could then be saved).
        #expect(!FilePolicy.move(kept.path, to: dir.deletingLastPathComponent().appendingPathComponent("out.json").path))
        #expect(throws: FilePolicy.Refusal.self) { try FilePolicy.makeFolder(dir.appendingPathComponent("trash").path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["kept.json"])
        // Nor a copy kept beside a file (a song exported as ChordPro into the exports folder,
        // an older version's sheet): the next tour found the exports folder written into.
        #expect(throws: FilePolicy.Refusal.self) { _ = try DocumentFile(url: kept).keepCopy("old", tag: "v1") }
        #expect(throws: FilePolicy.Refusal.self) { _ = try DocumentFile(url: dir.appendingPathComponent("song.json")).keepCopy("[C]la", tag: nil, extension: "cho") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["kept.json"])
    }

    @Test func anOutputThatIsAFolderOrSocketIsRefusedAndAFIFOWithNoReaderToo() throws {
        let dir = Motionlab.tempDir()
        #expect(throws: FilePolicy.Refusal.self) { try FilePolicy.write("x", to: dir.path) }
        let fifo = dir.appendingPathComponent("out.fifo")
        #expect(mkfifoAt(fifo))
        do { try FilePolicy.write("x", to: fifo.path) } catch {
            #expect(error.description.contains("a FIFO with no reader"))
        }
        #expect(snapshot(dir) == ["out.fifo": "a FIFO (named pipe)"])
        do { try FilePolicy.write("x", to: dir.appendingPathComponent("no/such/f").path) } catch {
            #expect(error.description.contains("does not exist"))
        }
    }

    @Test func aDeviceOutputIsWrittenStraightToAndNeverReplaced() throws {
        let dir = Motionlab.tempDir()
        let null = dir.appendingPathComponent("null"), full = dir.appendingPathComponent("full")
        guard deviceClone(null, minor: 3), deviceClone(full, minor: 7) else { return }
        try FilePolicy.write("discarded", to: null.path)
        do {
            try FilePolicy.write("x", to: full.path)
            Issue.record("writing to a full device succeeded")
        } catch {
            #expect(error.description.contains("full: writing failed: no space left on device"))
        }
        #expect(snapshot(dir) == ["null": "a character device", "full": "a character device"])
    }

    @Test func theSheetIsNeverWrittenToADeviceOrAnOpenDescriptor() throws {
        for path in ["/dev/null", "/dev/stdout", "/dev/fd/1"] {
            #expect(throws: FilePolicy.Refusal.self, "\(path)") { try DocumentFile(url: URL(fileURLWithPath: path)).save("{}") }
        }
        var st = stat()
        stat("/dev/null", &st)
        #expect((st.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func anOpenDescriptorNameIsWrittenWhereItStandsNotReplaced() throws {
        let dir = Motionlab.tempDir()
        let log = dir.appendingPathComponent("log.txt")
        try "earlier lines\n".write(to: log, atomically: true, encoding: .utf8)
        // What `>> log.txt` gives a program: a descriptor open for appending.
        let fd = open(log.path, O_WRONLY | O_APPEND)
        #expect(fd > 2)
        defer { close(fd) }
        #expect(FilePolicy.openDescriptorName("/dev/fd/\(fd)") == fd)
        #expect(FilePolicy.openDescriptorName("/dev/stdout") == 1 && FilePolicy.openDescriptorName("/dev/fd/x") == nil)
        try FilePolicy.write("the state\n", to: "/dev/fd/\(fd)")
        try FilePolicy.write("more\n", to: "/proc/self/fd/\(fd)")
        #expect(try String(contentsOf: log, encoding: .utf8) == "earlier lines\nthe state\nmore\n")
        #expect(snapshot(dir).count == 1)
    }

    @Test func aLogIsInPlaceFromTheStartAndTwoOutputsToOneNameDoNotClash() throws {
        let dir = Motionlab.tempDir()
        let path = dir.appendingPathComponent("record.jsonl").path
        let log = try OutputFile(path: path, kind: .log)
        log.write("line 1\n")
        // Before any commit, as a crash would leave it.
        #expect(snapshot(dir) == ["record.jsonl": "a regular file:line 1\n"])
        let other = try OutputFile(path: path)
        other.write("replaced")
        try other.commit()
        try log.commit()
        #expect(snapshot(dir) == ["record.jsonl": "a regular file:replaced"])
    }

    @Test func aFailedWriteKeepsTheOldFileAndLeavesNoTemporary() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("state.json")
        try "kept".write(to: file, atomically: true, encoding: .utf8)
        let out = try OutputFile(path: file.path)
        out.write("half")
        out.discard()
        #expect(snapshot(dir) == ["state.json": "a regular file:kept"])
    }

    @Test func onlyOurOwnStaleTemporariesAreRemoved() throws {
        let dir = Motionlab.tempDir()
        let target = dir.appendingPathComponent("sheet.json").path
        // A process id that is not running.
        let dead = "\(deadPIDs[0])"
        // (A bare number is not our form: a user's `.sheet.json.motionlab-20261128.tmp` stays;
        // nor is a number no process can have, such as a date's.)
        let names = [(ours("sheet.json", Int32(dead)!, 1) + ".tmp"), ".sheet.json.backup", ".sheet.json.AbC123", ".sheet.json.motionlab-\(dead).tmp",
                     ".sheet.json.motionlab-1.tmp", (ours("sheet.json", Int32(dead)!, 1) + ".tmp.orig"), "sheet.json",
                     ".sheet.json.motionlab-20261128-1.tmp", ".sheet.json.motionlab-4194305-1.tmp",
                     // A user's backup named like a process's 11th file, beside the file (a
                     // review's was deleted), and one of our form with a check not its own.
                     ".sheet.json.motionlab-2026-11.tmp", ".sheet.json.motionlab-\(dead)-1.tmp",
                     ".sheet.json.motionlab-\(dead)-1-0123456789abcdef.tmp", ours("sheet.json", Int32(dead)!, 2) + "x.tmp"]
        for n in names { try n.write(to: dir.appendingPathComponent(n), atomically: false, encoding: .utf8) }
        // A link with our temporary's form is not a file we made.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent((ours("sheet.json", deadPIDs[1], 1) + ".tmp")).path,
                                                   withDestinationPath: "sheet.json")
        let removed = FilePolicy.removeStaleTemporaries(for: target)
        #expect(removed == [(ours("sheet.json", Int32(dead)!, 1) + ".tmp")])
        let left = Set(snapshot(dir).keys)
        #expect(left == Set(names.dropFirst()).union([(ours("sheet.json", deadPIDs[1], 1) + ".tmp")]))
    }

    /// A run killed while recording over a file leaves its input in our temporary; the next
    /// recording over that file keeps it under a name the user sees, not removed as stale
    /// (a hostile tour's killed run lost its input so). An empty one goes.
    @Test func aKilledRunsRecordingIsKeptBesideTheFileNotRemoved() throws {
        let dir = Motionlab.tempDir()
        let target = dir.appendingPathComponent("run.jsonl")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        // Process ids that are not running.
        try "{\"frame\":1}\n".write(to: dir.appendingPathComponent((ours("run.jsonl", deadPIDs[0], 1) + ".rec.tmp")), atomically: false, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent((ours("run.jsonl", deadPIDs[1], 1) + ".rec.tmp")), atomically: false, encoding: .utf8)
        try "x".write(to: dir.appendingPathComponent("run.killed-\(deadPIDs[0]).jsonl"), atomically: false, encoding: .utf8)
        let out = try OutputFile(path: target.path, kind: .log)
        #expect(out.keptRecordings == [dir.appendingPathComponent("run.killed-\(deadPIDs[0])-2.jsonl").path])
        out.write("new\n")
        try out.commit()
        #expect(snapshot(dir) == ["run.jsonl": "a regular file:new\n", "run.killed-\(deadPIDs[0]).jsonl": "a regular file:x",
                                  "run.killed-\(deadPIDs[0])-2.jsonl": "a regular file:{\"frame\":1}\n"])
    }

    /// A temporary whose process this one cannot see (another PID namespace, another machine
    /// on a shared folder) but whose writer still holds it is live: neither removed nor kept
    /// as a killed run's recording; once let go, it is what a killed run left.
    @Test func aTemporaryItsWriterStillHoldsIsNotTakenForAKilledRunsLeftover() throws {
        let dir = Motionlab.tempDir()
        let target = dir.appendingPathComponent("take.jsonl")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        let save = dir.appendingPathComponent((ours("take.jsonl", deadPIDs[0], 1) + ".tmp")).path
        let recording = dir.appendingPathComponent((ours("take.jsonl", deadPIDs[0], 2) + ".rec.tmp")).path
        try "half a save".write(toFile: save, atomically: false, encoding: .utf8)
        try "{\"frame\":1}\n".write(toFile: recording, atomically: false, encoding: .utf8)
        let held = [open(save, O_WRONLY | O_CLOEXEC), open(recording, O_WRONLY | O_CLOEXEC)]
        guard held.allSatisfy({ $0 >= 0 && motionlab_hold_lock($0) == 0 }) else {
            print("skipped: this file system takes no open file description locks"); return
        }
        #expect(FilePolicy.removeStaleTemporaries(for: target.path).isEmpty)
        #expect(FilePolicy.keepKilledRecordings(of: target.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: save) && FileManager.default.fileExists(atPath: recording))
        for fd in held { close(fd) }
        #expect(FilePolicy.removeStaleTemporaries(for: target.path) == [(ours("take.jsonl", deadPIDs[0], 1) + ".tmp")])
        #expect(FilePolicy.keepKilledRecordings(of: target.path) == [dir.appendingPathComponent("take.killed-\(deadPIDs[0]).jsonl").path])
    }

    /// A killed run's recording, or a temporary of a run in another PID namespace, under a
    /// name this process would take next (its process id come round again: pid 1 in every
    /// container) is never removed: the next name is taken. It was deleted on the clash.
    @Test func aTemporaryUnderTheNameThisProcessWouldTakeIsNeverRemoved() throws {
        let dir = Motionlab.tempDir()
        let target = dir.appendingPathComponent("take.jsonl")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        // Planted after this process's first file of its own, as a live run's would be (older,
        // of our number, they would be a dead run's, kept under names the user sees; the tests
        // beside this one may or may not have made a file yet).
        _ = FilePolicy.firstFile
        let next = FilePolicy.nextSerial()
        var planted: [String: String] = [:]
        // Many, so that the tests running beside this one cannot take them all first.
        for k in 1...30 {
            let name = (ours("take.jsonl", getpid(), next + k) + ".rec.tmp")
            planted[name] = "a regular file:{\"frame\":\(k)}\n"
            try "{\"frame\":\(k)}\n".write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let out = try OutputFile(path: target.path, kind: .log)
        out.write("new\n")
        try out.commit()
        #expect(snapshot(dir) == planted.merging(["take.jsonl": "a regular file:new\n"]) { a, _ in a })
    }

    /// A killed run's recording under this process's own number (in a container every run is
    /// process 1) is kept under a name the user sees, as any killed run's is: it is older than
    /// this process's first file. (It was left hidden for good: a review.) A shell plants it
    /// and then becomes motionlab with `exec`, keeping its process number.
    @Test func aKilledRunsRecordingUnderThisProcesssOwnNumberIsKept() throws {
        let dir = Motionlab.tempDir()
        try "old\n".write(to: dir.appendingPathComponent("take.jsonl"), atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // (It reads the name, which holds its process number, once started.)
        p.arguments = ["-c", #"read name; printf '{"frame":1}\n' > "$0/$name"; sleep 0.1; exec "$1" play --headless --frames 2 --record "$0/take.jsonl""#,
                       dir.path, Motionlab.binary.path]
        p.environment = Motionlab.process([]).environment
        let input = Pipe(), err = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        input.fileHandleForWriting.write(Data((ours("take.jsonl", p.processIdentifier, 1) + ".rec.tmp\n").utf8))
        try input.fileHandleForWriting.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names.count == 2 && names[0] == "take.jsonl" && names[1].hasPrefix("take.killed-"), "\(names)")
        if names.count == 2 {
            #expect(try String(contentsOf: dir.appendingPathComponent(names[1]), encoding: .utf8) == "{\"frame\":1}\n")
        }
    }

    /// A save's temporary stays held (its lock: live to runs in other PID namespaces) until
    /// it is renamed into place, the old file's last check included (it was closed first: a
    /// review).
    @Test func aSavesTemporaryIsHeldUntilItIsRenamed() throws {
        let dir = Motionlab.tempDir()
        let target = dir.appendingPathComponent("sheet.json")
        try "old".write(to: target, atomically: false, encoding: .utf8)
        let out = try OutputFile(path: target.path)
        out.write("new")
        var heldDuringCheck: [Int32] = []
        try out.commit(beforeReplacing: {
            let temporaries = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".tmp") }
            heldDuringCheck = temporaries.map { motionlab_is_held(dir.appendingPathComponent($0).path) }
        })
        #expect(heldDuringCheck == [1])
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
    }

    /// The first output into a folder clears what killed saves left beside any file there,
    /// once (a capture's thousands of frames listed the folder for each); never a killed
    /// recording. A hidden file's or a very long name's kept recording gets a name the user
    /// sees and the file system takes (a review's 244-letter name was never kept).
    @Test func staleTemporariesGoOncePerFolderAndKilledRecordingsOfOddNamesAreKept() throws {
        let dir = Motionlab.tempDir()
        let long = String(repeating: "a", count: 244) + ".jsonl", short = FilePolicy.shortName(of: long)
        let names = [(ours("other.json", deadPIDs[0], 1) + ".tmp"), (ours(short, deadPIDs[0], 1) + ".rec.tmp"), (ours(".hidden", deadPIDs[2], 1) + ".rec.tmp")]
        for n in names { try "{}\n".write(to: dir.appendingPathComponent(n), atomically: false, encoding: .utf8) }
        // A save's temporary is removed beside the file it was replacing; with no such file
        // there, a name of our form stays (a review: a user's `.notes.motionlab-2026-11.tmp`
        // was deleted), and so does one with nothing before the mark.
        try "{}\n".write(to: dir.appendingPathComponent("other.json"), atomically: false, encoding: .utf8)
        let alone = [(ours("notes", deadPIDs[1], 11) + ".tmp"), ".motionlab-\(deadPIDs[1])-1.tmp"]
        for n in alone { try "mine\n".write(to: dir.appendingPathComponent(n), atomically: false, encoding: .utf8) }
        let state = try OutputFile(path: dir.appendingPathComponent("state.json").path)
        state.write("{}")
        try state.commit()
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(names[0]).path))
        for n in alone { #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(n).path), "\(n)") }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(names[1]).path))
        try "old".write(to: dir.appendingPathComponent(long), atomically: false, encoding: .utf8)
        let log = try OutputFile(path: dir.appendingPathComponent(long).path, kind: .log)
        #expect(log.keptRecordings == [dir.appendingPathComponent("\(short).killed-\(deadPIDs[0])").path])
        log.discard()
        let hidden = try OutputFile(path: dir.appendingPathComponent(".hidden").path, kind: .log)
        #expect(hidden.keptRecordings == [dir.appendingPathComponent("hidden.killed-\(deadPIDs[2])").path])
        hidden.discard()
    }

    // MARK: The sheet

    func load(_ url: URL) -> DocumentFile.Loaded<SheetDocument> {
        DocumentFile(url: url).load(empty: SheetDocument.empty, noun: "sheet", recognise: SheetDocument.isDamagedSheet) {
            try SheetDocument.parse($0)
        }
    }

    @Test func aSheetLinkedToAFileThatIsNotASheetLeavesTheFileAndItsFolderUntouched() throws {
        let home = Motionlab.tempDir(), dotfiles = Motionlab.tempDir()
        let bashrc = dotfiles.appendingPathComponent(".bashrc")
        try "export PATH=$PATH:~/bin\n".write(to: bashrc, atomically: true, encoding: .utf8)
        try ".bashrc.XXXXXX is mine".write(to: dotfiles.appendingPathComponent(".bashrc.ABCDEF"), atomically: true, encoding: .utf8)
        let link = home.appendingPathComponent("sheet.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: bashrc.path)
        let before = (snapshot(home), snapshot(dotfiles))
        let loaded = load(link)
        #expect(!loaded.mayOverwrite)
        #expect(loaded.document == .empty)
        #expect(loaded.problem?.contains("a link to") == true)
        #expect(loaded.problem?.contains("left as it is, and this session's changes are not saved over it") == true)
        #expect(snapshot(home) == before.0 && snapshot(dotfiles) == before.1)
    }

    @Test func aSheetLinkedToARealSheetIsReadAndSavedThroughTheLink() throws {
        let home = Motionlab.tempDir(), repo = Motionlab.tempDir()
        let real = repo.appendingPathComponent("my-sheet.json")
        var doc = SheetDocument.empty
        doc.lines[1].chords = [.init(name: "C", at: 0)]
        try DocumentFile(url: real).save(doc.serialized())
        let link = home.appendingPathComponent("sheet.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        let loaded = load(link)
        #expect(loaded.problem == nil && loaded.mayOverwrite)
        #expect(loaded.document == doc)
        doc.lines[2].chords = [.init(name: "G", at: 3)]
        try DocumentFile(url: link).save(doc.serialized())
        #expect(snapshot(home) == ["sheet.json": "a symbolic link→\(real.path)"])
        #expect(snapshot(repo) == ["my-sheet.json": "a regular file:\(doc.serialized())"])
    }

    @Test func aDamagedSheetOfOursIsMovedAsideButANewerOrForeignOneIsLeftAlone() throws {
        let dir = Motionlab.tempDir()
        let url = dir.appendingPathComponent("sheet.json")
        let damaged = "{\"version\":1,\"lines\":[{\"text\":\"x\",\"chords\":[{\"name\":\"Q\",\"x\":1}]}]}"
        try damaged.write(to: url, atomically: true, encoding: .utf8)
        let first = load(url)
        #expect(first.mayOverwrite)
        #expect(first.problem?.contains("moved aside to sheet.corrupt-") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        for foreign in ["{\"version\":3,\"lines\":[]}", "not json at all", "{\"name\":\"a package.json\"}"] {
            try foreign.write(to: url, atomically: true, encoding: .utf8)
            let loaded = load(url)
            #expect(!loaded.mayOverwrite, "\(foreign)")
            #expect(try String(contentsOf: url, encoding: .utf8) == foreign)
        }
        #expect(snapshot(dir).keys.filter { $0.hasPrefix("sheet.corrupt-") }.count == 1)
    }

    @Test func aFIFOOrDeviceAsTheSheetIsRefusedAtOnceAndLeftInPlace() throws {
        let dir = Motionlab.tempDir()
        let fifo = dir.appendingPathComponent("sheet.json")
        #expect(mkfifoAt(fifo))
        let loaded = load(fifo)
        #expect(!loaded.mayOverwrite)
        #expect(loaded.problem?.contains("is a FIFO (named pipe)") == true)
        #expect(throws: FilePolicy.Refusal.self) { try DocumentFile(url: fifo).save("{}") }
        let zero = dir.appendingPathComponent("zero.json")
        if deviceClone(zero, minor: 5) {
            let z = load(zero)
            #expect(!z.mayOverwrite && z.problem?.contains("a character device") == true)
        }
        #expect(Set(snapshot(dir).values).isSubset(of: ["a FIFO (named pipe)", "a character device"]))
    }

    /// Text that is not UTF-8 is refused with the line and byte where it stops being UTF-8
    /// (a hostile tour's script with a bad byte on line 2 was refused naming no line).
    @Test func textThatIsNotUTF8IsRefusedWithItsLineAndByte() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("s.jsonl").path
        let bytes: [UInt8] = Array("{\"a\":1}\n{\"é\":".utf8) + [0xC3, 0x28] + Array("}\n".utf8)
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        #expect(throws: FilePolicy.Refusal("\(file):2: byte 7: is not UTF-8 text (0xC3 0x28)")) {
            try FilePolicy.readText(file, limit: 1000, limitName: "a test")
        }
        // Lines ending with CR alone, or CR LF, are counted as lines too.
        FileManager.default.createFile(atPath: file, contents: Data(Array("a\rbc\r\nd".utf8) + [0xFF]))
        #expect(throws: FilePolicy.Refusal("\(file):3: byte 2: is not UTF-8 text (0xFF)")) {
            try FilePolicy.readText(file, limit: 1000, limitName: "a test")
        }
        FileManager.default.createFile(atPath: file, contents: Data([0x61, 0xFF]))
        #expect(throws: FilePolicy.Refusal("\(file):1: byte 2: is not UTF-8 text (0xFF)")) {
            try FilePolicy.readText(file, limit: 1000, limitName: "a test")
        }
    }

    /// A folder to make where a file stands (the exports folder a hostile tour made a file):
    /// refused with what stands there, the file left as it is; a missing one is made.
    @Test func aFolderWhereAFileStandsIsRefusedWithWhatItIs() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("exports").path
        try "not a dir".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(throws: FilePolicy.Refusal("\(file): is a regular file, not a folder")) { try FilePolicy.makeFolder(file) }
        #expect(throws: FilePolicy.Refusal("\(file)/songs: cannot make the folder: \(file) is a regular file, not a folder")) {
            try FilePolicy.makeFolder(file + "/songs")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a dir")
        let made = dir.appendingPathComponent("a/b").path
        try FilePolicy.makeFolder(made)
        try FilePolicy.makeFolder(made)
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: made, isDirectory: &isDir) && isDir.boolValue)
    }
}
