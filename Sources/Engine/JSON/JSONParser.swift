/// A JSON syntax error: where (1-based column in the text) and what was expected.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in bytes from the line's start.
    public let column: Int
    /// What was wrong or expected there: "expected ':'".
    public let message: String
    /// The error as a sentence for the user, with where it is.
    public var description: String { line > 1 ? "line \(line), column \(column): \(message)" : "column \(column): \(message)" }
}

/// A small strict JSON parser (RFC 8259) that keeps object keys in source order and reports
/// errors by position — which Foundation's parser does not do on Linux.
///
/// Stricter than the RFC in one way: an object that names a key twice is refused (the RFC
/// leaves the meaning to the reader; ours would otherwise keep one and lose the other on
/// the next save), at the second occurrence. Keys compare as Swift strings do, so two
/// spellings of one text (`"é"` and `"e\u0301"`) are one key, as the subscript sees them.
public struct JSONParser {
    private let bytes: [UInt8]
    /// The text itself, for the slices `.sourced` values keep (native UTF-8, so that a byte
    /// offset becomes an index in constant time).
    private let source: String
    private let keepingSource: Bool
    private var i = 0

    private init(_ text: String, keepingSource: Bool) {
        var text = text
        text.makeContiguousUTF8()
        source = text
        bytes = Array(text.utf8)
        self.keepingSource = keepingSource
    }

    /// Parses `text` as one JSON value. With `keepingSource`, every object member's value
    /// comes as `.sourced(value, text:)`, its verbatim text, so that writing it gives back
    /// the same bytes (array elements and the top value come without).
    public static func parse(_ text: String, keepingSource: Bool = false) throws(JSONParseError) -> JSONValue {
        var p = JSONParser(text, keepingSource: keepingSource)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected text after the value") }
        return v
    }

    private func error(_ m: String) -> JSONParseError { error(m, at: i) }

    /// An error at byte offset `at`.
    private func error(_ m: String, at: Int) -> JSONParseError {
        let (line, column) = position(of: at)
        return JSONParseError(line: line, column: column, message: m)
    }

    /// The 1-based line and column (in bytes) of byte offset `at`.
    private func position(of at: Int) -> (line: Int, column: Int) {
        var line = 1, start = 0
        for k in 0..<min(at, bytes.count) where bytes[k] == 0x0a { line += 1; start = k + 1 }
        return (line, at - start + 1)
    }

    /// The text between byte offsets `from` and `to`, both at the edges of JSON tokens.
    private func slice(_ from: Int, _ to: Int) -> Substring {
        let u = source.utf8
        return source[u.index(u.startIndex, offsetBy: from)..<u.index(u.startIndex, offsetBy: to)]
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0a || bytes[i] == 0x0d { i += 1 }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < 256 else { throw error("nesting too deep") }
        guard i < bytes.count else { throw error("expected a value, found the end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var kv: [(String, JSONValue)] = []
            // Each key's byte offset, for the duplicate check and its message.
            var seen: [String: Int] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(kv) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let keyStart = i
                let k = try string()
                if let first = seen[k] {
                    // Where the first was, as the error says where it is: a column alone on
                    // line 1 (a script's line read "first at line 1" after the file's line 4).
                    let (line, column) = position(of: first), here = position(of: keyStart).line
                    let place = line == 1 && here == 1 ? "column \(column)" : "line \(line), column \(column)"
                    throw error("duplicate key \"\(echo(k))\" (first at \(place)): an object names each key once", at: keyStart)
                }
                seen[k] = keyStart
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(echo(k))\"") }
                i += 1
                skipSpace()
                let valueStart = i
                let v = try value(depth: depth + 1)
                kv.append((k, keepingSource ? .sourced(v, text: slice(valueStart, i)) : v))
                if try closes("}") { return .object(kv) }
            }
        case UInt8(ascii: "["):
            i += 1
            var a: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(a) }
            while true {
                skipSpace()
                a.append(try value(depth: depth + 1))
                if try closes("]") { return .array(a) }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw error("expected a value")
        }
    }

    /// After an object's member or an array's element: past a ',' (false: another follows)
    /// or past `close` (true: the object or array ends here).
    private mutating func closes(_ close: Unicode.Scalar) throws(JSONParseError) -> Bool {
        skipSpace()
        guard i < bytes.count else { throw error("expected ',' or '\(close)', found the end") }
        if bytes[i] == UInt8(ascii: ",") { i += 1; return false }
        if bytes[i] == UInt8(ascii: close) { i += 1; return true }
        throw error("expected ',' or '\(close)'")
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw error("expected '\(word)'") }
        i += w.count
    }

    private mutating func number() throws(JSONParseError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "0") {
            i += 1  // JSON allows no leading zeros: "01" is "0" followed by junk
        } else {
            guard digits(&self) > 0 else { throw error("expected a digit") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let d = Double(text), d.isFinite else { i = start; throw error("number out of range") }
        return d
    }

    private mutating func string() throws(JSONParseError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("control character in string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw error("unterminated escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5c)
                case UInt8(ascii: "/"): out.append(0x2f)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0c)
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(scalar).utf8))
                default: i -= 1; throw error("invalid escape")
                }
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected a hex digit")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}
