import Songs
import Testing

/// Typing's edits on a sheet, with no board: the chords stay on their characters.
@Suite struct SheetEditingTests {
    func sheet(_ text: String, chords: [(String, Int)]) -> SheetDocument {
        var line = SheetDocument.Line(text: text)
        line.chords = chords.map { SheetDocument.Placed(name: $0.0, at: $0.1) }
        return SheetDocument(lines: [line, SheetDocument.Line(text: "next")])
    }

    @Test func chordsAfterAnEditMoveWithTheirCharacters() {
        // "Amazing grace" → "Amazing sweet grace": the G on "g" of grace moves 6 on; the C on
        // "A" stays.
        var doc = sheet("Amazing grace", chords: [("C", 0), ("G", 8)])
        doc.replaceText(ofLine: 0, "Amazing grace", with: "Amazing sweet grace", editStart: 8)
        #expect(doc.lines[0].chords.map(\.at) == [0, 14])
        // Deleting "sweet " with the chord on its "w" puts that chord where the deletion was.
        doc.lines[0].chords.append(SheetDocument.Placed(name: "D", at: 9))
        doc.replaceText(ofLine: 0, "Amazing sweet grace", with: "Amazing grace", editStart: 8)
        #expect(doc.lines[0].chords.map(\.at) == [0, 8, 8])
    }

    @Test func aLetterTypedBeforeTheSameLetterPushesTheChordOnIt() {
        // A "g" typed before the "g" of grace: the edit is where the caret was, so the G moves
        // on with its letter, though "Amazing g" still starts both texts.
        var doc = sheet("Amazing grace", chords: [("G", 8)])
        doc.replaceText(ofLine: 0, "Amazing grace", with: "Amazing ggrace", editStart: 8)
        #expect(doc.lines[0].chords.map(\.at) == [9])
    }

    @Test func aSplitTakesTheChordsFromTheCaretToTheNewLine() {
        var doc = sheet("How sweet the sound", chords: [("C", 0), ("F", 4), ("G", 14)])
        doc.splitLine(0, at: 10)
        #expect(doc.lines.map(\.text) == ["How sweet ", "the sound", "next"])
        #expect(doc.lines[0].chords.map(\.at) == [0, 4])
        #expect(doc.lines[1].chords.map(\.name) == ["G"] && doc.lines[1].chords[0].at == 4)
    }

    /// A selection across lines deleted: its ends meet, the lines between go, and the chords
    /// on what was deleted go with it; refused whole past the limits.
    @Test func textDeletedAcrossLinesTakesItsChordsAndJoinsItsEnds() throws {
        var doc = SheetDocument(lines: [.init(text: "Amazing grace", chords: [.init(name: "C", at: 0), .init(name: "G", at: 8)]),
                                        .init(text: "how sweet", chords: [.init(name: "D", at: 4)]),
                                        .init(text: "the sound", chords: [.init(name: "E", at: 1), .init(name: "F", at: 4)]),
                                        .init(text: "that saved")])
        // From "grace" (8) to "sound" (4): "Amazing " + "sound".
        let removed = try doc.deleteText(from: (0, 8), to: (2, 4), maxCharacters: 100)
        #expect(doc.lines.map(\.text) == ["Amazing sound", "that saved"])
        #expect(doc.lines[0].chords.map(\.name) == ["C", "F"] && doc.lines[0].chords.map(\.at) == [0, 8])
        #expect(removed == 3)
        // From the end of a line with a chord past its end: that chord stays, where they meet.
        var past = SheetDocument(lines: [.init(text: "ab", chords: [.init(name: "G", at: 5)]), .init(text: "x"), .init(text: "cd", chords: [.init(name: "C", at: 1)])])
        #expect(try past.deleteText(from: (0, 2), to: (2, 1), maxCharacters: 100) == 0)
        #expect(past.lines.map(\.text) == ["abd"] && past.lines[0].chords.map(\.at) == [2, 2])
        // A chord past the first line's end, the selection starting before it: it stood on no
        // character deleted, and stays where the two meet (a tour's was deleted).
        var beyond = SheetDocument(lines: [.init(text: "abcdef", chords: [.init(name: "G", at: 20)]), .init(text: "second")])
        #expect(try beyond.deleteText(from: (0, 1), to: (1, 1), maxCharacters: 100) == 0)
        #expect(beyond.lines[0].text == "aecond" && beyond.lines[0].chords.map(\.at) == [1])
        // Past the limits: nothing changes.
        var long = SheetDocument(lines: [.init(text: "abcd"), .init(text: "efgh")])
        #expect(throws: SheetDocument.JoinRefusal.tooLong(characters: 5)) { _ = try long.deleteText(from: (0, 3), to: (1, 2), maxCharacters: 4) }
        #expect(long.lines.count == 2)
        var crowded = SheetDocument(lines: [.init(text: "ab", chords: Array(repeating: .init(name: "C", at: 0), count: SheetDocument.maxChordsPerLine)),
                                            .init(text: "cd", chords: [.init(name: "G", at: 1)])])
        #expect(throws: SheetDocument.JoinRefusal.tooManyChords) { _ = try crowded.deleteText(from: (0, 1), to: (1, 1), maxCharacters: 100) }
        #expect(crowded.lines.count == 2)
    }

    @Test func aJoinKeepsEachChordOnItsCharacterOrIsRefusedWhole() throws {
        var doc = sheet("How sweet ", chords: [("C", 0)])
        doc.lines[1].chords = [SheetDocument.Placed(name: "G", at: 1)]
        let meet = try doc.joinLine(1, maxCharacters: 100)
        #expect(meet == 10 && doc.lines.count == 1 && doc.lines[0].text == "How sweet next")
        #expect(doc.lines[0].chords.map(\.at) == [0, 11])
        var long = sheet("abc", chords: [])
        #expect(throws: SheetDocument.JoinRefusal.tooLong(characters: 7)) { _ = try long.joinLine(1, maxCharacters: 6) }
        #expect(long.lines.count == 2)
        var crowded = sheet("abc", chords: Array(repeating: ("C", 0), count: SheetDocument.maxChordsPerLine))
        crowded.lines[1].chords = [SheetDocument.Placed(name: "G", at: 0)]
        #expect(throws: SheetDocument.JoinRefusal.tooManyChords) { _ = try crowded.joinLine(1, maxCharacters: 100) }
        #expect(crowded.lines.count == 2)
        // A chord past the first line's end stays before the second line's chords, where the
        // two meet (it stayed at 5, after both: a hostile tour).
        var past = SheetDocument(lines: [.init(text: "ab", chords: [.init(name: "G", at: 5)]),
                                         .init(text: "cd", chords: [.init(name: "C", at: 0), .init(name: "D", at: 1)])])
        _ = try past.joinLine(1, maxCharacters: 100)
        #expect(past.lines[0].chords.map(\.name) == ["G", "C", "D"] && past.lines[0].chords.map(\.at) == [2, 2, 3])
        #expect(ChordPro.write(past) == "ab[G][C]c[D]d\n")
        // Several past the end keep the order they stood in, not the order they were dropped in.
        var two = SheetDocument(lines: [.init(text: "ab", chords: [.init(name: "D", at: 8), .init(name: "G", at: 5)]), .init(text: "cd")])
        _ = try two.joinLine(1, maxCharacters: 100)
        #expect(ChordPro.write(two) == "ab[G][D]cd\n")
    }
}
