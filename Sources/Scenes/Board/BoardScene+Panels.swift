import Engine
import Entities
import Geometry
import Motion
import Paths

// The strip and the sheet: scroll physics, auto-scroll while carrying, keeping things in view.
extension BoardScene {
    /// The board's two scrolling panels: the strip of cards and the sheet of lines.
    enum Panel: CaseIterable { case strip, sheet }

    subscript(panel p: Panel) -> ScrollPanel {
        get { p == .strip ? strip : sheet }
        set { if p == .strip { strip = newValue } else { sheet = newValue } }
    }

    func frame(of p: Panel) -> Rect { p == .strip ? stripFrame : sheetFrame }

    /// A ghost carried by a pointer toward a panel's edge, or resting in its edge zone,
    /// scrolls that panel (`EdgeAutoScroll` has the rules). Keyboard and gamepad carries
    /// scroll by keeping their target line in view instead.
    func autoScroll(_ dt: Double) {
        for k in ghosts.indices where ghosts[k].isCarried && ghosts[k].carrier.isPointer {
            let p = ghosts[k].pointer
            for panel in Panel.allCases {
                let axis = self[panel: panel].axis, f = frame(of: panel)
                let (lo, hi) = axis.span(of: f), (crossLo, crossHi) = axis.crossSpan(of: f)
                let across = axis.across(p)
                let inside = across >= crossLo && across <= crossHi
                let intent: WritableKeyPath<Ghost, EdgeAutoScroll> = panel == .strip ? \.stripScroll : \.sheetScroll
                let v = ghosts[k][keyPath: intent].velocity(along: axis.along(p), inside: inside, span: lo, hi,
                                                            maxSpeed: Self.autoScrollSpeed, dt: dt)
                if v != 0 { self[panel: panel].scroll(by: v * dt) }
            }
        }
        syncOffsets()
    }

    func stepPanels(_ dt: Double) {
        strip.step(dt: dt)
        sheet.step(dt: dt)
        syncOffsets()
        if bannerTime > 0 {
            bannerTime -= dt
            if bannerTime <= 0 { banner = nil }
        }
    }

    /// Scrolls the strip so card `i` shows whole, with a margin.
    func revealCard(_ i: Int) {
        let f = itemFrame(i)
        if f.minX - 12 < strip.offset { strip.setOffset(f.minX - 12) }
        if f.maxX + 12 > strip.offset + strip.viewport { strip.setOffset(f.maxX + 12 - strip.viewport) }
        syncOffsets()
    }

    /// Scrolls the sheet so line `i` shows whole (or its top, when the sheet is shorter).
    func revealLine(_ i: Int) {
        let top = lineContentY(i) - 8, bottom = lineContentY(i) + Self.lineHeight + 8
        if top < sheet.offset || bottom - top > sheet.viewport {
            sheet.setOffset(top)
        } else if bottom > sheet.offset + sheet.viewport {
            sheet.setOffset(bottom - sheet.viewport)
        }
        syncOffsets()
    }

    /// The first line whose top is in view (else the first one partly in view).
    var firstVisibleLine: Int {
        let top = sheet.offset
        if let i = document.lines.indices.first(where: { lineContentY($0) >= top - 0.5 }),
           lineContentY(i) < top + sheet.viewport {
            return i
        }
        return document.lines.indices.first { lineContentY($0) + Self.lineHeight > top } ?? 0
    }
}
