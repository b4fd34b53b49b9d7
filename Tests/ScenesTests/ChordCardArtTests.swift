@testable import Engine
@testable import Geometry
@testable import Scenes
import Testing

/// A chord card drawn at run time (no atlas card for its name): its name as large as fits.
@Suite struct ChordCardArtTests {
    let font = BitmapFont.placeholder

    /// A slash chord's bass goes on a second line where that draws the name larger: on a
    /// placed chord's 40-point card "D#m7(b9)/A#" on one line was too small to read.
    @Test func aLongSlashChordsBassGoesOnASecondLineWhereTheNameThenDrawsLarger() {
        let card = BoardScene.placedSize
        let lines = ChordCardArt.nameLines("D#m7(b9)/A#", width: card.x - 6, room: card.y * 0.4, font: font)
        #expect(lines.map(\.text) == ["D#m7(b9)", "/A#"])
        let one = ChordCardArt.nameLines("D#m7(b9)A#X", width: card.x - 6, room: card.y * 0.4, font: font)
        #expect(one.count == 1 && lines[0].scale > one[0].scale * 8 / 7)
        // Both lines fit the card's width and, together, its room.
        for l in lines { #expect(font.width(of: l.text) * l.scale <= card.x - 6 + 1e-9) }
        #expect(font.cellHeight * lines[0].scale * 2 <= card.y * 0.4 + 1e-9)
        // A short name, or one a second line would not draw larger, stays on one line.
        #expect(ChordCardArt.nameLines("G/B", width: card.x - 6, room: card.y * 0.4, font: font).count == 1)
        #expect(ChordCardArt.nameLines("Cmaj7#11", width: card.x - 6, room: card.y * 0.4, font: font).count == 1)
        #expect(ChordCardArt.nameLines("/A", width: card.x - 6, room: card.y * 0.4, font: font).count == 1)
    }
}
