import ArgumentParser
import Engine
import Foundation
import MotionSDL
import Motion

/// `motionlab spring`: the designer's spring calculator (as Origami's spring converter). One
/// parametrisation in; every other one, the settling time and sampled motion out, as JSON.
struct SpringCalculator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Convert a spring between its parametrisations and sample its motion, as JSON.",
        discussion: """
        Give one parametrisation: --mass M --stiffness K --damping C (mass default 1), \
        --duration D --bounce B (SwiftUI's; defaults 0.5 and 0), --response R --damping-ratio Z, \
        or --settling-duration S --damping-ratio Z. Prints one line: \
        {"mass":…,"stiffness":…,"damping":…,"duration":…,"bounce":…,"response":…,"dampingRatio":…,\
        "settlingDuration":…,"points":[{"t":…,"x":…,"v":…}]}, where x is the value going from \
        --from to --to (not the displacement) and v its velocity, at each time of --at \
        (default 0,0.1,…,1). settlingDuration is null for an undamped spring. A value that is not \
        finite or out of range, or two parametrisations at once, exits with code 2 naming the option.
        """
    )

    /// At most this many `--at` times.
    static let maxTimes = 10_000

    @Option(parsing: .unconditional, help: "Mass (default 1), with --stiffness and --damping.")
    var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness k, force per unit of displacement.")
    var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping c, force per unit of velocity (0 or more).")
    var damping: Double?
    @Option(parsing: .unconditional, help: "SwiftUI's duration: the undamped period in seconds (default 0.5 with --bounce).")
    var duration: Double?
    @Option(parsing: .unconditional, help: "SwiftUI's bounce, above -1 and at most 1: 0 critically damped, above 0 bouncy, below 0 overdamped (default 0 with --duration).")
    var bounce: Double?
    @Option(parsing: .unconditional, help: "The undamped period in seconds, with --damping-ratio.")
    var response: Double?
    @Option(parsing: .unconditional, help: "The damping as a fraction of critical damping, with --response or --settling-duration.")
    var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "Seconds until the spring stays within --epsilon of its target (released from rest one unit away), with --damping-ratio.")
    var settlingDuration: Double?
    @Option(parsing: .unconditional, help: "How close counts as settled, for settlingDuration.")
    var epsilon: Double = 0.001

    @Option(parsing: .unconditional, help: "The value the spring starts at.")
    var from: Double = 0
    @Option(parsing: .unconditional, help: "The value it springs to.")
    var to: Double = 1
    @Option(parsing: .unconditional, help: "Its velocity at the start, in units per second.")
    var velocity: Double = 0
    @Option(parsing: .unconditional, help: "Times to sample, seconds, comma-separated, each 0 or more, at most 10000 (default 0,0.1,…,1).")
    var at: String?

    func run() throws {
        do {
            let spring = try makeSpring()
            for (name, value) in [("--from", from), ("--to", to), ("--velocity", velocity)] where !value.isFinite {
                throw CommandError.usage("\(name) must be a finite number, got \(value)")
            }
            // The motion is worked out as the distance to go, from − to: it must be finite too
            // (1e308 to −1e308 printed null for every point, exit 0: a hostile tour).
            guard (from - to).isFinite else {
                throw CommandError.usage("--from \(from) and --to \(to) are too far apart: their difference must be a finite number")
            }
            let times = try sampleTimes()
            let points: [JSONValue] = try times.map { t in
                let (x, v) = spring.evolve(from - to, velocity: velocity, by: t)
                guard (to + x).isFinite, v.isFinite else {
                    throw CommandError.usage("at t = \(t) s the spring passes the largest number a double holds (x \(to + x), v \(v)): give smaller --from, --to or --velocity")
                }
                return .object([("t", JSONValue(t)), ("x", JSONValue(to + x)), ("v", JSONValue(v))])
            }
            let out: JSONValue = .object([
                ("mass", JSONValue(spring.mass)), ("stiffness", JSONValue(spring.stiffness)), ("damping", JSONValue(spring.damping)),
                ("duration", JSONValue(spring.duration)), ("bounce", JSONValue(spring.bounce)), ("response", JSONValue(spring.response)),
                ("dampingRatio", JSONValue(spring.dampingRatio)), ("settlingDuration", JSONValue(spring.settlingDuration(epsilon: epsilon))),
                ("points", .array(points)),
            ])
            StandardStream.output.line(out.serialized())
        } catch let e as CommandError {
            StandardStream.error.write("motionlab spring: \(e.description)\n")
            throw ExitCode(MotionLab.badInput)
        }
    }

    /// The one parametrisation given, checked (`Spring.validated`), its faults named as options.
    private func makeSpring() throws -> Spring {
        let families: [(options: [(String, Double?)], name: String)] = [
            ([("--mass", mass), ("--stiffness", stiffness), ("--damping", damping)], "--mass/--stiffness/--damping"),
            ([("--duration", duration), ("--bounce", bounce)], "--duration/--bounce"),
            ([("--response", response)], "--response/--damping-ratio"),
            ([("--settling-duration", settlingDuration)], "--settling-duration/--damping-ratio"),
        ]
        let given = families.filter { $0.options.contains { $0.1 != nil } }
        guard given.count == 1 else {
            if given.count > 1 {
                let first = given.map { family in family.options.first { $0.1 != nil }!.0 }
                throw CommandError.usage("\(first.joined(separator: " and ")) belong to different parametrisations; give one of "
                                         + families.map(\.name).joined(separator: ", "))
            }
            let alone = dampingRatio != nil ? "--damping-ratio needs --response or --settling-duration; " : ""
            throw CommandError.usage(alone + "give a spring: one of " + families.map(\.name).joined(separator: ", "))
        }
        guard epsilon > 0, epsilon < 1 else { throw CommandError.usage("--epsilon must be more than 0 and less than 1, got \(epsilon)") }
        do {
            if let settlingDuration {
                return try Spring.validated(settlingDuration: settlingDuration, dampingRatio: try required(dampingRatio, "--damping-ratio"), epsilon: epsilon)
            }
            if let response { return try Spring.validated(response: response, dampingRatio: try required(dampingRatio, "--damping-ratio")) }
            if dampingRatio != nil { throw CommandError.usage("--damping-ratio goes with --response or --settling-duration, not \(given[0].name)") }
            if duration != nil || bounce != nil { return try Spring.validated(duration: duration ?? 0.5, bounce: bounce ?? 0) }
            return try Spring.validated(mass: mass ?? 1, stiffness: try required(stiffness, "--stiffness"), damping: try required(damping, "--damping"))
        } catch let e as SpringError {
            throw CommandError.usage("--\(Self.optionName(e.parameter)) must be \(e.requirement), got \(e.value)")
        }
    }

    private func required(_ value: Double?, _ option: String) throws -> Double {
        guard let value else { throw CommandError.usage("\(option) is needed with the others of its parametrisation") }
        return value
    }

    /// The option for a `Spring` parameter: dampingRatio → damping-ratio.
    static func optionName(_ parameter: String) -> String {
        parameter.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
    }

    /// `--at`, or 0, 0.1, …, 1.
    private func sampleTimes() throws -> [Double] {
        guard let at else { return (0...10).map { Double($0) / 10 } }
        guard at.utf8.reduce(1, { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }) <= Self.maxTimes else {
            throw CommandError.usage("--at: more than \(Self.maxTimes) times (SpringCalculator.maxTimes)")
        }
        switch OptionValues.parseNumbers(at) {
        case .failure(let bad): throw CommandError.usage("--at: '\(echo(bad.text))' is not a finite number")
        case .success(let times):
            if let bad = times.first(where: { $0 < 0 }) { throw CommandError.usage("--at: \(bad) is before the start; times are 0 or more") }
            return times
        }
    }
}
