@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

/// The line typed in stays on screen: through a resize, and when the sheet was scrolled away
/// from it (both found by a hostile tour of the songwriter's pad).
@Suite struct BoardCaretInViewTests {
    let t = BoardLyricsTests()

    func typingIn(line: Int, at index: Int) -> (Shell, BoardScene) { BoardLyricFixesTests().typingIn(line: line, at: index) }

    /// Whether line `line` shows whole in the sheet.
    func showsWhole(_ s: BoardScene, line: Int) -> Bool {
        let f = s.lineRootFrame(line), sheet = s.sheetFrame
        return f.minY >= sheet.minY - 0.5 && f.maxY <= sheet.maxY + 0.5
    }

    /// A hostile tour pasted 40 lines, made the window smaller and typed: the line typed in
    /// was scrolled out of view (its lines shrink under 420 pt) and the text went into it
    /// unseen. A resize keeps the line typed in on screen, and the panels' content where it was.
    @Test func aResizeKeepsTheLineTypedInOnScreen() {
        let (shell, s) = typingIn(line: 0, at: 0)
        t.type(shell, (0..<40).map { "pasted \($0)" }.joined(separator: "\n"))
        #expect(s.lyric?.line == 39 && showsWhole(s, line: 39))
        let firstBefore = s.firstVisibleLine
        runShell(shell, frames: 2, events: [1: [.resize(w: 700, h: 400)]])
        #expect(s.cardScale == 0.6)
        #expect(showsWhole(s, line: 39))
        t.type(shell, "Z")
        #expect(s.document.lines[39].text.hasPrefix("pasted 39Z") && showsWhole(s, line: 39))
        // Back to the full size, typing in a line the sheet shows: it shows the same lines.
        s.beginLyric(line: firstBefore + 2, caret: 0)
        let first = s.firstVisibleLine
        runShell(shell, frames: 2, events: [1: [.resize(w: 1280, h: 720)]])
        #expect(s.cardScale == 1 && showsWhole(s, line: firstBefore + 2))
        #expect(abs(s.firstVisibleLine - first) <= 1)
    }

    /// A visual tour typed a 2,000-letter line and shrank the window to 480×320: the field
    /// kept its scroll for the wider line and the caret was past its right edge, unseen.
    @Test func aLongLineKeepsItsCaretInViewThroughAResize() {
        let (shell, s) = typingIn(line: 0, at: 0)
        t.type(shell, (0..<330).map { "w\($0)" }.joined(separator: " "))
        func caretShows() -> Bool {
            guard let edit = s.lyric else { return false }
            let c = s.typing.caretRootFrame(edit), sheet = s.sheetFrame
            return c.minX >= sheet.minX && c.maxX <= sheet.maxX
        }
        #expect(caretShows())
        for size in [Vec2(480, 320), Vec2(1280, 720), Vec2(640, 480)] {
            runShell(shell, frames: 2, events: [1: [.resize(w: size.x, h: size.y)]])
            #expect(caretShows(), "at \(size)")
        }
    }

    /// The sheet scrolled away from the caret with the wheel: the next keystroke brings its
    /// line back into view, as a text editor scrolls back to its caret.
    @Test func typingAfterScrollingAwayShowsTheLineTypedIn() {
        let (shell, s) = typingIn(line: 0, at: 0)
        t.type(shell, (0..<30).map { "line \($0)" }.joined(separator: "\n"))
        s.beginLyric(line: 2, caret: 0)
        #expect(showsWhole(s, line: 2))
        runShell(shell, frames: 30, events: [1: [.wheel(dx: 0, dy: -3000)]])
        #expect(!showsWhole(s, line: 2))
        t.type(shell, "Q")
        #expect(s.document.lines[2].text == "Qline 2" && showsWhole(s, line: 2))
        runShell(shell, frames: 30, events: [1: [.wheel(dx: 0, dy: -3000)]])
        t.keys(shell, ["Backspace"])
        #expect(s.document.lines[2].text == "line 2" && showsWhole(s, line: 2))
    }

    /// A finger scrolling the sheet through a resize that shrinks the lines keeps scrolling it
    /// (the review found the offset frozen for the rest of the drag).
    @Test func aDragOfTheSheetGoesOnThroughAResizeThatShrinksTheLines() {
        var doc = SheetDocument.empty
        doc.lines = (0..<40).map { SheetDocument.Line(text: "line \($0)") }
        let (shell, s) = makeBoard(doc, size: Vec2(800, 600))
        let start = Vec2(400, s.sheetFrame.maxY - 20)
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 1, device: .touch, at: start)]]
        for k in 1...30 { events[1 + k] = [.pointerMove(pointer: 1, device: .touch, at: start - Vec2(0, 6 * Double(k)))] }
        events[12]!.insert(.resize(w: 800, h: 400), at: 0)
        runShell(shell, frames: 12, events: events)
        #expect(s.cardScale == 0.6)
        let atResize = s.sheet.offset
        runShell(shell, frames: 20, events: Dictionary(uniqueKeysWithValues: (13...31).map { ($0 - 12, events[$0]!) }))
        #expect(s.sheet.offset > atResize + 50, "\(atResize) → \(s.sheet.offset)")
    }
}
