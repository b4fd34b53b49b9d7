import Engine
import Entities
import Geometry
import Motion
import Paths

/// The songwriter's sheet the board edits: lyric lines, each with chords placed along it.
/// Saved as JSON after every change:
///
/// `{"version":1,"lines":[{"text":"Amazing grace…","chords":[{"name":"G","x":120}]}]}`
///
/// `x` is the chord's left edge in its line's space (points).
public struct SheetDocument: Equatable, Sendable {
    public struct Placed: Equatable, Sendable {
        public var name: String
        public var x: Double
        /// Fields this build does not know, kept as they were so a save loses nothing.
        public var extra: [(String, JSONValue)] = []
        public init(name: String, x: Double) { self.name = name; self.x = x }
        public static func == (a: Placed, b: Placed) -> Bool {
            a.name == b.name && a.x == b.x && JSONValue.object(a.extra) == JSONValue.object(b.extra)
        }
    }

    public struct Line: Equatable, Sendable {
        public var text: String
        public var chords: [Placed]
        public var extra: [(String, JSONValue)] = []
        public init(text: String, chords: [Placed] = []) { self.text = text; self.chords = chords }
        public static func == (a: Line, b: Line) -> Bool {
            a.text == b.text && a.chords == b.chords && JSONValue.object(a.extra) == JSONValue.object(b.extra)
        }
    }

    public var lines: [Line]
    /// Top-level fields this build does not know (a newer version's, or a user's own).
    public var extra: [(String, JSONValue)] = []

    public init(lines: [Line]) { self.lines = lines }

    public static func == (a: SheetDocument, b: SheetDocument) -> Bool {
        a.lines == b.lines && JSONValue.object(a.extra) == JSONValue.object(b.extra)
    }

    /// The sheet a new user starts with: the lyrics and no chords ("Amazing Grace", John
    /// Newton, 1779, in the public domain).
    public static let empty = SheetDocument(lines: [
        "Amazing grace! How sweet the sound",
        "That saved a wretch like me!",
        "I once was lost, but now am found;",
        "Was blind, but now I see.",
        "'Twas grace that taught my heart to fear,",
        "And grace my fears relieved;",
        "How precious did that grace appear",
        "The hour I first believed.",
        "Through many dangers, toils and snares,",
        "I have already come;",
        "'Tis grace hath brought me safe thus far,",
        "And grace will lead me home.",
        "The Lord has promised good to me,",
        "His word my hope secures;",
        "He will my shield and portion be,",
        "As long as life endures.",
    ].map { Line(text: $0) })

    /// Pretty enough to read and diff: one line per lyric line.
    public func serialized() -> String {
        var out = "{\"version\":1,"
        for (k, v) in extra {
            JSONValue.string(k).write(to: &out)
            out += ":"
            v.write(to: &out)
            out += ","
        }
        out += "\"lines\":[\n"
        for (i, line) in lines.enumerated() {
            out += "  "
            JSONValue.object([
                ("text", .string(line.text)),
                ("chords", .array(line.chords.map { .object([("name", .string($0.name)), ("x", JSONValue($0.x))] + $0.extra) })),
            ] + line.extra).write(to: &out)
            out += i + 1 < lines.count ? ",\n" : "\n"
        }
        out += "]}\n"
        return out
    }

    /// The fields of `object` other than `known`.
    private static func unknown(_ object: JSONValue, known: Set<String>) -> [(String, JSONValue)] {
        guard case .object(let fields) = object else { return [] }
        return fields.filter { !known.contains($0.0) }
    }

    /// Parses a saved sheet, or throws a message naming where it is wrong.
    public static func parse(_ text: String, knownChords: [String]) throws(SheetError) -> SheetDocument {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch {
            throw SheetError(description: "not valid JSON at \(error.description)")
        }
        guard case .object = json else { throw SheetError(description: "expected a JSON object at the top") }
        guard let v = json["version"]?.doubleValue else { throw SheetError(description: "missing \"version\"") }
        guard v == 1 else { throw SheetError(description: "unsupported version \(v) (this build reads version 1)") }
        guard let lines = json["lines"]?.arrayValue else { throw SheetError(description: "missing \"lines\" (an array)") }
        var out: [Line] = []
        for (i, l) in lines.enumerated() {
            guard case .object = l else { throw SheetError(description: "lines[\(i)]: expected an object") }
            guard let text = l["text"]?.stringValue else { throw SheetError(description: "lines[\(i)]: missing \"text\" (a string)") }
            var placed: [Placed] = []
            for (j, c) in (l["chords"]?.arrayValue ?? []).enumerated() {
                guard let name = c["name"]?.stringValue else { throw SheetError(description: "lines[\(i)].chords[\(j)]: missing \"name\"") }
                guard knownChords.contains(name) else { throw SheetError(description: "lines[\(i)].chords[\(j)]: unknown chord \"\(name)\"") }
                guard let x = c["x"]?.doubleValue, x.isFinite else { throw SheetError(description: "lines[\(i)].chords[\(j)]: missing or bad \"x\"") }
                var p = Placed(name: name, x: x)
                p.extra = unknown(c, known: ["name", "x"])
                placed.append(p)
            }
            if l["chords"] != nil && l["chords"]?.arrayValue == nil {
                throw SheetError(description: "lines[\(i)]: \"chords\" must be an array")
            }
            var line = Line(text: text, chords: placed)
            line.extra = unknown(l, known: ["text", "chords"])
            out.append(line)
        }
        var doc = SheetDocument(lines: out)
        doc.extra = unknown(json, known: ["version", "lines"])
        return doc
    }
}

public struct SheetError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
