@testable import Engine
import Testing

@Suite struct EchoTests {
    @Test func plainTextIncludingAccentsAndEmojiIsShownAsItIs() {
        #expect(echo("Fmaj7") == "Fmaj7")
        #expect(echo("plain é 😀 ← ✓") == "plain é 😀 ← ✓")
        #expect(echo("") == "")
    }

    @Test(arguments: [
        // Set the terminal's title, clear the screen, a CSI in its one-byte C1 form, DEL, NUL.
        ("\u{1B}]0;pwned\u{07}", #"\u{1B}]0;pwned\u{7}"#),
        ("\u{1B}[2J\u{1B}[H", #"\u{1B}[2J\u{1B}[H"#),
        ("\u{9B}31m", #"\u{9B}31m"#),
        ("a\u{7F}b\u{0}c", #"a\u{7F}b\u{0}c"#),
        ("\u{85}", #"\u{85}"#),
        // Bidi overrides and isolates, a zero-width joiner, line and paragraph separators.
        ("\u{202E}cba", #"\u{202E}cba"#),
        ("\u{2066}x\u{2069}", #"\u{2066}x\u{2069}"#),
        ("a\u{200D}b", #"a\u{200D}b"#),
        ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
        // The common ones readably, and what would make the escapes ambiguous.
        ("a\nb\tc\r", #"a\nb\tc\r"#),
        (#"say "hi" \ "#, #"say \"hi\" \\ "#),
    ])
    func controlAndInvisibleCharactersBecomeEscapes(raw: String, shown: String) {
        #expect(echo(raw) == shown)
        #expect(!echo(raw).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func longValuesAreCutWithHowMuchIsLeft() {
        let long = String(repeating: "A", count: 10_000)
        #expect(echo(long) == String(repeating: "A", count: 60) + "…(9940 more characters)")
        #expect(echo("abcdef", limit: 3) == "abc…(3 more characters)")
        #expect(echo("abcd", limit: 3) == "abc…(1 more character)")
        #expect(echo("abc", limit: 3) == "abc")
        #expect(echo("abc", limit: 0) == "…(3 more characters)")
        // The limit counts the value's characters, not the escapes they become.
        #expect(echo(String(repeating: "\u{1B}", count: 100), limit: 2) == #"\u{1B}\u{1B}"# + "…(98 more characters)")
    }

    @Test func aJSONValueIsDescribedByItsKindAndEchoed() {
        #expect(JSONValue.string("1").echoed == #"the string "1""#)
        #expect(JSONValue.string("\u{1B}[2J").echoed == #"the string "\u{1B}[2J""#)
        #expect(JSONValue.number(2).echoed == "the number 2")
        #expect(JSONValue.sourced(.number(9007199254740992), text: "9007199254740993").echoed == "the number 9007199254740993")
        #expect(JSONValue.sourced(.string("é"), text: #""\u00e9""#).echoed == #"the string "é""#)
        #expect(JSONValue.bool(true).echoed == "true")
        #expect(JSONValue.null.echoed == "null")
        #expect(JSONValue.array([1, 2, 3]).echoed == "an array of 3 values")
        #expect(JSONValue.array([1]).echoed == "an array of 1 value")
        #expect(JSONValue.object([]).echoed == "an object")
    }
}
