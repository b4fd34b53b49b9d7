@testable import Engine
@testable import Geometry
@testable import Scenes
import Songs
import TestSupport
import Testing

/// A chord card drawn at run time (no atlas card for its name): its name as large as fits.
@Suite struct ChordCardArtTests {
    let font = BitmapFont.placeholder

    /// A slash chord's bass goes on a second line where that draws the name larger: on a
    /// placed chord's 40-point card "D#m7(b9)/A#" on one line was too small to read.
    @Test func aLongSlashChordsBassGoesOnASecondLineWhereTheNameThenDrawsLarger() {
        let card = BoardScene.placedSize
        func lines(_ name: String) -> (first: Substring, second: Substring?, scale: Double) {
            ChordCardArt.nameLines(name, width: card.x - 6, room: card.y * 0.4, font: font)
        }
        let two = lines("D#m7(b9)/A#")
        #expect(two.first == "D#m7(b9)" && two.second == "/A#")
        let one = lines("D#m7(b9)A#X")
        #expect(one.second == nil && two.scale > one.scale * 8 / 7)
        // Both lines fit the card's width and, together, its room.
        for l in [two.first, two.second!] { #expect(font.width(of: String(l)) * two.scale <= card.x - 6 + 1e-9) }
        #expect(font.cellHeight * two.scale * 2 <= card.y * 0.4 + 1e-9)
        // A short name, one a second line would not draw larger, and a slash with nothing
        // before or after it stay on one line.
        for name in ["G/B", "Cmaj7#11", "/A", "A/", "/"] { #expect(lines(name).second == nil, "\(name)") }
    }
}

extension ChordCardArtTests {
    /// A shape up the neck is marked with its first fret's number wherever that can be read:
    /// on a placed chord (40 points wide) at 1 pixel per point it would be 5 pixels tall and
    /// is left out; at 3 it is 15 and drawn.
    @Test func aPlacedChordsFretNumberIsDrawnWhereItsPixelsCanBeRead() throws {
        let diagrams = ChordDiagrams(parsing: "voicing C#m x46654\nbarre C#m 4 1 5\n")
        let voicing = try #require(diagrams.voicing(for: "C#m"))
        #expect(voicing.baseFret > 1)
        func glyphs(at ppp: Double, in size: Vec2) -> Int {
            var list = DrawList()
            list.pixelsPerPoint = ppp
            ChordCardArt.drawDiagram(voicing, in: Rect(origin: .zero, size: size), color: .black, grid: .black, into: &list, font: testFont())
            return list.commands.filter { $0.texture == .font }.count
        }
        let placed = BoardScene.placedSize
        #expect(glyphs(at: 1, in: placed) == 0)
        #expect(glyphs(at: 3, in: placed) > 0)
        #expect(glyphs(at: 1, in: BoardScene.cardSize) > 0)
    }
}

/// The transpose buttons' ♭ and ♯, which the font draws about two thirds of a capital's
/// height, are drawn half as large again: a tour found them hard to make out beside "Undo".
@Suite struct TransposeButtonTests {
    @Test func theSignsAreDrawnHalfAsLargeAgainAsTheLetters() {
        let font = BitmapFont.placeholder
        var b = BoardBar.accidental("♯")
        b.rect = Rect(x: 0, y: 0, w: 44, h: 44)
        var list = DrawList()
        b.draw(into: &list, font: font)
        var plain = Button(rect: b.rect, label: "♯")
        plain.labelScale = 1
        var before = DrawList()
        plain.draw(into: &before, font: font)
        // The last quad drawn is the label's glyph.
        func height(_ l: DrawList) -> Float { l.vertices[l.vertices.count - 2].y - l.vertices[l.vertices.count - 4].y }
        #expect(abs(Double(height(list)) - font.cellHeight * 1.5) < 1e-3 && abs(Double(height(before)) - font.cellHeight) < 1e-3)
    }
}
