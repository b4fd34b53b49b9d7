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

        /// A start tag (or an empty-element tag): a shape or a `<use>` is recorded in `items`.
        mutating func startTag() throws(SVGDocument.ParseError) {
            let start = i
            i += 1
            let n = try name()
            let nameEnd = i
            guard !(sawRoot && stack.isEmpty) else { throw fail("a second root element <\(String(decoding: n, as: UTF8.self))>", at: start) }
            sawRoot = true
            elements += 1
            guard elements <= SVGDocument.maxElements else { throw fail("more than \(SVGDocument.maxElements) elements (SVGDocument.maxElements)", at: start) }
            let local = Self.local(n)
            var attributes: [SVGDocument.Attribute] = []
            while true {
                let before = i
                let hadSpace = i < bytes.count && byteIsSpace(bytes[i])
                skipSpace()
                guard i < bytes.count else { throw fail("<\(local)> is not closed (no \">\")", at: start) }
                if bytes[i] == UInt8(ascii: ">") || starts("/>", at: i) { break }
                guard hadSpace else { throw fail("expected a space before the next attribute") }
                let nameStart = i
                let an = try name()
                let attributeName = String(decoding: an, as: UTF8.self)
                guard !attributes.contains(where: { $0.name == attributeName }) else {
                    throw fail("the attribute \(attributeName) is given twice", at: nameStart)
                }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected \"=\" after the attribute \(attributeName)") }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for the attribute \(attributeName)")
                }
                let quote = bytes[i]
                i += 1
                let valueStart = i
                var value: [UInt8] = []
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw fail("\"<\" inside the value of \(attributeName)") }
                    if bytes[i] == UInt8(ascii: "&") { value += try entity() } else { value.append(bytes[i]); i += 1 }
                }
                guard i < bytes.count else { throw fail("the value of \(attributeName) is not closed", at: valueStart) }
                let range = valueStart..<i
                i += 1
                attributes.append(SVGDocument.Attribute(name: attributeName, value: String(decoding: value, as: UTF8.self),
                                                        whole: before..<i, valueRange: range, at: nameStart))
            }
            let empty = starts("/>", at: i)
            i += empty ? 2 : 1
            let parent = stack.last?.cumulative ?? .identity
            let ownTransform: AffineTransform
            if let t = attributes.first(where: { $0.name == "transform" }) {
                do { ownTransform = try SVGDocument.transform(t.value) } catch { throw fail("transform: \(error.message)", at: t.at) }
            } else {
                ownTransform = .identity
            }
            let cumulative = ownTransform.concatenating(parent)
            let id = attributes.first { $0.name == "id" }?.value
            var shapeIndex: Int?
            if SVGDocument.shapeNames.contains(local) {
                let geometry: (data: String, renders: Bool, ranges: [Range<Int>])
                do { geometry = try SVGDocument.geometry(of: local, attributes) } catch { throw fail("<\(local)>: \(error.message)", at: error.at ?? start) }
                var element = SVGDocument.PathElement(
                    name: local, id: id, isDrawn: hiding == 0 && geometry.renders, data: geometry.data, transform: cumulative,
                    throughUse: nil, dataRange: local == "path" ? attributes.first { $0.name == "d" }?.valueRange : nil,
                    tagRange: start..<i, endTagRange: nil, geometryRanges: geometry.ranges, nameEnd: nameEnd)
                if !geometry.renders { element.isDrawn = false }
                // For each ancestor with an id: from this shape's coordinates to that ancestor's
                // parent's, which a <use> of the ancestor applies before its own transform.
                var ancestors: [(id: String, relative: AffineTransform)] = []
                var acc = ownTransform
                for open in stack.reversed() {
                    acc = acc.concatenating(open.local)
                    if let aid = open.id { ancestors.append((aid, acc)) }
                }
                shapes.append(ShapeRecord(element: element, local: ownTransform, ancestors: ancestors, renders: geometry.renders))
                shapeIndex = shapes.count - 1
                items.append(.shape(shapes.count - 1))
            } else if local == "use", let href = attributes.first(where: { $0.name == "href" || $0.name.hasSuffix(":href") })?.value,
                      href.hasPrefix("#") {
                var offset = Vec2.zero
                for (k, axis) in ["x", "y"].enumerated() {
                    guard let a = attributes.first(where: { $0.name == axis }) else { continue }
                    do { let v = try SVGDocument.length(a.value); if k == 0 { offset.x = v } else { offset.y = v } } catch {
                        throw fail("<use> \(axis): \(error.message)", at: a.at)
                    }
                }
                uses.append(UseRecord(href: String(href.dropFirst()), transform: AffineTransform.translation(offset).concatenating(cumulative),
                                      isDrawn: hiding == 0))
                items.append(.use(uses.count - 1))
            }
            if !empty {
                guard stack.count < SVGDocument.maxDepth else { throw fail("elements nested deeper than \(SVGDocument.maxDepth) (SVGDocument.maxDepth)", at: start) }
                stack.append(Open(name: n, at: start, local: ownTransform, cumulative: cumulative, id: id, shape: shapeIndex))
                if Self.hidingNames.contains(local) { hiding += 1 }
            }
        }

        /// An entity or character reference at `i` (`&…;`), decoded; any but the five XML
        /// predefines and numeric references is refused, never expanded.
        mutating func entity() throws(SVGDocument.ParseError) -> [UInt8] {
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
