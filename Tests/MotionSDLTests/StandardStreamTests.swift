import Foundation
import Testing

extension SDLTests {
    /// No write ends the program: a standard error that is full or closed, a standard output
    /// whose reader left, a file-size limit — each is an error, reported where it can be, and
    /// the run exits 2 with what it had to save saved.
    @Suite struct StandardStreamTests {
        /// Runs `motionlab ARGS` through the shell with `redirect` (e.g. `2>/dev/full`), and a
        /// file-size limit of `sizeLimit` 512-byte blocks when given.
        func shell(_ args: [String], _ redirect: String, sizeLimit: Int? = nil, in dir: URL? = nil) throws -> Motionlab.Result {
            let quoted = ([Motionlab.binary.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let p = Motionlab.process(["-c", (sizeLimit.map { "ulimit -f \($0); " } ?? "") + "exec \(quoted) \(redirect)"])
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            if let dir { p.currentDirectoryURL = dir }
            return try Motionlab.run(p)
        }

        @Test func aReportToAFullOrClosedStandardErrorExitsTwoNotByASignal() throws {
            for args in [["path", "M0 0 L"], ["--no-such-option"], ["spring", "--mass", "-1"], ["help", "nosuch"],
                         ["--headless", "--frames", "1", "--scene", "nosuch"]] {
                for redirect in ["2>/dev/full", "2>&-"] {
                    let r = try shell(args, redirect)
                    #expect(r.status == 2, "\(args) \(redirect): exit \(r.status)")
                }
            }
        }

        /// Started with standard error closed, the program kept descriptor 2 free, SDL's udev
        /// socket took it, and a warning went into the socket: exit 0 (a hostile tour). A
        /// closed standard error stays closed to the program: the warning fails, exit 2.
        @Test func aWarningToAStandardErrorClosedAtStartExitsTwo() throws {
            let args = ["--headless", "--frames", "3", "--font", "/dev/zero"]
            #expect(try shell(args, "2>/dev/null").status == 0)
            #expect(try shell(args, "2>&-").status == 2)
        }

        /// Held on /dev/null, a standard output closed at start was taken for an open one by
        /// `-o -` and `/dev/stdout`: the export went to /dev/null, exit 0 (a review).
        @Test func anOutputNamedForAStandardOutputClosedAtStartIsRefused() throws {
            let songs = Motionlab.tempDir().appendingPathComponent("songs")
            let cho = songs.deletingLastPathComponent().appendingPathComponent("s.cho")
            try "[G]la\n".write(to: cho, atomically: true, encoding: .utf8)
            #expect(try shell(["song", "import", "--songs", songs.path, cho.path], ">/dev/null").status == 0)
            let link = songs.deletingLastPathComponent().appendingPathComponent("so")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/stdout")
            for output in ["-", "/dev/stdout", "/dev/./stdout", "/proc/thread-self/fd/1", link.path] {
                let r = try shell(["song", "export", "--songs", songs.path, "s", "-o", output], ">&-")
                #expect(r.status == 2, "\(output): \(r.status) \(r.stderr)")
            }
        }

        @Test func anArgumentThatIsNotUTF8IsRefusedNotReadAsAnotherName() throws {
            // `u\xff.json` read as a string is `u\u{FFFD}.json`: a hostile tour's state dump
            // went over the file of that name.
            let dir = Motionlab.tempDir()
            let other = dir.appendingPathComponent("u\u{FFFD}.json")
            try "precious".write(to: other, atomically: false, encoding: .utf8)
            let r = try shell(["--headless", "--frames", "2", "--state"], "\"$(printf 'u\\377.json')\"", in: dir)
            #expect(r.status == 2 && r.stderr.contains("argument 5 is not UTF-8 text (byte 1: 0xFF): give every argument"), "\(r.status) \(r.stderr)")
            #expect(try String(contentsOf: other, encoding: .utf8) == "precious")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 1)
        }

        @Test func aStandardOutputThatIsFullOrWhoseReaderLeftIsReportedAndTheStateStillWritten() throws {
            let full = try shell(["limits"], ">/dev/full")
            #expect(full.status == 2)
            #expect(full.stderr.contains("standard output: writing failed: no space left on device"), "\(full.stderr)")
            // A song exported to standard output, likewise (and a song list).
            let songs = Motionlab.tempDir().appendingPathComponent("songs")
            let cho = songs.deletingLastPathComponent().appendingPathComponent("s.cho")
            try "[G]la\n".write(to: cho, atomically: true, encoding: .utf8)
            #expect(try shell(["song", "import", "--songs", songs.path, cho.path], ">/dev/null").status == 0)
            for args in [["song", "export", "--songs", songs.path, "s"], ["song", "list", "--songs", songs.path]] {
                for redirect in [">/dev/full", ">&-"] {
                    let r = try shell(args, redirect)
                    #expect(r.status == 2 && r.stderr.contains("standard output: writing failed"), "\(args) \(redirect): \(r.status) \(r.stderr)")
                }
            }
            // The path editor's Export (E, then X) writes the path data to standard output: a
            // pipe whose reader is gone gives EPIPE, not SIGPIPE, and the run still writes its state.
            let dir = Motionlab.tempDir()
            let script = dir.appendingPathComponent("export.jsonl")
            try [(1, "E"), (4, "X")].map { frame, key in
                "{\"frame\":\(frame),\"type\":\"key\",\"key\":\"\(key)\",\"down\":true}\n{\"frame\":\(frame + 1),\"type\":\"key\",\"key\":\"\(key)\",\"down\":false}\n"
            }.joined().write(to: script, atomically: false, encoding: .utf8)
            let state = dir.appendingPathComponent("state.json")
            let p = Motionlab.process(["--headless", "--frames", "8", "--scene", "path", "--script", script.path, "--state", state.path])
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try out.fileHandleForReading.close()
            try p.run()
            let e = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            let stderr = String(decoding: e, as: UTF8.self)
            #expect(p.terminationReason == .exit && p.terminationStatus == 2, "\(p.terminationReason) \(p.terminationStatus): \(stderr)")
            #expect(stderr.contains("standard output: writing failed: broken pipe"), "\(stderr)")
            #expect(try String(contentsOf: state, encoding: .utf8).contains("\"frame\":8"))
        }

        @Test func aFileSizeLimitIsAnErrorThatKeepsTheOldFileAndLeavesNoTemporary() throws {
            // ThreadSanitizer's runtime itself dies under a 512-byte file-size limit (make
            // sanitize's second half); the program's own handling is checked everywhere else.
            if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil {
                print("skipped: ThreadSanitizer's runtime does not start under ulimit -f")
                return
            }
            let dir = Motionlab.tempDir()
            let state = dir.appendingPathComponent("state.json")
            try "old state".write(to: state, atomically: false, encoding: .utf8)
            let r = try shell(["--headless", "--frames", "3", "--state", state.path], "", sizeLimit: 1)
            #expect(r.status == 2, "exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("file too large"), "\(r.stderr)")
            #expect(try String(contentsOf: state, encoding: .utf8) == "old state")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["state.json"])
            // A recording over an old one: the old stays whole, not cut off at the limit.
            let recording = dir.appendingPathComponent("run.jsonl")
            let old = String(repeating: "{\"frame\":1,\"type\":\"key\",\"key\":\"Right\",\"down\":true}\n", count: 4)
            try old.write(to: recording, atomically: false, encoding: .utf8)
            let script = dir.appendingPathComponent("in.jsonl")
            try String(repeating: "{\"frame\":1,\"type\":\"pointer\",\"phase\":\"move\",\"id\":0,\"x\":10,\"y\":10}\n", count: 40)
                .write(to: script, atomically: false, encoding: .utf8)
            let rec = try shell(["--headless", "--frames", "3", "--script", script.path, "--record", recording.path], "", sizeLimit: 1)
            #expect(rec.status == 2, "exit \(rec.status): \(rec.stderr)")
            #expect(try String(contentsOf: recording, encoding: .utf8) == old)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["state.json", "run.jsonl", "in.jsonl"])
            // A file with a second hard link is written in place; past the limit, its old content is written back.
            let other = dir.appendingPathComponent("state-link.json")
            #expect(link(state.path, other.path) == 0)
            let linked = try shell(["--headless", "--frames", "3", "--state", state.path], "", sizeLimit: 1)
            #expect(linked.status == 2, "exit \(linked.status): \(linked.stderr)")
            #expect(try String(contentsOf: other, encoding: .utf8) == "old state")
        }
    }
}
