@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

/// Typing after an undo, a double click on a line not yet typed in, and chords over a
/// composition (each found by a hostile tour of the songwriter's pad).
@Suite struct BoardLyricFixesTests {
    let t = BoardLyricsTests()

    func typingIn(line: Int, at index: Int) -> (Shell, BoardScene) {
        let (shell, s) = makeBoard()
        t.tap(shell, t.stop(s, line: line, index))
        #expect(s.lyric?.line == line && s.lyric?.field.caret == index)
        return (shell, s)
    }

    @Test func afterAnUndoTheNextKeystrokeLandsWhereTheUndoneTypingWas() {
        let (shell, s) = typingIn(line: 0, at: 3)
        let before = s.document.lines[0].text
        t.type(shell, "ab")
        #expect(s.lyric?.field.caret == 5)
        t.keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines[0].text == before)
        #expect(s.lyric?.field.caret == 3)
        t.type(shell, "Q")
        #expect(s.document.lines[0].text == String(Array(before)[..<3]) + "Q" + String(Array(before)[3...]))
        // Redo puts it after what came back.
        t.keys(shell, ["Z"], ctrl: true)
        t.keys(shell, ["Z"], ctrl: true, shift: true)
        #expect(s.lyric?.field.caret == 4)
    }

    /// Text of several lines pasted into the middle of a long line: each line of it is held
    /// to the limit on its own (a hostile tour's paste lost the first line whole, cut to what
    /// the line's tail left of the limit though the tail then moved on). The chords stay on
    /// their characters.
    @Test func aPasteOfSeveralLinesIntoALongLineKeepsEachLine() {
        var doc = SheetDocument.empty
        doc.lines = [SheetDocument.Line(text: String(repeating: "A", count: 5000) + String(repeating: "B", count: 5000),
                                        chords: [.init(name: "C", at: 10), .init(name: "G", at: 5000)])]
        let (shell, s) = makeBoard(doc)
        s.beginLyric(line: 0, caret: 5000)
        t.type(shell, String(repeating: "R", count: 4000) + "\n" + String(repeating: "S", count: 3000))
        #expect(s.document.lines.map(\.text) == [String(repeating: "A", count: 5000) + String(repeating: "R", count: 4000),
                                                 String(repeating: "S", count: 3000) + String(repeating: "B", count: 5000)])
        #expect(s.document.lines.map { $0.chords.map(\.at) } == [[10], [3000]])
        #expect(s.lyric?.line == 1 && s.lyric?.field.caret == 3000)
        #expect(!s.announcement.contains("took"), "\(s.announcement)")
        // One undo step takes it all back.
        t.keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines == doc.lines)
    }

    /// A paste of two lines at the start of a full line: the first goes on a line of its
    /// own, the second is refused whole by the full line, and the bar says so (it said
    /// "Typing in line 2": a review).
    @Test func aPieceOfAPasteAFullLineRefusesIsSaidToBeLeftOut() {
        var doc = SheetDocument.empty
        doc.lines = [SheetDocument.Line(text: String(repeating: "A", count: TextField.maxCharacters))]
        let (shell, s) = makeBoard(doc)
        s.beginLyric(line: 0, caret: 0)
        t.type(shell, "intro\nverse")
        #expect(s.document.lines.map(\.text) == ["intro", String(repeating: "A", count: TextField.maxCharacters)])
        #expect(s.announcement == "1 line was cut, 5 characters left out: a line holds at most 10000", "\(s.announcement)")
    }

    /// Lines pasted past the sheet's 10,000 are said to be left out (a hostile tour found
    /// 20,000 of 30,000 pasted lines gone with the bar still saying "Typing in line 10000").
    @Test func linesPastedPastTheSheetsLimitAreSaidToBeLeftOut() {
        var doc = SheetDocument.empty
        doc.lines = Array(repeating: SheetDocument.Line(text: "x"), count: SheetDocument.maxLines - 2)
        let (shell, s) = makeBoard(doc)
        s.beginLyric(line: SheetDocument.maxLines - 3, caret: 1)
        t.type(shell, "a\nb\nc\nd\ne")
        #expect(s.document.lines.count == SheetDocument.maxLines)
        #expect(s.document.lines.suffix(3).map(\.text) == ["xa", "b", "c"])
        #expect(s.banner == "the sheet holds 10000 lines, the most it takes: 2 lines of the text were left out")
        #expect(boardDump(shell)["banner"]?.stringValue == s.banner)
        // A text ending in a line break: its empty last piece is no line left out.
        var full = SheetDocument.empty
        full.lines = Array(repeating: SheetDocument.Line(text: "x"), count: SheetDocument.maxLines - 1)
        let (shell2, s2) = makeBoard(full)
        s2.beginLyric(line: SheetDocument.maxLines - 2, caret: 1)
        t.type(shell2, "a\nb\nc\n")
        #expect(s2.banner == "the sheet holds 10000 lines, the most it takes: 1 line of the text was left out")
    }

    /// Return at a line's end, Backspace joining the empty line it made, then Ctrl+Z: the
    /// empty line is back and the caret in it, where the next keystroke lands (a hostile
    /// tour's landed at the start of the line after it).
    @Test func undoingTheJoinOfAnEmptyLinePutsTheCaretBackInIt() {
        let (shell, s) = typingIn(line: 0, at: 0)
        let lines = s.document.lines.map(\.text)
        t.keys(shell, ["End"])
        t.keys(shell, ["Return"])
        t.keys(shell, ["Backspace"])
        #expect(s.document.lines.map(\.text) == lines)
        t.keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines.count == lines.count + 1 && s.document.lines[1].text.isEmpty)
        #expect(s.lyric?.line == 1 && s.lyric?.field.caret == 0)
        t.type(shell, "X")
        #expect(s.document.lines[1].text == "X" && s.document.lines[2].text == lines[1])
    }

    /// Undoing a letter that repeats the one before it ("sound" + "d") puts the caret where
    /// the typing was, not at the start of the run of d's (the review found "soun!d").
    @Test func undoingARepeatedLetterPutsTheCaretWhereTheTypingWas() {
        let (shell, s) = typingIn(line: 0, at: 0)
        let text = s.document.lines[0].text
        t.keys(shell, ["End"])
        t.type(shell, "dd")
        t.keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines[0].text == text && s.lyric?.field.caret == text.count)
        t.type(shell, "!")
        #expect(s.document.lines[0].text == text + "!")
        t.keys(shell, ["Z"], ctrl: true)
        t.keys(shell, ["Z"], ctrl: true, shift: true)
        #expect(s.lyric?.field.caret == text.count + 1)
    }

    @Test func afterUndoingALineBreakTheCaretIsWhereTheBreakWas() {
        let (shell, s) = typingIn(line: 1, at: 5)
        let lines = s.document.lines.map(\.text)
        t.keys(shell, ["Return"])
        #expect(s.document.lines.count == lines.count + 1 && s.lyric?.line == 2 && s.lyric?.field.caret == 0)
        t.keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines.map(\.text) == lines)
        #expect(s.lyric?.line == 1 && s.lyric?.field.caret == 5)
    }

    @Test func theWhereOfAChangeIsFoundAcrossLines() throws {
        func doc(_ lines: [String]) -> SheetDocument { SheetDocument(lines: lines.map { SheetDocument.Line(text: $0) }) }
        // An insertion undone: where it began; redone: after it.
        let undone = try #require(SheetDocument.placeOfChange(from: doc(["abXYc", "d"]), to: doc(["abc", "d"])))
        #expect(undone == (0, 2))
        let redone = try #require(SheetDocument.placeOfChange(from: doc(["abc", "d"]), to: doc(["abXYc", "d"])))
        #expect(redone == (0, 4))
        // A line joined back, and one taken away whole.
        let joined = try #require(SheetDocument.placeOfChange(from: doc(["x", "That ", "saved"]), to: doc(["x", "That saved"])))
        #expect(joined == (1, 5))
        let gone = try #require(SheetDocument.placeOfChange(from: doc(["a", "b", "c"]), to: doc(["a", "c"])))
        #expect(gone.line <= 1)
        #expect(SheetDocument.placeOfChange(from: doc(["a"]), to: SheetDocument(lines: [])) == nil)
        // What changed, whole: a replacement undone is "lost" again, in its line; a change
        // reaching back over a line break has no start in the line of its end.
        let back = try #require(SheetDocument.changedText(from: doc(["was X, but"]), to: doc(["was lost, but"])))
        #expect(back.line == 0 && back.start == 4 && back.end == 8)
        let over = try #require(SheetDocument.changedText(from: doc(["ab"]), to: doc(["aX", "Yb"])))
        #expect(over.line == 1 && over.start == nil && over.end == 1)
    }

    @Test func aDoubleClickOnALineNotYetTypedInSelectsTheWord() {
        let (shell, s) = makeBoard()
        let text = Array(s.document.lines[0].text)
        let end = text.firstIndex(of: " ") ?? text.count
        let p = t.stop(s, line: 0, 1)
        runShell(shell, frames: 4, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: p)], 2: [.pointerUp(pointer: 0, device: .mouse, at: p)],
                                            3: [.pointerDown(pointer: 0, device: .mouse, at: p)], 4: [.pointerUp(pointer: 0, device: .mouse, at: p)]])
        #expect(s.lyric?.line == 0)
        #expect(s.lyric?.field.selection == 0..<end)
    }

    @Test func chordsAfterTheCaretMoveWithAComposition() throws {
        let (shell, s) = makeBoard(SheetDocument(lines: [
            SheetDocument.Line(text: "Amazing grace how sweet", chords: [.init(name: "G", at: 3), .init(name: "C", at: 8)]),
            SheetDocument.Line(text: "That saved a wretch"),
        ]))
        let line = 0
        t.tap(shell, t.stop(s, line: line, 0))
        let xs = s.chordXs(line: line)
        runShell(shell, frames: 1, events: [1: [.composition(text: "wwwwwwww", cursor: 8)]])
        let composing = s.chordXs(line: line)
        for (a, b) in zip(xs, composing) { #expect(b > a + 20, "a chord after the caret stays put: \(a) → \(b)") }
        // Committed, they stand where the composition put them; abandoned, where they were.
        runShell(shell, frames: 1, events: [1: [.composition(text: "", cursor: 0)]])
        #expect(s.chordXs(line: line) == xs)
        runShell(shell, frames: 1, events: [1: [.composition(text: "wwwwwwww", cursor: 8)]])
        runShell(shell, frames: 1, events: [1: [.text("wwwwwwww")]])
        #expect(s.chordXs(line: line) == composing)
    }

    /// Pasted text keeps its words apart: a tab is a space, and every line break Unicode
    /// names (a word processor's VT, NEL, LINE and PARAGRAPH SEPARATOR, as well as CR, LF
    /// and CR LF) splits the line. A hostile tour's paste lost them, gluing words together.
    @Test func pastedTabsAndEveryKindOfLineBreakKeepWordsApart() {
        let (shell, s) = typingIn(line: 0, at: 0)
        let rest = s.document.lines[0].text
        t.type(shell, "Intro:\tG\tAm|a\u{2028}b|c\u{0085}d|e\r\nf\rg\u{000B}h\u{2029}i\u{000C}j\u{0007}k")
        #expect(Array(s.document.lines.prefix(8).map(\.text)) == ["Intro: G Am|a", "b|c", "d|e", "f", "g", "h", "i", "jk" + rest])
    }

}

/// What the status line says while typing: the line the caret is in, and a paste cut short.
@Suite struct BoardTypingStatusTests {
    let t = BoardLyricsTests()

    @Test func theStatusNamesTheLineTheCaretMovedToAndACutPaste() {
        let (shell, s) = makeBoard()
        t.tap(shell, t.stop(s, line: 0, 2))
        #expect(s.announcement.hasPrefix("Typing in line 1"))
        t.keys(shell, ["Down", "Down"])
        #expect(s.lyric?.line == 2 && s.announcement.hasPrefix("Typing in line 3"))
        t.keys(shell, ["Return"])
        #expect(s.announcement.hasPrefix("Typing in line 4"))
        t.keys(shell, ["Backspace"])
        #expect(s.announcement.hasPrefix("Typing in line 3"))
        // A combining mark typed alone joins its letter: no word of a limit.
        t.type(shell, "e", "\u{301}")
        #expect(s.announcement.hasPrefix("Typing in line 3"))
        // 12,000 characters pasted: the line keeps what it can hold, and says so.
        let before = s.document.lines[2].text.count
        runShell(shell, frames: 1, events: [1: [.text(String(repeating: "x", count: 12_000))]])
        #expect(s.document.lines[2].text.count == TextField.maxCharacters)
        #expect(s.announcement == "Line 3 took \(TextField.maxCharacters - before) of the 12000 characters: a line holds at most \(TextField.maxCharacters)")
        // A paste of two lines, the first cut: its cut is still said once the second is in
        // (a tour: the second line's "Typing in line 2" said it over, and 24 characters went
        // unsaid).
        let (two, b) = makeBoard()
        t.tap(two, t.stop(b, line: 0, 0))
        t.keys(two, ["End"])
        let first = b.document.lines[0].text.count
        runShell(two, frames: 1, events: [1: [.text(String(repeating: "a", count: 9_990) + "\nhello")]])
        #expect(b.document.lines[1].text == "hello")
        #expect(b.announcement == "Line 1 took \(TextField.maxCharacters - first) of the 9990 characters: a line holds at most \(TextField.maxCharacters)")
    }
}

/// Review findings: an undo that changes only chords keeps the caret; a composed mark that
/// merges with its letter moves no chord.
@Suite struct BoardLyricReviewTests {
    let t = BoardLyricsTests()
    static let song = SheetDocument(lines: [
        SheetDocument.Line(text: "Amazing grace how sweet", chords: [.init(name: "G", at: 3), .init(name: "C", at: 8)]),
        SheetDocument.Line(text: "That saved a wretch"),
    ])

    @Test func undoingATranspositionWhileTypingLeavesTheCaretWhereItWas() {
        let (shell, s) = makeBoard(Self.song)
        t.tap(shell, t.stop(s, line: 1, 5))
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 1, device: .mouse, at: s.transposeButtons.up.rect.center)],
                                            2: [.pointerUp(pointer: 1, device: .mouse, at: s.transposeButtons.up.rect.center)]])
        #expect(s.document != Self.song, "the ♯ button transposed nothing")
        #expect(s.lyric?.line == 1 && s.lyric?.field.caret == 5)
        t.keys(shell, ["Z"], ctrl: true)
        #expect(s.document == Self.song)
        #expect(s.lyric?.line == 1 && s.lyric?.field.caret == 5)
    }

    @Test func aComposedMarkThatJoinsItsLetterMovesNoChord() {
        let (shell, s) = makeBoard(Self.song)
        t.tap(shell, t.stop(s, line: 0, 2))
        let xs = s.chordXs(line: 0)
        runShell(shell, frames: 1, events: [1: [.composition(text: "\u{301}", cursor: 1)]])
        let composing = s.chordXs(line: 0)
        for (a, b) in zip(xs, composing) { #expect(abs(a - b) < 1, "\(a) → \(b)") }
    }
}

/// A line longer than the sheet is wide scrolls sideways while typed in, as a text field
/// does: the caret stays in view, a click lands on the character under it, and Home
/// brings the start back.
@Suite struct BoardLongLineTests {
    let t = BoardLyricsTests()

    @Test func aLineLongerThanTheSheetFollowsItsCaret() throws {
        let (shell, s) = makeBoard(size: Vec2(640, 480))
        t.tap(shell, t.stop(s, line: 0, 1))
        t.keys(shell, ["End"])
        let tail = " and so the long verse goes on and on, further than the sheet is wide, until its end comes at last"
        t.type(shell, tail)
        let sheet = s.sheetFrame
        let caret = try #require(s.lyric.map { s.typing.caretRootFrame($0) })
        #expect(s.typing.lyricScroll > 100)
        #expect(caret.minX > sheet.minX && caret.maxX < sheet.maxX, "caret at \(caret.minX), sheet \(sheet.minX)…\(sheet.maxX)")
        // A click on the scrolled line puts the caret at the character under it.
        let text = s.document.lines[0].text
        let target = text.count - 10
        t.tap(shell, t.stop(s, line: 0, target))
        #expect(s.lyric?.field.caret == target)
        t.keys(shell, ["Home"])
        #expect(s.typing.lyricScroll == 0 && s.lyric?.field.caret == 0)
        // Leaving the text: nothing scrolled.
        t.keys(shell, ["Escape"])
        #expect(s.lyric == nil && s.typing.lyricScroll == 0)
    }
}

/// A sheet of no lines, and two lines whose join would pass a line's limit (both found by a
/// hostile tour of the songwriter's pad).
@Suite struct BoardSheetLimitsTests {
    let t = BoardLyricsTests()

    /// An empty ChordPro file imported is a song of no lines: it opens with the one empty line
    /// a new song has, so there is a line to type in (before, F2 and typing did nothing).
    @Test func aSheetOfNoLinesOpensWithALineToTypeIn() throws {
        let (shell, s) = makeBoard(try ChordPro.parse(""))
        #expect(s.document.lines.count == 1)
        t.keys(shell, ["F2"])
        t.type(shell, "hello")
        #expect(s.document.lines.map(\.text) == ["hello"])
    }

    /// Backspace at a line's start joins it to the line before only while the two fit in
    /// one line (`TextField.maxCharacters`), as typing and pasting stop there; else the lines
    /// stay and the banner says why.
    @Test func aJoinThatWouldMakeALineTooLongIsRefusedAndSaid() {
        let half = TextField.maxCharacters / 2 + 1
        let doc = SheetDocument(lines: [SheetDocument.Line(text: String(repeating: "a", count: half)),
                                        SheetDocument.Line(text: String(repeating: "b", count: half)),
                                        SheetDocument.Line(text: "c")])
        let (shell, s) = makeBoard(doc)
        s.beginLyric(line: 1, caret: 0)
        t.keys(shell, ["Backspace"])
        #expect(s.document.lines.map(\.text.count) == [half, half, 1])
        #expect(s.bar.banner.text?.contains("at most \(TextField.maxCharacters)") == true)
        // Lines that fit still join.
        s.beginLyric(line: 2, caret: 0)
        t.keys(shell, ["Backspace"])
        #expect(s.document.lines.map(\.text.count) == [half, half + 1])
    }
}
