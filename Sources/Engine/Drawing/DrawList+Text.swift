import Geometry

extension DrawList {
    /// `s` shaped by `shaper` at `scale` times the font's em, rasterised at this list's pixels
    /// per point: its baseline centred in the font's line box (`cellHeight`), the line's
    /// start and every glyph on whole pixels so that glyphs are drawn 1:1, crisp. Glyphs
    /// wholly outside the clip in force are left out, so a line far longer than the window
    /// costs only what shows. A glyph the atlas had no room for is an outlined box. Returns
    /// the advance, in points.
    mutating func shapedText(_ s: String, at: Vec2, font: BitmapFont, shaper: any TextShaper, color: Color, scale: Double) -> Double {
        let ppp = textPixelsPerPoint
        let em = font.emSize * scale
        let line = shaper.line(s, pixelSize: em * ppp)
        let box = font.cellHeight * scale
        let baseline = at.y + (box - (shaper.ascent + shaper.descent) * em) / 2 + shaper.ascent * em
        let ox = (at.x * ppp).rounded(), oy = (baseline * ppp).rounded()
        let clip = clipStack.last
        for g in line.glyphs {
            let r = Rect(x: (ox + g.rect.x) / ppp, y: (oy + g.rect.y) / ppp, w: g.rect.width / ppp, h: g.rect.height / ppp)
            if let clip, r.maxX < clip.minX || r.minX > clip.maxX || r.maxY < clip.minY || r.minY > clip.maxY { continue }
            if g.texture == .none {
                strokeRect(r.insetBy(dx: 0.5 / ppp, dy: 0.5 / ppp), width: 1 / ppp, color: color)
            } else {
                let x0 = Self.pixelEdge((ox + g.rect.x) / ppp), y0 = Self.pixelEdge((oy + g.rect.y) / ppp)
                let x1 = x0 + Self.pixelEdge(g.rect.width / ppp), y1 = y0 + Self.pixelEdge(g.rect.height / ppp)
                quad(Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1), color: color, texture: g.texture, uv: (g.u0, g.v0, g.u1, g.v1))
            }
        }
        return line.advance / ppp
    }

    /// A glyph's position or size in points for a whole number of pixels `v` × pixels per
    /// point, such that the renderer lands it on exactly those pixels: SDL's software renderer
    /// multiplies each of a copy's x, y, w and h by the scale in floats and truncates
    /// (`SW_QueueCopy`), so at 1.25× a 9-px glyph given as 7.2 pt (7.19921875 on a float
    /// grid) came out 8 px wide, and was drawn scaled. Rounded up to the 1/256-pt grid past a
    /// 1/1024-pt margin, the product never falls short of the whole pixel and stays well
    /// within the next (at most 0.025 px over at 4×); at whole scales the same pixels as
    /// before.
    /// (Truncation goes toward zero: left of or above the window, the edge is a hair the
    /// other way.)
    @usableFromInline static func pixelEdge(_ v: Double) -> Double {
        v >= 0 ? ((v + 1.0 / 1024) * 256).rounded(.up) / 256 : ((v - 1.0 / 1024) * 256).rounded(.down) / 256
    }

    /// Shapes `s` as `text(_:at:font:color:scale:)` would at this list's pixels per point,
    /// drawing nothing: its glyphs are rasterised into the atlas now, not on the frame that
    /// first shows them (the HUD readies its digits so). Without a shaper, nothing to do.
    public func prepareText(_ s: String, font: BitmapFont, scale: Double = 1) {
        guard let shaper = font.shaper else { return }
        let ppp = textPixelsPerPoint
        _ = shaper.line(s, pixelSize: font.emSize * scale * ppp)
    }

    /// The pixels per point text is shaped at: 1 when the list's is not usable.
    private var textPixelsPerPoint: Double { pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1 }
}
