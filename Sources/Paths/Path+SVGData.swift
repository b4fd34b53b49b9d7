#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

extension Path {
    /// The path as subpaths of segments put back into elements: each subpath a move, its
    /// segments, and a close if it is closed (its closing line, if any, left to the close).
    public init(subpaths: [Subpath]) {
        self.init()
        for s in subpaths {
            move(to: s.start)
            for seg in s.segmentsBeforeClose {
                switch seg {
                case .line(_, let b): line(to: b)
                case .quad(_, let c, let b): quad(to: b, control: c)
                case .cubic(_, let c1, let c2, let b): curve(to: b, control1: c1, control2: c2)
                case .arc(let c, let rx, let ry, let rot, let start, let sweep):
                    append(.arc(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep))
                }
            }
            if s.isClosed { close() }
        }
    }

    /// The path as SVG path data (the `d` attribute), short: absolute commands, each number
    /// in the fewest digits that read back as the same double, no separator where the next
    /// number's sign or point already separates it. `Path(svg:)` reads it back to the same
    /// segments (arcs to within rounding: SVG gives an arc by its end points, and the centre
    /// is found again from them).
    ///
    /// An arc of more than 1.75 half-turns is written as arcs of at most half a turn each (one
    /// SVG arc cannot say a whole turn); a gap between where the path is and where an arc starts is
    /// written as a line.
    public var svgData: String {
        var out = SVGWriter()
        for s in subpaths {
            out.command("M", s.start)
            var at = s.start
            for seg in s.segmentsBeforeClose {
                switch seg {
                case .line(_, let b): out.command("L", b)
                case .quad(_, let c, let b): out.command("Q", c, b)
                case .cubic(_, let c1, let c2, let b): out.command("C", c1, c2, b)
                case .arc(let c, let rx, let ry, let rot, let start, let sweep):
                    let first = ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: start)
                    // A gap the arc itself would bridge (within 1e-9 of the size) needs no line.
                    if first.distance(to: at) > 1e-9 * max(1, rx, ry) { out.command("L", first) }
                    // One SVG arc up to 1.75 turns of half a circle; past that its two ends come
                    // so close that the centre found again from them loses digits, and a whole
                    // turn has no single arc at all: pieces of at most half a turn then.
                    let pieces = abs(sweep) <= 1.75 * Double.pi ? 1 : Int(min(abs(sweep) / Double.pi, 4096).rounded(.up))
                    for k in 1...pieces {
                        let end = ellipsePoint(center: c, rx: rx, ry: ry, rotation: rot, angle: start + sweep * Double(k) / Double(pieces))
                        out.arc(rx: rx, ry: ry, degrees: rot * 180 / Double.pi, large: abs(sweep) / Double(pieces) > Double.pi,
                                sweep: sweep > 0, to: end)
                    }
                }
                at = seg.end
            }
            if s.isClosed { out.close() }
        }
        return out.text
    }
}

extension Path {
    /// `v` as SVG writes it here: the fewest digits that read back as `v`, no leading zero
    /// ("-.5"), no ".0", and zero (either sign) as "0".
    public static func shortNumber(_ v: Double) -> String {
        var s = v == 0 ? "0" : "\(v)"  // Swift prints the shortest round-trip form (and −0 as "-0.0").
        if s.hasSuffix(".0") { s.removeLast(2) }
        if s.hasPrefix("0.") { s.removeFirst() } else if s.hasPrefix("-0.") { s.remove(at: s.index(after: s.startIndex)) }
        return s
    }
}

extension Subpath {
    /// The segments, less a closed subpath's last line back to its start: that line is what
    /// its close draws.
    var segmentsBeforeClose: ArraySlice<PathSegment> {
        if isClosed, case .line(_, let b)? = segments.last, b == start { return segments.dropLast() }
        return segments[...]
    }
}

/// Builds short SVG path data.
private struct SVGWriter {
    private(set) var text = ""

    mutating func command(_ letter: Character, _ points: Vec2...) {
        text.append(letter)
        var first = true
        for p in points {
            number(p.x, first: first)
            number(p.y, first: false)
            first = false
        }
    }

    mutating func arc(rx: Double, ry: Double, degrees: Double, large: Bool, sweep: Bool, to p: Vec2) {
        text.append("A")
        number(rx, first: true)
        number(ry, first: false)
        number(degrees, first: false)
        number(large ? 1 : 0, first: false)
        number(sweep ? 1 : 0, first: false)
        number(p.x, first: false)
        number(p.y, first: false)
    }

    mutating func close() { text.append("Z") }

    /// `v` in the fewest digits that read back as `v`, separated from what came before only
    /// where it must be (the first number after a command letter never needs a separator).
    private mutating func number(_ v: Double, first: Bool) {
        let s = Path.shortNumber(v)
        if !first, let last = text.last, let c = s.first {
            // "-" always starts a new number; "." does after a number that already has one.
            let needs = c != "-" && !(c == "." && Self.lastNumberHasPoint(text))
            if needs && (last.isNumber || last == ".") { text.append(" ") }
        }
        text += s
    }

    /// Whether the number at the end of `text` has a decimal point or an exponent (so that
    /// a "." after it starts a new number).
    private static func lastNumberHasPoint(_ text: String) -> Bool {
        let tail = Array(text.suffix(32))
        var i = tail.count - 1
        while i >= 0 {
            let c = tail[i]
            if c == "." || c == "e" || c == "E" { return true }
            // A sign starts the number, unless it is an exponent's ("1e-05").
            if c == "-" || c == "+" { return i > 0 && (tail[i - 1] == "e" || tail[i - 1] == "E") }
            if !c.isNumber { return false }
            i -= 1
        }
        return false
    }
}
