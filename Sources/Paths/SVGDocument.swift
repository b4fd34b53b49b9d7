/// An SVG document read as XML, far enough to find its path elements and the exact bytes
/// of each one's `d`, so that an edit can be written back into the right element and
/// nothing else.
///
/// Why not a text search: `<path` also begins `<pathology>`, sits inside comments and
/// CDATA, and a `d='…'` can sit inside another attribute's value; the first `<path>` of a
/// drawing from Inkscape is often a marker's arrowhead in `<defs>`; and a `>` inside an
/// attribute's value ends no tag. This reader follows XML's grammar instead: comments,
/// CDATA sections, processing instructions and a DOCTYPE (its internal subset included) are
/// skipped whole; tags nest and must close in order; attribute values are quoted and may
/// hold `>`; the five predefined entities and character references are decoded and any
/// other entity is refused (never expanded, so no billion laughs). It is not a validating
/// parser and keeps no tree: only the path elements and where they are.
///
/// Elements inside `<defs>`, `<symbol>`, `<marker>`, `<clipPath>`, `<mask>` and `<pattern>`
/// are not drawn, so they are never the path shown (unless asked for by id).
public struct SVGDocument: Sendable {
    /// A `<path>` element: its id, whether the document draws it, and its `d`.
    public struct PathElement: Sendable, Equatable {
        /// Its `id` attribute, if any.
        public var id: String?
        /// False inside `<defs>`, `<symbol>`, `<marker>`, `<clipPath>`, `<mask>` or `<pattern>`.
        public var isDrawn: Bool
        /// The `d` attribute's value with entities decoded.
        public var data: String
        /// Where that value's raw text is in the document, in UTF-8 bytes (quotes excluded).
        public var dataRange: Range<Int>
    }

    /// Why a text is not a well-formed document this reader takes, and where.
    public struct ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        /// The line, from 1.
        public let line: Int
        /// The column, from 1, in characters.
        public let column: Int
        /// What is wrong.
        public let message: String
        /// "line L, column C: message".
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// Every `<path>` with a `d`, in document order.
    public private(set) var paths: [PathElement] = []

    /// The deepest nesting of elements read.
    public static let maxDepth = 256
    /// The most elements read.
    public static let maxElements = 1_000_000

    /// Whether `text` is a document (its first non-blank character opens a tag) rather than
    /// bare path data.
    public static func isDocument(_ text: String) -> Bool {
        text.utf8.first { !(byteIsSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) } == UInt8(ascii: "<")
    }

    /// Reads `text`.
    public init(_ text: String) throws(ParseError) {
        var reader = Reader(bytes: Array(text.utf8))
        paths = try reader.read()
    }

    /// The path to show: the one whose id is `id`, else the first drawn one; nil when there is none.
    public func path(id: String? = nil) -> PathElement? {
        if let id { return paths.first { $0.id == id } }
        return paths.first { $0.isDrawn }
    }

    /// `text` (the document this was read from) with `element`'s `d` replaced by `data`,
    /// every other byte kept. `data` is escaped for the attribute (`&`, `<`, quotes).
    public static func replacing(_ element: PathElement, with data: String, in text: String) -> String {
        var bytes = Array(text.utf8)
        var escaped: [UInt8] = []
        for b in data.utf8 {
            switch b {
            case UInt8(ascii: "&"): escaped += Array("&amp;".utf8)
            case UInt8(ascii: "<"): escaped += Array("&lt;".utf8)
            case UInt8(ascii: "\""): escaped += Array("&quot;".utf8)
            case UInt8(ascii: "'"): escaped += Array("&apos;".utf8)
            default: escaped.append(b)
            }
        }
        bytes.replaceSubrange(element.dataRange, with: escaped)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func byteIsSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The tokenizer: one pass over the bytes.
    private struct Reader {
        let bytes: [UInt8]
        var i = 0
        /// Open elements' names and where their tags start, and how many of them hide what
        /// they hold.
        var stack: [(name: ArraySlice<UInt8>, at: Int)] = []
        var hiding = 0
        var elements = 0
        var sawRoot = false

        static let hidingNames: Set<String> = ["defs", "symbol", "marker", "clipPath", "mask", "pattern"]

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String, at offset: Int? = nil) -> ParseError {
            let end = min(offset ?? i, bytes.count)
            var line = 1, lineStart = 0
            for k in 0..<end where bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
            let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
            return ParseError(line: line, column: column, message: message)
        }

        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= bytes.count && bytes[k..<(k + u.count)].elementsEqual(u)
        }

        /// Moves past the next `end`, or fails naming `what`.
        mutating func skip(past end: String, _ what: String) throws(ParseError) {
            let start = i, u = Array(end.utf8)
            while i + u.count <= bytes.count {
                if bytes[i] == u[0] && bytes[i..<(i + u.count)].elementsEqual(u) { i += u.count; return }
                i += 1
            }
            throw fail("\(what) is not closed (no \"\(end)\")", at: start)
        }

        static func isNameByte(_ b: UInt8) -> Bool {
            b >= 0x80 || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
        }

        mutating func name() throws(ParseError) -> ArraySlice<UInt8> {
            let start = i
            while i < bytes.count, Self.isNameByte(bytes[i]) { i += 1 }
            guard i > start, !(bytes[start] >= 0x30 && bytes[start] <= 0x39), bytes[start] != UInt8(ascii: "-"),
                  bytes[start] != UInt8(ascii: ".") else { throw fail("expected a name", at: start) }
            return bytes[start..<i]
        }

        mutating func skipSpace() { while i < bytes.count, byteIsSpace(bytes[i]) { i += 1 } }

        /// The local part of a qualified name (`svg:path` → `path`).
        static func local(_ n: ArraySlice<UInt8>) -> String {
            let s = n.lastIndex(of: UInt8(ascii: ":")).map { n[($0 + 1)...] } ?? n
            return String(decoding: s, as: UTF8.self)
        }

        mutating func read() throws(ParseError) -> [PathElement] {
            var out: [PathElement] = []
            if starts("\u{FEFF}", at: 0) { i = 3 }
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "<") else {
                    try text()
                    continue
                }
                if starts("<!--", at: i) {
                    try skip(past: "-->", "a comment")
                } else if starts("<![CDATA[", at: i) {
                    guard !stack.isEmpty else { throw fail("a CDATA section outside the root element") }
                    try skip(past: "]]>", "a CDATA section")
                } else if starts("<?", at: i) {
                    try skip(past: "?>", "a processing instruction")
                } else if starts("<!DOCTYPE", at: i) {
                    try doctype()
                } else if starts("</", at: i) {
                    try endTag()
                } else {
                    if let p = try startTag() { out.append(p) }
                }
            }
            if let open = stack.last { throw fail("<\(String(decoding: open.name, as: UTF8.self))> is not closed at the end of the document", at: open.at) }
            guard sawRoot else { throw fail("no element: not an SVG document") }
            return out
        }

        /// Character data: only checked for entities (and that it is inside the root).
        mutating func text() throws(ParseError) {
            while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
                if bytes[i] == UInt8(ascii: "&") {
                    _ = try entity()
                    continue
                }
                if stack.isEmpty && !byteIsSpace(bytes[i]) { throw fail("text outside the root element") }
                i += 1
            }
        }

        /// A DOCTYPE, its internal subset skipped (quoted strings and comments in it too).
        mutating func doctype() throws(ParseError) {
            let start = i
            guard !sawRoot else { throw fail("a DOCTYPE after the root element") }
            i += 9
            var inSubset = false
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "["):
                    inSubset = true
                    i += 1
                case UInt8(ascii: "]"):
                    inSubset = false
                    i += 1
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    let q = bytes[i]
                    i += 1
                    while i < bytes.count, bytes[i] != q { i += 1 }
                    i += 1
                case UInt8(ascii: "<") where starts("<!--", at: i):
                    try skip(past: "-->", "a comment")
                case UInt8(ascii: ">") where !inSubset:
                    i += 1
                    return
                default:
                    i += 1
                }
            }
            throw fail("the DOCTYPE is not closed", at: start)
        }

        mutating func endTag() throws(ParseError) {
            let start = i
            i += 2
            let n = try name()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected \">\" to end </\(String(decoding: n, as: UTF8.self))>") }
            i += 1
            guard let open = stack.last else { throw fail("</\(String(decoding: n, as: UTF8.self))> closes nothing", at: start) }
            guard open.name.elementsEqual(n) else {
                throw fail("</\(String(decoding: n, as: UTF8.self))> where </\(String(decoding: open.name, as: UTF8.self))> was expected", at: start)
            }
            stack.removeLast()
            if Self.hidingNames.contains(Self.local(n)) { hiding -= 1 }
        }

        /// A start tag (or an empty-element tag); a `<path>` with a `d` is returned.
        mutating func startTag() throws(ParseError) -> PathElement? {
            let start = i
            i += 1
            let n = try name()
            guard !(sawRoot && stack.isEmpty) else { throw fail("a second root element <\(String(decoding: n, as: UTF8.self))>", at: start) }
            sawRoot = true
            elements += 1
            guard elements <= SVGDocument.maxElements else { throw fail("more than \(SVGDocument.maxElements) elements (SVGDocument.maxElements)", at: start) }
            let local = Self.local(n)
            var id: String?, d: (String, Range<Int>)?
            var seen: [ArraySlice<UInt8>] = []
            while true {
                let hadSpace = i < bytes.count && byteIsSpace(bytes[i])
                skipSpace()
                guard i < bytes.count else { throw fail("<\(local)> is not closed (no \">\")", at: start) }
                if bytes[i] == UInt8(ascii: ">") || starts("/>", at: i) { break }
                guard hadSpace else { throw fail("expected a space before the next attribute") }
                let nameStart = i
                let an = try name()
                guard !seen.contains(where: { $0.elementsEqual(an) }) else {
                    throw fail("the attribute \(String(decoding: an, as: UTF8.self)) is given twice", at: nameStart)
                }
                seen.append(an)
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected \"=\" after the attribute \(String(decoding: an, as: UTF8.self))") }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for the attribute \(String(decoding: an, as: UTF8.self))")
                }
                let quote = bytes[i]
                i += 1
                let valueStart = i
                var value: [UInt8] = []
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw fail("\"<\" inside the value of \(String(decoding: an, as: UTF8.self))") }
                    if bytes[i] == UInt8(ascii: "&") { value += try entity() } else { value.append(bytes[i]); i += 1 }
                }
                guard i < bytes.count else { throw fail("the value of \(String(decoding: an, as: UTF8.self)) is not closed", at: valueStart) }
                let range = valueStart..<i
                i += 1
                switch String(decoding: an, as: UTF8.self) {
                case "id": id = String(decoding: value, as: UTF8.self)
                case "d": d = (String(decoding: value, as: UTF8.self), range)
                default: break
                }
            }
            let empty = starts("/>", at: i)
            i += empty ? 2 : 1
            let drawn = hiding == 0
            if !empty {
                guard stack.count < SVGDocument.maxDepth else { throw fail("elements nested deeper than \(SVGDocument.maxDepth) (SVGDocument.maxDepth)", at: start) }
                stack.append((n, start))
                if Self.hidingNames.contains(local) { hiding += 1 }
            }
            guard local == "path", let d else { return nil }
            return PathElement(id: id, isDrawn: drawn, data: d.0, dataRange: d.1)
        }

        /// An entity or character reference at `i` (`&…;`), decoded; any but the five XML
        /// predefines and numeric references is refused, never expanded.
        mutating func entity() throws(ParseError) -> [UInt8] {
            let start = i
            i += 1
            let nameStart = i
            while i < bytes.count, bytes[i] != UInt8(ascii: ";"), i - nameStart < 12 { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { throw fail("\"&\" that begins no entity (write &amp;)", at: start) }
            let ref = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            i += 1
            switch ref {
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "amp": return [UInt8(ascii: "&")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            default:
                if ref.hasPrefix("#") {
                    let hex = ref.hasPrefix("#x")
                    if let v = UInt32(ref.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let u = Unicode.Scalar(v), v != 0 {
                        return Array(String(Character(u)).utf8)
                    }
                    throw fail("&\(ref); is not a character", at: start)
                }
                throw fail("the entity &\(ref); is not expanded (only XML's five and character references are read)", at: start)
            }
        }
    }
}
