import Engine
import Entities
import Geometry
import Motion
import Paths

// The strip and the sheet: scroll physics and auto-scroll while carrying.
extension BoardScene {
    func autoScroll(_ dt: Double) {
        for g in ghosts where g.returning == nil {
            let c = g.frame.center
            let sf = sheetFrame
            if c.x >= sf.minX && c.x <= sf.maxX {
                if c.y < sf.minY + Self.edgeZone && c.y > sf.minY - Self.edgeZone {
                    sheet.scroll(by: -speed(c.y - sf.minY) * dt)
                } else if c.y > sf.maxY - Self.edgeZone && c.y < sf.maxY + Self.edgeZone {
                    sheet.scroll(by: speed(sf.maxY - c.y) * dt)
                }
            }
            let tf = stripFrame
            if c.y >= tf.minY && c.y <= tf.maxY {
                if c.x < tf.minX + Self.edgeZone && c.x > tf.minX - Self.edgeZone {
                    strip.scroll(by: -speed(c.x - tf.minX) * dt)
                } else if c.x > tf.maxX - Self.edgeZone && c.x < tf.maxX + Self.edgeZone {
                    strip.scroll(by: speed(tf.maxX - c.x) * dt)
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
