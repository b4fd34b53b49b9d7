import Engine
import Geometry
import Paths
import Songs

// Drawing.
extension BoardScene {
    public func draw(into list: inout DrawList, context: DrawContext) {
        let font = context.font
        let sf = stripFrame, tf = sheetFrame
        let highlighted = highlightedLines
        list.fillRect(sf, color: Color.panel)
        list.pushClip(sf)
        for i in stripNames.indices {
            let r = itemRootFrame(i)
            guard r.maxX > sf.minX, r.minX < sf.maxX else { continue }
            ChordCardArt.draw(stripNames[i], in: r, tint: .white, diagrams: diagrams, into: &list, font: font)
            if focusVisible, focus == .card(i) { list.strokeOutline(ChordCardArt.focusOutline, in: r.insetBy(dx: -3, dy: -3), width: 3, color: .accent) }
        }
        list.scrollIndicator(strip, in: sf)
        list.popClip()

        list.fillRect(tf, color: Color(hex: 0xf4f1ea))
        list.pushClip(tf)
        for i in visibleLines {
            let line = document.lines[i]
            let r = lineRootFrame(i)
            guard r.maxY > tf.minY, r.minY < tf.maxY else { continue }
            if highlighted.contains(i) { list.fillRect(r, color: Color.accent.withAlpha(70)) }
            list.fillRect(Rect(x: r.minX, y: r.maxY - 1, w: r.width, h: 1), color: Color(hex: 0xd8d2c4))
            if let lyric, lyric.line == i {
                typing.drawLyricEdit(lyric, in: r, into: &list, font: font)
            } else {
                // ChordPro's directives and comments, kept as lines, read as notes, not lyrics.
                let note = ChordPro.isDirectiveOrComment(line.text)
                list.text(line.text, at: Vec2(r.minX + Self.textInset + lineLayout(i).indent, r.maxY - Self.lyricBand), font: font,
                          color: note ? Color(hex: 0x8a8272) : Color(hex: 0x2b2b33))
            }
            let xs = chordXs(line: i)
            for (ci, c) in line.chords.enumerated() {
                let ref = ChordRef(line: i, index: ci)
                let lifted = dragDrop.isLifted(.placed(ref, name: c.name, at: c.at), carriedOnly: true)
                let cr = chordRootFrame(line: i, x: xs[ci])
                ChordCardArt.draw(c.name, in: cr, tint: lifted ? Color(255, 255, 255, 70) : .white, diagrams: diagrams, into: &list, font: font)
                if focusVisible, keyCarry == nil, focus == .chord(ref) {
                    list.strokeRect(cr.insetBy(dx: -4, dy: -4), width: 3, color: .accent)
                }
            }
        }
        if let carry = keyCarry, carry.zone < lineSpaces.count {
            // Where the carried chord would land.
            list.strokeRect(keys.slotRootFrame(carry.slot, line: carry.zone), width: 2, color: .accent)
        }
        list.scrollIndicator(sheet, in: tf)
        list.popClip()

        // Press and hold: a ring fills around the pointer until the lift.
        dragDrop.drawHoldProgress(into: &list)
        if let songPanel {
            // The board behind the panel dimmed, as behind the help: the panel has the keys.
            list.fillRect(Rect(x: bounds.minX, y: bounds.minY, w: bounds.width, h: max(0, barFrame.minY - bounds.minY)), color: Color(0, 0, 0, 120))
            songPanel.draw(into: &list, font: font)
        }
        drawBar(&list, font: font)
        if let lines = bannerLines(font: font) {
            let w = (lines.map { font.width(of: $0) }.max() ?? 0) + 24, h = Double(lines.count) * font.cellHeight + 16
            let r = Rect(x: bounds.midX - w / 2, y: barFrame.minY - 8 - h, w: w, h: h)
            list.fillRect(r, color: Color(hex: 0x7a1f2b).withAlpha(235))
            for (k, line) in lines.enumerated() {
                list.text(line, at: Vec2(r.minX + 12, r.minY + 8 + Double(k) * font.cellHeight), font: font, color: .white)
            }
        }
    }

    /// The ghosts, above the app's chrome: a card carried over the tab bar stays in sight.
    public func drawOverlay(into list: inout DrawList, context: DrawContext) {
        let font = context.font
        for g in ghosts {
            let tint = g.willRemove ? Color(255, 150, 150) : Color(200, 240, 255)
            ChordCardArt.draw(g.name, in: g.frame, tint: tint.withAlpha(235), diagrams: diagrams, into: &list, font: font)
            list.strokeOutline(ChordCardArt.cardOutline, in: g.frame, width: 3, color: g.willRemove ? .red : .accent)
            // A badge says what a drop does: + a copy, × a delete; a placed chord moved has none.
            guard g.willRemove || g.removableFrom == nil else { continue }
            let badge = Vec2(g.frame.maxX - 4, g.frame.minY + 4)
            list.fillCircle(center: badge, radius: 10, color: g.willRemove ? .red : .accent)
            list.text(g.willRemove ? "×" : "+", at: badge - Vec2(font.cellWidth / 2, font.cellHeight / 2), font: font, color: .white)
        }
    }

    /// The banner's text as drawn, if one shows: wrapped onto up to three lines, not cut (at
    /// 480×320 "kept as the song …" lost why the sheet was not saved: a tour).
    public func bannerLines(font: BitmapFont) -> [String]? {
        guard let banner else { return nil }
        let width = max(font.cellWidth * 4, bounds.width - 56)
        return bannerLinesMemo.value(for: (banner, width, 3, font.cellWidth), same: ==) { font.wrapped(banner, width: width, maxLines: 3) }
    }

    /// The bottom bar: the last announcement (or a hint), Undo and Redo.
    private func drawBar(_ list: inout DrawList, font: BitmapFont) {
        let bar = barFrame
        list.fillRect(bar, color: Color.panel.withAlpha(235))
        if songShelf != nil { songsButton.draw(into: &list, font: font) }
        transposeButtons.down.draw(into: &list, font: font)
        transposeButtons.up.draw(into: &list, font: font)
        undoButton.draw(into: &list, font: font)
        redoButton.draw(into: &list, font: font)
        let lines = barLines(font: font)
        var y = bar.midY - Double(lines.count) * font.cellHeight / 2
        for line in lines {
            list.text(line, at: Vec2(bar.minX + 12, y), font: font, color: announcement.isEmpty ? .dimText : .text)
            y += font.cellHeight
        }
    }

    /// The bottom bar's text as drawn: the announcement (or a hint), wrapped onto as many
    /// lines as the bar holds rather than cut mid-word.
    public func barLines(font: BitmapFont) -> [String] {
        let hint = "Drag a card onto a line · ← → and Space carry from the keyboard"
        let lines = max(1, Int(barFrame.height / font.cellHeight))
        let text = announcement.isEmpty ? hint : announcement
        let width = (songShelf != nil ? songsButton.rect.minX : transposeButtons.down.rect.minX) - barFrame.minX - 24
        return barLinesMemo.value(for: (text, width, lines, font.cellWidth), same: ==) {
            guard text == hint else {
                // An announcement too long for the bar loses its last parts whole (" · ", a
                // quoted name kept whole), not its words cut: at 480×320 a tour read
                // "Songs · 2 · ↑ ↓ and …".
                var parts = Self.announcementParts(text)
                while parts.count > 1 {
                    let shown = parts.joined(separator: " · ")
                    let wrapped = font.wrapped(shown, width: width, maxLines: lines)
                    // (Whole when its lines are the text again: a cut line ends in "…".)
                    if wrapped.joined(separator: " ") == shown { return wrapped }
                    parts.removeLast()
                }
                return font.wrapped(parts.joined(separator: " · "), width: width, maxLines: lines)
            }
            // The hint in the first of its forms that is not cut mid-word, or none: a visual
            // tour read "carry fr…" at 480×320, and a review "card ont…" there beside the
            // Songs button.
            for form in [hint, "Drag a card onto a line", "Drag a card"] {
                let wrapped = font.wrapped(form, width: width, maxLines: lines)
                if wrapped.last?.hasSuffix("…") != true { return wrapped }
            }
            return []
        }
    }

    /// `text`'s parts between " · ", a quoted name (“…”) kept whole. A quote left open (a
    /// song named `Say “Hi`) keeps nothing whole: the parts are then split at every " · ".
    static func announcementParts(_ text: String) -> [Substring] {
        let parts = announcementParts(text, quotes: true)
        return parts.count == 1 && text.contains(" · ") && isLeftOpen(text) ? announcementParts(text, quotes: false) : parts
    }

    /// Whether a “ in `text` has no ” after it.
    private static func isLeftOpen(_ text: String) -> Bool {
        var depth = 0
        for c in text { if c == "“" { depth += 1 } else if c == "”" { depth = max(0, depth - 1) } }
        return depth > 0
    }

    private static func announcementParts(_ text: String, quotes: Bool) -> [Substring] {
        var parts: [Substring] = [], start = text.startIndex, i = text.startIndex, quoted = 0
        while i < text.endIndex {
            if quotes { if text[i] == "“" { quoted += 1 } else if text[i] == "”" { quoted = max(0, quoted - 1) } }
            if quoted == 0, text[i...].hasPrefix(" · ") {
                parts.append(text[start..<i])
                i = text.index(i, offsetBy: 3)
                start = i
                continue
            }
            i = text.index(after: i)
        }
        parts.append(text[start...])
        return parts
    }
}
