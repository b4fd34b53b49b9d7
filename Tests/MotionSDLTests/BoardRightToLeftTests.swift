@testable import Engine
import Foundation
@testable import Geometry
@testable import MotionSDL
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

extension SDLTests {
    /// A board in a shell, laid out with the shipped font shaped by HarfBuzz (the bidi
    /// order right-to-left text needs), as the app has it.
    func shapedBoard(_ doc: SheetDocument) throws -> BoardScene {
        let platform = try headlessPlatform { $0.size = Vec2(1280, 720) }
        let font = try ResourceFolder.font(in: resourcesURL, on: platform) { Issue.record("warned: \($0)") }
        let board = BoardScene(document: doc)
        _ = Shell(scenes: [board], size: Vec2(1280, 720), font: font)
        return board
    }
}

/// Chords on right-to-left lyrics (Hebrew, Arabic) stand over their own characters: a
/// chord ends at its character's start, its right side, as it begins at a left-to-right
/// character's left side (before, every chord after the first was pushed to the right of
/// the one before it, past the end of the text).
extension SDLTests {
    static let hebrew = "אבגדהוזחטיכלמנסעפצקרשת אבגדהוזחטיכלמנסעפצקרשת"

    @Test func rightToLeftLyricsChordsEndOverTheirOwnCharactersAndADropFindsThemAgain() throws {
        var doc = SheetDocument(lines: [SheetDocument.Line(text: Self.hebrew), SheetDocument.Line(text: "Amazing grace")])
        doc.lines[0].chords = [.init(name: "Am", at: 0), .init(name: "G", at: 40), .init(name: "C", at: 20)]
        doc.lines[1].chords = [.init(name: "G", at: 3)]
        let s = try shapedBoard(doc)
        let stops = s.caretStops(line: 0), xs = s.chordXs(line: 0), w = s.placedBox.x
        #expect(stops[1] < stops[0], "the line runs right to left")
        for (k, at) in [0, 40, 20].enumerated() {
            #expect(abs(xs[k] + w - stops[at]) < 0.001, "chord \(k) ends at \(xs[k] + w), its character starts at \(stops[at])")
            #expect(s.lyricLayout.anchor(forX: xs[k], line: 0) == at)
        }
        // A left-to-right line is as it was: the chord starts at its character.
        #expect(abs(s.chordXs(line: 1)[0] - s.caretStops(line: 1)[3]) < 0.001)
        #expect(s.lyricLayout.anchor(forX: s.caretStops(line: 1)[3], line: 1) == 3)
    }

    /// A line whose first strong letter is Hebrew reads right to left even when a number
    /// comes first ("12 שלום": the number's caret stop is at its left, and the line was set
    /// from the left, as a review noticed): against the line's right, as "שלום 12" is.
    @Test func aRightToLeftLineStartingWithANumberIsSetAgainstTheRight() throws {
        let doc = SheetDocument(lines: [SheetDocument.Line(text: "12 שלום"), SheetDocument.Line(text: "שלום 12"), SheetDocument.Line(text: "12 abc")])
        let s = try shapedBoard(doc)
        let right = { (i: Int) in s.caretStops(line: i).max()! }
        #expect(abs(right(0) - right(1)) < 0.5, "both end at the line's right: \(right(0)), \(right(1))")
        #expect(s.caretStops(line: 2).min()! < 20, "a left-to-right line starts at the left")
        #expect(right(0) > 600)
    }

    /// A click past the end of a line as it reads puts the caret at the end of its text, not
    /// at the stop nearest the click: "abc שלום"'s end stop is mid-line (the Hebrew word's
    /// trailing edge), and a tour's click right of the text typed " def" into the middle.
    @Test func aClickPastTheEndOfAMixedLineIsTheEndOfItsText() throws {
        let doc = SheetDocument(lines: [SheetDocument.Line(text: "abc שלום"), SheetDocument.Line(text: "שלום abc")])
        let s = try shapedBoard(doc)
        let ltr = s.lineRootFrame(0), rtl = s.lineRootFrame(1)
        #expect(s.typing.lyricCaret(at: Vec2(ltr.maxX - 4, ltr.midY), line: 0) == 8)
        #expect(s.typing.lyricCaret(at: Vec2(ltr.minX + 1, ltr.midY), line: 0) == 0)
        #expect(s.typing.lyricCaret(at: Vec2(rtl.minX + 4, rtl.midY), line: 1) == 8)
        #expect(s.typing.lyricCaret(at: Vec2(rtl.maxX - 1, rtl.midY), line: 1) == 0)
    }

    /// In a line that reads right to left ← moves the caret left, toward the text's end,
    /// and → right, toward its start, as the arrows point (they moved it the other way: a
    /// tour); a left-to-right line is as it was.
    @Test func theArrowsMoveTheCaretTheWayTheyPointInARightToLeftLine() throws {
        let platform = try headlessPlatform { $0.size = Vec2(1280, 720) }
        let font = try ResourceFolder.font(in: resourcesURL, on: platform) { Issue.record("warned: \($0)") }
        let s = BoardScene(document: SheetDocument(lines: [SheetDocument.Line(text: "שלום עולם"), SheetDocument.Line(text: "abc")]))
        let shell = Shell(scenes: [s], size: Vec2(1280, 720), font: font)
        func press(_ key: Key) { runShell(shell, frames: 2, events: [1: [.key(key, down: true)], 2: [.key(key, down: false)]]) }
        s.beginLyric(line: 0, caret: 0)
        press(.left)
        #expect(s.lyric?.field.caret == 1)
        let stops = s.caretStops(line: 0)
        #expect(stops[1] < stops[0], "the caret went left")
        press(.right)
        #expect(s.lyric?.field.caret == 0)
        s.beginLyric(line: 1, caret: 0)
        press(.right)
        #expect(s.lyric?.field.caret == 1)
    }

    @Test func rightToLeftLyricsChordsTooCloseToFitAreSetSideBySideLeftwardInReadingOrder() throws {
        var doc = SheetDocument(lines: [SheetDocument.Line(text: Self.hebrew)])
        doc.lines[0].chords = [.init(name: "Am", at: 5), .init(name: "G", at: 6), .init(name: "C", at: 7)]
        let s = try shapedBoard(doc)
        let xs = s.chordXs(line: 0), w = s.placedBox.x, stops = s.caretStops(line: 0)
        #expect(abs(xs[0] + w - stops[5]) < 0.001, "the first stays on its character")
        #expect(xs[1] + w <= xs[0] && xs[2] + w <= xs[1], "each later one left of the one before: \(xs)")
    }
}

extension SDLTests {
    /// A line that reads right to left ends at its left: longer than the sheet is wide and
    /// typed in at its end, its caret keeps a margin from the band's left edge, as a
    /// left-to-right line's does on the right (a hostile tour saw the caret over its last
    /// letter, on the edge); at its start, the line's right end is in view.
    @Test func aRightToLeftLineLongerThanTheSheetKeepsItsEndInViewWithAMargin() throws {
        let text = String(repeating: "\u{05E9}\u{05DC}\u{05D5}\u{05DD} ", count: 40) + "\u{05E1}\u{05D5}\u{05E3}"
        let s = try shapedBoard(SheetDocument(lines: [SheetDocument.Line(text: text)]))
        s.beginLyric(line: 0, caret: text.count)
        let stops = s.caretStops(line: 0)
        #expect(stops[0] > stops[stops.count - 1], "the line runs right to left")
        let sheet = s.sheetFrame
        let end = try #require(s.lyric.map { s.typing.caretRootFrame($0) })
        #expect(end.minX > sheet.minX + BoardScene.textInset + 20, "caret at \(end.minX), sheet from \(sheet.minX)")
        s.beginLyric(line: 0, caret: 0)
        let start = try #require(s.lyric.map { s.typing.caretRootFrame($0) })
        #expect(start.maxX < sheet.maxX && start.minX > sheet.midX, "caret at \(start.minX), sheet \(sheet.minX)…\(sheet.maxX)")
    }

    /// A left-to-right line ending in a long Hebrew run: that run's first letter is the
    /// line's rightmost, past its logical end. The caret there is scrolled into view (the
    /// scroll stopped at the logical end, and left the caret outside the sheet).
    @Test func aLeftToRightLineEndingInALongHebrewRunShowsItsRightEnd() throws {
        let latin = "Verse one: "
        let text = latin + String(repeating: "\u{05E9}\u{05DC}\u{05D5}\u{05DD} ", count: 40) + "\u{05E1}\u{05D5}\u{05E3}"
        let s = try shapedBoard(SheetDocument(lines: [SheetDocument.Line(text: text)]))
        s.beginLyric(line: 0, caret: latin.count + 1)
        let stops = s.caretStops(line: 0)
        #expect(stops[0] < stops[stops.count - 1] || stops[0] < stops[latin.count], "the line runs left to right")
        let sheet = s.sheetFrame
        let caret = try #require(s.lyric.map { s.typing.caretRootFrame($0) })
        #expect(caret.minX > sheet.minX && caret.maxX < sheet.maxX, "caret at \(caret.minX), sheet \(sheet.minX)…\(sheet.maxX)")
    }

    /// Lines mixing the two directions (found by a review): a Latin word or a number before
    /// Hebrew, Latin words inside Hebrew, a right-to-left mark first. Each chord stands on its
    /// own character's start whichever way the line reads, and a drop at a character finds it
    /// (a drop over the "C" of "Chorus:" before Hebrew was taken for past the text's end).
    /// "2" and "chorus" in "שיר 2 chorus" read left to right but stand in the other order:
    /// the chord on "c" was pushed right of the one on "2", over the wrong word; and where no
    /// free place was left over the text a chord was drawn hidden under another (a tour).
    @Test func chordsOnTwoLeftToRightRunsOfARightToLeftLineStandOnTheirOwnCharacters() throws {
        let doc = SheetDocument(lines: [
            SheetDocument.Line(text: "שיר 2 chorus", chords: [.init(name: "G", at: 4), .init(name: "Am", at: 6)]),
            SheetDocument.Line(text: "abc 12 שלום 34 def", chords: [.init(name: "C", at: 7), .init(name: "G", at: 10), .init(name: "Am", at: 12), .init(name: "F", at: 15)]),
        ])
        let s = try shapedBoard(doc)
        let stops = s.caretStops(line: 0), xs = s.chordXs(line: 0)
        #expect(abs(xs[0] - stops[4]) < 0.5, "G on 2: \(xs[0]) vs \(stops[4]), stops \(stops), xs \(xs)")
        #expect(abs(xs[1] - stops[6]) < 0.001, "Am on c: \(xs[1]) vs \(stops[6])")
        let mixed = s.chordXs(line: 1).sorted(), w = s.placedBox.x
        #expect(zip(mixed, mixed.dropFirst()).allSatisfy { $1 - $0 >= w + 2 - 0.001 }, "chords on one another: \(mixed)")
    }

    @Test func mixedDirectionLyricsChordsStandOnTheirCharactersAndDropsFindThem() throws {
        let lines: [(String, [Int])] = [
            ("Chorus: " + Self.hebrew, [0, 8, 16, 30]),
            ("1. " + Self.hebrew, [3, 11, 19]),
            ("\u{200F}" + Self.hebrew, [1, 9, 17]),
            ("אבגדה hello world again אבגדה", [0, 6, 12, 18, 25]),
        ]
        let doc = SheetDocument(lines: lines.map { text, ats in
            SheetDocument.Line(text: text, chords: ats.enumerated().map { SheetDocument.Placed(name: ["C", "G", "Am", "F", "D"][$0.offset], at: $0.element) })
        })
        let s = try shapedBoard(doc)
        let w = s.placedBox.x
        for (l, (text, ats)) in lines.enumerated() {
            let stops = s.caretStops(line: l), xs = s.chordXs(line: l)
            for (k, at) in ats.enumerated() {
                // Its character's start: the left side of a left-to-right one, the right of a
                // right-to-left one (a chord pushed aside by a neighbour aside).
                let rtl = stops[at + 1] < stops[at]
                let edge = rtl ? xs[k] + w : xs[k]
                if k == 0 { #expect(abs(edge - stops[at]) < 0.001, "\(text): chord at \(at) drawn at \(edge), its character at \(stops[at])") }
                // (A character of no width, the mark, shares its place with the next: either.)
                let found = s.lyricLayout.anchor(forX: rtl ? stops[at] - w : stops[at], line: l)
                #expect(found == at || (found < stops.count && stops[found] == stops[at]), "\(text): a drop on character \(at) found \(found)")
            }
            // No chord past the text's ends where there is ample room over it; none on another
            // (five chords on the last line nearly fill its text's width: one goes past its
            // end rather than under another, where a tour found one hidden).
            let span = stops.max()! - stops.min()! + w, fit = Double(xs.count) * (w + 2) * 1.5 <= span
            if fit { #expect(xs.allSatisfy { $0 >= stops.min()! - w - 0.001 && $0 <= stops.max()! + 0.001 }, "\(text): \(xs) outside \(stops.min()!)…\(stops.max()!)") }
            let sorted = xs.sorted()
            #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 >= w + 2 - 0.001 }, "\(text): chords on one another: \(xs)")
        }
    }

    /// A Hebrew word inside a left-to-right line: its last letter (the leftmost, ם) runs right
    /// to left though the stop after it is the next word's, and a drop finds every
    /// character where its chord is drawn (a hostile tour found ם's chord drawn from its
    /// right side as a left-to-right letter's, and drops sweeping the line landing on
    /// characters out of order, some never).
    @Test func aRightToLeftWordInsideLeftToRightTextHasEveryCharacterItsPlace() throws {
        let text = "abc שלום def"
        for at in 0...text.count {
            let s = try shapedBoard(SheetDocument(lines: [SheetDocument.Line(text: text, chords: [.init(name: "C", at: at)])]))
            let stops = s.caretStops(line: 0), x = s.chordXs(line: 0)[0], w = s.placedBox.x
            // ם, the word's last letter: the chord ends at its right side, like its neighbours'.
            if at == 7 { #expect(abs(x + w - stops[7]) < 0.001, "ם's chord ends at \(x + w), its right side is \(stops[7])") }
            #expect(s.lyricLayout.anchor(forX: x, line: 0) == at, "a drop where the chord on \(at) is drawn (\(x)) found \(s.lyricLayout.anchor(forX: x, line: 0))")
        }
    }

    /// A lyric that reads right to left is set against the line's right, as a text field sets
    /// a right-to-left paragraph: chords on its last (leftmost) letters stand over them, where
    /// set from the left they had no room and piled at the line's start (a hostile tour).
    @Test func aRightToLeftLyricStandsAtTheLinesRightWithItsChordsOverItsLetters() throws {
        var doc = SheetDocument(lines: [SheetDocument.Line(text: Self.hebrew), SheetDocument.Line(text: "abcdefgh")])
        doc.lines[0].chords = [.init(name: "Am", at: 30), .init(name: "C", at: 44)]
        let s = try shapedBoard(doc)
        let stops = s.caretStops(line: 0), xs = s.chordXs(line: 0), w = s.placedBox.x
        let lineWidth = s.lineRootFrame(0).width
        #expect(abs(stops[0] - (lineWidth - BoardScene.textInset)) < 0.001, "its first letter's right side at \(stops[0]) of \(lineWidth)")
        for (k, at) in [30, 44].enumerated() {
            #expect(abs(xs[k] + w - stops[at]) < 0.001, "the chord on \(at) ends at \(xs[k] + w), its letter's right side at \(stops[at])")
            #expect(s.lyricLayout.anchor(forX: xs[k], line: 0) == at)
        }
        // A left-to-right lyric starts at the inset, as before.
        #expect(s.caretStops(line: 1)[0] == BoardScene.textInset)
    }

    /// Carried from the keyboard onto a right-to-left lyric, a card starts over its first
    /// letters, at the line's right, and drops on one of its characters (a hostile tour found
    /// it dropped at the line's left, 256 spaces past the lyric's end).
    @Test func aKeyboardCarryOntoARightToLeftLyricStartsAtItsFirstLetters() throws {
        let s = try shapedBoard(SheetDocument(lines: [SheetDocument.Line(text: "שלום עולם שלום עולם")]))
        s.keys.command(.activate, from: .keyboard)
        let carry = try #require(s.keyCarry)
        #expect(carry.slot == s.keys.slotCount(0) - 1, "lifted onto slot \(carry.slot) of \(s.keys.slotCount(0))")
        s.keys.command(.activate, from: .keyboard)
        let placed = try #require(s.document.lines[0].chords.first)
        #expect(placed.at <= s.document.lines[0].text.count, "dropped on character \(placed.at)")
    }

    /// A selection across a change of direction is drawn over the letters it holds (a hostile
    /// tour: "c", space, ם and ו highlighted where Delete took "c", space, ש and ל).
    @Test func aSelectionAcrossADirectionChangeIsDrawnOverItsLetters() throws {
        let text = "abc שלום def"
        let s = try shapedBoard(SheetDocument(lines: [SheetDocument.Line(text: text)]))
        s.beginLyric(line: 0, caret: 2)
        var field = try #require(s.lyric).field
        field.setCaret(6, extend: true)
        let drawn = s.typing.selectionSpans(field, stops: s.caretStops(line: 0))
        let spans = try #require(s.font.characterSpans(of: text))
        let shift = s.caretStops(line: 0)[0] - s.font.caretStops(of: text)[0]
        func shown(_ i: Int) -> Bool {
            let mid = (spans[i].lowerBound + spans[i].upperBound) / 2 + shift
            return drawn.contains { $0.0 <= mid && mid <= $0.1 }
        }
        #expect((2...5).allSatisfy(shown), "c, the space, ש and ל: \(drawn)")
        #expect(![6, 7, 9].contains(where: shown), "ו, ם and d are not selected: \(drawn)")
    }
}


/// A banner wrapped from an English message reads left to right on every line, a line that
/// begins with Hebrew words too (it was laid out as a right-to-left paragraph of its own,
/// its words in the other order: a tour).
extension SDLTests {
    @Test func aWrappedBannerReadsInItsMessagesDirectionOnEveryLine() throws {
        let s = try shapedBoard(.empty)
        let text = "Saved as " + Array(repeating: "שלום עולם", count: 24).joined(separator: " ")
        s.showBanner(text)
        let lines = s.bannerLines(font: s.font) ?? []
        #expect(lines.count >= 2)
        for line in lines { #expect(s.font.readsRightToLeft(line) == false, "\(line)") }
        // The mark that sets a line's direction takes no room.
        for line in lines where line.first == "\u{200E}" {
            #expect(abs(s.font.width(of: line) - s.font.width(of: String(line.dropFirst()))) < 0.01)
        }
        #expect(lines.dropFirst().contains { $0.first == "\u{200E}" })
        // An Arabic message keeps its own direction the same way.
        let arabic = "تم الحفظ " + Array(repeating: "song", count: 60).joined(separator: " ")
        s.showBanner(arabic)
        for line in s.bannerLines(font: s.font) ?? [] { #expect(s.font.readsRightToLeft(line) == true, "\(line)") }
    }

    /// A selection across lines is drawn over the letters it holds on each line, as one within
    /// a line is: ending before a right-to-left line's last word, a Latin one shown at its
    /// left end, it left that word unselected and drew it selected (a review, at 3840×2160).
    @Test func aSelectionAcrossLinesIsDrawnOverItsLettersOnARightToLeftLine() throws {
        let text = "שלום עולם third"
        let s = try shapedBoard(SheetDocument(lines: [SheetDocument.Line(text: "first line"), SheetDocument.Line(text: text)]))
        s.beginLyric(line: 1, caret: 10)
        s.typing.extendSelection(from: TextPlace(line: 1, index: 10), to: TextPlace(line: 0, index: 3))
        #expect(s.typing.lineSelection != nil)
        let drawn = s.typing.lineSelectionSpans(line: 1)
        let spans = try #require(s.font.characterSpans(of: text))
        let shift = s.caretStops(line: 1)[0] - s.font.caretStops(of: text)[0]
        func shown(_ i: Int) -> Bool {
            let mid = (spans[i].lowerBound + spans[i].upperBound) / 2 + shift
            return drawn.contains { $0.0 <= mid && mid <= $0.1 }
        }
        #expect((0..<10).allSatisfy(shown), "the Hebrew words and the space: \(drawn)")
        #expect(!(10..<15).contains(where: shown), "third is not selected: \(drawn)")
    }
}
