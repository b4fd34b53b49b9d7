import Engine
import Scenes
import TestSupport
import Testing

@Suite struct ChordNameTests {
    @Test func namesAsMusiciansWriteThemReadWithTheirRootAndBass() throws {
        let cases: [(String, Int, String, Int?)] = [
            ("C", 0, "", nil), ("C#m7", 1, "m7", nil), ("C♯m7", 1, "m7", nil), ("Db", 1, "", nil), ("D♭maj7", 1, "maj7", nil),
            ("H7", 11, "7", nil), ("B7", 11, "7", nil), ("Bb", 10, "", nil), ("B♭", 10, "", nil), ("F#m7b5", 6, "m7b5", nil),
            ("Dsus4", 2, "sus4", nil), ("Cadd9", 0, "add9", nil), ("A7(b9)", 9, "7(b9)", nil), ("E7#9", 4, "7#9", nil),
            ("C6/9", 0, "6/9", nil), ("G/B", 7, "", 11), ("Am/G", 9, "m", 7), ("D/F#", 2, "", 6), ("Cdim7", 0, "dim7", nil),
            ("Caug", 0, "aug", nil), ("C+", 0, "+", nil), ("Cm(maj7)", 0, "m(maj7)", nil), ("G13", 7, "13", nil), ("Bø7", 11, "ø7", nil),
            ("E♭/H", 3, "", 11), ("Cmaj9#11", 0, "maj9#11", nil), ("C69", 0, "69", nil),
        ]
        for (text, root, suffix, bass) in cases {
            let c = try ChordName(text)
            #expect(c.semitone == root && c.suffix == suffix && c.bassSemitone == bass, "\(text): \(c.semitone) \(c.suffix) \(String(describing: c.bassSemitone))")
            #expect(c.text == text && c.description == text)
        }
    }

    @Test func aNameItCannotReadIsRefusedWithWhereAndWhy() {
        let cases: [(String, Int, String)] = [
            ("", 0, "empty"), ("X7", 0, "root"), ("am", 0, "root"), ("C#q", 2, "'q' is not part"), ("C/", 2, "bass note after it"),
            ("C/X", 2, "bass note"), ("G/Bm", 3, "ends the name"), ("C7 ", 2, "' ' is not part"), ("C8", 1, "not part"),
            ("C123", 1, "not part"), (String(repeating: "C", count: 40), 32, "ChordName.maxLength"), ("\u{1B}[2J", 0, "\\u{1B}"),
        ]
        for (text, offset, words) in cases {
            do {
                _ = try ChordName(text)
                Issue.record("\(text.debugDescription) was read")
            } catch {
                #expect(error.offset == offset && error.description.contains(words), "\(text.debugDescription): \(error.description)")
            }
            #expect(!ChordName.isValid(text))
        }
    }
}

@Suite struct ChordCardTests {
    /// The chord cards drawn from the atlas in a frame of the board holding `name` on its
    /// first line (and the strip's, as many as show).
    private func atlasCards(with name: String) -> Int {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: name, x: 20)]
        let (shell, _) = makeBoard(doc)
        runShell(shell, frames: 1)
        var list = DrawList()
        shell.draw(into: &list, alpha: 1)
        return list.commands.filter { $0.texture == Textures.chords }.reduce(0) { $0 + $1.indexCount } / 6
    }

    @Test func aChordTheAtlasHasNoCardForIsDrawnFromItsNameNotAsAnotherChordsCard() {
        // C is the atlas's: one more atlas card than the strip shows. H7 and C♯m7 are drawn
        // here (they were drawn as the atlas's first card, C).
        let withH7 = atlasCards(with: "H7")
        #expect(withH7 > 10)
        #expect(atlasCards(with: "C") == withH7 + 1)
        #expect(atlasCards(with: "C♯m7") == withH7)
    }
}
