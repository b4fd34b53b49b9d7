#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// An error in SVG path data: the character offset (0-based) and what was expected there.
public struct SVGPathError: Error, Equatable, CustomStringConvertible {
    /// Where in the data (a UTF-8 byte offset) the problem is.
    public let offset: Int
    /// What was expected there, or what is wrong.
    public let message: String
    /// "SVG path data, offset N: …".
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
    var path = Path()
    private var segments = 0
    var current = Vec2.zero
    private var start = Vec2.zero
    /// The second control point of the previous C/S, or the control of the previous Q/T, for reflection.
    /// With `recordsPieces`: each command's arguments as read, where they are in the text
    /// and which elements they made (`SVGPathSource`).
    var recordsPieces = false
    private(set) var pieces: [SVGPathSource.Piece] = []
    private var lastCubicControl: Vec2?
    private var lastQuadControl: Vec2?

    init(_ s: [UInt8]) { self.s = s }

    private func fail(_ m: String) -> SVGPathError { SVGPathError(offset: i, message: m) }

    /// The character at the current offset as a message shows it: quoted when it prints,
    /// else its code point (a NUL byte showed as a blank, and the first byte of a multi-byte
    /// character as a Latin-1 letter: a hostile tour).
    private func shownCharacter() -> String {
        var iterator = s[i...].makeIterator(), decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "a byte that is not UTF-8 (0x\(String(s[i], radix: 16, uppercase: true)))" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse: return code
        default: return scalar.isASCII ? "'\(Character(scalar))'" : "'\(Character(scalar))' (\(code))"
        }
    }

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
        let begin = i
        let x = try number("\(what) x"), y = try number("\(what) y")
        return try inRange(rel ? current + Vec2(x, y) : Vec2(x, y), what, from: begin)
    }

    /// `p` if both coordinates are within ±`PathLimits.maxCoordinate`; else an error at `begin`.
    private mutating func inRange(_ p: Vec2, _ what: String, from begin: Int) throws(SVGPathError) -> Vec2 {
        let m = PathLimits.maxCoordinate
        guard abs(p.x) <= m, abs(p.y) <= m else {
            i = begin
            throw fail("\(what) (\(scientific(p.x)), \(scientific(p.y))) is outside ±\(scientific(m)), the coordinate limit (PathLimits.maxCoordinate); scale the path down")
        }
        return p
    }

    /// Counts a drawing command; past `PathLimits.maxSegments` the data is refused.
    private mutating func countSegment() throws(SVGPathError) {
        segments += 1
        guard segments <= PathLimits.maxSegments else {
            throw fail("more than \(PathLimits.maxSegments) commands (movetos counted), the limit (PathLimits.maxSegments); simplify the path")
        }
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipSeparators(allowComma: false)
        guard i < s.count else { return path }
        var first = true
        while true {
            let pieceStart = i
            skipSeparators(allowComma: false)
            guard i < s.count else { break }
            let c = s[i]
            let cmd = Character(UnicodeScalar(c))
            guard "MmLlHhVvCcSsQqTtAaZz".contains(cmd) else {
                throw fail(isNumberStart(c) ? "expected a command letter, found a number with no command before it" : "expected a command letter, found \(shownCharacter())")
            }
            if first && cmd != "M" && cmd != "m" { throw fail("path data must start with a moveto (M or m)") }
            first = false
            i += 1
            try countSegment()
            try command(cmd, from: pieceStart)
        }
        return path
    }

    private mutating func command(_ cmd: Character, from pieceStart: Int) throws(SVGPathError) {
        let rel = cmd.isLowercase
        var firstArgs = true
        var from = pieceStart, elementsBefore = path.elements.count
        func record(_ p: inout SVGPathParser) {
            guard p.recordsPieces else { return }
            // Repeated arguments of a moveto are linetos.
            let letter: Character = firstArgs ? cmd : cmd == "M" ? "L" : cmd == "m" ? "l" : cmd
            p.pieces.append(SVGPathSource.Piece(text: from..<p.i, letter: letter, explicit: firstArgs,
                                                elements: elementsBefore..<p.path.elements.count))
        }
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
                let begin = i
                let x = try number("horizontal lineto x")
                let p = try inRange(Vec2(rel ? current.x + x : x, current.y), "horizontal lineto", from: begin)
                path.line(to: p); current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "V":
                let begin = i
                let y = try number("vertical lineto y")
                let p = try inRange(Vec2(current.x, rel ? current.y + y : y), "vertical lineto", from: begin)
                path.line(to: p); current = p
                lastCubicControl = nil; lastQuadControl = nil
            case "C":
                let c1 = try pair(rel, "curveto control 1"), c2 = try pair(rel, "curveto control 2"), p = try pair(rel, "curveto end")
                path.curve(to: p, control1: c1, control2: c2)
                current = p; lastCubicControl = c2; lastQuadControl = nil
            case "S":
                // The reflected control is a point of the path like any other: written out, it
                // is an explicit control, so it must be within the limit the reader enforces.
                let c1 = try inRange(lastCubicControl.map { current * 2 - $0 } ?? current, "smooth curveto control 1 (reflected)", from: i)
                let c2 = try pair(rel, "smooth curveto control 2"), p = try pair(rel, "smooth curveto end")
                path.curve(to: p, control1: c1, control2: c2)
                current = p; lastCubicControl = c2; lastQuadControl = nil
            case "Q":
                let c = try pair(rel, "quadratic control"), p = try pair(rel, "quadratic end")
                path.quad(to: p, control: c)
                current = p; lastQuadControl = c; lastCubicControl = nil
            case "T":
                let c = try inRange(lastQuadControl.map { current * 2 - $0 } ?? current, "smooth quadratic control (reflected)", from: i)
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
                record(&self)
                return
            default:
                throw fail("unknown command '\(cmd)'")
            }
            record(&self)
            firstArgs = false
            from = i
            elementsBefore = path.elements.count
            if hasNumberAhead() { try countSegment() } else { break }
        } while true
    }
}

/// A number for a message: plain up to a million, else like 1.0e10.
func scientific(_ x: Double) -> String {
    guard x.isFinite else { return "\(x)" }
    if abs(x) < 1e6 { return x == x.rounded() ? String(Int(x)) : "\(x)" }
    let e = Int(log10(abs(x)).rounded(.down))
    let m = x / pow(10, Double(e))
    return "\(Double((m * 10).rounded()) / 10)e\(e)"
}
