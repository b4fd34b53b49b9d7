import Engine
import Entities
import Geometry
import Motion
import Paths

// Drawing and the state dump.
extension BoardScene {
    public func draw(into list: inout DrawList, context: DrawContext) {
        let font = context.font
        let sf = stripFrame, tf = sheetFrame
        list.fillRect(sf, color: Color.panel)
        list.pushClip(sf)
        for i in Self.chordNames.indices {
            let r = itemRootFrame(i)
            guard r.maxX > sf.minX, r.minX < sf.maxX else { continue }
            list.image(Textures.chords, in: r, uv: Self.uv(i))
            if i == focusIndex { strokeOutline(&list, Self.focusOutline, at: r.origin - Vec2(3, 3), color: .accent.withAlpha(150), width: 2) }
        }
        drawIndicator(&list, strip, in: sf)
        list.popClip()

        list.fillRect(tf, color: Color(hex: 0xf4f1ea))
        list.pushClip(tf)
        for (i, line) in document.lines.enumerated() {
            let r = lineRootFrame(i)
            guard r.maxY > tf.minY, r.minY < tf.maxY else { continue }
            if highlightedLine == i { list.fillRect(r, color: Color.accent.withAlpha(70)) }
            list.fillRect(Rect(x: r.minX, y: r.maxY - 1, w: r.width, h: 1), color: Color(hex: 0xd8d2c4))
            list.text(line.text, at: Vec2(r.minX + 8, r.maxY - 22), font: font, color: Color(hex: 0x2b2b33))
            for (ci, c) in line.chords.enumerated() {
                let ref = ChordRef(line: i, index: ci)
                let lifted = ghosts.lifted(from: .placed(ref, name: c.name, x: c.x), carriedOnly: true)
                let cr = chordRootFrame(ref)
                list.image(Textures.chords, in: cr, tint: lifted ? Color(255, 255, 255, 70) : .white, uv: Self.uv(Self.chordNames.firstIndex(of: c.name) ?? 0))
            }
        }
        drawIndicator(&list, sheet, in: tf)
        list.popClip()

        for g in ghosts {
            let tint = g.willDelete ? Color(255, 150, 150) : Color(200, 240, 255)
            list.image(Textures.chords, in: g.frame, tint: tint.withAlpha(235), uv: Self.uv(Self.chordNames.firstIndex(of: g.name) ?? 0))
            strokeOutline(&list, Self.cardOutline, at: g.frame.origin, color: g.willDelete ? .red : .accent, width: 3)
            let badge = Vec2(g.frame.maxX - 4, g.frame.minY + 4)
            list.fillCircle(center: badge, radius: 10, color: g.willDelete ? .red : .accent)
            list.text(g.willDelete ? "×" : "+", at: badge - Vec2(font.cellWidth / 2, font.cellHeight / 2), font: font, color: .white)
        }
        if let banner {
            let w = font.width(of: banner) + 24
            let r = Rect(x: bounds.midX - w / 2, y: bounds.maxY - 48, w: w, h: 32)
            list.fillRect(r, color: Color(hex: 0x7a1f2b).withAlpha(235))
            list.text(banner, at: Vec2(r.minX + 12, r.minY + 8), font: font, color: .white)
        }
    }

    static func uv(_ i: Int) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        atlasCell(i, columns: atlasColumns, count: chordNames.count)
    }

    /// Rounded outlines of the two sizes drawn (a card, and the focus ring around one), made
    /// once at their origin and moved into place when drawn.
    private static let cardOutline = roundedOutline(cardSize)
    private static let focusOutline = roundedOutline(cardSize + Vec2(6, 6))

    private static func roundedOutline(_ size: Vec2) -> [Vec2] {
        Path.roundedRect(Rect(origin: .zero, size: size), radius: 10).flattened(tolerance: 0.5).first?.points ?? []
    }

    private func strokeOutline(_ list: inout DrawList, _ outline: [Vec2], at origin: Vec2, color: Color, width: Double) {
        list.polyline(outline.lazy.map { $0 + origin }, width: width, color: color, closed: true)
    }

    private func drawIndicator(_ list: inout DrawList, _ p: ScrollPanel, in frame: Rect) {
        guard let (start, length) = p.indicator() else { return }
        let fade = clamp(1 - (p.idleTime - 0.6) / 0.3, 0, 1)
        guard fade > 0 else { return }
        let c = Color(0, 0, 0, UInt8(110 * fade))
        if p.axis == .horizontal {
            list.fillRect(Rect(x: frame.minX + start, y: frame.maxY - 6, w: length, h: 3), color: c)
        } else {
            list.fillRect(Rect(x: frame.maxX - 6, y: frame.minY + start, w: 3, h: length), color: c)
        }
    }

    // MARK: State dump

    public func stateDump() -> JSONValue {
        .object([
            ("source", .object([
                ("offset", JSONValue(numbers: [strip.offset, 0])),
                ("items", .array(Self.chordNames.indices.map { i in
                    .object([("name", .string(Self.chordNames[i])), ("frame", JSONValue(itemRootFrame(i)))])
                })),
            ])),
            ("target", .object([
                ("offset", JSONValue(numbers: [0, sheet.offset])),
                ("lines", .array(document.lines.indices.map { i in
                    .object([
                        ("text", .string(document.lines[i].text)),
                        ("frame", JSONValue(lineRootFrame(i))),
                        ("chords", .array(document.lines[i].chords.indices.map { ci in
                            .object([("name", .string(document.lines[i].chords[ci].name)),
                                     ("frame", JSONValue(chordRootFrame(ChordRef(line: i, index: ci))))])
                        })),
                    ])
                })),
            ])),
            ("ghosts", .array(ghosts.map { g in
                .object([("name", .string(g.name)), ("carriedBy", g.carrier.json), ("frame", JSONValue(g.frame))])
            })),
        ])
    }

}
