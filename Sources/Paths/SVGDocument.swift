import Geometry

/// An SVG document read as XML, far enough to find its shapes, where each one is drawn, and
/// the exact bytes that make it, so that an edit can be written back into the right element
/// and nothing else.
///
/// Why not a text search: `<path` also begins `<pathology>`, sits inside comments and
/// CDATA, and a `d='…'` can sit inside another attribute's value; the first `<path>` of a
/// drawing from Inkscape is often a marker's arrowhead in `<defs>`; and a `>` inside an
/// attribute's value ends no tag. The reader (`SVGDocument+Reader.swift`) follows XML's
/// grammar instead: comments, CDATA sections, processing instructions and a DOCTYPE (its
/// internal subset included) are skipped whole; tags nest and must close in order; attribute
/// values are quoted and may hold `>`; the five predefined entities and character references
/// are decoded and any other entity is refused (never expanded, so no billion laughs). It is
/// not a validating parser and keeps no tree: only the shapes and where they are.
///
/// Every visible shape element is read — `path`, `rect` (with `rx`/`ry`), `circle`,
/// `ellipse`, `line`, `polyline`, `polygon` — with the transforms of its element and of the
/// `<g>`s and others around it (`SVGDocument+Shapes.swift`); `<use>` is followed once, its
/// own transform and `x`/`y` applied. Elements inside `<defs>`, `<symbol>`, `<marker>`,
/// `<clipPath>`, `<mask>` and `<pattern>` are not drawn, so they are never the shape shown
/// unless asked for by id.
public struct SVGDocument: Sendable {
    /// A shape of the document: what it is, where it is drawn, and the bytes that make it.
    public struct PathElement: Sendable, Equatable {
        /// The element's local name: `path`, `rect`, `circle`, `ellipse`, `line`, `polyline`
        /// or `polygon`.
        public var name: String
        /// Its `id` attribute, if any.
        public var id: String?
        /// False inside `<defs>`, `<symbol>`, `<marker>`, `<clipPath>`, `<mask>` or
        /// `<pattern>` (but drawn where a drawn `<use>` shows it), and for a shape SVG does not
        /// render (a rect or circle of no size).
        public var isDrawn: Bool
        /// False for a shape SVG does not render for its size (a rect, circle or ellipse of
        /// no size or a negative one), wherever it stands.
        public var hasSize = true
        /// The shape as SVG path data in its element's own coordinates: a `<path>`'s `d` as
        /// written (entities decoded); for the others, made from their attributes.
        public var data: String
        /// From the element's coordinates to the document's: its own `transform` and those of
        /// the elements around it (and of the `<use>` that shows it).
        public var transform: AffineTransform
        /// The `id` of the `<use>` element's target when this is shown through one (it is then
        /// not written back: the element itself is).
        public var throughUse: String?
        /// Where a `<path>`'s `d` value is (UTF-8 bytes, quotes excluded); nil for other shapes.
        public var dataRange: Range<Int>?
        /// The element's start tag, in UTF-8 bytes.
        public var tagRange: Range<Int>
        /// Its end tag, when it has one (`<rect …></rect>`), in UTF-8 bytes.
        public var endTagRange: Range<Int>?
        /// The geometry attributes (`x="…"` whole, with the space before it) a shape loses when
        /// it becomes a `<path>`.
        public var geometryRanges: [Range<Int>]
        /// Where the start tag's name ends (the bytes after it, to the tag's close, are kept).
        public var nameEnd: Int
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

    /// Every shape, in document order, a `<use>`'s shapes where the `<use>` stands.
    public private(set) var paths: [PathElement] = []

    /// The deepest nesting of elements read.
    public static let maxDepth = 256
    /// The most elements read, and the most shapes a document shows through `<use>`.
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

    /// The shape to show: the element whose id is `id`, else the first drawn one; nil when
    /// there is none.
    public func path(id: String? = nil) -> PathElement? {
        if let id { return paths.first { $0.id == id && $0.throughUse == nil } }
        return paths.first { $0.isDrawn }
    }

    /// `text` (the document this was read from) with `element` drawn as `data` (SVG path data
    /// in the element's own coordinates), every other byte kept: a `<path>`'s `d` value
    /// replaced; another shape made a `<path>` in its place, its geometry attributes gone,
    /// every other attribute as it was. `data` is escaped for the attribute.
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
        if let range = element.dataRange {
            bytes.replaceSubrange(range, with: escaped)
            return String(decoding: bytes, as: UTF8.self)
        }
        // The start tag anew: its prefix and `path`, the attributes but the geometry ones, the
        // data, and its close; the end tag renamed to match.
        let tag = element.tagRange
        let nameStart = tag.lowerBound + 1
        let qualified = bytes[nameStart..<element.nameEnd]
        let prefix = qualified.lastIndex(of: UInt8(ascii: ":")).map { Array(qualified[nameStart...$0]) } ?? []
        var rest: [UInt8] = []
        var k = element.nameEnd
        for r in element.geometryRanges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            rest += bytes[k..<r.lowerBound]
            k = r.upperBound
        }
        rest += bytes[k..<tag.upperBound]
        let close = rest.count >= 2 && rest[rest.count - 2] == UInt8(ascii: "/") ? 2 : 1
        var body = Array(rest.dropLast(close))
        while let last = body.last, byteIsSpace(last) { body.removeLast() }
        let newTag = [UInt8(ascii: "<")] + prefix + Array("path".utf8) + body + Array(" d=\"".utf8) + escaped + [UInt8(ascii: "\"")]
            + (close == 2 ? Array("/>".utf8) : [UInt8(ascii: ">")])
        if let end = element.endTagRange {
            bytes.replaceSubrange(end, with: Array("</".utf8) + prefix + Array("path>".utf8))
        }
        bytes.replaceSubrange(tag, with: newTag)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func byteIsSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
