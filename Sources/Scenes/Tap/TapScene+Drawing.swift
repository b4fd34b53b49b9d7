import Engine
import Geometry

// Drawing: the overlays, the picture (and its ghost), the buttons and the status line.
extension TapScene {
    public func draw(into list: inout DrawList, context: DrawContext) {
        // The picture a hand holds is drawn at the newest step, not interpolated a step behind.
        let a = grab == nil ? context.alpha : 1
        if showPath, flightStroke.count > 1 {
            list.polyline(flightStroke, width: 2, color: Color.accent.withAlpha(200), closed: false)
            // Ticks every tenth of the flight: evenly spaced when paced.
            for p in pacedTicks { list.fillCircle(center: p, radius: 4, color: Color(hex: 0x06d6a0)) }
            if showLinear {
                for p in linearTicks { list.fillCircle(center: p, radius: 3, color: Color(hex: 0xffd166)) }
            }
        }
        let s = pictureSize
        if showLinear, let g = tweener.animatables.store[ghost] {
            list.image(Textures.photo, in: Rect(center: g.position.interpolated(a), size: Vec2(s, s)), tint: Color(255, 220, 120, 110))
        }
        if let t = tweener.animatables.store[image] {
            list.image(Textures.photo, in: Rect(center: t.position.interpolated(a), size: Vec2(s, s)))
        }
        if cursorRing.isVisible { list.strokeCircle(center: cursor, radius: 10, width: 2, color: Color.accent.withAlpha(180)) }
        if grab != nil, let t = tweener.animatables.store[image] {
            list.strokeRect(Rect(center: t.position.interpolated(a), size: Vec2(s, s)).insetBy(dx: -3, dy: -3), width: 3, color: .accent)
        }
        pathButton.draw(into: &list, font: context.font, highlighted: showPath)
        linearButton.draw(into: &list, font: context.font, highlighted: showLinear)
        carryButton.draw(into: &list, font: context.font, highlighted: carryVelocity)
        springButton.draw(into: &list, font: context.font, highlighted: mode == .spring)
        // A narrow window wraps the status onto a second line, above the first, rather than
        // cut the counts off.
        let font = context.font
        let lines = statusMemo.value(for: (hint, interrupts, completed, bounds.width, font.cellWidth), same: ==) {
            font.wrapped("\(hint) · interrupts \(interrupts) · completed \(completed)", width: bounds.width - 24, maxLines: 2)
        }
        for (k, line) in lines.enumerated() {
            let y = bounds.maxY - 24 - Double(lines.count - 1 - k) * (context.font.cellHeight + 2)
            list.text(line, at: Vec2(bounds.minX + 12, y), font: context.font, color: .dimText)
        }
        // The legend only with what it explains (a spring's flight draws no path: a visual
        // tour saw the legend over nothing).
        if showPath, flightStroke.count > 1 { drawLegend(into: &list, font: context.font) }
    }

    /// The one-line hint on the status line: what a click, a drag and the mode do.
    public var hint: String {
        mode == .spring ? "Click: spring there · drag the picture: throw it" : "Click: fly there · drag the picture: throw it"
    }

    /// What the overlays mean, under the buttons: the flight's path, the paced ticks (equal
    /// times, equal distances) and, with Linear, the linear keyframes' ticks.
    func drawLegend(into list: inout DrawList, font: BitmapFont) {
        var entries: [(Color, String)] = [(Color.accent, "flight path"), (Color(hex: 0x06d6a0), "paced: a tick every tenth of the time")]
        if showLinear { entries.append((Color(hex: 0xffd166), "linear keyframes: equal time per segment")) }
        var y = max(pathButton.rect.maxY, springButton.rect.maxY) + 12
        for (color, label) in entries {
            list.fillCircle(center: Vec2(bounds.minX + 20, y + font.cellHeight / 2), radius: 4, color: color)
            list.text(font.fitted(label, width: bounds.width - 44), at: Vec2(bounds.minX + 32, y), font: font, color: .dimText)
            y += font.cellHeight + 6
        }
    }
}
