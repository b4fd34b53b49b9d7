import Geometry

/// A JSON value that writes deterministically: object keys in the order given, numbers in
/// Swift's shortest round-trip form (integers without a decimal point), non-finite numbers as
/// null. Same value → same bytes, which is what makes state dumps comparable.
///
/// A value read with `JSONParser.parse(_:keepingSource: true)` may also carry the text it
/// was read from (`.sourced`), so that what a program does not understand (a sheet's unknown
/// fields) is written back byte for byte: 9007199254740993 stays that, not the nearest
/// Double, `-0` stays `-0`, `"\u00e9"` keeps its escape.
public enum JSONValue: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (written as null when not finite).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in the order they are written. The parser refuses a repeated
    /// key; a value built by hand may repeat one, and `[key]` finds the first.
    case object([(String, JSONValue)])
    /// A parsed value with its verbatim JSON text (a slice of the parsed text, so keeping
    /// it copies nothing). Written as `text`, compared by `text`; the accessors
    /// (`doubleValue`, `stringValue`, the subscript…) look through to the value. `text` must
    /// be the JSON text of the value: the parser is what makes these.
    indirect case sourced(JSONValue, text: Substring)

    /// A string from a literal: `"on"`.
    public init(stringLiteral s: String) { self = .string(s) }
    /// A number from an integer literal: `3`.
    public init(integerLiteral i: Int) { self = .number(Double(i)) }
    /// A number from a floating-point literal: `0.5`.
    public init(floatLiteral d: Double) { self = .number(d) }
    /// `true` or `false` from a literal.
    public init(booleanLiteral b: Bool) { self = .bool(b) }
    /// An array from a literal: `[1, "a", true]`.
    public init(arrayLiteral a: JSONValue...) { self = .array(a) }
    /// The number `d`.
    public init(_ d: Double) { self = .number(d) }
    /// The number `i` (exact up to 2^53).
    public init(_ i: Int) { self = .number(Double(i)) }
    /// A point as `{"x": …, "y": …}`.
    public init(_ v: Vec2) { self = .object([("x", .number(v.x)), ("y", .number(v.y))]) }
    /// A rect as `[x, y, w, h]`.
    public init(_ r: Rect) { self = .array(r.array.map { .number($0) }) }
    /// An array of numbers.
    public init(numbers: [Double]) { self = .array(numbers.map { .number($0) }) }

    /// Whether the two write the same JSON text (so the order of an object's members counts).
    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let kv) = parsed { return kv.first { $0.0 == key }?.1 }
        return nil
    }

    /// The number, if the value is one.
    public var doubleValue: Double? { if case .number(let d) = parsed { d } else { nil } }
    /// The string, if the value is one.
    public var stringValue: String? { if case .string(let s) = parsed { s } else { nil } }
    /// The Boolean, if the value is one.
    public var boolValue: Bool? { if case .bool(let b) = parsed { b } else { nil } }
    /// The elements, if the value is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = parsed { a } else { nil } }
    /// An object's members, in order.
    public var objectValue: [(String, JSONValue)]? { if case .object(let kv) = parsed { kv } else { nil } }
    /// Whether the value is null.
    public var isNull: Bool { if case .null = parsed { true } else { false } }

    /// The value a `.sourced` one carries (itself otherwise): what the accessors look at.
    /// Members and elements inside keep their source text; see `withoutSource`.
    public var parsed: JSONValue {
        if case .sourced(let v, _) = self { return v.parsed }
        return self
    }

    /// The value with every source text dropped, at every depth: what it writes is the
    /// canonical form (numbers reformatted, strings re-escaped).
    public var withoutSource: JSONValue {
        switch self {
        case .sourced(let v, _): return v.withoutSource
        case .array(let a): return .array(a.map(\.withoutSource))
        case .object(let kv): return .object(kv.map { ($0.0, $0.1.withoutSource) })
        case .null, .bool, .number, .string: return self
        }
    }

    /// Compact JSON text.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the value's compact JSON text to `out`.
    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += JSONValue.format(d)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                v.write(to: &out)
            }
            out += "]"
        case .object(let kv):
            out += "{"
            for (i, (k, v)) in kv.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(k, to: &out)
                out += ":"
                v.write(to: &out)
            }
            out += "}"
        case .sourced(_, let text): out.append(contentsOf: text)
        }
    }

    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// The two-character escape JSON (and `echo`) write for a quote, a backslash, a newline,
    /// a carriage return or a tab; nil for any other character.
    static func shortEscape(_ u: Unicode.Scalar) -> String? {
        switch u {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: nil
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            if let e = shortEscape(u) {
                out += e
            } else if u.value < 0x20 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }

    /// Parses JSON text; see `JSONParser`.
    public static func parse(_ text: String, keepingSource: Bool = false) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(text, keepingSource: keepingSource)
    }
}
