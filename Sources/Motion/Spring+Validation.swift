#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A spring parameter that cannot be used, named as the initialiser names it.
public struct SpringError: Error, Equatable, CustomStringConvertible {
    /// The parameter at fault: "mass", "stiffness", "damping", "duration", "bounce",
    /// "response", "dampingRatio", "settlingDuration" or "epsilon".
    public let parameter: String
    /// The value given for it.
    public let value: Double
    /// What it must be, as a phrase ("a positive finite number").
    public let requirement: String

    /// The error as a sentence for the user.
    public var description: String { "\(parameter) must be \(requirement), got \(value)" }
}

// The initialisers as checked input: each refuses what is not finite or out of range, and
// a spring whose derived quantities (ω₀ = √(k/m), β = c/2m) would overflow or vanish, so
// what it accepts evolves without a NaN at any time.
extension Spring {
    /// `init(mass:stiffness:damping:)`, checked.
    public static func validated(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringError) -> Spring {
        try require("mass", mass, positive)
        try require("stiffness", stiffness, positive)
        try require("damping", damping, nonNegative)
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        // Two values make each derived quantity (k/m for ω₀, c/2m for the decay); the one
        // further from 1 in orders of magnitude is the one at fault.
        func further(_ a: (String, Double), _ b: (String, Double)) -> (String, Double) {
            abs(log10(a.1)) > abs(log10(b.1)) ? a : b
        }
        let w0 = spring.omega
        let (name, value) = (w0 * w0).isFinite && w0 > 0
            ? further(("mass", mass), ("damping", damping))
            : further(("mass", mass), ("stiffness", stiffness))
        return try spring.checked(blaming: name, value)
    }

    /// `init(duration:bounce:)`, checked: a positive duration, and bounce above −1 and at most 1.
    public static func validated(duration: Double, bounce: Double) throws(SpringError) -> Spring {
        try require("duration", duration, positive)
        try require("bounce", bounce, Requirement(phrase: "more than -1 and at most 1") { $0 > -1 && $0 <= 1 })
        return try Spring(duration: duration, bounce: bounce).checked(blaming: "duration", duration)
    }

    /// `init(response:dampingRatio:)`, checked.
    public static func validated(response: Double, dampingRatio: Double) throws(SpringError) -> Spring {
        try require("response", response, positive)
        try require("dampingRatio", dampingRatio, nonNegative)
        return try Spring(response: response, dampingRatio: dampingRatio).checked(blaming: "response", response)
    }

    /// `init(settlingDuration:dampingRatio:epsilon:)`, checked: an undamped spring never
    /// settles, so the damping ratio must be positive, and `epsilon` lies between 0 and 1.
    public static func validated(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) throws(SpringError) -> Spring {
        try require("settlingDuration", settlingDuration, positive)
        try require("dampingRatio", dampingRatio, positive)
        try require("epsilon", epsilon, Requirement(phrase: "more than 0 and less than 1") { $0 > 0 && $0 < 1 })
        return try Spring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
            .checked(blaming: "settlingDuration", settlingDuration)
    }

    /// What a parameter must be.
    private struct Requirement: Sendable {
        let phrase: String
        let holds: @Sendable (Double) -> Bool
    }

    private static let positive = Requirement(phrase: "a positive finite number") { $0 > 0 && $0.isFinite }
    private static let nonNegative = Requirement(phrase: "a finite number, 0 or more") { $0 >= 0 && $0.isFinite }

    private static func require(_ name: String, _ value: Double, _ r: Requirement) throws(SpringError) {
        guard r.holds(value) else { throw SpringError(parameter: name, value: value, requirement: r.phrase) }
    }

    /// The spring, if its physical parameters and what the motion derives from them are
    /// finite, with ω₀ positive; otherwise `parameter` is blamed as too large or too small.
    private func checked(blaming parameter: String, _ value: Double) throws(SpringError) -> Spring {
        let w0 = omega, beta = decay
        let usable = [mass, stiffness, damping, w0 * w0, beta, beta + w0].allSatisfy(\.isFinite) && w0 > 0 && stiffness > 0
        guard usable else {
            throw SpringError(parameter: parameter, value: value,
                              requirement: "within range: it makes ω₀ = √(k/m) = \(w0) and c/2m = \(beta), which must be finite, ω₀ above 0")
        }
        return self
    }
}
