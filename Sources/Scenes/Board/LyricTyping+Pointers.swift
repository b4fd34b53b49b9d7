import Engine
import Geometry

// Typing lyrics, the pointers' part: a tap puts the caret, a drag selects, a double click
// selects a word and a triple click the line.
extension LyricTyping {
    /// The line whose row is under `p` (root space), if the sheet shows it there.
    func lyricLine(at p: Vec2) -> Int? {
        guard board.sheetFrame.contains(p) else { return nil }
        return board.visibleLines.first { board.lineRootFrame($0).contains(p) }
    }

    /// The character boundary nearest `p` in line `line`; past the text's end as it reads
    /// (right of a left-to-right line, left of a right-to-left one), its end, and before its
    /// start, its start. (The end's stop is the last character's trailing edge, which in
    /// "abc שלום" is mid-line: a tour's click right of the text typed into the middle.)
    func lyricCaret(at p: Vec2, line: Int) -> Int {
        let local = board.spaces.convert(p, from: .root, to: board.lineSpaces[line])
        let stops = board.caretStops(line: line), text = board.document.lines[line].text
        if let lo = stops.min(), let hi = stops.max(), hi > lo {
            let rtl = board.lyricLayout.readsRightToLeft(text, stops: stops)
            if rtl ? local.x < lo : local.x > hi { return stops.count - 1 }
            if rtl ? local.x > hi : local.x < lo { return 0 }
        }
        return BitmapFont.nearestStop(local.x, in: stops)
    }

    /// The character under `p` in line `line`, for the word a double click selects: the one
    /// whose caret stops `p` lies between, on either side of the stop nearest it (a click on
    /// the right half of a word's last letter selected the space after it: a tour).
    /// `caret` is the stop nearest `p` (`lyricCaret`).
    func lyricCharacter(at p: Vec2, line: Int, caret: Int) -> Int {
        let stops = board.caretStops(line: line)
        let x = board.spaces.convert(p, from: .root, to: board.lineSpaces[line]).x
        guard caret > 0, caret < stops.count else { return caret }
        return min(stops[caret - 1], stops[caret]) <= x && x <= max(stops[caret - 1], stops[caret]) ? caret - 1 : caret
    }

    /// A press on a line, off its chords: in the line being typed in it moves the caret (Shift
    /// extends the selection) and a drag selects; a mouse's press on another line starts
    /// typing there at once, so that its drag selects too (a tour's drag across a line not
    /// typed in selected nothing); a finger's may be a tap that starts typing there, or a
    /// drag that scrolls the sheet. Returns true when the press is the text's alone (no
    /// scrolling).
    func lyricPress(_ id: Int, _ device: PointerDevice, at p: Vec2, input: InputState) -> Bool {
        guard let line = lyricLine(at: p) else { return false }
        // A mouse's press is the text's though a finger rests on it: the finger's press lets
        // the text go (the sheet keeps whatever of it is the sheet's). It had taken the
        // finger's way, and the click put no caret.
        if device == .mouse, let held = textPress, held.pointer != id { textPress = nil }
        guard textPress == nil else { return false }
        // (Not on a sheet still scrolling: the press catches it there, as a finger's does, and
        // types only at its release; a tour's click let a fling run on under the caret.)
        if device == .mouse, lyric?.line != line, !board.sheet.isMoving, input.shift, let anchor = selectionAnchor {
            // Shift-click on another line: the selection runs across to it.
            lyricTaps.forget()
            extendSelection(from: anchor, to: TextPlace(line: line, index: lyricCaret(at: p, line: line)))
            textPress = TextPress(pointer: id, line: line, start: p, at: p, selecting: true)
            return true
        }
        if device == .mouse, lyric?.line != line, !board.sheet.isMoving {
            // Counted toward a double click: the second press selects the word, a third the line.
            _ = lyricTaps.count(line, at: p, time: input.time, reach: 8)
            beginLyric(line: line, caret: lyricCaret(at: p, line: line))
            textPress = TextPress(pointer: id, line: line, start: p, at: p, selecting: true)
            return true
        }
        if lyric?.line == line, device == .touch {
            // (Decided at its release or past the slop: the sheet has it meanwhile, as a
            // finger's press on any other line; a tour's swipe up over the line being typed
            // in selected it instead of scrolling.)
            // (Counted at the press, as every other press is: a double tap's window is between
            // its downs, not from the first down to the last lift.)
            let taps = lyricTaps.count(line, at: p, time: input.time, reach: 8)
            textPress = TextPress(pointer: id, line: line, start: p, at: p, selecting: false, fingerInTypedLine: true, taps: taps)
            return false
        }
        if var edit = lyric, edit.line == line {
            let caret = lyricCaret(at: p, line: line)
            // With Shift every click extends, as a text field's does: none makes a double (a
            // second Shift-click at the same place selected a word: a review).
            if input.shift { lyricTaps.forget() }
            let taps = input.shift ? 1 : lyricTaps.count(line, at: p, time: input.time, reach: 8)
            if input.shift, lineSelection != nil, let anchor = lineAnchor {
                extendSelection(from: anchor, to: TextPlace(line: line, index: caret))
            } else {
                lineAnchor = nil
                place(&edit, caret, word: lyricCharacter(at: p, line: line, caret: caret), taps: taps, extend: input.shift)
            }
            textPress = TextPress(pointer: id, line: line, start: p, at: p, selecting: true)
            return true
        }
        // Counted toward a double click even so: its first click starts the typing (at the
        // release), and the second, in the line now typed in, selects the word.
        _ = lyricTaps.count(line, at: p, time: input.time, reach: 8)
        textPress = TextPress(pointer: id, line: line, start: p, at: p, selecting: false)
        return false
    }

    /// The caret put at `caret` in `edit` by a press that is the `taps`th in a row: a double
    /// selects the word of character `word`, a triple the line; a single puts the caret
    /// (`extend`: with Shift, the selection grows to it).
    private func place(_ edit: inout LyricEdit, _ caret: Int, word: Int, taps: Int, extend: Bool) {
        // (A finger's tap let a selection across lines stand, no longer drawn as it was: a tour.)
        lineAnchor = nil
        switch taps {
        case 2: edit.field.selectWord(at: word)
        case 3: edit.field.selectAll()
        default: edit.field.setCaret(caret, extend: extend)
        }
        lyric = edit
        typingRun = nil
        caretBlink.reset()
    }

    /// A pointer moved: a selecting drag moves the caret; a drag past the slop is not a tap.
    /// A finger's in the line being typed in decides there: along the line it selects from
    /// where it went down (the sheet lets go of it), else it is the sheet's and scrolls.
    func lyricMove(_ id: Int, to p: Vec2) {
        guard var press = textPress, press.pointer == id else { return }
        press.at = p
        textPress = press
        if press.fingerInTypedLine, !press.selecting, press.start.distance(to: p) > BoardScene.slop {
            let d = p - press.start
            guard abs(d.x) > abs(d.y), var edit = lyric, edit.line == press.line else { return scrolls() }
            // (Still pending there, below its own slop: let go, it never scrolls.)
            _ = board.dragDrop.release(id, cancelled: true)
            press.selecting = true
            textPress = press
            lineAnchor = nil
            edit.field.setCaret(lyricCaret(at: press.start, line: press.line), extend: false)
            lyric = edit
        }
        if !press.moved, press.start.distance(to: p) > 2 {
            press.moved = true
            textPress = press
        }
        if press.selecting, press.moved, let over = lyricLine(at: p), let edit = lyric,
           over != edit.line || lineAnchor != nil, let anchor = selectionAnchor {
            // A selecting drag into another line, a mouse's or a finger's decided along the
            // line: the selection runs across lines (and back in the line it started in, is
            // that line's again).
            extendSelection(from: anchor, to: TextPlace(line: over, index: lyricCaret(at: p, line: over)))
        } else if press.selecting, press.moved, var edit = lyric, edit.line == press.line {
            edit.field.setCaret(lyricCaret(at: p, line: press.line), extend: true)
            lyric = edit
            caretBlink.reset()
        } else if !press.selecting, press.start.distance(to: p) > BoardScene.slop {
            scrolls()
        }
    }

    /// The press under way is the sheet's, a scroll: it was counted toward a double tap at
    /// its down, and is taken back, so the tap after it is a first (a swipe, a tap and a tap
    /// selected the line, as a triple tap: a review).
    private func scrolls() {
        textPress = nil
        lyricTaps.forget()
    }

    /// A pointer lifted: a tap starts typing where it landed. Returns true when the press was
    /// the text's alone.
    func lyricRelease(_ id: Int, at p: Vec2, cancelled: Bool) -> Bool {
        guard let press = textPress, press.pointer == id else { return false }
        textPress = nil
        if press.selecting { return true }
        if press.fingerInTypedLine {
            // A tap: the caret goes there, or the word or the line for a double or triple tap.
            guard !cancelled, var edit = lyric, edit.line == press.line else { return false }
            let caret = lyricCaret(at: p, line: press.line)
            place(&edit, caret, word: lyricCharacter(at: p, line: press.line, caret: caret), taps: press.taps, extend: false)
            return false
        }
        if !cancelled, board.document.lines.indices.contains(press.line) {
            beginLyric(line: press.line, caret: lyricCaret(at: p, line: press.line))
        }
        return false
    }

    /// A drag selecting past the edge of the line being typed in, held there or moving on,
    /// scrolls the line on, as a text field does: the further past, the faster (300 to 1,500
    /// points a second), the selection growing with it (a tour's drag past a long line's
    /// edge stopped some 18 characters on).
    func stepSelectionScroll(_ dt: Double) {
        guard let s = selectionScroll, var edit = lyric else { return }
        let by = min(s.hidden, min(1500, 300 + 8 * abs(s.past)) * dt)
        lyricScroll += s.past > 0 ? by : -by
        // The caret at the view's edge (a margin in), so the scroll is this step's alone.
        edit.field.setCaret(lyricCaret(at: s.edge, line: edit.line), extend: true)
        lyric = edit
        caretBlink.reset()
    }

    /// While a selecting drag is past the view of the line being typed in (a margin in) with
    /// text hidden that way: how far past (negative: to the left), how much text is hidden
    /// there, and the view's edge in root space; nil otherwise. The board is not at rest then.
    var selectionScroll: (past: Double, hidden: Double, edge: Vec2)? {
        guard let press = textPress, press.selecting, press.moved, let edit = lyric, edit.line == press.line, lineAnchor == nil,
              board.lineSpaces.indices.contains(press.line) else { return nil }
        let space = board.lineSpaces[press.line]
        let local = board.spaces.convert(press.at, from: .root, to: space)
        let view = board.lineWidth - 2 * BoardScene.textInset, margin = min(48, view / 4)
        let left = BoardScene.textInset + margin, right = BoardScene.textInset + view - margin
        let past = local.x > right ? local.x - right : local.x < left ? local.x - left : 0
        // (The line's stops are as scrolled now.)
        let stops = board.caretStops(line: press.line)
        let hidden = past > 0 ? (stops.max() ?? right) - right : left - (stops.min() ?? left)
        guard past.isFinite, view > 0, past != 0, hidden > 0.5 else { return nil }
        return (past, hidden, board.spaces.convert(Vec2(past > 0 ? right : left, local.y), from: space, to: .root))
    }
}
