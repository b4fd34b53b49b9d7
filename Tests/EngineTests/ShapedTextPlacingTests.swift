import Engine
import Geometry
import Testing

/// A shaper for the core's tests: every character a glyph 0.5 em wide, except "W" (1 em)
/// and combining marks (none); each glyph's image the em square's lower half.
private final class HalfEmShaper: TextShaper, @unchecked Sendable {
    let ascent = 0.75, descent = 0.25
    var lineCalls = 0

    func advance(of text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + width($1) }
    }

    private func width(_ c: Unicode.Scalar) -> Double {
        c == "W" ? 1 : BitmapFont.advances(c) ? 0.5 : 0
    }

    func line(_ text: String, pixelSize: Double) -> ShapedLine {
        lineCalls += 1
        var pen = 0.0, glyphs: [PlacedGlyph] = []
        for c in text.unicodeScalars {
            let w = width(c) * pixelSize
            glyphs.append(PlacedGlyph(rect: Rect(x: pen.rounded(), y: -(pixelSize / 2).rounded(), w: max(1, w.rounded()), h: (pixelSize / 2).rounded()),
                                      texture: TextureID(raw: 9), u0: 0, v0: 0, u1: 1, v1: 1))
            pen += w
        }
        return ShapedLine(glyphs: glyphs, advance: pen)
    }
}

@Suite struct ShapedTextPlacingTests {
    private func font(_ shaper: HalfEmShaper) -> BitmapFont {
        var f = BitmapFont.placeholder
        f.shaper = shaper
        f.emSize = 10
        return f
    }

    @Test func widthsComeFromTheShaperNotFromCells() {
        let f = font(HalfEmShaper())
        #expect(f.width(of: "ab") == 10)
        #expect(f.width(of: "WW") == 20)
        #expect(f.width(of: "WW", scale: 2) == 40)
        // A combining mark adds nothing.
        #expect(f.width(of: "e\u{301}") == 5)
    }

    @Test func fittingCutsWholeCharactersByShapedWidth() {
        let f = font(HalfEmShaper())
        #expect(f.fitted("abc", width: 15) == "abc")
        // "ab…" is 15 wide, "abc…" 20: the widest prefix that fits with the ellipsis.
        #expect(f.fitted("abcdef", width: 17) == "ab…")
        // Wide letters count as wide.
        #expect(f.fitted("WWWWW", width: 25) == "WW…")
        // An accent stays with its letter.
        #expect(f.fitted("e\u{301}e\u{301}e\u{301}e\u{301}", width: 16) == "e\u{301}e\u{301}…")
    }

    @Test func glyphsAreDrawnAtTheListsPixelsOnWholePixelsAndClippedAway() {
        let shaper = HalfEmShaper()
        let f = font(shaper)
        var list = DrawList()
        list.pixelsPerPoint = 2
        let advance = list.text("abWc", at: Vec2(10.3, 0), font: f)
        #expect(advance == 25)
        // Four glyphs, four quads, from the shaper's page.
        #expect(list.vertices.count == 16)
        #expect(list.commands.allSatisfy { $0.texture == TextureID(raw: 9) })
        // The line starts on a whole pixel (10.3 pt = 20.6 px, so 21 px): each edge a hair
        // past its pixel, so that the renderer's multiply-and-truncate lands on it
        // (`DrawList.pixelEdge`).
        let xs = list.vertices.map { Double($0.x) * 2 }
        #expect(xs.allSatisfy { $0 - $0.rounded(.down) < 0.03 })
        #expect(xs.min().map { $0.rounded(.down) } == 21)
        // In a clip that holds the first glyph only, the rest are left out.
        var clipped = DrawList()
        clipped.pushClip(Rect(x: 0, y: 0, w: 14, h: 100))
        clipped.text(String(repeating: "a", count: 10_000), at: Vec2(0, 0), font: f)
        clipped.popClip()
        #expect(clipped.vertices.count <= 3 * 4)
    }

    @Test func aGlyphTheAtlasHadNoRoomForIsAnOutlinedBox() {
        final class NoRoom: TextShaper, @unchecked Sendable {
            let ascent = 0.8, descent = 0.2
            func advance(of text: String) -> Double { 0.5 }
            func line(_ text: String, pixelSize: Double) -> ShapedLine {
                ShapedLine(glyphs: [PlacedGlyph(rect: Rect(x: 0, y: -8, w: 6, h: 8), texture: .none, u0: 0, v0: 0, u1: 0, v1: 0)], advance: 6)
            }
        }
        var f = BitmapFont.placeholder
        f.shaper = NoRoom()
        var list = DrawList()
        list.text("x", at: Vec2(0, 0), font: f)
        // Drawn, untextured: a stroke of four sides.
        #expect(list.vertices.count >= 8)
        #expect(list.commands.allSatisfy { $0.texture == .none })
    }
}
