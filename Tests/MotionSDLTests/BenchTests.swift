@testable import Engine
import Foundation
@testable import Geometry
@testable import MotionBench
@testable import Paths
@testable import Scenes
import Testing

@Suite struct FrameTimingsTests {
    @Test func percentilesOfAKnownSeriesAreRight() {
        var t = FrameTimings()
        // Frames of 1, 2, …, 100 ms in every phase, in shuffled order.
        var values = Array(1...100)
        var rng = SplitMix64(seed: 5)
        values.shuffle(using: &rng)
        for v in values {
            let ns = UInt64(v) * 1_000_000
            t.record(nanoseconds: Array(repeating: ns, count: BenchPhase.allCases.count), steps: 1, allocations: [0, 0, 0, 0, 0])
        }
        let s = t.summary(.sim)
        // HdrHistogram with three significant digits: exact to 0.1 %.
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= b * 0.001 }
        #expect(near(s.min, 1) && near(s.max, 100))
        #expect(near(s.p50, 50) && near(s.p90, 90) && near(s.p99, 99))
        #expect(abs(s.mean - 50.5) < 1e-9)
        // 100 frames taking 5,050 ms in all: about 19.8 frames per second.
        #expect(abs(t.fps - 100 / 5.05) < 1e-9)
    }

    @Test func allocationsAreAveragedPerPhase() {
        var t = FrameTimings()
        t.record(nanoseconds: [1, 1, 1, 1, 4], steps: 1, allocations: [0, 0, 3, 1, 4])
        t.record(nanoseconds: [1, 1, 1, 1, 4], steps: 1, allocations: [0, 0, 1, 1, 2])
        #expect(t.allocationsPerFrame() == 3)
        #expect(t.allocationsPerFrame(.submit) == 2)
        #expect(t.allocationsPerFrame(.sim) == 0)
    }
}

extension SDLTests {
    @Suite struct BenchCommandTests {
        @Test func aShortRunPrintsEveryPhaseAndWritesTheDocumentedJSON() throws {
            let json = Motionlab.tempDir().appendingPathComponent("bench.json")
            let r = try Motionlab.run(["bench", "--followers", "300", "--tweens", "200", "--sprites", "100",
                                       "--frames", "20", "--warmup", "5", "--size", "640x480", "--json", json.path])
            #expect(r.status == 0, "\(r.stderr)")
            for phase in ["sim", "build", "submit", "present", "frame"] { #expect(r.stdout.contains("\n\(phase) ")) }
            #expect(r.stdout.contains("renderer software"))
            #expect(r.stdout.contains("fps "))
            #expect(r.stdout.contains("allocations per frame"))
            let report = try JSONParser.parse(String(contentsOf: json, encoding: .utf8))
            let summary = try #require(report["summary"])
            #expect(summary["frames"]?.doubleValue == 20)
            #expect((summary["fps"]?.doubleValue ?? 0) > 0)
            for phase in BenchPhase.allCases {
                let p = try #require(summary["phases"]?[phase.rawValue])
                let v = ["min", "p50", "p90", "p99", "max", "mean"].map { p[$0]?.doubleValue ?? -1 }
                #expect(v.allSatisfy { $0 >= 0 })
                #expect(v[0] <= v[1] && v[1] <= v[2] && v[2] <= v[3] && v[3] <= v[4] * 1.001)
            }
            #expect(summary["allocationsPerFrame"]?.doubleValue != nil)
            #expect(report["frames"]?.arrayValue?.count == 20)
            #expect(report["frames"]?.arrayValue?.first?["submit"]?.doubleValue != nil)
            for key in ["cpu", "sdl", "renderer", "videoDriver"] { #expect(report["env"]?[key]?.stringValue != nil) }
            #expect(report["env"]?["sdl"]?.stringValue?.hasPrefix("2.") == true)
        }

        @Test func aSpriteImageReplacesTheSpriteAndAMissingOneIsReported() throws {
            let bmp = Motionlab.tempDir().appendingPathComponent("icon.bmp")
            try writeKeyedTestImage(to: bmp)
            let ok = try Motionlab.run(["bench", "--followers", "50", "--tweens", "50", "--sprites", "0",
                                        "--frames", "3", "--warmup", "0", "--sprite", bmp.path])
            #expect(ok.status == 0, "\(ok.stderr)")
            let missing = try Motionlab.run(["bench", "--frames", "3", "--sprite", "/no/such/icon.bmp"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--sprite /no/such/icon.bmp"))
            let notBMP = bmp.deletingLastPathComponent().appendingPathComponent("not.bmp")
            try Data("not an image".utf8).write(to: notBMP)
            let bad = try Motionlab.run(["bench", "--frames", "3", "--sprite", notBMP.path])
            #expect(bad.status == 2)  // bad input, found before anything runs
            #expect(bad.stderr.contains(notBMP.path) && bad.stderr.contains("not a BMP image"))
        }

        @Test func aPipelinedRunMeasuresEveryFrameAndSaysSo() throws {
            let json = Motionlab.tempDir().appendingPathComponent("bench.json")
            let r = try Motionlab.run(["bench", "--followers", "200", "--tweens", "200", "--sprites", "50",
                                       "--frames", "15", "--warmup", "2", "--pipeline", "--json", json.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("pipelined"))
            let report = try JSONParser.parse(String(contentsOf: json, encoding: .utf8))
            #expect(report["frames"]?.arrayValue?.count == 15)
            #expect(report["env"]?["pipeline"]?.boolValue == true)
            // Each frame's simulation and build happened (on the worker) and were timed.
            for f in report["frames"]?.arrayValue ?? [] {
                #expect((f["sim"]?.doubleValue ?? 0) > 0)
                #expect((f["build"]?.doubleValue ?? 0) > 0)
            }
        }

        @Test func aBandedRunSaysHowItDrewAndRecordsItInTheJSON() throws {
            let json = Motionlab.tempDir().appendingPathComponent("bench.json")
            let r = try Motionlab.run(["bench", "--followers", "200", "--tweens", "200", "--sprites", "50",
                                       "--frames", "10", "--warmup", "2", "--bands", "4", "--band-threads", "2",
                                       "--json", json.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("drawn in 4 bands by 2 threads"))
            let report = try JSONParser.parse(String(contentsOf: json, encoding: .utf8))
            #expect(report["frames"]?.arrayValue?.count == 10)
            #expect(report["env"]?["bands"]?.doubleValue == 4)
            #expect(report["env"]?["bandThreads"]?.doubleValue == 2)
            let bad = try Motionlab.run(["bench", "--bands", "0"])
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("--bands"))
        }

        @Test func badOptionsAreRefused() throws {
            let r = try Motionlab.run(["bench", "--frames", "0"])
            #expect(r.status != 0)
            #expect(r.stderr.contains("--frames"))
            let help = try Motionlab.run(["bench", "--help"])
            for option in ["--followers", "--tweens", "--sprites", "--sprite", "--frames", "--warmup", "--hz", "--renderer", "--size", "--json", "--seed", "--window", "--pipeline", "--bands", "--band-threads"] {
                #expect(help.stdout.contains(option), "\(option)")
            }
        }
    }
}
