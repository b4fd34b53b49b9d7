import Engine
import Geometry
import Paths
import Songs

/// A chord's card as the board draws it, in the strip, on the sheet and carried: the atlas's
/// card for a common chord, else paper, an outline, the name and its diagram drawn here.
enum ChordCardArt {
    /// A card carried or flying (a ghost): tinted and outlined in the accent, or in red where
    /// its drop deletes it, with a badge saying what a drop does: + a copy, × a delete (a
    /// placed chord moved has none).
    static func drawGhost(_ g: BoardScene.Ghost, diagrams: ChordDiagrams, into list: inout DrawList, font: BitmapFont) {
        let tint = g.willRemove ? Color(255, 150, 150) : Color(200, 240, 255)
        draw(g.name, in: g.frame, tint: tint.withAlpha(235), diagrams: diagrams, into: &list, font: font)
        list.strokeOutline(cardOutline, in: g.frame, width: 3, color: g.willRemove ? .red : .accent)
        guard g.willRemove || g.removableFrom == nil else { return }
        let badge = Vec2(g.frame.maxX - 4, g.frame.minY + 4)
        list.fillCircle(center: badge, radius: 10, color: g.willRemove ? .red : .accent)
        list.text(g.willRemove ? "×" : "+", at: badge - Vec2(font.cellWidth / 2, font.cellHeight / 2), font: font, color: .white)
    }

    /// A chord's card in `frame`, tinted: the atlas's card where it has one for the name (with
    /// its diagram), else one drawn here — paper, an outline and the name as written, as large
    /// as fits (any name the chord grammar reads: C♯m7, B♭, H7, G/B).
    static func draw(_ name: String, in frame: Rect, tint: Color, diagrams: ChordDiagrams, into list: inout DrawList, font: BitmapFont) {
        if let i = BoardScene.chordNames.firstIndex(of: name) {
            list.image(Textures.chords, in: frame, tint: tint, uv: Self.uv(i))
            return
        }
        func tinted(_ c: Color) -> Color {
            Color(UInt8(Int(c.r) * Int(tint.r) / 255), UInt8(Int(c.g) * Int(tint.g) / 255), UInt8(Int(c.b) * Int(tint.b) / 255),
                  UInt8(Int(c.a) * Int(tint.a) / 255))
        }
        // Paper with the atlas cards' rounded corners (a rectangle's corners showed past the
        // outline), inside the same transparent margin as theirs (`BoardScene.bodyInset`): a
        // visual tour saw the drawn cards stand larger than the atlas's beside them.
        // (The atlas's edge is 1.5 of its pixels wide, just inside that margin.)
        let inset = Vec2(frame.width * BoardScene.bodyInset.x, frame.height * BoardScene.bodyInset.y)
        let paper = frame.insetBy(dx: inset.x, dy: inset.y), edge = max(1, 1.5 * frame.width / 64)
        list.fillConvexOutline(Self.cardOutline, in: paper, color: tinted(Color(hex: 0xfbf8f1)))
        list.strokeOutline(Self.cardOutline, in: paper.insetBy(dx: edge / 2, dy: edge / 2), width: edge, color: tinted(Color(hex: 0x2b2b33)))
        let voicing = diagrams.voicing(for: name)
        // With a diagram, the name takes the card's top as on the atlas's cards. Every name is
        // drawn at most as large as one over a diagram, so the cards of a strip match (a
        // card with no diagram drew "D/F#" half as large again as "F#m" beside it).
        let room = voicing == nil ? frame.height * 0.4 : frame.height * 0.3
        let lines = nameLines(name, width: paper.width - 6, room: room, font: font, largest: frame.height * 0.3 / font.cellHeight)
        // With none, the name stands in the card's middle.
        let top = voicing != nil ? frame.minY + frame.height * 0.05
            : frame.midY - Double(lines.second == nil ? 1 : 2) * font.cellHeight * lines.scale / 2
        // (A chord's name or part is a small string, held inline: no allocation.)
        func line(_ text: String, row: Double) {
            let width = max(1, font.width(of: text))
            list.text(text, at: Vec2(frame.midX - width * lines.scale / 2, top + row * font.cellHeight * lines.scale), font: font,
                      color: tinted(Color(hex: 0x2b2b33)), scale: lines.scale)
        }
        line(lines.second == nil ? name : String(lines.first), row: 0)
        if let bass = lines.second { line(String(bass), row: 1) }
        if let voicing {
            drawDiagram(voicing, in: frame, color: tinted(Color(hex: 0x1e1e28)), grid: tinted(Color(hex: 0x5a5a64)), into: &list, font: font)
        }
    }

    /// A chord's name as drawn on its card within `width` and `room` (its height), as large
    /// as fits, at most twice the font's size and `largest`: one line, or a slash chord's bass on a second
    /// line (C♯m7(♭9) over /G♯) where that draws it over a seventh larger — a long name on
    /// one line was too small to read on a placed chord. (Substrings: nothing allocated per
    /// card drawn.)
    static func nameLines(_ name: String, width: Double, room: Double, font: BitmapFont,
                          largest: Double = 2) -> (first: Substring, second: Substring?, scale: Double) {
        func fit(_ widest: Double, lines: Double) -> Double {
            max(0.1, min(width / max(1, widest), room / (font.cellHeight * lines), 2, largest))
        }
        let one = fit(font.width(of: name), lines: 1)
        // A bass after the slash, and something before it.
        if let slash = name.lastIndex(of: "/"), slash != name.startIndex, name.index(after: slash) != name.endIndex {
            let top = name[..<slash], bass = name[slash...]
            let two = fit(max(font.width(of: String(top)), font.width(of: String(bass))), lines: 2)
            if two > one * 8 / 7 { return (top, bass, two) }
        }
        return (name[...], nil, one)
    }

    /// A chord diagram in a card's frame, where the atlas's cards have theirs (a 64×80 card's
    /// grid at 12, 38, 40×36): six strings, four frets (the nut thick when the shape starts
    /// at the first fret, else the first fret's number left of the grid's top row, as chord
    /// charts mark a shape up the neck: C♯m's x46654 is drawn from the 4th), dots, a barre, o
    /// and x.
    static func drawDiagram(_ v: ChordDiagrams.Voicing, in frame: Rect, color: Color, grid: Color, into list: inout DrawList,
                            font: BitmapFont) {
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
        if base > 1 {
            // Its digits about a fret row tall, scaled down to fit the margin left of the grid
            // clear of a barre's rounded end and of the card's edge; on a card too small for
            // digits to be read (a placed chord at 1 pixel per point: its digit would be 5
            // pixels tall), none. Pixels, not points: at UI scale 3 a placed chord's digit is
            // 15 pixels tall, and a visual tour saw C♯m7's shape there read as open position.
            let label = "\(base)", room = 12 * k.x - dot - 2 * k.x
            let scale = min(1.5, fretH * 1.6 / font.cellHeight, room / max(1, font.width(of: label)))
            let ppp = list.pixelsPerPoint.isFinite && list.pixelsPerPoint > 0 ? list.pixelsPerPoint : 1
            if font.cellHeight * scale * ppp >= 9 {
                let w = font.width(of: label) * scale
                list.text(label, at: Vec2(g.minX - dot - k.x - w, g.minY + fretH / 2 - font.cellHeight * scale / 2), font: font, color: color,
                          scale: scale)
            }
        }
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
        atlasCell(i, columns: BoardScene.atlasColumns, count: BoardScene.chordNames.count)
    }

    /// Rounded outlines of the two sizes drawn (a card, and the focus ring around one), made
    /// once and scaled into place when drawn.
    static let cardOutline = roundedOutline(BoardScene.cardSize)
    static let focusOutline = roundedOutline(BoardScene.cardSize + Vec2(6, 6))

    /// A rounded rect's outline at `size`, divided by `size` (a unit square's).
    private static func roundedOutline(_ size: Vec2) -> [Vec2] {
        let pts = Path.roundedRect(Rect(origin: .zero, size: size), radius: 10).flattened(tolerance: 0.5).first?.points ?? []
        return pts.map { Vec2($0.x / size.x, $0.y / size.y) }
    }
}
