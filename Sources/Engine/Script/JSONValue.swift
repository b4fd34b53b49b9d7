import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// A JSON value that writes deterministically: object keys in the order given, numbers in
/// Swift's shortest round-trip form (integers without a decimal point), non-finite numbers as
/// null. Same value → same bytes, which is what makes state dumps comparable.
public enum JSONValue: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public init(stringLiteral s: String) { self = .string(s) }
    public init(integerLiteral i: Int) { self = .number(Double(i)) }
    public init(floatLiteral d: Double) { self = .number(d) }
    public init(booleanLiteral b: Bool) { self = .bool(b) }
    public init(arrayLiteral a: JSONValue...) { self = .array(a) }
    public init(_ d: Double) { self = .number(d) }
    public init(_ i: Int) { self = .number(Double(i)) }
    public init(_ v: Vec2) { self = .object([("x", .number(v.x)), ("y", .number(v.y))]) }
    public init(_ r: Rect) { self = .array(r.array.map { .number($0) }) }
    public init(numbers: [Double]) { self = .array(numbers.map { .number($0) }) }

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let kv) = self { return kv.first { $0.0 == key }?.1 }
        return nil
    }

    public var doubleValue: Double? { if case .number(let d) = self { d } else { nil } }
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// Compact JSON text.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

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
        }
    }

    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }

    /// Parses JSON text; see `JSONParser`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(text)
    }
}
