import Engine
import Geometry

// Typing lyrics, what shows: the line scrolled to keep its caret in view, and the drawing
// (the band, the selection, a composition, the caret).
extension LyricTyping {
    /// Scrolls the line being typed in sideways, as a text field does, so that its caret
    /// (with the composition at it) stays a margin inside the line; back to 0 when it fits.
    func followCaret() {
        guard let edit = lyric else { return lyricScroll = 0 }
        let text = edit.field.shownText
        let caret = edit.field.caret + (edit.field.composition?.cursor ?? 0)
        let stops = board.font.caretStops(of: text)
        guard let end = stops.last else { return lyricScroll = 0 }
        let x = stops[min(max(0, caret), stops.count - 1)], view = board.lineWidth - 2 * BoardScene.textInset
        guard view > 0, x.isFinite else { return lyricScroll = 0 }
        let margin = min(48, view / 4)
        var scroll = lyricScroll
        if x - scroll > view - margin { scroll = x - (view - margin) }
        if x - scroll < margin { scroll = x - margin }
        // A line that reads right to left and is wider than the view ends at its left (the
        // shaper's first stop is its right end): the margin past its end is on the left, or
        // the caret there stood on its last letter (a hostile tour saw it over "ף").
        // (Its ends as drawn: a Latin word or a number last in it is not its leftmost part.)
        if let start = stops.first, start > end, let lo = stops.min(), let hi = stops.max(), hi - lo > view {
            return lyricScroll = max(lo - margin, min(scroll, hi - view))
        }
        // Never past the text's right end less the view, never before its start. (Its right
        // end as drawn: a Hebrew word last in a left-to-right line ends inside it, at its left.)
        lyricScroll = max(0, min(scroll, max(end, stops.max() ?? end) - view + margin))
    }

    /// The caret's frame in root space.
    func caretRootFrame(_ edit: LyricEdit) -> Rect {
        let stops = board.caretStops(line: edit.line)
        let x = stops[min(edit.field.caret, stops.count - 1)]
        let r = Rect(x: x, y: board.lineHeight - BoardScene.lyricBand, w: 2, h: board.font.cellHeight)
        return board.spaces.convert(r, from: board.lineSpaces[edit.line], to: .root)
    }

    /// Where a field's selection is drawn, from the line's left edge (`stops`, the line's
    /// caret stops, are from there too): the letters selected, as the shaper placed them,
    /// joined where they meet — across a change of direction they are not all between the
    /// selection's two caret stops (a hostile tour found "c ם ו" highlighted where Delete took
    /// "c ש ל"). Without the shaper's spans, between the two stops.
    /// `line` is the line the field's text is (the one typed in unless said).
    func selectionSpans(_ field: TextField, stops: [Double], line: Int? = nil) -> [(Double, Double)] {
        let lo = stops[min(field.selection.lowerBound, stops.count - 1)], hi = stops[min(field.selection.upperBound, stops.count - 1)]
        guard let spans = board.font.characterSpans(of: field.text), spans.count == stops.count - 1 else { return [(min(lo, hi), max(lo, hi))] }
        // The shaper's spans are from the text's start; the stops carry the line's inset, its
        // indent and its scroll.
        // (Only the line typed in is scrolled.)
        let l = line ?? lyric?.line
        let shift = BoardScene.textInset + (l.map { board.lyricLayout.layout($0).indent } ?? 0) - (l == lyric?.line ? lyricScroll : 0)
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
        let origin = Vec2(r.minX + BoardScene.textInset + board.lyricLayout.layout(edit.line).indent - lyricScroll, r.maxY - BoardScene.lyricBand)
        let band = Rect(x: r.minX + 2, y: origin.y - 3, w: r.width - 4, h: font.cellHeight + 6)
        list.fillRect(band, color: Color(255, 255, 255, 200))
        list.strokeRect(band, width: 1, color: Color.accent.withAlpha(160))
        // A line scrolled to follow its caret shows only inside its band, a little in from its
        // border as in a text field (a visual tour saw the first letter cut on the border).
        list.pushClip(band.insetBy(dx: BoardScene.textInset / 2, dy: 0))
        defer { list.popClip() }
        let field = edit.field
        // Stops from the line's left edge (the lyric's inset included).
        var text = field.text, stops = board.caretStops(line: edit.line), left = r.minX
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
        } else {
            drawLineSelection(line: edit.line, in: r, into: &list)
        }
        list.text(text, at: origin, font: font, color: Color(hex: 0x2b2b33))
        if caretBlink.isVisible {
            let x = (left + stops[min(caret, stops.count - 1)]).rounded()
            list.fillRect(Rect(x: x - 1, y: origin.y - 1, w: 2, h: font.cellHeight + 2), color: Color(hex: 0x2b2b33))
        }
    }

    /// The part of line `line` (drawn in `r`) a selection across lines holds, if any.
    func drawLineSelection(line: Int, in r: Rect, into list: inout DrawList) {
        let y = r.maxY - BoardScene.lyricBand
        for (lo, hi) in lineSelectionSpans(line: line) {
            list.fillRect(Rect(x: r.minX + lo, y: y - 1, w: hi - lo, h: board.font.cellHeight + 2), color: Color.accent.withAlpha(90))
        }
    }
}
