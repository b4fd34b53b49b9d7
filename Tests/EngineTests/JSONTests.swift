@testable import Engine
import Testing

@Suite struct JSONTests {
    @Test func writingIsDeterministicAndKeepsKeyOrder() {
        let v: JSONValue = .object([("b", 1), ("a", [1.5, "x\"y\n", true, .null]), ("n", .number(.nan))])
        #expect(v.serialized() == #"{"b":1,"a":[1.5,"x\"y\n",true,null],"n":null}"#)
    }

    @Test func parsingKeepsOrderAndHandlesEscapes() throws {
        let v = try JSONParser.parse(#" {"z": [1, -2.5e2, "\u00e9\ud83d\ude00"], "a": {"t": false}} "#)
        #expect(v.serialized() == #"{"z":[1,-250,"é😀"],"a":{"t":false}}"#)
    }

    @Test(arguments: [
        ("{\"a\" 1}", 6), ("[1,]", 4), ("tru", 1), ("\"abc", 5), ("01x", 2), ("{}x", 3), ("-", 2),
    ])
    func errorsGiveTheColumn(text: String, column: Int) {
        #expect { try JSONParser.parse(text) } throws: { ($0 as? JSONParseError)?.column == column }
    }

    @Test(arguments: [
        (#"{"a":1 "b":2}"#, 8, "expected ',' or '}'"), (#"{"a":1"#, 7, "expected ',' or '}', found the end"),
        ("[1 2]", 4, "expected ',' or ']'"), ("[1, 2 ", 7, "expected ',' or ']', found the end"),
        (#"[{"a":[1}]"#, 9, "expected ',' or ']'"), (#"{"a":{"b":2]}"#, 12, "expected ',' or '}'"),
    ])
    func aMemberOrElementNotFollowedByACommaOrTheCloseSaysWhichCloseItWanted(text: String, column: Int, message: String) {
        #expect(throws: JSONParseError(line: 1, column: column, message: message)) { try JSONParser.parse(text) }
    }

    @Test func aKeyGivenTwiceInOneObjectIsRefusedAtItsSecondOccurrenceWithItsName() {
        #expect(throws: JSONParseError(line: 2, column: 13,
                                       message: #"duplicate key "c" (first at line 2, column 7): an object names each key once"#)) {
            try JSONParser.parse("{\"a\":1,\n \"b\":{\"c\":1,\"c\":2}}")
        }
        // On line 1, where the error says a column alone, so does its first place (a script's
        // line 4 read "first at line 1").
        #expect(throws: JSONParseError(line: 1, column: 12, message: #"duplicate key "frame" (first at column 2): an object names each key once"#)) {
            try JSONParser.parse(#"{"frame":1,"frame":2}"#)
        }
        // Escapes do not hide a duplicate, nor does keeping the source.
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"ab":1,"a\u0062":2}"#) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"x":1,"x":1}"#, keepingSource: true) }
        // The same key in sibling objects, or at another depth, is no duplicate.
        #expect((try? JSONParser.parse(#"[{"a":1},{"a":2},{"b":{"a":3},"a":4}]"#)) != nil)
    }

    @Test func errorsThatQuoteAKeyEscapeItsControlCharacters() {
        #expect {
            try JSONParser.parse(#"{"a\u001b]0;x\u0007" 1}"#)
        } throws: { error in
            guard let e = error as? JSONParseError else { return false }
            return e.message == #"expected ':' after key "a\u{1B}]0;x\u{7}""# && !e.description.unicodeScalars.contains("\u{1B}")
        }
    }

    @Test func keepingTheSourceWrapsEachMemberValueWithItsVerbatimText() throws {
        let text = #"{"n":9007199254740993, "z" : -0,"s":"\u00e9\n","o":{ "a" : [1.50, 2e3] },"t":true,"u":null}"#
        let v = try JSONParser.parse(text, keepingSource: true)
        guard case .object(let kv) = v else { Issue.record("not an object: \(v)"); return }
        let texts = kv.map { member -> String in
            if case .sourced(_, let t) = member.1 { String(t) } else { "(no source)" }
        }
        #expect(texts == ["9007199254740993", "-0", #""\u00e9\n""#, #"{ "a" : [1.50, 2e3] }"#, "true", "null"])
        // Written back: every member's value byte for byte; only the space around the colon goes.
        #expect(v.serialized() == #"{"n":9007199254740993,"z":-0,"s":"\u00e9\n","o":{ "a" : [1.50, 2e3] },"t":true,"u":null}"#)
        // The accessors look through the source text.
        #expect(v["n"]?.doubleValue == 9007199254740992)
        #expect(v["z"]?.doubleValue == 0)
        #expect(v["s"]?.stringValue == "é\n")
        #expect(v["o"]?["a"]?.arrayValue?.compactMap(\.doubleValue) == [1.5, 2000])
        #expect(v["t"]?.boolValue == true)
        #expect(v["u"]?.isNull == true)
        #expect(v["o"]?.objectValue?.map { $0.0 } == ["a"])
        // Without the source the same text reads as before: canonical numbers and strings.
        let plain = try JSONParser.parse(text)
        #expect(plain.serialized() == v.withoutSource.serialized())
        #expect(plain.serialized().contains(#""z":0,"s":"é\n","o":{"a":[1.5,2000]}"#))
    }

    @Test func aSourcedValueComparesAndWritesByItsText() {
        #expect(JSONValue.sourced(.number(1), text: "1") == .number(1))
        #expect(JSONValue.sourced(.number(1), text: "1.0") != .number(1))
        #expect(JSONValue.sourced(.number(-0.0), text: "-0").serialized() == "-0")
        #expect(JSONValue.object([("k", .sourced(.string("é"), text: #""\u00e9""#))]).serialized() == #"{"k":"\u00e9"}"#)
        #expect(JSONValue.sourced(.array([1, 2]), text: "[1, 2]").withoutSource.serialized() == "[1,2]")
        #expect(JSONValue.sourced(.array([1, 2]), text: "[1, 2]").parsed.arrayValue?.count == 2)
    }
}
