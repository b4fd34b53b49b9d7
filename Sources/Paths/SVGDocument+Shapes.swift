#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

// SVG's shapes as path data, its transforms and its lengths, as SVG 1.1 and 2 define them.
extension SVGDocument {
    /// An attribute of a start tag: its name and decoded value, the bytes it takes (from the
    /// space before its name to its closing quote), its value's bytes, and where its name is.
    struct Attribute {
        var name: String
        var value: String
        var whole: Range<Int>
        var valueRange: Range<Int>
        var at: Int
    }

    /// What is wrong with a shape's attribute, and where (a byte offset), when known.
    struct GeometryError: Error {
        var message: String
        var at: Int?
    }

    /// The shape elements read.
    static let shapeNames: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// A shape's outline as SVG path data in its own coordinates, whether SVG renders it (a
    /// rect of no width, a circle of no radius is not), and the geometry attributes it loses
    /// as a `<path>`. Numbers are written so they read back the same (`Path.shortNumber`).
    static func geometry(of name: String, _ attributes: [Attribute]) throws(GeometryError) -> (data: String, renders: Bool, ranges: [Range<Int>]) {
        func attribute(_ n: String) -> Attribute? { attributes.first { $0.name == n } }
        var ranges: [Range<Int>] = []
        func number(_ n: String, default d: Double? = 0) throws(GeometryError) -> Double? {
            guard let a = attribute(n) else { return d }
            ranges.append(a.whole)
            do { return try length(a.value) } catch { throw GeometryError(message: "\(n): \(error.message)", at: a.at) }
        }
        func n(_ v: Double) -> String { Path.shortNumber(v) }
        switch name {
        case "path":
            return (attribute("d")?.value ?? "", attribute("d") != nil, [])
        case "rect":
            let x = try number("x")!, y = try number("y")!, w = try number("width")!, h = try number("height")!
            var rx = try number("rx", default: nil), ry = try number("ry", default: nil)
            // SVG's rules: a missing or negative radius takes the other's; each at most half the side.
            if rx.map({ $0 < 0 }) ?? false { rx = nil }
            if ry.map({ $0 < 0 }) ?? false { ry = nil }
            let rxv = min(rx ?? ry ?? 0, w / 2), ryv = min(ry ?? rx ?? 0, h / 2)
            guard w > 0, h > 0 else { return ("", false, ranges) }
            guard rxv > 0, ryv > 0 else {
                return ("M\(n(x)) \(n(y))H\(n(x + w))V\(n(y + h))H\(n(x))Z", true, ranges)
            }
            let a = "A\(n(rxv)) \(n(ryv)) 0 0 1 "
            return ("M\(n(x + rxv)) \(n(y))H\(n(x + w - rxv))\(a)\(n(x + w)) \(n(y + ryv))V\(n(y + h - ryv))\(a)\(n(x + w - rxv)) \(n(y + h))"
                    + "H\(n(x + rxv))\(a)\(n(x)) \(n(y + h - ryv))V\(n(y + ryv))\(a)\(n(x + rxv)) \(n(y))Z", true, ranges)
        case "circle", "ellipse":
            let cx = try number("cx")!, cy = try number("cy")!
            var rx: Double, ry: Double
            if name == "circle" {
                rx = try number("r")!
                ry = rx
            } else {
                let a = try number("rx", default: nil), b = try number("ry", default: nil)
                rx = a ?? b ?? 0
                ry = b ?? a ?? 0
            }
            guard rx > 0, ry > 0 else { return ("", false, ranges) }
            // From (cx + rx, cy), two half turns in the positive angle's direction.
            let a = "A\(n(rx)) \(n(ry)) 0 1 1 "
            return ("M\(n(cx + rx)) \(n(cy))\(a)\(n(cx - rx)) \(n(cy))\(a)\(n(cx + rx)) \(n(cy))Z", true, ranges)
        case "line":
            let x1 = try number("x1")!, y1 = try number("y1")!, x2 = try number("x2")!, y2 = try number("y2")!
            return ("M\(n(x1)) \(n(y1))L\(n(x2)) \(n(y2))", true, ranges)
        default:  // polyline, polygon
            guard let p = attribute("points") else { return ("", false, []) }
            ranges.append(p.whole)
            guard let values = numbers(p.value) else { throw GeometryError(message: "points: '\(String(p.value.prefix(40)))' is not a list of numbers", at: p.at) }
            // An odd count draws up to the last whole pair, as SVG says.
            let pairs = values.count / 2
            guard pairs >= 1 else { return ("", false, ranges) }
            var d = "M\(n(values[0])) \(n(values[1]))"
            for k in 1..<pairs { d += "L\(n(values[2 * k])) \(n(values[2 * k + 1]))" }
            return (d + (name == "polygon" ? "Z" : ""), true, ranges)
        }
    }

    /// The numbers of a list as SVG writes them: separated by spaces or a comma, or by nothing
    /// where a sign or a second point starts the next (`10-5`, `.5.5`, `1e-3-2`); nil when
    /// anything else is there, or a number is not finite.
    static func numbers<S: StringProtocol>(_ text: S) -> [Double]? {
        let b = Array(text.utf8)
        var out: [Double] = [], i = 0
        func digits() -> Bool {
            let s = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            return i > s
        }
        while true {
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x2C { i += 1 }
            guard i < b.count else { return out }
            let start = i
            if b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            let whole = digits()
            var fraction = false
            if i < b.count, b[i] == 0x2E {
                i += 1
                fraction = digits()
            }
            guard whole || fraction else { return nil }
            if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
                var j = i + 1
                if j < b.count, b[j] == 0x2B || b[j] == 0x2D { j += 1 }
                if j < b.count, b[j] >= 0x30, b[j] <= 0x39 {
                    i = j
                    _ = digits()
                }
            }
            guard let v = Double(String(decoding: b[start..<i], as: UTF8.self)), v.isFinite else { return nil }
            out.append(v)
        }
    }

    /// A length in user units: a number, alone or with an absolute unit (px, pt, pc, mm, cm,
    /// in at 96 px to the inch). Relative units (%, em, ex) are refused: they need a viewport
    /// or a font this reader does not have.
    static func length(_ text: String) throws(GeometryError) -> Double {
        let s = text.trimmingSpaces
        let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96)]
        var number = Substring(s), scale = 1.0
        if let (unit, factor) = units.first(where: { s.hasSuffix($0.0) }) {
            number = s.dropLast(unit.count)
            scale = factor
        } else if s.hasSuffix("%") || s.hasSuffix("em") || s.hasSuffix("ex") {
            throw GeometryError(message: "'\(s)' is a relative length, which is not read (give user units)")
        }
        guard let v = Double(number), v.isFinite, abs(v * scale) <= PathLimits.maxCoordinate else {
            throw GeometryError(message: "'\(s)' is not a length within ±\(Int(PathLimits.maxCoordinate))")
        }
        return v * scale
    }

    /// A `transform` attribute: `matrix(a b c d e f)`, `translate(x [y])`, `scale(x [y])`,
    /// `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, in a list applied right to left (the last
    /// first), angles in degrees.
    static func transform(_ text: String) throws(GeometryError) -> AffineTransform {
        var result = AffineTransform.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard !rest.isEmpty else { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                throw GeometryError(message: "'\(String(rest.prefix(40)))' is not a transform (name(numbers))")
            }
            let name = String(rest[..<open]).trimmingSpaces
            guard let args = numbers(rest[rest.index(after: open)..<close]) else {
                throw GeometryError(message: "\(name): '\(String(rest[rest.index(after: open)..<close].prefix(40)))' is not a list of numbers")
            }
            func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
            let t: AffineTransform
            switch (name, args.count) {
            case ("matrix", 6): t = AffineTransform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])
            case ("translate", 1), ("translate", 2): t = .translation(Vec2(args[0], args.count == 2 ? args[1] : 0))
            case ("scale", 1), ("scale", 2): t = .scale(args[0], args.count == 2 ? args[1] : args[0])
            case ("rotate", 1): t = .rotation(radians(args[0]))
            case ("rotate", 3):
                let c = Vec2(args[1], args[2])
                t = AffineTransform.translation(-c).concatenating(.rotation(radians(args[0]))).concatenating(.translation(c))
            case ("skewX", 1): t = AffineTransform(a: 1, b: 0, c: tan(radians(args[0])), d: 1, tx: 0, ty: 0)
            case ("skewY", 1): t = AffineTransform(a: 1, b: tan(radians(args[0])), c: 0, d: 1, tx: 0, ty: 0)
            default: throw GeometryError(message: "\(name) with \(args.count) numbers is not a transform")
            }
            // The list's later transforms act first: result = result · t.
            result = t.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
