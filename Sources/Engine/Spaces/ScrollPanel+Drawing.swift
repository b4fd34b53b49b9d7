import Geometry

extension DrawList {
    /// A panel's scroll indicator, UIKit's way: a thin thumb along the far edge of `frame`
    /// that fades out from 0.6 s after the panel last moved (gone by 0.9 s).
    public mutating func scrollIndicator(_ p: ScrollPanel, in frame: Rect) {
        guard let (start, length) = p.indicator() else { return }
        let fade = clamp(1 - (p.idleTime - 0.6) / 0.3, 0, 1)
        guard fade > 0 else { return }
        let c = Color(0, 0, 0, UInt8(110 * fade))
        if p.axis == .horizontal {
            fillRect(Rect(x: frame.minX + start, y: frame.maxY - 6, w: length, h: 3), color: c)
        } else {
            fillRect(Rect(x: frame.maxX - 6, y: frame.minY + start, w: 3, h: length), color: c)
        }
    }
}
