#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// An error in SVG path data: the character offset (0-based) and what was expected there.
public struct SVGPathError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    public let message: String
    public var description: String { "SVG path data, offset \(offset): \(message)" }
}

extension Path {
    /// Parses SVG path data (the `d` attribute): M m L l H h V v C c S s Q q T t A a Z z, with
    /// implicit repeated commands (extra pairs after M are line-tos), exponents, numbers run
    /// together (`.5.5`, `-1-2`), arc flags without separators (`a1 1 0 00 1 1`) and
    /// out-of-range arc radii scaled up as the SVG spec (F.6.6) says. Elliptical arcs stay
    /// analytic arcs.
    public init(svg: String) throws(SVGPathError) {
        var parser = SVGPathParser(Array(svg.utf8))
        self = try parser.parse()
    }
}

struct SVGPathParser {
    private let s: [UInt8]
    private var i = 0
    private var path = Path()
    private var current = Vec2.zero
    private var start = Vec2.zero
    /// The second control point of the previous C/S, or the control of the previous Q/T, for reflection.
    private var lastCubicControl: Vec2?
    private var lastQuadControl: Vec2?

    init(_ s: [UInt8]) { self.s = s }

    private func fail(_ m: String) -> SVGPathError { SVGPathError(offset: i, message: m) }

    private mutating func skipSeparators(allowComma: Bool = true) {
        while i < s.count {
            let c = s[i]
            if c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d || c == 0x0c || (allowComma && c == UInt8(ascii: ",")) { i += 1 } else { break }
        }
    }

    private func isNumberStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
    }

    /// Whether another argument follows (a number after optional separators).
    private mutating func hasNumberAhead() -> Bool {
        let save = i
        skipSeparators()
        let ok = i < s.count && isNumberStart(s[i])
        i = save
        return ok
    }

    private mutating func number(_ what: String) throws(SVGPathError) -> Double {
        skipSeparators()
        let begin = i
        if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") { i += 1; digits += 1 }
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") { i += 1; digits += 1 }
        }
        guard digits > 0 else { i = begin; throw fail("expected a number (\(what))") }
        if i < s.count, s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") {
            let e = i
            i += 1
            if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
            var expDigits = 0
            while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") { i += 1; expDigits += 1 }
            guard expDigits > 0 else { i = e + 1; throw fail("expected exponent digits") }
        }
        let text = String(decoding: s[begin..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { i = begin; throw fail("number out of range") }
        return v
    }

    private mutating func flag(_ what: String) throws(SVGPathError) -> Bool {
        skipSeparators()
        guard i < s.count, s[i] == UInt8(ascii: "0") || s[i] == UInt8(ascii: "1") else {
            throw fail("expected a flag 0 or 1 (\(what))")
        }
        defer { i += 1 }
        return s[i] == UInt8(ascii: "1")
    }

    private mutating func pair(_ rel: Bool, _ what: String) throws(SVGPathError) -> Vec2 {
        let x = try number("\(what) x"), y = try number("\(what) y")
        return rel ? current + Vec2(x, y) : Vec2(x, y)
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipSeparators(allowComma: false)
        guard i < s.count else { return path }
        var first = true
        while true {
            skipSeparators(allowComma: false)
            guard i < s.count else { break }
            let c = s[i]
            let cmd = Character(UnicodeScalar(c))
            guard "MmLlHhVvCcSsQqTtAaZz".contains(cmd) else {
                throw fail(isNumberStart(c) ? "expected a command letter, found a number with no command before it" : "expected a command letter, found '\(cmd)'")
            }
            if first && cmd != "M" && cmd != "m" { throw fail("path data must start with a moveto (M or m)") }
            first = false
            i += 1
            try command(cmd)
        }
        return path
    }

    private mutating func command(_ cmd: Character) throws(SVGPathError) {
        let rel = cmd.isLowercase
        var firstArgs = true
        repeat {
            switch cmd.uppercased() {
            case "M":
                let p = try pair(rel, "moveto")
                if firstArgs {
                    path.move(to: p); start = p
                } else {
                    path.line(to: p)  // extra pairs after a moveto are line-tos
                }
                current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "L":
                let p = try pair(rel, "lineto")
                path.line(to: p); current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "H":
                let x = try number("horizontal lineto x")
                let p = Vec2(rel ? current.x + x : x, current.y)
                path.line(to: p); current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "V":
                let y = try number("vertical lineto y")
                let p = Vec2(current.x, rel ? current.y + y : y)
                path.line(to: p); current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "C":
                let c1 = try pair(rel, "curveto control 1"), c2 = try pair(rel, "curveto control 2"), p = try pair(rel, "curveto end")
                path.curve(to: p, control1: c1, control2: c2)
                current = p; lastCubicControl = c2; lastQuadControl = nil
            case "S":
                let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
                let c2 = try pair(rel, "smooth curveto control 2"), p = try pair(rel, "smooth curveto end")
                path.curve(to: p, control1: c1, control2: c2)
                current = p; lastCubicControl = c2; lastQuadControl = nil
            case "Q":
                let c = try pair(rel, "quadratic control"), p = try pair(rel, "quadratic end")
                path.quad(to: p, control: c)
                current = p; lastQuadControl = c; lastCubicControl = nil
            case "T":
                let c = lastQuadControl.map { current * 2 - $0 } ?? current
                let p = try pair(rel, "smooth quadratic end")
                path.quad(to: p, control: c)
                current = p; lastQuadControl = c; lastCubicControl = nil
            case "A":
                let rx = try number("arc rx"), ry = try number("arc ry"), rot = try number("arc x-axis-rotation")
                let large = try flag("arc large-arc-flag"), sweep = try flag("arc sweep-flag")
                let p = try pair(rel, "arc end")
                arc(to: p, rx: rx, ry: ry, rotationDegrees: rot, large: large, sweep: sweep)
                current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "Z":
                path.close()
                current = start
                lastCubicControl = nil; lastQuadControl = nil
                return
            default:
                throw fail("unknown command '\(cmd)'")
            }
            firstArgs = false
        } while hasNumberAhead()
    }

    /// SVG's endpoint arc → centre parameterisation (SVG 1.1 appendix F.6.5–F.6.6).
    private mutating func arc(to p: Vec2, rx rxIn: Double, ry ryIn: Double, rotationDegrees: Double, large: Bool, sweep: Bool) {
        let p0 = current
        if p0 == p { return }
        var rx = abs(rxIn), ry = abs(ryIn)
        guard rx > 0, ry > 0 else { path.line(to: p); return }
        let phi = rotationDegrees * .pi / 180
        let half = (p0 - p) / 2
        let x1 = half.rotated(by: -phi)
        let lambda = (x1.x * x1.x) / (rx * rx) + (x1.y * x1.y) / (ry * ry)
        if lambda > 1 {
            let k = lambda.squareRoot()
            rx *= k; ry *= k
        }
        let num = rx * rx * ry * ry - rx * rx * x1.y * x1.y - ry * ry * x1.x * x1.x
        let den = rx * rx * x1.y * x1.y + ry * ry * x1.x * x1.x
        var co = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if large == sweep { co = -co }
        let cPrime = Vec2(co * rx * x1.y / ry, -co * ry * x1.x / rx)
        let center = cPrime.rotated(by: phi) + (p0 + p) / 2
        func angle(_ u: Vec2, _ v: Vec2) -> Double { atan2(u.cross(v), u.dot(v)) }
        let u = Vec2((x1.x - cPrime.x) / rx, (x1.y - cPrime.y) / ry)
        let v = Vec2((-x1.x - cPrime.x) / rx, (-x1.y - cPrime.y) / ry)
        let theta1 = angle(Vec2(1, 0), u)
        var dTheta = angle(u, v)
        if !sweep && dTheta > 0 { dTheta -= 2 * .pi }
        if sweep && dTheta < 0 { dTheta += 2 * .pi }
        path.addEllipticalArc(center: center, rx: rx, ry: ry, rotation: phi, start: theta1, sweep: dTheta)
        // The analytic end may differ from p by rounding; keep the current point exact.
        if let cp = path.currentPoint, cp.distance(to: p) > 1e-9 * max(1, rx + ry) { path.line(to: p) }
    }
}
