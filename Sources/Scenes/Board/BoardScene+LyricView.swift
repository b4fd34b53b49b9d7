import Engine
import Geometry

// Typing lyrics, the pointers' part (a tap puts the caret, a drag selects, a double click
// selects a word) and the drawing (the band, the selection, a composition, the caret).
extension BoardScene {
    // MARK: Pointers

    /// The line whose row is under `p` (root space), if the sheet shows it there.
    func lyricLine(at p: Vec2) -> Int? {
        guard sheetFrame.contains(p) else { return nil }
        return visibleLines.first { lineRootFrame($0).contains(p) }
    }

    /// The character boundary nearest `p` in line `line`; past the text's end as it reads
    /// (right of a left-to-right line, left of a right-to-left one), its end, and before its
    /// start, its start. (The end's stop is the last character's trailing edge, which in
    /// "abc שלום" is mid-line: a tour's click right of the text typed into the middle.)
    func lyricCaret(at p: Vec2, line: Int) -> Int {
        let local = spaces.convert(p, from: .root, to: lineSpaces[line])
        let stops = caretStops(line: line), text = document.lines[line].text
        if let lo = stops.min(), let hi = stops.max(), hi > lo {
            let rtl = readsRightToLeft(text, stops: stops)
            if rtl ? local.x < lo : local.x > hi { return stops.count - 1 }
            if rtl ? local.x > hi : local.x < lo { return 0 }
        }
        return BitmapFont.nearestStop(local.x, in: stops)
    }

    /// A press on a line, off its chords: in the line being typed in it moves the caret (Shift
    /// extends the selection) and a drag selects; elsewhere it may be a tap that starts
    /// typing there. Returns true when the press is the text's alone (no scrolling).
    func lyricPress(_ id: Int, at p: Vec2, input: InputState) -> Bool {
        guard textPress == nil, let line = lyricLine(at: p) else { return false }
        if var edit = lyric, edit.line == line {
            let caret = lyricCaret(at: p, line: line)
            if lyricTaps.press(line, at: p, time: input.time, reach: 8) {
                edit.field.selectWord(at: caret)
            } else {
                edit.field.setCaret(caret, extend: input.shift)
            }
            lyric = edit
            typingRun = nil
            caretBlink.reset()
            textPress = TextPress(pointer: id, line: line, start: p, selecting: true)
            return true
        }
        // Counted toward a double click even so: its first click starts the typing (at the
        // release), and the second, in the line now typed in, selects the word.
        _ = lyricTaps.press(line, at: p, time: input.time, reach: 8)
        textPress = TextPress(pointer: id, line: line, start: p, selecting: false)
        return false
    }

    /// A pointer moved: a selecting drag moves the caret; a drag past the slop is not a tap.
    func lyricMove(_ id: Int, to p: Vec2) {
        guard var press = textPress, press.pointer == id else { return }
        if !press.moved, press.start.distance(to: p) > 2 {
            press.moved = true
            textPress = press
        }
        if press.selecting, press.moved, var edit = lyric, edit.line == press.line {
            edit.field.setCaret(lyricCaret(at: p, line: press.line), extend: true)
            lyric = edit
            caretBlink.reset()
        } else if !press.selecting, press.start.distance(to: p) > Self.slop {
            textPress = nil
        }
    }

    /// A pointer lifted: a tap starts typing where it landed. Returns true when the press was
    /// the text's alone.
    func lyricRelease(_ id: Int, at p: Vec2, cancelled: Bool) -> Bool {
        guard let press = textPress, press.pointer == id else { return false }
        textPress = nil
        if press.selecting { return true }
        if !cancelled, document.lines.indices.contains(press.line) {
            beginLyric(line: press.line, caret: lyricCaret(at: p, line: press.line))
        }
        return false
    }

    // MARK: Drawing

    /// The caret's frame in root space.
    func caretRootFrame(_ edit: LyricEdit) -> Rect {
        let stops = caretStops(line: edit.line)
        let x = stops[min(edit.field.caret, stops.count - 1)]
        let r = Rect(x: x, y: lineHeight - Self.lyricBand, w: 2, h: font.cellHeight)
        return spaces.convert(r, from: lineSpaces[edit.line], to: .root)
    }

    /// Where a field's selection is drawn, from the line's left edge (`stops`, the line's
    /// caret stops, are from there too): the letters selected, as the shaper placed them,
    /// joined where they meet — across a change of direction they are not all between the
    /// selection's two caret stops (a hostile tour found "c ם ו" highlighted where Delete took
    /// "c ש ל"). Without the shaper's spans, between the two stops.
    func selectionSpans(_ field: TextField, stops: [Double]) -> [(Double, Double)] {
        let lo = stops[min(field.selection.lowerBound, stops.count - 1)], hi = stops[min(field.selection.upperBound, stops.count - 1)]
        guard let spans = font.characterSpans(of: field.text), spans.count == stops.count - 1 else { return [(min(lo, hi), max(lo, hi))] }
        // The shaper's spans are from the text's start; the stops carry the line's inset, its
        // indent and its scroll.
        let shift = Self.textInset + (lyric.map { lineLayout($0.line).indent } ?? 0) - lyricScroll
        var out: [(Double, Double)] = []
        for span in field.selection.clamped(to: 0..<spans.count).map({ spans[$0] }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, span.lowerBound + shift <= last.1 + 0.5 { out[out.count - 1].1 = max(last.1, span.upperBound + shift) } else {
                out.append((span.lowerBound + shift, span.upperBound + shift))
            }
        }
        return out
    }

    /// The line being typed in: a paper band, the selection, the text with any composition
    /// underlined at the caret, and the caret.
    func drawLyricEdit(_ edit: LyricEdit, in r: Rect, into list: inout DrawList, font: BitmapFont) {
        let origin = Vec2(r.minX + Self.textInset + lineLayout(edit.line).indent - lyricScroll, r.maxY - Self.lyricBand)
        let band = Rect(x: r.minX + 2, y: origin.y - 3, w: r.width - 4, h: font.cellHeight + 6)
        list.fillRect(band, color: Color(255, 255, 255, 200))
        list.strokeRect(band, width: 1, color: Color.accent.withAlpha(160))
        // A line scrolled to follow its caret shows only inside its band.
        list.pushClip(band)
        defer { list.popClip() }
        let field = edit.field
        // Stops from the line's left edge (the lyric's inset included).
        var text = field.text, stops = caretStops(line: edit.line), left = r.minX
        var caret = field.caret
        if let c = field.composition {
            text = field.shownText
            stops = font.caretStops(of: text)
            left = origin.x
            let end = min(field.caret + c.text.count, stops.count - 1)
            // (Right to left, the composition's end is left of its start.)
            let a = stops[field.caret], b = stops[end]
            list.fillRect(Rect(x: left + min(a, b), y: origin.y + font.cellHeight, w: max(1, abs(b - a)), h: 1.5), color: Color(hex: 0x2b2b33))
            caret = min(field.caret + c.cursor, stops.count - 1)
        } else if field.hasSelection {
            for (lo, hi) in selectionSpans(field, stops: stops) {
                list.fillRect(Rect(x: left + lo, y: origin.y - 1, w: hi - lo, h: font.cellHeight + 2), color: Color.accent.withAlpha(90))
            }
        }
        list.text(text, at: origin, font: font, color: Color(hex: 0x2b2b33))
        if caretBlink.isVisible {
            let x = (left + stops[min(caret, stops.count - 1)]).rounded()
            list.fillRect(Rect(x: x - 1, y: origin.y - 1, w: 2, h: font.cellHeight + 2), color: Color(hex: 0x2b2b33))
        }
    }
}
