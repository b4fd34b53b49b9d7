import Foundation
import Testing

extension SDLTests {
    /// `motionlab spring`: one parametrisation in, all of them and the motion out.
    @Suite struct SpringCalculatorTests {
        static let keys = ["mass", "stiffness", "damping", "duration", "bounce", "response", "dampingRatio", "settlingDuration", "points"]

        func spring(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let r = try Motionlab.run(["spring"] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)", sourceLocation: sourceLocation)
            #expect(r.stdout.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        }

        @Test func itPrintsOneJSONObjectWithEveryKeyAndTheDefaultTimes() throws {
            let json = try spring(["--duration", "0.5", "--bounce", "0.3"])
            #expect(Set(json.keys) == Set(Self.keys))
            let points = try #require(json["points"] as? [[String: Double]])
            #expect(points.map { $0["t"]! } == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
            // From 0 to 1 at rest: it starts at 0 and, bouncy, overshoots 1 within half a second.
            #expect(points[0]["x"] == 0 && points[0]["v"] == 0)
            #expect(points.prefix(6).contains { $0["x"]! > 1 })
            // Apple's numbers for this spring: mass, stiffness, damping (1.0, 157.9, 17.6).
            #expect(json["mass"] as? Double == 1)
            #expect(abs((json["stiffness"] as! Double) - 157.9) < 0.05 && abs((json["damping"] as! Double) - 17.6) < 0.05)
        }

        @Test func theFourParametrisationsAgree() throws {
            // One spring four ways: k = 100, c = 10 (ζ = 0.5, response 2π/10, bounce 0.5).
            let physical = try spring(["--mass", "1", "--stiffness", "100", "--damping", "10", "--at", "0,0.05,0.3", "--from", "-20",
                                       "--to", "40", "--velocity", "-300"])
            let settling = physical["settlingDuration"] as! Double
            let response = physical["response"] as! Double
            let others = try [
                spring(["--duration", "\(response)", "--bounce", "0.5"]),
                spring(["--response", "\(response)", "--damping-ratio", "0.5"]),
                spring(["--settling-duration", "\(settling)", "--damping-ratio", "0.5"]),
                spring(["--stiffness", "100", "--damping", "10"]),
            ]
            for other in others {
                for key in Self.keys.dropLast() {
                    let a = physical[key] as! Double, b = other[key] as! Double
                    #expect(abs(a - b) <= 1e-9 * max(1, abs(a)), "\(key): \(a) vs \(b)")
                }
            }
            #expect(abs((physical["dampingRatio"] as! Double) - 0.5) < 1e-12 && abs(response - 2 * Double.pi / 10) < 1e-12)
            // x is the value (from −20 to 40), v its velocity.
            let points = physical["points"] as! [[String: Double]]
            #expect(points[0]["x"] == -20 && points[0]["v"] == -300)
            #expect(points[2]["x"]! > 0 && points[2]["x"]! < 80)
        }

        @Test func badValuesExitTwoNamingTheOption() throws {
            let cases: [([String], [String])] = [
                (["--stiffness", "nan", "--damping", "1"], ["--stiffness"]),
                (["--stiffness", "100", "--damping", "-1"], ["--damping must be"]),
                (["--mass", "0", "--stiffness", "100", "--damping", "1"], ["--mass"]),
                (["--stiffness", "100"], ["--damping is needed"]),
                // The product overflows: the option whose value is out of all proportion is named.
                (["--mass", "1e-308", "--stiffness", "100", "--damping", "10"], ["--mass must be within range"]),
                (["--mass", "1e-10", "--stiffness", "1", "--damping", "1e300"], ["--damping must be within range"]),
                (["--duration", "0.5", "--bounce", "1.5"], ["--bounce must be more than -1 and at most 1"]),
                (["--duration", "0.5", "--bounce", "-1"], ["--bounce"]),
                (["--duration", "inf"], ["--duration"]),
                (["--duration", "1e-200"], ["--duration"]),
                (["--response", "0.5"], ["--damping-ratio is needed"]),
                (["--settling-duration", "1", "--damping-ratio", "0"], ["--damping-ratio must be"]),
                (["--settling-duration", "-1", "--damping-ratio", "1"], ["--settling-duration must be"]),
                (["--duration", "0.5", "--stiffness", "100", "--damping", "1"], ["--stiffness and --duration", "different parametrisations"]),
                (["--response", "0.5", "--settling-duration", "1", "--damping-ratio", "1"], ["different parametrisations"]),
                (["--duration", "0.5", "--damping-ratio", "1"], ["--damping-ratio goes with"]),
                (["--damping-ratio", "1"], ["--damping-ratio needs --response or --settling-duration"]),
                ([], ["give a spring"]),
                (["--duration", "0.5", "--at", "0,-1"], ["--at", "-1.0 is before the start"]),
                (["--duration", "0.5", "--at", "0,nan"], ["--at", "'nan'"]),
                (["--duration", "0.5", "--at", Array(repeating: "1", count: 10_001).joined(separator: ",")], ["SpringCalculator.maxTimes"]),
                (["--duration", "0.5", "--from", "inf"], ["--from"]),
                (["--duration", "0.5", "--velocity", "-inf"], ["--velocity"]),
                (["--duration", "0.5", "--epsilon", "0"], ["--epsilon"]),
                // Each finite, their difference not; a motion past the largest double (both
                // printed null for x and v, exit 0).
                (["--duration", "0.5", "--from", "1e308", "--to", "-1e308"], ["too far apart"]),
                (["--duration", "100", "--velocity", "1e308", "--at", "10"], ["passes the largest number"]),
            ]
            for (args, words) in cases {
                let r = try Motionlab.run(["spring"] + args)
                #expect(r.status == 2, "\(args): exit \(r.status)")
                for w in words { #expect(r.stderr.contains(w), "\(args): \(r.stderr)") }
            }
            // 10,000 times is within the limit; negative numbers are values, not options.
            let many = try spring(["--bounce", "-0.5", "--velocity", "-3", "--at", Array(repeating: "1e308", count: 10_000).joined(separator: ",")])
            #expect((many["points"] as! [[String: Double]]).allSatisfy { $0["x"] == 1 && $0["v"] == 0 })
        }

        @Test func anUndampedSpringHasNoSettlingDuration() throws {
            let r = try Motionlab.run(["spring", "--duration", "1", "--bounce", "1", "--at", "0.25"])
            #expect(r.status == 0 && r.stdout.contains("\"settlingDuration\":null"), "\(r.stdout)")
        }
    }
}
