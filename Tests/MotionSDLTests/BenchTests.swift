@testable import Engine
import Foundation
@testable import Geometry
@testable import MotionBench
import MotionSDL
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

        @Test func latencyDragsInThePathSceneAndTheBoardAndReportsPercentilesInMsAndFrames() throws {
            let r = try Motionlab.run(["bench", "--latency", "--size", "640x480", "--json", "-"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("path ") && r.stderr.contains("board ") && r.stderr.contains("p99"))
            let report = try JSONParser.parse(r.stdout)
            let latency = try #require(report["latency"])
            let interval = try #require(latency["frameIntervalMs"]?.doubleValue)
            for l in [latency, latency["scenes"]?["path"], latency["scenes"]?["board"]] {
                let l = try #require(l)
                let p50 = try #require(l["p50Ms"]?.doubleValue), p99 = try #require(l["p99Ms"]?.doubleValue)
                // A 4 s drag at an event every 6–10 ms: hundreds of events, each shown.
                #expect((l["samples"]?.doubleValue ?? 0) > 300)
                #expect(p50 > 0 && p50 <= p99 && p99 <= (l["maxMs"]?.doubleValue ?? 0))
                #expect(abs((l["p50Frames"]?.doubleValue ?? 0) - p50 / interval) < 1e-9)
                #expect(abs((l["p99Frames"]?.doubleValue ?? 0) - p99 / interval) < 1e-9)
            }
            #expect(report["env"]?["renderer"]?.stringValue == "software")
        }

        /// The shipped program defines no allocator; the benchmark counts allocations with the
        /// counting malloc preloaded (as `make bench` does), and says when it has none.
        @Test func allocationsAreCountedOnlyWithThePreloadedCounterAndTheProgramDefinesNoMalloc() throws {
            let nm = Process()
            nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
            nm.arguments = ["-D", "--defined-only", Motionlab.binary.path]
            let out = Pipe()
            nm.standardOutput = out
            try nm.run()
            let symbols = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            nm.waitUntilExit()
            let defined = Set(symbols.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
            // A sanitizer's build (make sanitize) has the sanitizer's own malloc, and counts nothing.
            if defined.contains("__asan_init") || defined.contains("__tsan_init") {
                print("skipped: this motionlab is a sanitizer's build, whose malloc is the sanitizer's")
                return
            }
            #expect(defined.isDisjoint(with: ["malloc", "calloc", "realloc", "free", "memalign", "posix_memalign", "aligned_alloc"]),
                    "motionlab defines \(defined.intersection(["malloc", "calloc", "realloc", "free"]))")
            let args = ["bench", "--scene", "arrow", "--frames", "10", "--warmup", "3", "--size", "320x240"]
            let plain = try Motionlab.run(args)
            #expect(plain.status == 0 && plain.stdout.contains("allocations per frame: not counted"), "\(plain.stdout)")
            // The library as make bench builds it.
            let dir = Motionlab.tempDir(), lib = dir.appendingPathComponent("libcounter.so")
            let cc = Process()
            cc.executableURL = URL(fileURLWithPath: "/usr/bin/cc")
            cc.arguments = ["-O2", "-shared", "-fPIC", "-o", lib.path, Motionlab.root.appendingPathComponent("Benchmarks/MallocCounter/malloc_counter.c").path]
            try cc.run()
            cc.waitUntilExit()
            #expect(cc.terminationStatus == 0)
            let p = Motionlab.process(args)
            p.environment?["LD_PRELOAD"] = lib.path
            let counted = try Motionlab.run(p)
            #expect(counted.status == 0, "\(counted.stderr)")
            #expect(counted.stdout.contains("allocations per frame ") && !counted.stdout.contains("not counted"), "\(counted.stdout)")
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
            #expect(bad.stderr.contains(notBMP.path) && bad.stderr.contains("not an image this program reads"))
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

        @Test func jsonToStdoutTracesPlotsRepeatsAndAnHonestEnvironment() throws {
            let dir = Motionlab.tempDir()
            let trace = dir.appendingPathComponent("trace.json"), plot = dir.appendingPathComponent("plot.svg")
            let r = try Motionlab.run(["bench", "--followers", "100", "--tweens", "100", "--sprites", "20", "--frames", "12",
                                       "--warmup", "2", "--repeat", "3", "--bands", "2", "--json", "-",
                                       "--trace", trace.path, "--plot", plot.path])
            #expect(r.status == 0, "\(r.stderr)")
            // Standard output is the report alone; the table went to standard error.
            let report = try JSONParser.parse(r.stdout)
            #expect(r.stderr.contains("fps ") && r.stderr.contains("over 3 runs"))
            #expect(report["runs"]?.arrayValue?.count == 3)
            #expect(report["frames"]?.arrayValue?.count == 36)
            let spread = try #require(report["summary"]?["spread"])
            for key in ["mean", "sd", "cv"] { #expect(spread["fps"]?[key]?.doubleValue != nil, "\(key)") }
            #expect(spread["frame"]?["p50"]?["cv"]?.doubleValue != nil)
            let env = try #require(report["env"])
            for key in ["cpu", "os", "swift", "sdl", "renderer", "videoDriver", "commit", "timestamp", "commandLine"] {
                #expect(env[key]?.stringValue?.isEmpty == false, "\(key)")
            }
            #expect((env["logicalCores"]?.doubleValue ?? 0) >= 1)
            #expect(env["renderer"]?.stringValue == "software")
            #expect(env["commandLine"]?.stringValue?.contains("--repeat 3") == true)
            // The trace: complete events for every phase of every measured frame, band threads on their own tracks.
            let t = try JSONParser.parse(String(contentsOf: trace, encoding: .utf8))
            let events = t["traceEvents"]?.arrayValue ?? []
            let complete = events.filter { $0["ph"]?.stringValue == "X" }
            for phase in ["sim", "build", "submit", "present"] {
                #expect(complete.filter { $0["name"]?.stringValue == phase }.count == 36, "\(phase)")
            }
            #expect(complete.contains { $0["name"]?.stringValue == "band 1" && ($0["tid"]?.doubleValue ?? 0) >= 10 })
            #expect(complete.allSatisfy { $0["args"]?["frame"]?.doubleValue != nil && ($0["dur"]?.doubleValue ?? -1) >= 0 })
            #expect(events.contains { $0["ph"]?.stringValue == "M" && $0["args"]?["name"]?.stringValue?.hasPrefix("band thread") == true })
            // No two events on one track overlap (a viewer would nest or drop them): the
            // pipeline's first measured step and build come before the frame they feed.
            // Compared as a viewer does, in doubles: start + duration against the next start.
            for track in Set(complete.compactMap { $0["tid"]?.doubleValue }) {
                let spans = complete.filter { $0["tid"]?.doubleValue == track }
                    .map { e -> (Double, Double) in
                        let ts = e["ts"]?.doubleValue ?? -1
                        return (ts, ts + (e["dur"]?.doubleValue ?? 0))
                    }.sorted { $0.0 < $1.0 }
                let overlaps = zip(spans, spans.dropFirst()).filter { $1.0 < $0.1 }
                #expect(overlaps.isEmpty, "track \(track): \(overlaps.count) overlapping events, the first \(overlaps.first.map { "\($0)" } ?? "")")
                #expect(spans.allSatisfy { $0.0 >= 0 })
            }
            // The plot is an SVG with the percentile lines.
            let svg = try String(contentsOf: plot, encoding: .utf8)
            #expect(svg.hasPrefix("<svg") && svg.contains("frame p50") && svg.contains("frame p99"))
        }

        @Test func theDefaultUsesEveryUsableProcessorAndOneThreadIsAskedFor() throws {
            let cores = UsableProcessors.count
            let small = ["--followers", "50", "--tweens", "50", "--sprites", "0", "--frames", "3", "--warmup", "0"]
            let r = try Motionlab.run(["bench"] + small)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("pipelined") == (cores > 1))
            #expect(r.stdout.contains("drawn in \(min(64, cores)) bands") == (cores > 1))
            // Past the trial, bands or one thread, whichever drew faster, said with both times.
            let long = try Motionlab.run(["bench", "--followers", "50", "--tweens", "50", "--sprites", "0", "--frames", "40", "--warmup", "0", "--json", "-"])
            #expect(long.status == 0, "\(long.stderr)")
            let report = try JSONParser.parse(long.stdout)
            if cores > 1 {
                #expect(long.stderr.contains("\(min(64, cores)) bands by") && long.stderr.contains("or one thread, tried in turns"), "\(long.stderr)")
                let trial = report["env"]?["bandTrial"]
                let banded = try #require(trial?["bandedMs"]?.doubleValue), alone = try #require(trial?["aloneMs"]?.doubleValue)
                #expect(banded > 0 && alone > 0)
                let drawn = report["env"]?["bandsDrawn"]?.doubleValue
                #expect(drawn == (banded < 0.97 * alone ? Double(min(64, cores)) : 1), "\(String(describing: trial))")
            } else {
                #expect(report["env"]?["bandTrial"]?.isNull == true)
            }
            let one = try Motionlab.run(["bench", "--bands", "1", "--no-pipeline"] + small)
            #expect(one.status == 0 && !one.stdout.contains("pipelined") && !one.stdout.contains("bands"))
        }

        @Test func aSceneOfTheAppIsMeasuredAsPlayShowsIt() throws {
            let r = try Motionlab.run(["bench", "--scene", "board", "--frames", "3", "--warmup", "1", "--bands", "1", "--json", "-"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("the board scene as play shows it"))
            let report = try JSONParser.parse(r.stdout)
            #expect(report["env"]?["scene"] == "board")
            // The board, its tabs and bars: hundreds of quads, none of the stress scene's sprites.
            let quads = try #require(r.stderr.split(separator: "\n").first { $0.contains("quads per frame") })
            let n = Int(quads.split(separator: ";").last?.split(separator: " ").first ?? "") ?? 0
            #expect(n > 100 && n < 2000, "\(quads)")
            let bad = try Motionlab.run(["bench", "--scene", "nowhere", "--frames", "1"])
            #expect(bad.status == 2 && bad.stderr.contains("--scene: no scene named 'nowhere'") && bad.stderr.contains("board"))
        }

        @Test func aRendererThatDidNotRunIsAnErrorUnlessAuto() throws {
            let r = try Motionlab.run(["bench", "--renderer", "opengl", "--frames", "2", "--warmup", "0"])
            #expect(r.status == 2)
            #expect(r.stderr.contains("--renderer opengl is not available here") && r.stderr.contains("--renderer auto"))
            let auto = try Motionlab.run(["bench", "--renderer", "auto", "--frames", "2", "--warmup", "0", "--followers", "10", "--tweens", "10", "--sprites", "0"])
            #expect(auto.status == 0, "\(auto.stderr)")
        }

        @Test func compareSaysWhatChangedAndWhetherItIsNoise() throws {
            let dir = Motionlab.tempDir()
            func bench(_ followers: String, _ name: String) throws -> URL {
                let url = dir.appendingPathComponent(name)
                let r = try Motionlab.run(["bench", "--followers", followers, "--tweens", "0", "--sprites", "0", "--frames", "40",
                                           "--warmup", "2", "--json", url.path])
                #expect(r.status == 0, "\(r.stderr)")
                return url
            }
            let small = try bench("100", "a.json"), big = try bench("20000", "b.json")
            let r = try Motionlab.run(["bench", "compare", small.path, big.path])
            #expect(r.status == 0, "\(r.stderr)")
            let sim = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("sim ") })
            #expect(sim.contains("p=") && sim.contains("+"))  // 200× the followers: slower, and not noise
            #expect(r.stdout.contains("fps "))
            let same = try Motionlab.run(["bench", "compare", small.path, small.path])
            #expect(same.stdout.split(separator: "\n").filter { $0.hasSuffix("noise") }.count == 5)
            let bad = try Motionlab.run(["bench", "compare", small.path, "/no/such.json"])
            #expect(bad.status == 2 && bad.stderr.contains("/no/such.json"))
            // A report holding what no run writes is refused, saying where (a hostile tour's
            // -1e308 and "x" were compared, and no frames at all judged "noise").
            let text = try String(contentsOf: small, encoding: .utf8)
            for (edit, place) in [({ (s: String) in s.replacingOccurrences(of: "\"frames\":[", with: "\"frames\":[{\"sim\":\"x\"},") }, "frames[0].sim"),
                                  ({ (s: String) in s.replacingOccurrences(of: "\"p50\":", with: "\"p50\":-1e308,\"was\":") }, "summary.phases."),
                                  ({ (s: String) in s.replacingOccurrences(of: "\"fps\":", with: "\"fps\":1e308,\"was\":") }, "summary.fps"),
                                  ({ (s: String) in String(s[..<s.range(of: "\"frames\":[")!.upperBound]) + "{}]}" }, "no frame holds")] {
                let broken = dir.appendingPathComponent("broken.json")
                try edit(text).write(to: broken, atomically: true, encoding: .utf8)
                let r = try Motionlab.run(["bench", "compare", small.path, broken.path])
                #expect(r.status == 2 && r.stderr.contains(place), "\(place): \(r.stderr)")
            }
            // From next to nothing, no change is printed (a review's 1e-300 gave 300 digits).
            let tiny = dir.appendingPathComponent("tiny.json")
            try text.replacingOccurrences(of: "\"fps\":", with: "\"fps\":1e-300,\"was\":").write(to: tiny, atomically: true, encoding: .utf8)
            let t = try Motionlab.run(["bench", "compare", tiny.path, small.path])
            #expect(t.status == 0 && !t.stdout.split(separator: "\n").contains { $0.count > 200 }, "\(t.stdout)")
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

@Suite struct BenchStatisticsTests {
    @Test func mannWhitneyAgreesWithAWorkedExample() {
        // Two clearly separated samples: U = 0 and a small p; identical ones: p = 1.
        let a = [1.0, 2, 3, 4, 5, 6, 7, 8], b = [11.0, 12, 13, 14, 15, 16, 17, 18]
        let t = MannWhitney(a, b)
        #expect(t.u == 0)
        #expect(t.p < 0.001)
        #expect(MannWhitney(a, a).p > 0.99)
        // U counts the pairs where the first sample's value is larger, a tie as a half: for
        // [1, 2, 2] against [2, 3] only the two 2–2 ties count, so U = 1.
        #expect(MannWhitney([1, 2, 2], [2, 3]).u == 1)
    }

    @Test func spreadIsTheSampleStandardDeviation() {
        let s = Spread([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(s.mean == 5)
        #expect(abs(s.sd - 2.138089935299395) < 1e-12)
        #expect(abs(s.cv - s.sd / 5) < 1e-15)
        #expect(Spread([3]).sd == 0)
    }
}
