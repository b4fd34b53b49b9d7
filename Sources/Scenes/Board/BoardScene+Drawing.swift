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
                typing.drawLineSelection(line: i, in: r, into: &list)
                // ChordPro's directives and comments, kept as lines, read as notes, not lyrics.
                let note = ChordPro.isDirectiveOrComment(line.text)
                list.text(line.text, at: Vec2(r.minX + Self.textInset + lyricLayout.layout(i).indent, r.maxY - Self.lyricBand), font: font,
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
        bar.draw(into: &list, font: font, announcement: announcement, withSongs: songShelf != nil, undo: undoButton, redo: redoButton)
        bar.drawBanner(into: &list, font: font, over: bounds, avoiding: bannerClearance)
    }

    /// The ghosts, above the app's chrome: a card carried over the tab bar stays in sight.
    public func drawOverlay(into list: inout DrawList, context: DrawContext) {
        for g in ghosts { ChordCardArt.drawGhost(g, diagrams: diagrams, into: &list, font: context.font) }
    }

    /// What the banner keeps clear of: the band of the line typed in (its text and caret), in
    /// root space.
    var bannerClearance: Rect? {
        guard let line = typing.lyric?.line, lineSpaces.indices.contains(line) else { return nil }
        let r = lineRootFrame(line)
        return Rect(x: r.minX, y: r.maxY - Self.lyricBand - 3, w: r.width, h: font.cellHeight + 6)
    }

    /// The banner's text as drawn, if one shows (`BoardBar.bannerLines`).
    public func bannerLines(font: BitmapFont) -> [String]? { bar.bannerLines(font: font, over: bounds) }

    /// The bottom bar's text as drawn (`BoardBar.lines`).
    public func barLines(font: BitmapFont) -> [String] { bar.lines(announcement, font: font, withSongs: songShelf != nil) }
}
