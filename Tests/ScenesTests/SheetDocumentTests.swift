@testable import Engine
@testable import Scenes
@testable import Songs
import Testing

@Suite struct SheetDocumentTests {
    static let chords = BoardScene.chordNames

    /// Unknown members whose values change if they are parsed and written again: a number
    /// past a Double's precision, a negative zero, escapes in a string, spaces and number
    /// spellings inside a nested value.
    static let members = #""n":9007199254740993,"z":-0,"s":"\u00e9\n","o":{ "a" : [1.50, 2e3] }"#

    /// A sheet laid out exactly as `serialized()` writes one, with `members` at the top, in
    /// the line and in the chord.
    static let sheet = "{\"version\":2,\(members),\"lines\":[\n"
        + "  {\"text\":\"One\",\"chords\":[{\"name\":\"G\",\"at\":1,\(members)}],\(members)}\n"
        + "]}\n"

    @Test func unknownFieldsAtEveryLevelAreSavedByteForByte() throws {
        let doc = try SheetDocument.parse(Self.sheet)
        #expect(doc.serialized() == Self.sheet)
        // The values read through their text.
        #expect(doc.extra.map { $0.0 } == ["n", "z", "s", "o"])
        #expect(doc.extra[0].1.doubleValue == 9007199254740992)
        #expect(doc.lines[0].extra[2].1.stringValue == "é\n")
        #expect(doc.lines[0].chords[0].extra[3].1["a"]?.arrayValue?.count == 2)
        // Edited and saved, the unknown members still are as they were.
        var edited = doc
        edited.lines[0].chords.append(.init(name: "C", at: 4))
        edited.lines.append(.init(text: "Two"))
        let saved = edited.serialized()
        #expect(saved.occurrences(of: Self.members) == 3)
        #expect(try SheetDocument.parse(saved) == edited)
    }

    @Test func unknownFieldsKeepTheirTextWhereverTheFileSpacedOrOrderedThem() throws {
        let text = "{ \"lines\" : [ { \"chords\" : [ { \"at\" : 1 , \"k\" : [ -0 , 1.0 ] , \"name\" : \"G\" } ] , \"text\" : \"One\" } ] ,\n"
            + " \"version\" : 2 , \"u\" : \"\\u002F\" }"
        let doc = try SheetDocument.parse(text)
        let saved = doc.serialized()
        #expect(saved == "{\"version\":2,\"u\":\"\\u002F\",\"lines\":[\n  {\"text\":\"One\",\"chords\":[{\"name\":\"G\",\"at\":1,\"k\":[ -0 , 1.0 ]}]}\n]}\n")
    }

    /// A sheet an editor saved with a byte order mark (and CRLF line ends) reads as the same
    /// sheet (a hostile tour's song with a BOM was "not valid JSON at column 1").
    @Test func aByteOrderMarkAndCRLFLineEndsAreRead() throws {
        let plain = #"{"version":2,"lines":[{"text":"Amazing grace","chords":[{"name":"G","at":2}]}]}"#
        let marked = "\u{FEFF}" + plain.replacingOccurrences(of: ",", with: ",\r\n")
        #expect(try SheetDocument.parse(marked).lines == SheetDocument.parse(plain).lines)
        #expect(try SheetDocument.parse(marked).lines.first?.chords.first?.name == "G")
    }

    @Test func aKeyGivenTwiceIsRefusedWithWhereAndWhichKey() {
        for (text, words) in [
            ("{\"version\":1,\"lines\":[],\"author\":\"a\",\n\"author\":\"b\"}", ["line 2, column 1", #"duplicate key "author""#]),
            (#"{"version":1,"lines":[{"text":"a","text":"b"}]}"#, ["column 35", #"duplicate key "text""#]),
            (#"{"version":1,"lines":[{"text":"a","chords":[{"name":"G","x":1,"x":2}]}]}"#, ["column 63", #"duplicate key "x""#]),
        ] {
            #expect {
                try SheetDocument.parse(text)
            } throws: { error in
                let m = (error as? SheetError)?.description ?? ""
                return m.hasPrefix("not valid JSON at") && words.allSatisfy { m.contains($0) }
            }
        }
    }

    @Test(arguments: [
        (#"{"version":"1","lines":[]}"#, #""version" must be the number 1, got the string "1""#),
        (#"{"version":true,"lines":[]}"#, #""version" must be the number 1, got true"#),
        (#"{"lines":[]}"#, #"missing "version" (the number 1)"#),
        (#"{"version":3,"lines":[]}"#, "unsupported version 3 (this build reads versions 1 and 2)"),
        (#"{"version":2,"lines":[{"text":"a","chords":[{"name":"G"}]}]}"#, #"lines[0].chords[0]: missing "at" (the character the chord stands on, from 0)"#),
        (#"{"version":2,"lines":[{"text":"a","chords":[{"name":"G","at":1.5}]}]}"#,
         #"lines[0].chords[0]: "at" must be a whole number 0…1000000 (SheetDocument.maxChordAt), got the number 1.5"#),
        (#"{"version":2,"lines":[{"text":"a","chords":[{"name":"G","at":-1}]}]}"#,
         #"lines[0].chords[0]: "at" must be a whole number 0…1000000 (SheetDocument.maxChordAt), got the number -1"#),
        (#"{"version":2,"lines":[{"text":"a","chords":[{"name":"G","at":1e300}]}]}"#,
         #"lines[0].chords[0]: "at" must be a whole number 0…1000000 (SheetDocument.maxChordAt), got the number 1e300"#),
        (#"{"version":1}"#, #"missing "lines" (an array)"#),
        (#"{"version":1,"lines":{}}"#, #""lines" must be an array, got an object"#),
        (#"[1]"#, "expected a JSON object at the top, got an array of 1 value"),
        (#"{"version":1,"lines":[3]}"#, "lines[0]: expected an object, got the number 3"),
        (#"{"version":1,"lines":[{"chords":[]}]}"#, #"lines[0]: missing "text" (a string)"#),
        (#"{"version":1,"lines":[{"text":5}]}"#, #"lines[0]: "text" must be a string, got the number 5"#),
        (#"{"version":1,"lines":[{"text":"a","chords":"G"}]}"#, #"lines[0]: "chords" must be an array, got the string "G""#),
        (#"{"version":1,"lines":[{"text":"a","chords":[null]}]}"#, "lines[0].chords[0]: expected an object, got null"),
        (#"{"version":1,"lines":[{"text":"a","chords":[{"x":1}]}]}"#, #"lines[0].chords[0]: missing "name""#),
        (#"{"version":1,"lines":[{"text":"a","chords":[{"name":7,"x":1}]}]}"#, #"lines[0].chords[0]: "name" must be a string, got the number 7"#),
        (#"{"version":1,"lines":[{"text":"a","chords":[{"name":"G"}]}]}"#, #"lines[0].chords[0]: missing or bad "x": none given (a number)"#),
        (#"{"version":1,"lines":[{"text":"a","chords":[{"name":"G","x":"10"}]}]}"#,
         #"lines[0].chords[0]: missing or bad "x": expected a number, got the string "10""#),
    ])
    func fieldsOfTheWrongTypeAreReportedAsPresentButWrong(text: String, message: String) {
        #expect(throws: SheetError(description: message)) { try SheetDocument.parse(text) }
    }

    @Test func aChordFartherThanTheBoundIsRefusedWithWhereAndTheLimit() throws {
        let bound = SheetDocument.maxChordX
        #expect(bound == 1_000_000)
        for x in ["1e39", "-1000000.5", "1e6000"] {
            let text = #"{"version":1,"lines":[{"text":"a"},{"text":"b","chords":[{"name":"C","x":0},{"name":"G","x":"# + x + "}]}]}"
            #expect {
                try SheetDocument.parse(text)
            } throws: { error in
                let m = (error as? SheetError)?.description ?? ""
                // 1e6000 is past what a Double holds: the JSON parser refuses it first.
                return x == "1e6000" ? m.contains("number out of range")
                    : m == #"lines[1].chords[1]: "x" "# + x + " is outside ±1000000 pt, the limit (SheetDocument.maxChordX)"
            }
        }
        for x in ["1e6", "-1000000", "0", "-0", "999999.5"] {
            let text = #"{"version":1,"lines":[{"text":"a","chords":[{"name":"C","x":"# + x + "}]}]}"
            let doc = try SheetDocument.parse(text)
            #expect(abs(doc.lines[0].chords[0].legacyX!) <= bound)
        }
    }

    /// A sheet whose frames would cost more than a frame has (100,000 chords on a line took
    /// 116 ms to draw) is refused with where and the limit; one at the limits loads.
    @Test func aSheetPastTheLineOrChordLimitsIsRefusedWithTheLimit() throws {
        let chord = #"{"name":"C","x":0}"#
        func line(_ chords: Int) -> String { #"{"text":"a","chords":["# + Array(repeating: chord, count: chords).joined(separator: ",") + "]}" }
        func sheet(_ lines: [String]) -> String { #"{"version":1,"lines":["# + lines.joined(separator: ",") + "]}" }
        let full = try SheetDocument.parse(sheet([line(SheetDocument.maxChordsPerLine)]))
        #expect(full.lines[0].chords.count == SheetDocument.maxChordsPerLine)
        #expect {
            try SheetDocument.parse(sheet([line(1), line(SheetDocument.maxChordsPerLine + 1)]))
        } throws: { error in
            (error as? SheetError)?.description.contains("lines[1]: 1001 chords, more than 1000 on one line (SheetDocument.maxChordsPerLine)") == true
        }
        #expect {
            try SheetDocument.parse(sheet(Array(repeating: line(0), count: SheetDocument.maxLines + 1)))
        } throws: { error in
            (error as? SheetError)?.description.contains("10001 lines, more than 10000 (SheetDocument.maxLines)") == true
        }
    }

    @Test func messagesThatRepeatTheSheetEscapeControlCharactersAndCutLongValues() {
        let title = #"{"version":1,"lines":[{"text":"a","chords":[{"name":"\u001b]0;pwned\u0007\u009b2J","x":1}]}]}"#
        #expect(throws: SheetError(description: #"lines[0].chords[0]: "\u{1B}]0;pwned\u{7}\u{9B}2J" is not a chord name: at 0: '\u{1B}': a chord name starts with its root, A to G (or H)"#)) {
            try SheetDocument.parse(title)
        }
        let long = #"{"version":1,"lines":[{"text":"a","chords":[{"name":""# + String(repeating: "H", count: 10_000) + #"","x":1}]}]}"#
        #expect(throws: SheetError(description: "lines[0].chords[0]: \"" + String(repeating: "H", count: 60)
                                   + "…(9940 more characters)\" is not a chord name: at 32: longer than 32 characters (ChordName.maxLength)")) {
            try SheetDocument.parse(long)
        }
        let version = #"{"version":"\u202e1","lines":[]}"#
        #expect(throws: SheetError(description: #""version" must be the number 1, got the string "\u{202E}1""#)) {
            try SheetDocument.parse(version)
        }
    }
}

private extension String {
    /// How many times `part` occurs in the string, not overlapping.
    func occurrences(of part: String) -> Int {
        var count = 0, rest = self[...]
        while let r = rest.firstRange(of: part) {
            count += 1
            rest = rest[r.upperBound...]
        }
        return count
    }
}
