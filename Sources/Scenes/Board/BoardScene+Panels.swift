import Engine
import Entities
import Geometry
import Motion
import Paths

// The strip and the sheet: scroll physics and auto-scroll while carrying.
extension BoardScene {
    /// The board's two scrolling panels: the strip of cards and the sheet of lines.
    enum Panel: CaseIterable { case strip, sheet }

    subscript(panel p: Panel) -> ScrollPanel {
        get { p == .strip ? strip : sheet }
        set { if p == .strip { strip = newValue } else { sheet = newValue } }
    }

    func frame(of p: Panel) -> Rect { p == .strip ? stripFrame : sheetFrame }

    /// A carried ghost near a panel's edge (inside or just outside it, and within the panel
    /// across its axis) scrolls the panel that way.
    func autoScroll(_ dt: Double) {
        for g in ghosts where g.isCarried {
            let c = g.frame.center
            for panel in [Panel.sheet, .strip] {
                let axis = self[panel: panel].axis, f = frame(of: panel)
                let (lo, hi) = axis.span(of: f), (crossLo, crossHi) = axis.crossSpan(of: f)
                let along = axis.along(c), across = axis.across(c)
                guard across >= crossLo && across <= crossHi else { continue }
                if along < lo + Self.edgeZone && along > lo - Self.edgeZone {
                    self[panel: panel].scroll(by: -speed(along - lo) * dt)
                } else if along > hi - Self.edgeZone && along < hi + Self.edgeZone {
                    self[panel: panel].scroll(by: speed(hi - along) * dt)
                }
            }
        }
        syncOffsets()
    }

    /// Faster nearer the edge: full speed at the edge, zero at the zone's inner border.
    private func speed(_ distanceInside: Double) -> Double {
        Self.autoScrollSpeed * clamp(1 - distanceInside / Self.edgeZone, 0, 1.5)
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
}
