@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

/// Typing lyrics on the board, as a person does: a tap puts the caret in a line, text comes
/// as text events, keys edit, and chords stand on their characters.
@Suite struct BoardLyricsTests {
    func keys(_ shell: Shell, _ names: [String], ctrl: Bool = false, shift: Bool = false) {
        var events: [Int: [InputEvent]] = [:]
        var mods: [Key] = []
        if ctrl { mods.append(Key("Left Ctrl")) }
        if shift { mods.append(Key("Left Shift")) }
        for (i, n) in names.enumerated() {
            events[i + 1] = (i == 0 ? mods.map { .key($0, down: true) } : []) + [.key(Key(n), down: true), .key(Key(n), down: false)]
        }
        events[names.count + 1] = mods.map { .key($0, down: false) }
        runShell(shell, frames: names.count + 1, events: events)
    }

    func type(_ shell: Shell, _ pieces: String...) {
        var events: [Int: [InputEvent]] = [:]
        for (i, p) in pieces.enumerated() { events[i + 1] = [.text(p)] }
        runShell(shell, frames: pieces.count, events: events)
    }

    func tap(_ shell: Shell, _ p: Vec2, device: PointerDevice = .mouse) {
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: device, at: p)], 2: [.pointerUp(pointer: 0, device: device, at: p)]])
    }

    /// The point on line `line`'s lyric at caret stop `index`.
    func stop(_ s: BoardScene, line: Int, _ index: Int) -> Vec2 {
        let r = s.lineRootFrame(line)
        return Vec2(r.minX + s.caretStops(line: line)[index], r.maxY - 14)
    }

    func caret(_ shell: Shell) -> JSONValue? { boardDump(shell)["caret"] }

    @Test func aTapPutsTheCaretBetweenTheCharactersAndTypingGoesThere() {
        let (shell, s) = makeBoard()
        #expect(caret(shell) == .null && s.textInputRect == nil)
        // "That |saved a wretch like me!": a little right of the stop before "s".
        tap(shell, stop(s, line: 1, 5) + Vec2(2, 0), device: .touch)
        #expect(caret(shell) == .object([("line", JSONValue(1)), ("index", JSONValue(5))]))
        #expect(s.textInputRect.map { s.lineRootFrame(1).contains($0.center) } == true)
        type(shell, "x", "y")
        #expect(s.document.lines[1].text == "That xysaved a wretch like me!")
        // The keys that steer chords are text now: "-" does not transpose, Space is a space.
        keys(shell, ["-", "Space", "Left"])
        #expect(s.document.lines[1].text == "That xysaved a wretch like me!" && s.lyric?.field.caret == 6)
        keys(shell, ["Escape"])
        #expect(caret(shell) == .null && s.textInputRect == nil)
    }

    /// The issue's session: a new song of one empty line, two Russian lines typed with an
    /// accented letter and an emoji, F♯m7 placed on a syllable, a word typed before it, then
    /// undone and redone; the saved song and the dump agree.
    @Test func aSongIsTypedAChordPlacedOnASyllableMovesWithItAndUndoRedoTakeItBackAndForth() throws {
        var doc = SheetDocument(lines: [.init(text: ""), .init(text: "Припев", chords: [.init(name: "F♯m7", at: 0)])])
        doc.lines[1].text = "Припев"
        let (shell, s) = makeBoard(doc)
        var saved: [SheetDocument] = []
        s.onChange = { saved.append($0) }
        #expect(s.stripNames.first == "F♯m7")
        tap(shell, stop(s, line: 0, 0))
        type(shell, "Ёлочка, живи\u{301}!")
        keys(shell, ["Return"])
        type(shell, "Зелёная 🌲 ", "моя")
        #expect(s.document.lines.map(\.text) == ["Ёлочка, живи\u{301}!", "Зелёная 🌲 моя", "Припев"])
        #expect(caret(shell) == .object([("line", JSONValue(1)), ("index", JSONValue(13))]))
        keys(shell, ["Escape"])
        // "моя" starts at character 10 (the tree is one).
        let target = stop(s, line: 1, 10) + Vec2(s.placedBox.x / 2, -30)
        let card = s.itemRootFrame(0).center
        runShell(shell, frames: 16, events: [
            1: [.pointerDown(pointer: 0, device: .mouse, at: card)],
            2: [.pointerMove(pointer: 0, device: .mouse, at: card + Vec2(0, 20))],
            3: [.pointerMove(pointer: 0, device: .mouse, at: target)],
            // Held still before the release: a let-go at speed would be a flick.
            16: [.pointerUp(pointer: 0, device: .mouse, at: target)],
        ])
        runShell(shell, frames: 60)
        #expect(s.document.lines[1].chords.map(\.name) == ["F♯m7"] && s.document.lines[1].chords[0].at == 10)
        let onMoya = s.chordRootFrame(.init(line: 1, index: 0)).minX
        #expect(approx(onMoya, stop(s, line: 1, 10).x))
        // A word typed at the line's start: the chord stays on "моя".
        tap(shell, stop(s, line: 1, 0))
        type(shell, "О", "й", ",", " ")
        #expect(s.document.lines[1].text == "Ой, Зелёная 🌲 моя" && s.document.lines[1].chords[0].at == 14)
        #expect(approx(s.chordRootFrame(.init(line: 1, index: 0)).minX, stop(s, line: 1, 14).x))
        let undos = s.history.undoCount
        keys(shell, ["Z"], ctrl: true)
        // The run of typing was one step.
        #expect(s.document.lines[1].text == "Зелёная 🌲 моя" && s.document.lines[1].chords[0].at == 10)
        #expect(s.history.undoCount == undos - 1)
        keys(shell, ["Z"], ctrl: true, shift: true)
        #expect(s.document.lines[1].text == "Ой, Зелёная 🌲 моя" && s.document.lines[1].chords[0].at == 14)
        // What was saved last is the sheet, and it reads back the same.
        #expect(saved.last == s.document)
        #expect(try SheetDocument.parse(s.document.serialized()) == s.document)
        let line = boardDump(shell)["target"]?["lines"]?.arrayValue?[1]
        let chord = line?["chords"]?.arrayValue?.first
        #expect(line?["text"] == JSONValue.string("Ой, Зелёная 🌲 моя"))
        #expect(chord?["at"] == JSONValue(14) && chord?["name"] == JSONValue.string("F♯m7"))
    }

    /// A run of typing is one save, half a second after its last keystroke (or at once when
    /// the board is left), not a save a character.
    @Test func aRunOfTypingIsSavedOnceAfterItsLastKeystrokeOrWhenTheBoardIsLeft() {
        let (shell, s) = makeBoard()
        var saves: [SheetDocument] = []
        s.onChange = { saves.append($0) }
        tap(shell, stop(s, line: 0, 0))
        type(shell, "a", "b", "c", "d")
        #expect(saves.count == 1 && saves[0].lines[0].text.hasPrefix("aAmazing"))
        guard case .after(let t) = s.due else { Issue.record("no timer for the save: \(s.due)"); return }
        #expect(t <= LyricTyping.typingSaveDelay)
        runShell(shell, frames: 40)
        #expect(saves.count == 2 && saves.last == s.document && s.document.lines[0].text.hasPrefix("abcdAmazing"))
        // More typing where the caret stayed goes on the same run (and undo step).
        type(shell, "e", "f")
        #expect(saves.count == 2)
        s.settle()
        #expect(saves.count == 3 && saves.last == s.document && s.document.lines[0].text.hasPrefix("abcdefAmazing"))
    }

    /// Typing that never pauses half a second is still saved, `typingSaveLimit` after its
    /// first unsaved keystroke: a crash or a lost display takes at most that much.
    @Test func typingWithoutAPauseIsSavedWithinItsLimit() {
        let (shell, s) = makeBoard()
        var saves: [SheetDocument] = []
        s.onChange = { saves.append($0) }
        tap(shell, stop(s, line: 0, 0))
        type(shell, "a")
        #expect(saves.count == 1)
        // A keystroke every quarter second (15 frames of 1/60 s) for 3 s.
        for c in "bcdefghijklm" {
            type(shell, String(c))
            runShell(shell, frames: 14)
        }
        #expect(saves.count >= 2, "3 s of typing with no pause and nothing saved after the first keystroke")
        let first = saves.dropFirst().first?.lines[0].text ?? ""
        // Saved 2 s into the run (8 keystrokes of the 12), not at its end.
        #expect(first.hasPrefix("abcdefgh") && !first.hasPrefix("abcdefghijklm"), "\(first)")
        guard case .after(let t) = s.due else { Issue.record("no timer for the save: \(s.due)"); return }
        #expect(t <= LyricTyping.typingSaveDelay)
    }

    /// The window minimised mid-typing: no step runs until it is shown again, so the typing
    /// is saved as it goes away, not half a second of steps later.
    @Test func typingIsSavedWhenTheWindowGoesAway() {
        let (shell, s) = makeBoard()
        var saves: [SheetDocument] = []
        s.onChange = { saves.append($0) }
        tap(shell, stop(s, line: 0, 0))
        type(shell, "a", "b", "c")
        #expect(saves.count == 1)
        shell.didPause()
        #expect(saves.count == 2 && saves.last?.lines[0].text.hasPrefix("abcAmazing") == true)
        #expect(s.lyric != nil, "the caret stays in the line")
    }

    /// Shifted typing in one frame, its last keys after Shift was let go: the last frame of
    /// a run steps all of it (a review: "c" was left queued and lost as the run ended), and
    /// what it typed is saved.
    @Test func theLastFrameStepsAllItsInputEvenPastAModifierChange() {
        let (shell, s) = makeBoard()
        var saves: [SheetDocument] = []
        s.onChange = { saves.append($0) }
        tap(shell, stop(s, line: 0, 0))
        let shift = Key("Left Shift")
        runShell(shell, frames: 1, events: [1: [.key(Key("A"), down: true), .text("a"), .key(Key("A"), down: false),
                                                .key(shift, down: true), .key(Key("B"), down: true), .text("B"), .key(Key("B"), down: false),
                                                .key(shift, down: false), .key(Key("C"), down: true), .text("c"), .key(Key("C"), down: false)]])
        #expect(s.document.lines[0].text.hasPrefix("aBcAmazing"), "\(s.document.lines[0].text)")
        shell.settle()
        #expect(saves.last?.lines[0].text.hasPrefix("aBcAmazing") == true)
    }

    /// A fast Shift+click — Shift down, the click, Shift up in one frame — extends the
    /// selection as a slow one does (a review: it read as a plain click).
    @Test func aFastShiftClickExtendsTheSelection() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 0, 2))
        let shift = Key("Left Shift"), at = stop(s, line: 0, 9)
        runShell(shell, frames: 2, events: [1: [.key(shift, down: true), .pointerDown(pointer: 0, device: .mouse, at: at),
                                                .pointerUp(pointer: 0, device: .mouse, at: at), .key(shift, down: false)]])
        #expect(caret(shell)?["anchor"] == JSONValue(2), "\(String(describing: caret(shell)))")
        #expect(caret(shell)?["index"] == JSONValue(9))
    }

    @Test func aLineAtTheLengthLimitTakesNoMoreTypingAndSaysSoButCanBeShortened() {
        var doc = SheetDocument.empty
        doc.lines[0].text = String(repeating: "я", count: TextField.maxCharacters + 3)
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 0, 2))
        type(shell, "x")
        #expect(s.document.lines[0].text.count == TextField.maxCharacters + 3)
        #expect(s.announcement.hasPrefix("Line 1 holds 10003 characters"))
        keys(shell, ["Backspace"])
        #expect(s.document.lines[0].text.count == TextField.maxCharacters + 2)
    }

    /// Found by a review: Backspace after a doubled letter moved the chord past it; a
    /// transposition under the caret of a {key} line left the field's old text to be typed
    /// back; a chord at the far limit was pushed past it by typing before it.
    @Test func backspaceAfterADoubledLetterATranspositionUnderTheCaretAndTheFarLimit() throws {
        var doc = SheetDocument(lines: [.init(text: "Hello", chords: [.init(name: "G", at: 3)]), .init(text: "{key: C#m}"),
                                        .init(text: "far", chords: [.init(name: "E", at: SheetDocument.maxChordAt)])])
        doc.lines[1].chords = []
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 0, 3))
        keys(shell, ["Backspace"])
        #expect(s.document.lines[0].text == "Helo" && s.document.lines[0].chords[0].at == 2)
        tap(shell, stop(s, line: 1, 10))
        s.transpose(by: 1)
        #expect(s.document.lines[1].text == "{key: Dm}" && s.lyric?.field.text == "{key: Dm}" && s.lyric?.field.caret == 9)
        keys(shell, ["Down", "Up", "End"])
        type(shell, "!")
        #expect(s.document.lines[1].text == "{key: Dm}!")
        tap(shell, stop(s, line: 2, 0))
        type(shell, "x")
        #expect(s.document.lines[2].chords[0].at == SheetDocument.maxChordAt)
        #expect(try SheetDocument.parse(s.document.serialized()) == s.document)
    }

    @Test func returnSplitsALineTakingItsLaterChordsAndBackspaceJoinsItBack() {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 0), .init(name: "C", at: 15), .init(name: "D", at: 40)]
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 0, 15))
        keys(shell, ["Return"])
        #expect(s.document.lines[0].text == "Amazing grace! " && s.document.lines[1].text == "How sweet the sound")
        #expect(s.document.lines[0].chords.map(\.name) == ["G"])
        #expect(s.document.lines[1].chords.map(\.name) == ["C", "D"] && s.document.lines[1].chords.map(\.at) == [0, 25])
        #expect(s.document.lines.count == SheetDocument.empty.lines.count + 1)
        #expect(caret(shell) == .object([("line", JSONValue(1)), ("index", JSONValue(0))]))
        keys(shell, ["Backspace"])
        #expect(s.document == doc)
        #expect(caret(shell) == .object([("line", JSONValue(0)), ("index", JSONValue(15))]))
        // Undo takes the join back, then the split.
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines.count == doc.lines.count + 1)
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document == doc)
    }

    @Test func deletingTheCharacterAChordStandsOnLeavesItWhereTheCharacterWas() {
        var doc = SheetDocument.empty
        doc.lines[3].chords = [.init(name: "Am", at: 4)]
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 3, 3))
        keys(shell, ["Right", "Right"], shift: true)
        keys(shell, ["Delete"])
        #expect(s.document.lines[3].text == "Waslind, but now I see.")
        #expect(s.document.lines[3].chords[0].at == 3)
    }

    func mouseDrag(_ shell: Shell, from a: Vec2, to b: Vec2) {
        runShell(shell, frames: 4, events: [
            1: [.pointerDown(pointer: 0, device: .mouse, at: a)],
            2: [.pointerMove(pointer: 0, device: .mouse, at: b)],
            3: [.pointerUp(pointer: 0, device: .mouse, at: b)],
        ])
    }

    func doubleClick(_ shell: Shell, at w: Vec2) {
        runShell(shell, frames: 4, events: [
            1: [.pointerDown(pointer: 0, device: .mouse, at: w)], 2: [.pointerUp(pointer: 0, device: .mouse, at: w)],
            3: [.pointerDown(pointer: 0, device: .mouse, at: w)], 4: [.pointerUp(pointer: 0, device: .mouse, at: w)],
        ])
    }

    /// `count` clicks at `p` with Shift held, one a frame.
    func shiftClicks(_ shell: Shell, at p: Vec2, count: Int) {
        let shift = Key("Left Shift")
        var events: [Int: [InputEvent]] = [1: [.key(shift, down: true)]]
        for k in 0..<count {
            events[2 * k + 1, default: []].append(.pointerDown(pointer: 0, device: .mouse, at: p))
            events[2 * k + 2] = [.pointerUp(pointer: 0, device: .mouse, at: p)]
        }
        events[2 * count + 1] = [.key(shift, down: false)]
        runShell(shell, frames: 2 * count + 1, events: events)
    }

    /// A board of 40 lines, far taller than its sheet.
    func longBoard() -> (Shell, BoardScene) {
        var long = SheetDocument.empty
        long.lines = (1...40).map { SheetDocument.Line(text: "Line \($0) of a long song") }
        return makeBoard(long)
    }

    /// A finger pressed at `p`, moved up `moves` times by `by` points a frame, then lifted.
    func fingerDragUp(_ shell: Shell, from p: Vec2, moves: Int, by: Double) {
        var drag: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 1, device: .touch, at: p)]]
        for k in 1...moves { drag[1 + k] = [.pointerMove(pointer: 1, device: .touch, at: p - Vec2(0, by * Double(k)))] }
        drag[moves + 2] = [.pointerUp(pointer: 1, device: .touch, at: p - Vec2(0, by * Double(moves)))]
        runShell(shell, frames: moves + 4, events: drag)
    }

    @Test func aDragInTheLineBeingTypedInSelectsAndADoubleClickSelectsAWord() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 2, 0))
        let a = stop(s, line: 2, 2), b = stop(s, line: 2, 6)
        mouseDrag(shell, from: a, to: b)
        #expect(s.lyric?.field.selectedText == "once")
        #expect(s.sheet.offset == 0)
        runShell(shell, frames: 60)
        let w = stop(s, line: 2, 12)
        doubleClick(shell, at: w)
        #expect(s.lyric?.field.selectedText == "lost")
        keys(shell, ["C"], ctrl: true)
        keys(shell, ["End"])
        keys(shell, ["V"], ctrl: true)
        #expect(s.document.lines[2].text == "I once was lost, but now am found;lost")
    }

    /// A finger in the line being typed in: a swipe up scrolls the sheet as on any other line
    /// (a tour's selected the line instead), a swipe along it selects from where it went down,
    /// and a tap puts the caret.
    @Test func aFingerSwipingUpOverTheLineTypedInScrollsAndAlongItSelects() {
        let (shell, s) = longBoard()
        tap(shell, stop(s, line: 2, 3), device: .touch)
        #expect(s.lyric?.line == 2 && s.lyric?.field.caret == 3)
        runShell(shell, frames: 60)
        // Along the line: it selects, and the sheet stays.
        let a = stop(s, line: 2, 2), b = stop(s, line: 2, 9)
        var swipe: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 1, device: .touch, at: a)]]
        for k in 1...4 { swipe[1 + k] = [.pointerMove(pointer: 1, device: .touch, at: a + (b - a) * (Double(k) / 4))] }
        swipe[6] = [.pointerUp(pointer: 1, device: .touch, at: b)]
        runShell(shell, frames: 8, events: swipe)
        let text = Array(s.document.lines[2].text)
        #expect(s.lyric?.field.selectedText == String(text[2..<9]), "\(String(describing: s.lyric?.field.selectedText))")
        #expect(s.sheet.offset == 0)
        // A tap puts the caret where it lands.
        runShell(shell, frames: 60)
        tap(shell, stop(s, line: 2, 5), device: .touch)
        #expect(s.lyric?.field.caret == 5 && s.lyric?.field.selectedText == "")
        // Up: the sheet scrolls, and the caret stays.
        runShell(shell, frames: 60)
        fingerDragUp(shell, from: stop(s, line: 2, 8), moves: 6, by: 20)
        runShell(shell, frames: 240)
        #expect(s.sheet.offset > 60, "the sheet scrolled: \(s.sheet.offset)")
        #expect(s.lyric?.line == 2 && s.lyric?.field.caret == 5 && s.lyric?.field.selectedText == "", "\(String(describing: s.lyric))")
    }

    /// A drag selecting held past the edge of a long line scrolls it on, as a text field
    /// does, and the selection grows with it (a tour's stopped some 18 characters on); back
    /// inside, it stops, and the board rests once the drag ends.
    @Test func aSelectingDragHeldPastALongLinesEdgeScrollsItOn() {
        var doc = SheetDocument.empty
        let long = (0..<60).map { "word\($0)" }.joined(separator: " ")
        doc.lines = [.init(text: "short"), .init(text: long)]
        let (shell, s) = makeBoard(doc)
        let r = s.lineRootFrame(1)
        let start = stop(s, line: 1, 2), out = Vec2(r.maxX + 30, start.y)
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: start)],
                                            2: [.pointerMove(pointer: 0, device: .mouse, at: out)]])
        let early = s.lyric?.field.selectedText.count ?? 0
        #expect(s.due == .now, "held past the edge, it goes on")
        runShell(shell, frames: 60)
        let held = s.lyric?.field.selectedText.count ?? 0
        #expect(held > early + 40 && s.typing.lyricScroll > 200, "\(early) → \(held), scrolled \(s.typing.lyricScroll)")
        // Back inside the line: it stops.
        runShell(shell, frames: 2, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: Vec2(r.midX, start.y))]])
        let scroll = s.typing.lyricScroll
        runShell(shell, frames: 30)
        #expect(s.typing.lyricScroll == scroll)
        // Held at the far end, it stops at the text's end, with the caret there.
        runShell(shell, frames: 600, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: out)]])
        #expect(s.lyric?.field.caret == long.count, "\(String(describing: s.lyric?.field.caret)) of \(long.count)")
        #expect(s.typing.selectionScroll == nil && s.due != .now, "held still at the end, it rests")
        runShell(shell, frames: 2, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: out)]])
        #expect(s.lyric?.field.selectedText == String(long.dropFirst(2)))
        #expect(s.typing.selectionScroll == nil)
    }

    /// Typing over a selection, undone, selects the selection's text again (as editors do),
    /// so the next keystroke replaces it once more; redone, the caret stands after the typing.
    @Test func undoingTypingOverASelectionSelectsItAgain() {
        let (shell, s) = makeBoard()
        doubleClick(shell, at: stop(s, line: 2, 12))
        #expect(s.lyric?.field.selectedText == "lost")
        type(shell, "X")
        #expect(s.document.lines[2].text == "I once was X, but now am found;")
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines[2].text == "I once was lost, but now am found;")
        #expect(s.lyric?.line == 2 && s.lyric?.field.selectedText == "lost", "\(String(describing: s.lyric))")
        keys(shell, ["Y"], ctrl: true)
        #expect(s.lyric?.field.selectedText == "" && s.lyric?.field.caret == 12)
        keys(shell, ["Z"], ctrl: true)
        type(shell, "Y")
        #expect(s.document.lines[2].text == "I once was Y, but now am found;")
        // An undone typing with nothing selected leaves the caret where it was.
        keys(shell, ["Z"], ctrl: true)
        keys(shell, ["End"])
        type(shell, "!")
        keys(shell, ["Z"], ctrl: true)
        #expect(s.lyric?.field.selectedText == "" && s.lyric?.field.caret == s.document.lines[2].text.count)
    }

    /// A finger's double tap in the line typed in selects the word when its taps last as a
    /// finger's do: the row is counted between the downs, not from the first down to the
    /// last lift (a review: taps 300 ms apart, held 130 ms, put a caret).
    @Test func aFingersDoubleTapWithRealContactTimesSelectsAWord() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 2, 3), device: .touch)
        runShell(shell, frames: 60)
        let w = stop(s, line: 2, 12)
        runShell(shell, frames: 30, events: [1: [.pointerDown(pointer: 0, device: .touch, at: w)], 9: [.pointerUp(pointer: 0, device: .touch, at: w)],
                                             19: [.pointerDown(pointer: 0, device: .touch, at: w)], 27: [.pointerUp(pointer: 0, device: .touch, at: w)]])
        #expect(s.lyric?.field.selectedText == "lost")
    }

    /// Shift+↓ selects across lines, as a text editor does: the dump says both ends, the
    /// lines between show selected, Backspace deletes it in one undo step with the chords on
    /// it (the bar says so), and Ctrl+Z brings all of it back.
    @Test func shiftDownSelectsAcrossLinesAndBackspaceDeletesItInOneStep() {
        var doc = SheetDocument.empty
        doc.lines[1].chords = [.init(name: "G", at: 10)]
        doc.lines[3].chords = [.init(name: "D", at: 2), .init(name: "C", at: 20)]
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 1, 5))
        runShell(shell, frames: 60)
        keys(shell, ["Down", "Down"], shift: true)
        #expect(caret(shell) == .object([("line", 3), ("index", JSONValue(s.lyric!.field.caret)), ("anchorLine", 1), ("anchor", 5)]))
        let end = s.lyric!.field.caret
        #expect(end > 0 && !s.typing.lineSelectionSpans(line: 2).isEmpty && s.typing.lineSelectionSpans(line: 0).isEmpty)
        keys(shell, ["Backspace"])
        #expect(s.document.lines.count == doc.lines.count - 2)
        #expect(s.document.lines[1].text == "That " + String(doc.lines[3].text.dropFirst(end)))
        #expect(s.document.lines[1].chords.map(\.name) == ["C"] && s.document.lines[1].chords[0].at == 5 + 20 - end)
        #expect(s.lyric?.line == 1 && s.lyric?.field.caret == 5 && caret(shell)?["anchorLine"] == nil)
        #expect(s.announcement.contains("2 chords"), "\(s.announcement)")
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document == doc)
    }

    /// ♯ and ♭ move the chords and leave what is selected as it was, across lines and within
    /// one (they let it go, unsaid: a tour), so the next Backspace deletes what shows selected.
    @Test func transposingKeepsTheSelection() {
        var doc = SheetDocument.empty
        doc.lines[1].chords = [.init(name: "G", at: 10)]
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 1, 5))
        runShell(shell, frames: 60)
        keys(shell, ["Down"], shift: true)
        let across = caret(shell)
        #expect(across?["anchorLine"] == 1)
        tap(shell, s.bar.transpose.up.rect.center)
        #expect(s.document.lines[1].chords.map(\.name) == ["Ab"])
        #expect(caret(shell) == across, "the selection across lines stays")
        // And through an undo and a redo of the transposition.
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines[1].chords.map(\.name) == ["G"] && caret(shell) == across)
        keys(shell, ["Y"], ctrl: true)
        #expect(s.document.lines[1].chords.map(\.name) == ["Ab"] && caret(shell) == across)
        keys(shell, ["Backspace"])
        #expect(s.document.lines.count == doc.lines.count - 1)
        keys(shell, ["Right", "Right"], shift: true)
        let within = s.lyric!.field.selection
        #expect(within.count == 2)
        tap(shell, s.bar.transpose.down.rect.center)
        #expect(s.lyric?.field.selection == within, "the selection within the line stays")
    }

    /// A mouse's drag from one line into another selects across them; typing replaces the
    /// selection, and one Ctrl+Z undoes both; dragged back into the line it began in, the
    /// selection is that line's own again.
    @Test func aDragAcrossLinesSelectsThemAndTypingReplacesTheSelection() {
        let (shell, s) = makeBoard()
        let a = stop(s, line: 0, 8), b = stop(s, line: 2, 6)
        var drag: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: a)]]
        for k in 1...6 { drag[1 + k] = [.pointerMove(pointer: 0, device: .mouse, at: a + (b - a) * (Double(k) / 6))] }
        runShell(shell, frames: 8, events: drag)
        #expect(caret(shell)?["anchorLine"] == 0 && caret(shell)?["line"] == 2)
        // Back in its own line, it is that line's selection.
        let c = stop(s, line: 0, 14)
        runShell(shell, frames: 2, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: c)]])
        #expect(caret(shell)?["anchorLine"] == nil && s.lyric?.line == 0 && s.lyric?.field.selection == 8..<14)
        runShell(shell, frames: 3, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: b)], 2: [.pointerUp(pointer: 0, device: .mouse, at: b)]])
        #expect(caret(shell)?["anchorLine"] == 0)
        type(shell, "X")
        #expect(s.document.lines.count == SheetDocument.empty.lines.count - 2)
        #expect(s.document.lines[0].text == "Amazing X" + String(SheetDocument.empty.lines[2].text.dropFirst(6)))
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document == .empty)
    }

    /// As a keyboard sends them: a letter's key goes down before its text, Return's and
    /// Ctrl+V's before their line break and paste; each replaces a selection across lines
    /// (they let it go first and typed at the caret: a tour). A plain ↑ moves the caret and
    /// selects nothing (a `where` on "Down" alone selected: a tour).
    @Test func keysAsAKeyboardSendsThemReplaceASelectionAcrossLines() {
        let l0 = SheetDocument.empty.lines[0].text, l1 = SheetDocument.empty.lines[1].text
        for (name, expect) in [("X", "Amx" + l1.dropFirst(4)), ("Return", "Am"), ("V", "Amclip" + l1.dropFirst(4))] {
            let (shell, s) = makeBoard()
            tap(shell, stop(s, line: 1, 4))
            runShell(shell, frames: 60)
            keys(shell, ["Up"])
            #expect(caret(shell) == .object([("line", 0), ("index", JSONValue(s.lyric!.field.caret))]), "a plain ↑ selects nothing")
            s.typing.extendSelection(from: TextPlace(line: 0, index: 2), to: TextPlace(line: 1, index: 4))
            #expect(s.typing.lineSelection != nil)
            switch name {
            case "X": runShell(shell, frames: 2, events: [1: [.key(Key("X"), down: true), .text("x"), .key(Key("X"), down: false)]])
            case "Return": keys(shell, ["Return"])
            default:
                // (The paste's own path, where Ctrl+V's key leads: the clipboard is shared by
                // the parallel tests, and not touched here.)
                s.typing.insertLyric("clip", pasted: true)
            }
            #expect(s.document.lines[0].text == expect, "\(name): \(s.document.lines.prefix(2).map(\.text))")
            #expect(s.document.lines.count == SheetDocument.empty.lines.count - (name == "Return" ? 0 : 1))
            if name == "Return" { #expect(s.document.lines[1].text == String(l1.dropFirst(4))) }
            keys(shell, ["Z"], ctrl: true)
            #expect(s.document.lines[0].text == l0 && s.document == .empty, "\(name): one undo")
        }
    }

    /// A finger's tap in the line typed in puts the caret there and lets a selection across
    /// lines go (it stood, drawn in part, and Delete took what was not drawn: a tour).
    @Test func aFingersTapLetsASelectionAcrossLinesGo() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 1, 4))
        runShell(shell, frames: 60)
        keys(shell, ["Up"], shift: true)
        #expect(s.typing.lineSelection != nil)
        runShell(shell, frames: 30)
        tap(shell, stop(s, line: 0, 6), device: .touch)
        #expect(s.typing.lineSelection == nil && caret(shell) == .object([("line", 0), ("index", 6)]))
    }

    /// A finger's drag along the line typed in selects, and carried on into another line
    /// selects across lines, as a mouse's drag does (it stopped at the line's edge).
    @Test func aFingersSelectingDragCarriesOnAcrossLines() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 1, 2))
        runShell(shell, frames: 60)
        let a = stop(s, line: 1, 3), along = stop(s, line: 1, 9), b = stop(s, line: 3, 5)
        var drag: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 1, device: .touch, at: a)],
                                         2: [.pointerMove(pointer: 1, device: .touch, at: along)]]
        for k in 1...6 { drag[2 + k] = [.pointerMove(pointer: 1, device: .touch, at: along + (b - along) * (Double(k) / 6))] }
        drag[9] = [.pointerUp(pointer: 1, device: .touch, at: b)]
        runShell(shell, frames: 12, events: drag)
        #expect(caret(shell) == .object([("line", 3), ("index", 5), ("anchorLine", 1), ("anchor", 3)]))
        #expect(s.sheet.offset == 0, "the sheet did not scroll")
    }

    /// A `{key: …}` line that ♯ makes shorter keeps the selection's end in it, as the dump
    /// shows it (it said the end stood past the line's last character).
    @Test func aKeyLineShortenedByTransposingKeepsTheSelectionsEndInIt() {
        var doc = SheetDocument.empty
        doc.lines[0].text = "{key: Bb}"
        doc.lines[1].chords = [.init(name: "Bb", at: 2)]
        let (shell, s) = makeBoard(doc)
        tap(shell, stop(s, line: 0, 9))
        runShell(shell, frames: 60)
        keys(shell, ["Down"], shift: true)
        #expect(caret(shell)?["anchor"] == 9)
        tap(shell, s.bar.transpose.up.rect.center)
        #expect(s.document.lines[0].text == "{key: B}")
        #expect(caret(shell)?["anchorLine"] == 0 && caret(shell)?["anchor"] == 8, "\(caret(shell) ?? .null)")
        // Undone, the key is back and the selection stays (a change to the chords and the key alone).
        keys(shell, ["Z"], ctrl: true)
        #expect(s.document.lines[0].text == "{key: Bb}")
        #expect(caret(shell)?["anchorLine"] == 0 && caret(shell)?["line"] == 1, "\(caret(shell) ?? .null)")
    }

    /// A mouse's click on a line while a finger rests on the line typed in puts the caret
    /// where it clicked (it took the finger's way and put none).
    @Test func aMouseClickWhileAFingerRestsStillPutsTheCaret() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 1, 2))
        runShell(shell, frames: 60)
        let finger = stop(s, line: 1, 6), click = stop(s, line: 3, 4)
        runShell(shell, frames: 6, events: [1: [.pointerDown(pointer: 5, device: .touch, at: finger)],
                                            2: [.pointerDown(pointer: 0, device: .mouse, at: click)],
                                            3: [.pointerUp(pointer: 0, device: .mouse, at: click)],
                                            5: [.pointerUp(pointer: 5, device: .touch, at: finger)]])
        #expect(caret(shell) == .object([("line", 3), ("index", 4)]), "\(caret(shell) ?? .null)")
        #expect(s.document == .empty)
    }

    /// A Shift-click on another line selects from the caret to it; a plain key lets the
    /// selection go and does what it does.
    @Test func aShiftClickOnAnotherLineSelectsToItAndAPlainKeyLetsItGo() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 3, 4))
        runShell(shell, frames: 60)
        shiftClicks(shell, at: stop(s, line: 1, 2), count: 1)
        #expect(caret(shell) == .object([("line", 1), ("index", 2), ("anchorLine", 3), ("anchor", 4)]))
        keys(shell, ["Right"])
        #expect(caret(shell) == .object([("line", 1), ("index", 3)]))
        #expect(s.document == .empty)
    }

    /// With Shift held, every click in the line typed in extends the selection, as a text
    /// field's does: two Shift-clicks at one place are not a double click that selects a word.
    @Test func shiftClicksExtendAndMakeNoDoubleClick() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 2, 3))
        runShell(shell, frames: 60)
        let at = stop(s, line: 2, 13)
        shiftClicks(shell, at: at, count: 2)
        #expect(s.lyric?.field.selection == 3..<13, "\(String(describing: s.lyric))")
        // Without Shift, a double click there still selects the word.
        runShell(shell, frames: 60)
        doubleClick(shell, at: at)
        #expect(s.lyric?.field.selectedText == "lost")
    }

    /// A finger's swipe that scrolls the sheet is no tap: the two taps after it, where it went
    /// down, are a double tap that selects the word, not a triple that selects the line (a
    /// review). On a line not typed in and on the one typed in alike.
    @Test func aSwipeThatScrollsIsNotCountedTowardADoubleTap() {
        for typedIn in [false, true] {
            let (shell, s) = longBoard()
            if typedIn {
                tap(shell, stop(s, line: 2, 3), device: .touch)
                runShell(shell, frames: 60)
            }
            // High in the row, so that line 2 is still under it once scrolled.
            let row = s.lineRootFrame(2), w = Vec2(stop(s, line: 2, 14).x, row.minY + row.height * 0.3)
            // Down, up 24 pt in three moves, held still, lifted: the sheet scrolls 24 pt.
            var swipe: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .touch, at: w)]]
            for k in 1...3 { swipe[1 + k] = [.pointerMove(pointer: 0, device: .touch, at: w - Vec2(0, 8 * Double(k)))] }
            swipe[9] = [.pointerUp(pointer: 0, device: .touch, at: w - Vec2(0, 24))]
            runShell(shell, frames: 9, events: swipe)
            #expect(s.sheet.offset > 20 && !s.sheet.isMoving, "it scrolled and stopped: \(s.sheet.offset)")
            // Two taps on the same word, where it now is, within the double tap's time of the swipe.
            #expect(s.lineRootFrame(2).minY < row.minY - 20)
            let near = w - Vec2(0, 4)
            #expect(s.typing.lyricLine(at: near) == 2)
            runShell(shell, frames: 12, events: [1: [.pointerDown(pointer: 0, device: .touch, at: near)], 3: [.pointerUp(pointer: 0, device: .touch, at: near)],
                                                 8: [.pointerDown(pointer: 0, device: .touch, at: near)], 10: [.pointerUp(pointer: 0, device: .touch, at: near)]])
            #expect(s.lyric?.line == 2 && s.lyric?.field.selectedText == "long", "typed in: \(typedIn), \(String(describing: s.lyric))")
        }
    }

    /// A double click on the right half of a word's last letter selects that word, not the
    /// space after it (the stop nearest the click is after the letter: a tour).
    @Test func aDoubleClickOnAWordsLastLetterSelectsTheWord() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 2, 3))
        runShell(shell, frames: 60)
        // "I once was lost," — the "s" of "was" is character 9, between stops 9 and 10.
        let a = stop(s, line: 2, 9), b = stop(s, line: 2, 10)
        doubleClick(shell, at: Vec2(a.x + (b.x - a.x) * 0.8, a.y))
        #expect(s.lyric?.field.selectedText == "was")
        runShell(shell, frames: 60)
        doubleClick(shell, at: Vec2(a.x + (b.x - a.x) * 0.2, a.y))
        #expect(s.lyric?.field.selectedText == "was")
    }

    /// A pad's left stick, while a line has the caret, leaves the text and only that, as its
    /// buttons do (it moved the card focus under the caret: a tour).
    @Test func aPadsStickLeavesTheTextAndMovesNothingElse() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 2, 3))
        #expect(s.lyric != nil)
        runShell(shell, frames: 10, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .leftx, value: 1)],
                                             8: [.gamepadAxis(pad: 0, axis: .leftx, value: 0)]])
        #expect(s.lyric == nil && s.focus == .card(0), "\(s.focus)")
        runShell(shell, frames: 10, events: [1: [.gamepadAxis(pad: 0, axis: .leftx, value: 1)], 8: [.gamepadAxis(pad: 0, axis: .leftx, value: 0)]])
        #expect(s.focus == .card(1), "with no caret, it steps")
    }

    /// A triple click or tap selects the whole line, as in a text field; a fourth press after
    /// it is a first press again and puts the caret.
    @Test func aTripleClickSelectsTheLineAndAFourthPutsTheCaret() {
        for device in [PointerDevice.mouse, .touch] {
            let (shell, s) = makeBoard()
            let w = stop(s, line: 2, 12)
            var clicks: [Int: [InputEvent]] = [:]
            for k in 0..<3 {
                clicks[1 + 2 * k] = [.pointerDown(pointer: 0, device: device, at: w)]
                clicks[2 + 2 * k] = [.pointerUp(pointer: 0, device: device, at: w)]
            }
            runShell(shell, frames: 6, events: clicks)
            let line = s.document.lines[2].text
            #expect(s.lyric?.line == 2 && s.lyric?.field.selectedText == line, "\(device): \(String(describing: s.lyric?.field.selectedText))")
            runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 0, device: device, at: w)], 2: [.pointerUp(pointer: 0, device: device, at: w)]])
            #expect(s.lyric?.field.selectedText.isEmpty == true && s.lyric?.field.caret == 12, "\(device)")
            // Typed over, the selected line is replaced whole. (Typed, not cut: the clipboard
            // is the whole test run's.)
            runShell(shell, frames: 60)
            runShell(shell, frames: 6, events: clicks)
            type(shell, "Z")
            #expect(s.document.lines[2].text == "Z", "\(device)")
        }
    }

    /// A mouse's drag across a line not typed in selects what it crosses, as in any text field
    /// (a tour's selected nothing: only a first click made the line typable); a finger's drag
    /// there still scrolls the sheet and types nothing.
    @Test func aMouseDragAcrossALineNotTypedInSelectsAndAFingersDragScrolls() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 0, 0))
        let a = stop(s, line: 2, 2), b = stop(s, line: 2, 6)
        mouseDrag(shell, from: a, to: b)
        #expect(s.lyric?.line == 2 && s.lyric?.field.selectedText == "once")
        #expect(s.sheet.offset == 0)
        // A second click on the word, now in the line typed in, selects it.
        runShell(shell, frames: 60)
        let w = stop(s, line: 3, 6)
        doubleClick(shell, at: w)
        #expect(s.lyric?.line == 3 && s.lyric?.field.selectedText.isEmpty == false)
        let selected = s.lyric?.field.selectedText ?? ""
        #expect(!selected.contains(" "), "a double click selects one word, got \(selected)")
        // A finger: a drag up a sheet longer than the window scrolls it and puts no caret there.
        let (touchShell, t) = longBoard()
        fingerDragUp(touchShell, from: stop(t, line: 2, 2), moves: 20, by: 6)
        #expect(t.lyric == nil)
        #expect(t.sheet.offset > 60)
    }

    /// Typing is one undo step, each paste one of its own, and typing after a paste another:
    /// three pastes went at one Ctrl+Z with the typing before them (a hostile tour).
    @Test func eachPasteIsAnUndoStepOfItsOwn() {
        let (shell, s) = makeBoard(.empty)
        s.beginLyric(line: 0, caret: 0)
        runShell(shell, frames: 1, events: [1: [.text("x"), .text("y")]])
        keys(shell, ["Home"])
        keys(shell, ["Right"], shift: true)
        keys(shell, ["C"], ctrl: true)
        keys(shell, ["End"])
        keys(shell, ["V", "V"], ctrl: true)
        runShell(shell, frames: 1, events: [1: [.text("z")]])
        let line = { s.document.lines[0].text }
        #expect(line() == "xyAmazing grace! How sweet the soundxxz")
        for expected in ["xyAmazing grace! How sweet the soundxx", "xyAmazing grace! How sweet the soundx",
                         "xyAmazing grace! How sweet the sound", "Amazing grace! How sweet the sound"] {
            keys(shell, ["Z"], ctrl: true)
            #expect(line() == expected)
        }
    }

    /// A mouse click on a sheet still scrolling from a fling catches it there, as a finger's
    /// does, and types at its release (a tour's click let the fling run on under the caret).
    @Test func aMouseClickOnAFlungSheetStopsItUnderThePress() {
        let (shell, s) = longBoard()
        fingerDragUp(shell, from: stop(s, line: 3, 2), moves: 6, by: 40)
        #expect(s.sheet.isMoving)
        let c = s.sheetFrame.center
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: c)]])
        let caught = s.sheet.offset
        runShell(shell, frames: 10)
        #expect(abs(s.sheet.offset - caught) < 1, "\(caught) → \(s.sheet.offset)")
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: c)]])
        #expect(s.lyric != nil)
    }

    /// A click on a line while the keys carry a card sends the card back: the keys are the
    /// text's from then on (a tour's card stayed carried, and the next Space after Escape
    /// dropped it on the line it had been over).
    @Test func typingInALineSendsBackACardTheKeysCarry() {
        let (shell, s) = makeBoard()
        keys(shell, ["Right", "Space"])
        #expect(s.keyCarry != nil)
        tap(shell, stop(s, line: 1, 3))
        #expect(s.keyCarry == nil && s.lyric?.line == 1)
        let before = s.document
        keys(shell, ["Escape", "Space"])
        #expect(s.document.lines.map(\.chords) == before.lines.map(\.chords), "nothing dropped")
    }

    /// The bottom bar's "Undone · …" is old once the text changes again: typing, a paste or
    /// a Backspace says the line typed in (a tour's bar said "Undone" after three pastes).
    @Test func anEditAfterAnUndoNoLongerLeavesTheBarSayingUndone() {
        let (shell, s) = makeBoard(.empty)
        s.beginLyric(line: 1, caret: 0)
        let typing = "Typing in line 2 · Return splits it, Escape leaves the text"
        for edit in ["type", "paste", "Backspace"] {
            type(shell, "ab")
            keys(shell, ["Z"], ctrl: true)
            #expect(s.announcement.hasPrefix("Undone · "))
            switch edit {
            case "type": type(shell, "c")
            case "paste":
                keys(shell, ["Right"], shift: true)
                keys(shell, ["C", "V"], ctrl: true)
            default: keys(shell, ["End", "Backspace"])
            }
            #expect(s.announcement == typing, "after \(edit)")
        }
        // A key that changes nothing leaves the undo's word where it is.
        keys(shell, ["Z"], ctrl: true)
        keys(shell, ["Home", "Left"])
        #expect(s.announcement.hasPrefix("Undone · "))
    }

    @Test func f2TypesInTheFocusedChordsLineAndAPadButtonLeavesTheText() {
        var doc = SheetDocument.empty
        doc.lines[4].chords = [.init(name: "F", at: 6)]
        let (shell, s) = makeBoard(doc)
        keys(shell, ["Down", "F2"])
        #expect(caret(shell) == .object([("line", JSONValue(4)), ("index", JSONValue(6))]))
        runShell(shell, frames: 2, events: [1: [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .dpright, down: true)],
                                            2: [.gamepadButton(pad: 0, button: .dpright, down: false)]])
        #expect(caret(shell) == .null)
        // Only that: Y, which deletes the focused chord, leaves the text and keeps the chord
        // (it deleted it too: a hostile tour); pressed again, it deletes.
        func press(_ b: GamepadButton) {
            runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: b, down: true)], 2: [.gamepadButton(pad: 0, button: b, down: false)]])
        }
        keys(shell, ["F2"])
        #expect(caret(shell) != .null)
        press(.y)
        #expect(caret(shell) == .null)
        #expect(s.document.lines[4].chords.map(\.name) == ["F"])
        press(.y)
        #expect(s.document.lines[4].chords.isEmpty)
    }

    @Test func theCaretBlinksOnATimerAndTurnsSolidSoTheBoardRests() {
        let (shell, s) = makeBoard()
        tap(shell, stop(s, line: 0, 3))
        runShell(shell, frames: 60)
        guard case .after(let t) = s.due else { Issue.record("not a timer: \(s.due)"); return }
        #expect(t > 0 && t <= CaretBlink.half)
        var shown = Set<Bool>()
        for _ in 0..<8 {
            runShell(shell, frames: 15)
            shown.insert(s.typing.caretBlink.isVisible)
        }
        #expect(shown == [true, false])
        runShell(shell, frames: Int(CaretBlink.timeout * 60) + 10)
        #expect(s.due == .never && s.typing.caretBlink.isVisible)
    }

    @Test func aVersion1SheetsChordsLandOnTheCharactersTheyWereDrawnOver() throws {
        // Line 1's text starts at x = 8 in its line, and the test font is 8 pt a character:
        // x = 48 is the start of character 5, x = 51 nearest it too; x = 600 is past the text.
        let v1 = #"{"version":1,"lines":[{"text":"Amazing grace!"},{"text":"That saved a wretch","chords":[{"name":"G","x":48},{"name":"C","x":51,"finger":2},{"name":"D","x":600}]}]}"#
        let doc = try SheetDocument.parse(v1)
        #expect(doc.readVersion == 1 && doc.hasLegacyChords)
        // Not before the app's font is there: a board alone keeps them for it.
        #expect(BoardScene(document: doc).document.hasLegacyChords)
        let (_, s) = makeBoard(doc)
        #expect(s.document.lines[1].chords.map(\.at) == [5, 5, 74])
        #expect(!s.document.hasLegacyChords)
        let saved = s.document.serialized()
        #expect(saved.hasPrefix("{\"version\":2,"))
        #expect(saved.contains(#"{"name":"C","at":5,"finger":2}"#))
        #expect(try SheetDocument.parse(saved).lines[1].chords.map(\.at) == [5, 5, 74])
    }
}
