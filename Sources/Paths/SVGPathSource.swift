#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// Path data written back with the source text of what an edit did not touch: an edited
/// path's data (`Path.svgData`, every number in its shortest form, every command absolute)
/// keeps, before and after the commands that changed, the original's own text — its
/// relative commands, its "0.10", its separators — byte for byte.
/// A one-anchor move in a hand-written file changes the few commands around that anchor,
/// so a diff of the file shows the edit and nothing else.
public enum SVGPathSource {
    /// One command's arguments as read: their text (with the separators before them), the
    /// command letter, whether the letter was written there (else it repeats the one before),
    /// and the range of the path's elements they made.
    struct Piece {
        var text: Range<Int>
        var letter: Character
        var explicit: Bool
        var elements: Range<Int>
    }

    /// `edited` (path data, as `Path.svgData` writes it) with the longest run of commands at
    /// its start, and then at its end, that make the same elements as `original`'s taken from
    /// `original`'s text instead. The result always reads back to exactly `edited`'s
    /// elements (checked); when no such merge does, `edited` as it is. Either argument that
    /// does not parse gives `edited`.
    public static func merge(_ edited: String, keepingSourceOf original: String) -> String {
        let o = Array(original.utf8), e = Array(edited.utf8)
        guard let old = parse(o), let new = parse(e) else { return edited }
        let (a, b) = (old.pieces, new.pieces)
        func same(_ i: Int, _ j: Int) -> Bool {
            Self.alike(old.path.elements[a[i].elements], new.path.elements[b[j].elements])
        }
        var prefix = 0
        while prefix < a.count, prefix < b.count, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, same(a.count - 1 - suffix, b.count - 1 - suffix) { suffix += 1 }
        guard prefix + suffix > 0 else { return edited }
        func text(_ bytes: [UInt8], _ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        // The original's pieces before and after, the edited data's pieces between.
        // A kept command that is relative (or smooth, or a close) reads from the point before
        // it, which the edit may have moved: fewer kept at the end until it reads back right
        // (a few tries, then none).
        let tries = Array((max(0, suffix - 3)...suffix).reversed()) + (suffix > 3 ? [0] : [])
        for keepSuffix in tries where prefix + keepSuffix > 0 {
            var out = prefix > 0 ? text(o, 0..<a[prefix - 1].text.upperBound) : ""
            let middle = prefix..<(b.count - keepSuffix)
            if !middle.isEmpty { out += text(e, b[middle.lowerBound].text.lowerBound..<b[middle.upperBound - 1].text.upperBound) }
            if keepSuffix > 0 {
                let first = a[a.count - keepSuffix]
                var rest = text(o, first.text.lowerBound..<o.count)
                if !first.explicit {
                    // Its letter was the command before it, which is not there any more.
                    rest = String(first.letter) + rest.drop { c in c == " " || c == "," || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
                }
                out += rest
            }
            // Trailing separators of the original stay out of the data.
            while let c = out.last, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" { out.removeLast() }
            if let back = parse(Array(out.utf8)), Self.alike(back.path.elements[...], new.path.elements[...]) { return out }
        }
        return edited
    }

    /// Whether two runs of elements are the same but for rounding (a billionth of their size):
    /// an element's own transform undone (`rotate(30)`) gives 9.999999999999998 for the 10 a
    /// file says, and the commands an edit did not touch should keep the file's text. Lines
    /// of no length (an arc's end a rounding away from where its text said) do not count, and
    /// arcs compare by what they draw: the same ellipse from the same point to the same point,
    /// however its numbers are written (a map and its inverse give a circle any rotation, and
    /// an ellipse its radii the other way round, a quarter turn on).
    public static func alike(_ x: ArraySlice<PathElement>, _ y: ArraySlice<PathElement>) -> Bool {
        let x = drawn(x), y = drawn(y)
        guard x.count == y.count else { return false }
        let close: (Double, Double) -> Bool = PathLimits.differByRounding, near: (Vec2, Vec2) -> Bool = PathLimits.differByRounding
        func shape(_ rx: Double, _ ry: Double, _ rot: Double) -> (Double, Double, Double) {
            let c = cos(rot), s = sin(rot), xx = rx * rx, yy = ry * ry
            let first: Double = c * c * xx + s * s * yy
            let second: Double = c * s * (xx - yy)
            let third: Double = s * s * xx + c * c * yy
            return (first, second, third)
        }
        for (p, q) in zip(x, y) {
            switch (p, q) {
            case (.move(let a), .move(let b)), (.line(let a), .line(let b)): if !near(a, b) { return false }
            case (.quad(let a, let c), .quad(let b, let d)): if !near(a, b) || !near(c, d) { return false }
            case (.curve(let a, let c1, let c2), .curve(let b, let d1, let d2)):
                if !near(a, b) || !near(c1, d1) || !near(c2, d2) { return false }
            case (.arc(let c, let rx, let ry, let rot, let st, let sw), .arc(let d, let rx2, let ry2, let rot2, let st2, let sw2)):
                let (a, b) = (shape(rx, ry, rot), shape(rx2, ry2, rot2))
                let one = PathSegment.arc(center: c, rx: rx, ry: ry, rotation: rot, start: st, sweep: sw)
                let two = PathSegment.arc(center: d, rx: rx2, ry: ry2, rotation: rot2, start: st2, sweep: sw2)
                if !near(c, d) || !close(sw, sw2) || !close(a.0, b.0) || !close(a.1, b.1) || !close(a.2, b.2)
                    || !near(one.point(at: 0), two.point(at: 0)) || !near(one.point(at: 1), two.point(at: 1)) { return false }
            case (.close, .close): break
            default: return false
            }
        }
        return true
    }

    /// `elements` without lines of no length (to a rounding of where the pen already is).
    private static func drawn(_ elements: ArraySlice<PathElement>) -> [PathElement] {
        var out: [PathElement] = [], pen: Vec2?, start: Vec2?
        for e in elements {
            switch e {
            case .move(let p): pen = p; start = p
            case .line(let p):
                if let pen, PathLimits.differByRounding(pen, p) { continue }
                pen = p
            case .quad(let p, _), .curve(let p, _, _): pen = p
            case .arc(let c, let rx, let ry, let rot, let st, let sw):
                pen = PathSegment.arc(center: c, rx: rx, ry: ry, rotation: rot, start: st, sweep: sw).point(at: 1)
            case .close: pen = start
            }
            out.append(e)
        }
        return out
    }

    private static func parse(_ bytes: [UInt8]) -> (path: Path, pieces: [Piece])? {
        var parser = SVGPathParser(bytes)
        parser.recordsPieces = true
        guard let path = try? parser.parse() else { return nil }
        return (path, parser.pieces)
    }
}
