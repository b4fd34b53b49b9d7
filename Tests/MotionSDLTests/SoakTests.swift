import Engine
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
            // The recorded input, replayed by play, ends in the same state, byte for byte, and
            // so does a soak's replay of it: the recording says where the run ended (a tour's
            // replay ran one frame past it).
            let recorded = try String(contentsOf: script, encoding: .utf8)
            #expect(recorded.hasSuffix(#"{"frame":1800,"type":"end"}"# + "\n"))
            let playState = dir.appendingPathComponent("play.json"), replayState = dir.appendingPathComponent("replay.json")
            let p = try Motionlab.run(["--headless", "--script", script.path, "--state", playState.path])
            #expect(p.status == 0, "\(p.stderr)")
            #expect(try Data(contentsOf: playState) == Data(contentsOf: soakState))
            let replay = try Motionlab.run(["soak", "--replay", script.path, "--state", replayState.path])
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(try Data(contentsOf: replayState) == Data(contentsOf: soakState))
            // And play's own recording, replayed without --frames, stops where the run did.
            let again = dir.appendingPathComponent("again.jsonl"), againState = dir.appendingPathComponent("again.json")
            let rec = try Motionlab.run(["--headless", "--script", script.path, "--frames", "900", "--record", again.path])
            #expect(rec.status == 0, "\(rec.stderr)")
            #expect(try String(contentsOf: again, encoding: .utf8).hasSuffix(#"{"frame":900,"type":"end"}"# + "\n"))
            let third = try Motionlab.run(["--headless", "--script", again.path, "--state", againState.path])
            #expect(third.status == 0, "\(third.stderr)")
            let frame = try JSONParser.parse(String(contentsOf: againState, encoding: .utf8))["frame"]?.doubleValue
            #expect(frame == 900)
        }

        /// A headless run of a script with no end line (a recording killed mid-run) and no
        /// --frames stops one frame past its last event, as a soak's replay does: it ran for
        /// ever (a tour).
        @Test func aHeadlessScriptWithNoEndStopsOneFramePastItsLastEvent() throws {
            let dir = Motionlab.tempDir()
            let script = dir.appendingPathComponent("killed.jsonl"), state = dir.appendingPathComponent("state.json")
            try #"{"frame":3,"type":"key","key":"Tab","down":true}"# .appending("\n" + #"{"frame":8,"type":"key","key":"Tab","down":false}"#)
                .write(to: script, atomically: false, encoding: .utf8)
            let p = try Motionlab.run(["--headless", "--script", script.path, "--state", state.path])
            #expect(p.status == 0, "\(p.stderr)")
            #expect(try JSONParser.parse(String(contentsOf: state, encoding: .utf8))["frame"]?.doubleValue == 9)
        }

        /// A replay ends where play's run of the same script ends: at a close (or an Escape)
        /// that quits. It had run on past it to the script's last line.
        @Test func aReplayEndsWherePlayQuits() throws {
            let dir = Motionlab.tempDir()
            let script = dir.appendingPathComponent("quit.jsonl")
            try """
            {"frame":3,"type":"key","key":"Tab","down":true}
            {"frame":4,"type":"key","key":"Tab","down":false}
            {"frame":10,"type":"close"}
            {"frame":200,"type":"key","key":"Tab","down":true}
            {"frame":201,"type":"key","key":"Tab","down":false}

            """.write(to: script, atomically: false, encoding: .utf8)
            let summary = dir.appendingPathComponent("summary.json")
            let soakState = dir.appendingPathComponent("soak.json"), playState = dir.appendingPathComponent("play.json")
            let r = try Motionlab.run(["soak", "--replay", script.path, "--json", summary.path, "--state", soakState.path])
            #expect(r.status == 0, "\(r.stderr)")
            let s = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any]
            #expect(s?["frames"] as? Int == 10, "\(s ?? [:])")
            let p = try Motionlab.run(["--headless", "--script", script.path, "--state", playState.path])
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

        /// The failure script by its default name never goes over a file there, nor through a
        /// link: it takes the next free name (a hostile tour's notes were emptied).
        @Test func theDefaultFailureScriptTakesAFreeName() throws {
            let dir = Motionlab.tempDir()
            let notes = dir.appendingPathComponent("soak-failure-1.jsonl"), victim = dir.appendingPathComponent("victim.txt")
            try "my notes\n".write(to: notes, atomically: false, encoding: .utf8)
            try "theirs\n".write(to: victim, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("soak-failure-1-2.jsonl").path, withDestinationPath: victim.path)
            let p = Motionlab.process(["soak", "--minutes", "0.01", "--max-entities", "0"])
            p.currentDirectoryURL = dir
            let r = try Motionlab.run(p)
            #expect(r.status == 1, "\(r.stderr)")
            #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n")
            #expect(try String(contentsOf: victim, encoding: .utf8) == "theirs\n")
            #expect(r.stderr.contains("--replay soak-failure-1-3.jsonl"), "\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("soak-failure-1-3.jsonl").path))
            // The name is taken at once, so that a soak started beside it takes the next; a
            // run with nothing to report leaves none behind, nor does one refused.
            let quiet = Motionlab.process(["soak", "--minutes", "0.01"])
            quiet.currentDirectoryURL = dir
            #expect(try Motionlab.run(quiet).status == 0)
            let refused = Motionlab.process(["soak", "--minutes", "0.01", "--json", dir.appendingPathComponent("soak-failure-1-4.jsonl").path])
            refused.currentDirectoryURL = dir
            let r2 = try Motionlab.run(refused)
            #expect(r2.status == 2 && r2.stderr.contains("same file"), "\(r2.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            #expect(names == ["soak-failure-1-2.jsonl", "soak-failure-1-3.jsonl", "soak-failure-1.jsonl", "victim.txt"], "\(names)")
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
