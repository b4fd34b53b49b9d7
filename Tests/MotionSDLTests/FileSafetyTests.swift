import Foundation
import Testing

extension SDLTests {
    /// The commands under the file policy, run as a user would run them: FIFOs refused at
    /// once, devices written straight to and never replaced, write failures said in words.
    @Suite struct FileSafetyTests {
        /// Runs `motionlab args`; a run still going after `patience` seconds is a hang: it is
        /// killed and recorded as a failure (not a timing: the cases here finish at once).
        func runOrHang(_ args: [String], patience: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) throws -> Motionlab.Result {
            let p = Motionlab.process(args)
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            let deadline = Date().addingTimeInterval(patience)
            while p.isRunning && Date() < deadline { usleep(20_000) }
            if p.isRunning {
                kill(p.processIdentifier, SIGKILL)
                Issue.record("\(args): still running after \(patience) s: it hangs", sourceLocation: sourceLocation)
            }
            p.waitUntilExit()
            let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
            return Motionlab.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
        }

        @Test func aFIFOGivenAsAnyInputIsRefusedAtOnceNamingIt() throws {
            let dir = Motionlab.tempDir()
            let fifo = dir.appendingPathComponent("in.fifo")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            for args in [["--headless", "--frames", "1", "--path-file", fifo.path],
                         ["--headless", "--frames", "1", "--script", fifo.path],
                         ["soak", "--replay", fifo.path],
                         ["path", "--path-file", fifo.path],
                         ["bench", "compare", fifo.path, fifo.path]] {
                let r = try runOrHang(args)
                #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains("in.fifo: is a FIFO (named pipe), not a regular file"), "\(args): \(r.stderr)")
            }
            // A FIFO as the sheet: the board runs without saving, and says so.
            let sheet = try runOrHang(["--headless", "--frames", "2", "--scene", "board", "--sheet", fifo.path])
            #expect(sheet.status == 0, "\(sheet.stderr)")
            #expect(sheet.stderr.contains("is a FIFO (named pipe)") && sheet.stderr.contains("not saved over it"))
            // A FIFO among the resources' images.
            let resources = dir.appendingPathComponent("res")
            try FileManager.default.copyItem(at: Motionlab.root.appendingPathComponent("Resources"), to: resources)
            let photo = resources.appendingPathComponent("photo.png")
            try FileManager.default.removeItem(at: photo)
            #expect(mkfifo(photo.path, 0o600) == 0)
            let res = try runOrHang(["--headless", "--frames", "1", "--resources", resources.path])
            #expect(res.status == 2, "\(res.stderr)")
            #expect(res.stderr.contains("photo.png: is a FIFO (named pipe)"), "\(res.stderr)")
        }

        @Test func outputsWriteThroughLinksAndNeverReplaceADevice() throws {
            let dir = Motionlab.tempDir()
            let real = dir.appendingPathComponent("real-state.json")
            try "old".write(to: real, atomically: true, encoding: .utf8)
            let link = dir.appendingPathComponent("state.json")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real-state.json")
            let r = try runOrHang(["--headless", "--frames", "2", "--state", link.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real-state.json")
            #expect(try String(contentsOf: real, encoding: .utf8).hasPrefix("{"))
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["state.json", "real-state.json"])
            // /dev/null is written straight to: it stays the device.
            let null = try runOrHang(["--headless", "--frames", "2", "--state", "/dev/null"])
            #expect(null.status == 0, "\(null.stderr)")
            var st = stat()
            stat("/dev/null", &st)
            #expect((st.st_mode & S_IFMT) == S_IFCHR)
            let folder = try runOrHang(["--headless", "--frames", "2", "--state", dir.path])
            #expect(folder.status == 2 && folder.stderr.contains("is a folder"))
        }

        @Test func aFullDeviceAsAnOutputIsAClearErrorAndStaysADevice() throws {
            guard getuid() == 0 else {
                print("FileSafetyTests: not root, so no /dev/full clone; skipped")
                return
            }
            let dir = Motionlab.tempDir()
            let full = dir.appendingPathComponent("full")
            #expect(mknod(full.path, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0)
            let script = dir.appendingPathComponent("taps.jsonl")
            try (1...20).map { "{\"frame\":\($0),\"type\":\"pointerMove\",\"pointer\":0,\"x\":\($0 * 10),\"y\":100}" }
                .joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            for (option, args) in [("--record", ["--headless", "--frames", "30", "--script", script.path, "--record", full.path]),
                                   ("--state", ["--headless", "--frames", "2", "--state", full.path]),
                                   ("--screenshot", ["--headless", "--frames", "2", "--screenshot", full.path + ".bmp"])] {
                if option == "--screenshot" {
                    #expect(mknod(full.path + ".bmp", S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0)
                }
                let r = try runOrHang(args)
                #expect(r.status == 2, "\(option): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains(option) && r.stderr.contains("no space left on device"), "\(r.stderr)")
                #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("NSError"))
            }
            var st = stat()
            lstat(full.path, &st)
            #expect((st.st_mode & S_IFMT) == S_IFCHR)
        }

        @Test func filesPastTheirLimitsAreRefusedBeforeAByteIsRead() throws {
            let dir = Motionlab.tempDir()
            // Sparse files: as large as the limit says, without writing it.
            func sparse(_ name: String, bytes: Int) -> String {
                let path = dir.appendingPathComponent(name).path
                FileManager.default.createFile(atPath: path, contents: Data())
                truncate(path, off_t(bytes))
                return path
            }
            let report = sparse("huge.json", bytes: (32 << 20) + 1)
            let r = try runOrHang(["bench", "compare", report, report])
            #expect(r.status == 2 && r.stderr.contains("BenchCompare.maxReportBytes"), "\(r.stderr)")
            let resources = dir.appendingPathComponent("res")
            try FileManager.default.copyItem(at: Motionlab.root.appendingPathComponent("Resources"), to: resources)
            try FileManager.default.removeItem(at: resources.appendingPathComponent("font.txt"))
            _ = sparse("res/font.txt", bytes: (1 << 20) + 1)
            let f = try runOrHang(["--headless", "--frames", "1", "--resources", resources.path])
            #expect(f.status == 2 && f.stderr.contains("font.txt") && f.stderr.contains("BitmapFont.maxMetricsBytes"), "\(f.stderr)")
        }

        /// SIGHUP too (the terminal closed): before, it killed the run and lost what it had
        /// not saved. (Skipped where this test runs with SIGHUP ignored, which the run obeys.)
        @Test func aRunningPlayQuitsOnSIGTERMSIGINTAndSIGHUP() throws {
            var hup = sigaction()
            let hupIgnored = sigaction(SIGHUP, nil, &hup) == 0 && hup.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
            if hupIgnored { print("SIGHUP is ignored here: checked SIGTERM and SIGINT only") }
            for sig in [SIGTERM, SIGINT] + (hupIgnored ? [] : [SIGHUP]) {
                let p = Motionlab.process(["--headless", "--frames", "100000000"])
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                try p.run()
                usleep(800_000)
                kill(p.processIdentifier, sig)
                let deadline = Date().addingTimeInterval(30)
                while p.isRunning && Date() < deadline { usleep(20_000) }
                if p.isRunning {
                    kill(p.processIdentifier, SIGKILL)
                    Issue.record("signal \(sig): still running after 30 s")
                }
                p.waitUntilExit()
                #expect(p.terminationReason == .exit && p.terminationStatus == 0, "signal \(sig): \(p.terminationReason) \(p.terminationStatus)")
            }
        }
    }
}
