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
            drawCard(stripNames[i], in: r, tint: .white, into: &list, font: font)
            if focusVisible, focus == .card(i) { list.strokeOutline(Self.focusOutline, in: r.insetBy(dx: -3, dy: -3), width: 3, color: .accent) }
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
                drawLyricEdit(lyric, in: r, into: &list, font: font)
            } else {
                // ChordPro's directives and comments, kept as lines, read as notes, not lyrics.
                let note = ChordPro.isDirectiveOrComment(line.text)
                list.text(line.text, at: Vec2(r.minX + Self.textInset, r.maxY - Self.lyricBand), font: font,
                          color: note ? Color(hex: 0x8a8272) : Color(hex: 0x2b2b33))
            }
            let xs = chordXs(line: i)
            for (ci, c) in line.chords.enumerated() {
                let ref = ChordRef(line: i, index: ci)
                let lifted = dragDrop.isLifted(.placed(ref, name: c.name, at: c.at), carriedOnly: true)
                let cr = chordRootFrame(line: i, x: xs[ci])
                drawCard(c.name, in: cr, tint: lifted ? Color(255, 255, 255, 70) : .white, into: &list, font: font)
                if focusVisible, keyCarry == nil, focus == .chord(ref) {
                    list.strokeRect(cr.insetBy(dx: -4, dy: -4), width: 3, color: .accent)
                }
            }
        }
        if let carry = keyCarry, carry.zone < lineSpaces.count {
            // Where the carried chord would land.
            list.strokeRect(slotRootFrame(carry.slot, line: carry.zone), width: 2, color: .accent)
        }
        list.scrollIndicator(sheet, in: tf)
        list.popClip()

        // Press and hold: a ring fills around the pointer until the lift.
        dragDrop.drawHoldProgress(into: &list)
        songPanel?.draw(into: &list, font: font)
        drawBar(&list, font: font)
        if let banner {
            let banner = font.fitted(banner, width: max(font.cellWidth * 4, bounds.width - 56))
            let w = font.width(of: banner) + 24
            let r = Rect(x: bounds.midX - w / 2, y: barFrame.minY - 40, w: w, h: 32)
            list.fillRect(r, color: Color(hex: 0x7a1f2b).withAlpha(235))
            list.text(banner, at: Vec2(r.minX + 12, r.minY + 8), font: font, color: .white)
        }
    }

    /// The ghosts, above the app's chrome: a card carried over the tab bar stays in sight.
    public func drawOverlay(into list: inout DrawList, context: DrawContext) {
        let font = context.font
        for g in ghosts {
            let tint = g.willRemove ? Color(255, 150, 150) : Color(200, 240, 255)
            drawCard(g.name, in: g.frame, tint: tint.withAlpha(235), into: &list, font: font)
            list.strokeOutline(Self.cardOutline, in: g.frame, width: 3, color: g.willRemove ? .red : .accent)
            let badge = Vec2(g.frame.maxX - 4, g.frame.minY + 4)
            list.fillCircle(center: badge, radius: 10, color: g.willRemove ? .red : .accent)
            list.text(g.willRemove ? "×" : "+", at: badge - Vec2(font.cellWidth / 2, font.cellHeight / 2), font: font, color: .white)
        }
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
            font.wrapped(text, width: width, maxLines: lines)
        }
    }

    /// A chord's card in `frame`, tinted: the atlas's card where it has one for the name (with
    /// its diagram), else one drawn here — paper, an outline and the name as written, as large
    /// as fits (any name the chord grammar reads: C♯m7, B♭, H7, G/B).
    func drawCard(_ name: String, in frame: Rect, tint: Color, into list: inout DrawList, font: BitmapFont) {
        if let i = Self.chordNames.firstIndex(of: name) {
            list.image(Textures.chords, in: frame, tint: tint, uv: Self.uv(i))
            return
        }
        func tinted(_ c: Color) -> Color {
            Color(UInt8(Int(c.r) * Int(tint.r) / 255), UInt8(Int(c.g) * Int(tint.g) / 255), UInt8(Int(c.b) * Int(tint.b) / 255),
                  UInt8(Int(c.a) * Int(tint.a) / 255))
        }
        list.fillRect(frame, color: tinted(Color(hex: 0xfbf8f1)))
        list.strokeOutline(Self.cardOutline, in: frame, width: 1, color: tinted(Color(hex: 0x2b2b33)))
        let voicing = diagrams.voicing(for: name)
        let width = max(1, font.width(of: name))
        // With a diagram, the name takes the card's top as on the atlas's cards.
        let room = voicing == nil ? frame.height * 0.4 : frame.height * 0.3
        let scale = max(0.1, min((frame.width - 6) / width, room / font.cellHeight, 2))
        let at = Vec2(frame.midX - width * scale / 2, frame.minY + frame.height * (voicing == nil ? 0.08 : 0.05))
        list.text(name, at: at, font: font, color: tinted(Color(hex: 0x2b2b33)), scale: scale)
        if let voicing { drawDiagram(voicing, in: frame, color: tinted(Color(hex: 0x1e1e28)), grid: tinted(Color(hex: 0x5a5a64)), into: &list) }
    }

    /// A chord diagram in a card's frame, where the atlas's cards have theirs (a 64×80 card's
    /// grid at 12, 38, 40×36): six strings, four frets (the nut thick when the shape starts
    /// at the first fret, else the first fret's number beside it), dots, a barre, o and x.
    func drawDiagram(_ v: ChordDiagrams.Voicing, in frame: Rect, color: Color, grid: Color, into list: inout DrawList) {
        let k = Vec2(frame.width / 64, frame.height / 80)
        let g = Rect(x: frame.minX + 12 * k.x, y: frame.minY + 38 * k.y, w: 40 * k.x, h: 36 * k.y)
        let step = g.width / 5, fretH = g.height / 4
        let base = v.baseFret
        for s in 0..<6 { list.fillRect(Rect(x: g.minX + Double(s) * step - 0.5, y: g.minY, w: 1, h: g.height), color: grid) }
        for f in 0...4 {
            let thick = f == 0 && base == 1 ? max(2, 3 * k.y) : 1
            list.fillRect(Rect(x: g.minX, y: g.minY + Double(f) * fretH - thick / 2, w: g.width, h: thick), color: grid)
        }
        let dot = 3.2 * min(k.x, k.y)
        if let b = v.barre {
            let cy = g.minY + (Double(b.fret - base) + 0.5) * fretH
            list.fillRect(Rect(x: g.minX + Double(b.from) * step - dot, y: cy - dot, w: Double(b.to - b.from) * step + 2 * dot, h: 2 * dot), color: color)
        }
        for (s, fret) in v.frets.enumerated() {
            let cx = g.minX + Double(s) * step
            switch fret {
            case nil:
                let m = 2 * min(k.x, k.y), c = Vec2(cx, g.minY - 5 * k.y)
                list.polyline([c - Vec2(m, m), c + Vec2(m, m)], width: 1, color: color, closed: false)
                list.polyline([c + Vec2(-m, m), c + Vec2(m, -m)], width: 1, color: color, closed: false)
            case 0?: list.strokeCircle(center: Vec2(cx, g.minY - 5 * k.y), radius: 2.5 * min(k.x, k.y), width: 1, color: color)
            case let f?: list.fillCircle(center: Vec2(cx, g.minY + (Double(f - base) + 0.5) * fretH), radius: dot, color: color)
            }
        }
    }

    static func uv(_ i: Int) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        atlasCell(i, columns: atlasColumns, count: chordNames.count)
    }

    /// Rounded outlines of the two sizes drawn (a card, and the focus ring around one), made
    /// once and scaled into place when drawn.
    private static let cardOutline = roundedOutline(cardSize)
    private static let focusOutline = roundedOutline(cardSize + Vec2(6, 6))

    /// A rounded rect's outline at `size`, divided by `size` (a unit square's).
    private static func roundedOutline(_ size: Vec2) -> [Vec2] {
        let pts = Path.roundedRect(Rect(origin: .zero, size: size), radius: 10).flattened(tolerance: 0.5).first?.points ?? []
        return pts.map { Vec2($0.x / size.x, $0.y / size.y) }
    }
}
