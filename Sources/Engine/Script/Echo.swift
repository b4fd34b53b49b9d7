// Messages that repeat what a file said (a key, a chord name, a script's type) go to a
// terminal, where a control character is a command: ESC starts sequences that set the
// window title or clear the screen, a bidi override reorders what follows. `echo` makes such
// a value inert and short before it is printed.

/// `s` as a message may show it: control characters (C0, DEL, the C1 range U+0080–U+009F),
/// format characters (the bidi overrides and isolates, zero-width characters) and line or
/// paragraph separators written as `\u{1B}`-style escapes, `\n`, `\r` and `\t` as
/// themselves escaped, and `\` and `"` escaped so the value can stand between quotes; cut
/// after `limit` characters (Unicode scalars) with `…(N more characters)`.
///
/// `echo("a\u{1B}]0;title\u{07}")` is `a\u{1B}]0;title\u{7}`.
///
/// - Complexity: O(n) in the length of `s`.
public func echo(_ s: String, limit: Int = 60) -> String {
    var out = ""
    var shown = 0, more = 0
    for u in s.unicodeScalars {
        if shown >= max(0, limit) {
            more += 1
            continue
        }
        shown += 1
        if let e = JSONValue.shortEscape(u) {
            out += e
        } else if needsEscape(u) {
            out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(u)
        }
    }
    if more > 0 { out += "…(\(more) more character\(more == 1 ? "" : "s"))" }
    return out
}

/// Whether `u` would act on a terminal, or not show, rather than print as itself.
private func needsEscape(_ u: Unicode.Scalar) -> Bool {
    // C0, DEL and C1 first: the terminal commands, whatever the Unicode tables say.
    if u.value < 0x20 || (0x7F...0x9F).contains(u.value) { return true }
    switch u.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
}

extension JSONValue {
    /// What the value is, for a message saying it is of the wrong type: `the string "1"`,
    /// `the number 2`, `true`, `null`, `an array of 3 values`, `an object`. Strings and
    /// numbers pass through `echo`.
    public var echoed: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number: return "the number \(echo(serialized()))"
        case .string(let s): return "the string \"\(echo(s))\""
        case .array(let a): return a.count == 1 ? "an array of 1 value" : "an array of \(a.count) values"
        case .object: return "an object"
        case .sourced(let v, let text):
            // The number as it was written (9007199254740993, -0), not as a Double prints.
            if case .number = v { return "the number \(echo(String(text)))" }
            return v.echoed
        }
    }
}
