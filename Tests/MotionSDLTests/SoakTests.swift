import Foundation
import Testing

extension SDLTests {
    @Suite struct SoakTests {
        @Test func aShortSoakHoldsAndPlayReplaysItsInputToTheSameState() throws {
            let dir = Motionlab.tempDir()
            let script = dir.appendingPathComponent("soak.jsonl"), soakState = dir.appendingPathComponent("soak.json")
            let summary = dir.appendingPathComponent("summary.json")
            let r = try Motionlab.run(["soak", "--minutes", "0.5", "--seed", "3", "--record", script.path, "--state", soakState.path,
                                       "--json", summary.path, "--failure-script", dir.appendingPathComponent("failure.jsonl").path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("every invariant held"))
            let s = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any]
            #expect(s?["frames"] as? Int == 1800)
            #expect(s?["violation"] is NSNull)
            #expect((s?["checks"] as? Int ?? 0) >= 3600)
            // The recorded input, replayed by play, ends in the same state, byte for byte.
            let playState = dir.appendingPathComponent("play.json")
            let p = try Motionlab.run(["--headless", "--script", script.path, "--frames", "1800", "--state", playState.path])
            #expect(p.status == 0, "\(p.stderr)")
            #expect(try Data(contentsOf: playState) == Data(contentsOf: soakState))
        }

        /// Run from a folder it cannot write in, a soak that records elsewhere runs: the
        /// failure script it would not write was checked there, and the option blamed was not
        /// one given (a tour).
        @Test func aSoakThatRecordsElsewhereRunsFromAReadOnlyFolder() throws {
            let dir = Motionlab.tempDir(), readOnly = dir.appendingPathComponent("ro")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
            chmod(readOnly.path, 0o555)
            defer { chmod(readOnly.path, 0o755) }
            let p = Motionlab.process(["soak", "--minutes", "0.01", "--record", dir.appendingPathComponent("soak.jsonl").path])
            p.currentDirectoryURL = readOnly
            let r = try Motionlab.run(p)
            #expect(r.status == 0, "\(r.stderr)")
            // Without --record the failure script is the log, and its folder is checked.
            let q = Motionlab.process(["soak", "--minutes", "0.01"])
            q.currentDirectoryURL = readOnly
            let refused = try Motionlab.run(q)
            #expect(refused.status == 2 && refused.stderr.contains("--failure-script"), "\(refused.stderr)")
        }

        @Test func aViolationExitsOneNamesItAndWritesAScriptThatReproducesIt() throws {
            let dir = Motionlab.tempDir()
            let failure = dir.appendingPathComponent("failure.jsonl")
            // The bounce scene keeps a dozen balls: with a limit of 5 the check must fail.
            let r = try Motionlab.run(["soak", "--minutes", "1", "--max-entities", "5", "--failure-script", failure.path])
            #expect(r.status == 1)
            #expect(r.stderr.contains("violation at frame") && r.stderr.contains("entities in one scene, more than 5"))
            let frame = r.stderr.split(separator: " ").drop { $0 != "frame" }.dropFirst().first.map(String.init)
            let again = try Motionlab.run(["soak", "--replay", failure.path, "--max-entities", "5"])
            #expect(again.status == 1)
            #expect(again.stderr.contains("violation at frame \(frame ?? "?") "))
        }
    }
}
