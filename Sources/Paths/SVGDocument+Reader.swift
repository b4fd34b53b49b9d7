import Geometry

// The XML reader behind `SVGDocument` (see its essay): one pass over the bytes.
extension SVGDocument {
    /// The tokenizer: one pass over the bytes, collecting the shapes and the `<use>`s in document
    /// order, then the `<use>`s resolved.
    struct Reader {
        let bytes: [UInt8]
        var i = 0
        /// An open element: its name, where its tag starts, its own transform and the one from
        /// its coordinates to the document's, its id, and the shape it is (an index in `shapes`).
        struct Open {
            var name: ArraySlice<UInt8>
            var at: Int
            var local: AffineTransform
            var cumulative: AffineTransform
            var id: String?
            var shape: Int?
        }
        /// A shape as read: the element, and for each ancestor with an id, the transform from
        /// the shape's coordinates to that ancestor's parent's (what a `<use>` of it applies).
        struct ShapeRecord {
            var element: SVGDocument.PathElement
            var local: AffineTransform
            var ancestors: [(id: String, relative: AffineTransform)]
            /// False for a shape SVG does not render (a rect or circle of no size).
            var renders: Bool
        }
        /// A `<use>`: whose shapes it shows, and the transform from its target's parent's
        /// coordinates to the document's (its own transform, then its x and y).
        struct UseRecord {
            var href: String
            var transform: AffineTransform
            var isDrawn: Bool
        }
        enum Item { case shape(Int), use(Int) }

        var stack: [Open] = []
        var shapes: [ShapeRecord] = []
        var uses: [UseRecord] = []
        var items: [Item] = []
        var hiding = 0
        var elements = 0
        var sawRoot = false

        static let hidingNames: Set<String> = ["defs", "symbol", "marker", "clipPath", "mask", "pattern"]

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String, at offset: Int? = nil) -> SVGDocument.ParseError {
            let end = min(offset ?? i, bytes.count)
            var line = 1, lineStart = 0
            for k in 0..<end where bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
            let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
            return SVGDocument.ParseError(line: line, column: column, message: message)
        }

        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= bytes.count && bytes[k..<(k + u.count)].elementsEqual(u)
        }

        /// Moves past the next `end`, or fails naming `what`.
        mutating func skip(past end: String, _ what: String) throws(SVGDocument.ParseError) {
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

        mutating func name() throws(SVGDocument.ParseError) -> ArraySlice<UInt8> {
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

        mutating func read() throws(SVGDocument.ParseError) -> [SVGDocument.PathElement] {
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
                    try startTag()
                }
            }
            if let open = stack.last { throw fail("<\(String(decoding: open.name, as: UTF8.self))> is not closed at the end of the document", at: open.at) }
            guard sawRoot else { throw fail("no element: not an SVG document") }
            return try resolved()
        }

        /// The shapes in document order, each `<use>` replaced by what it shows: the element its
        /// `href` names, or the shapes inside it (a `<g>`, a `<symbol>`), through the `<use>`'s
        /// transform. A `<use>` is followed once (one naming another `<use>` shows nothing), so
        /// no loop or chain can multiply the shapes; their count is bounded all the same.
        func resolved() throws(SVGDocument.ParseError) -> [SVGDocument.PathElement] {
            var out: [SVGDocument.PathElement] = []
            // What each id shows, in document order, built once: a shape of that id, or a shape
            // inside an element of that id (its nearest such ancestor), each with the transform
            // from its coordinates to the named element's parent's. (A scan of every shape for
            // every <use> was quadratic in a document of many of both.)
            var targets: [String: [(shape: Int, relative: AffineTransform)]] = [:]
            if !uses.isEmpty {
                for (k, s) in shapes.enumerated() {
                    var named: Set<String> = []
                    if let id = s.element.id { targets[id, default: []].append((k, s.local)); named.insert(id) }
                    for a in s.ancestors where named.insert(a.id).inserted { targets[a.id, default: []].append((k, a.relative)) }
                }
            }
            for item in items {
                switch item {
                case .shape(let k): out.append(shapes[k].element)
                case .use(let u):
                    let use = uses[u]
                    for (k, relative) in targets[use.href] ?? [] {
                        let s = shapes[k]
                        var e = s.element
                        e.transform = relative.concatenating(use.transform)
                        e.isDrawn = use.isDrawn && s.renders
                        e.throughUse = use.href
                        out.append(e)
                        guard out.count <= SVGDocument.maxElements else {
                            throw SVGDocument.ParseError(line: 1, column: 1, message: "more than \(SVGDocument.maxElements) shapes through <use> (SVGDocument.maxElements)")
                        }
                    }
                }
            }
            return out
        }

        /// Character data: only checked for entities (and that it is inside the root).
        mutating func text() throws(SVGDocument.ParseError) {
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
        mutating func doctype() throws(SVGDocument.ParseError) {
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

        mutating func endTag() throws(SVGDocument.ParseError) {
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
            if let k = open.shape { shapes[k].element.endTagRange = start..<i }
            stack.removeLast()
            if Self.hidingNames.contains(Self.local(n)) { hiding -= 1 }
        }
    }
}
