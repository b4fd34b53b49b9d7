import Engine
import Scenes
import Songs
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
            ("CMaj7", 0, "Maj7", nil), ("Cma7", 0, "ma7", nil), ("Cmi7", 0, "mi7", nil), ("C^7", 0, "^7", nil), ("CMA7", 0, "MA7", nil),
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
        doc.lines[0].chords = [.init(name: name, at: 2)]
        let (shell, _) = makeBoard(doc)
        runShell(shell, frames: 1)
        var list = DrawList()
        shell.draw(into: &list, alpha: 1)
        return list.commands.filter { $0.texture == Textures.chords }.reduce(0) { $0 + $1.indexCount } / 6
    }

    @Test func aChordTheAtlasHasNoCardForIsDrawnFromItsNameNotAsAnotherChordsCard() {
        // C is the atlas's: one more atlas card than the strip shows. H7 and C♯m7 are drawn
        // here (they were drawn as the atlas's first card, C), on the sheet and as the strip's
        // first card (the song's own chords lead it), which takes one atlas card's place.
        let withH7 = atlasCards(with: "H7")
        #expect(withH7 > 10)
        #expect(atlasCards(with: "C") == withH7 + 2)
        #expect(atlasCards(with: "C♯m7") == withH7)
    }
}

@Suite struct TransposeTests {
    @Test func aNameMovesByItsRootAndBassKeepingItsSuffixAndItsAccidentalSigns() throws {
        let cases: [(String, Int, Bool, String)] = [
            ("C", 2, false, "D"), ("C#m7", 1, false, "Dm7"), ("F#m7b5", -1, true, "Fm7b5"), ("G/B", 3, true, "Bb/D"),
            ("C♯m7", 2, false, "D♯m7"), ("B♭", 1, false, "B"), ("E♭maj7", 1, true, "Emaj7"), ("A7(b9)", 1, true, "Bb7(b9)"),
            ("C", -13, false, "B"), ("C", 24, false, "C"), ("Am", 0, false, "Am"),
            // German spelling stays German: H for B, B for B♭.
            ("H7", 1, false, "C7"), ("C7", -1, false, "B7"), ("H7", -1, true, "Bb7"), ("Hm", 2, false, "C#m"), ("E/H", 0, false, "E/H"),
            // A sign that starts the suffix is not taken for the new root's.
            ("F#b5", 1, true, "G(b5)"), ("C#9", -1, false, "C9"), ("Db#9", 1, false, "D(#9)"),
            // Any whole number of semitones.
            ("C", Int.max, false, "G"), ("C", Int.min, false, "E"),
        ]
        for (name, by, flats, want) in cases {
            #expect(try ChordName(name).transposed(by: by, flats: flats) == want, "\(name) by \(by)")
            #expect(ChordName.isValid(try ChordName(name).transposed(by: by, flats: flats)))
        }
    }

    @Test func aSongMovesInTheSpellingOfItsNewKey() throws {
        var doc = SheetDocument.empty
        doc.lines[0].chords = ["G", "D", "Em", "C"].enumerated().map { .init(name: $1, at: $0 * 7) }
        doc.lines[1].chords = [.init(name: "G/B", at: 0), .init(name: "Am7", at: 6)]
        // G up three is B♭: flats.
        let up = doc.transposed(by: 3)
        #expect(up.lines[0].chords.map(\.name) == ["Bb", "F", "Gm", "Eb"])
        #expect(up.lines[1].chords.map(\.name) == ["Bb/D", "Cm7"])
        // G up two is A: sharps.
        #expect(doc.transposed(by: 2).lines[0].chords.map(\.name) == ["A", "E", "F#m", "D"])
        // The key is the first chord as read (leftmost), not the first one dropped.
        var dropped = doc
        dropped.lines[0].chords = [.init(name: "G", at: 24), .init(name: "F", at: 0)]
        #expect(dropped.firstChord?.name == "F")
        #expect(dropped.transposed(by: 1).lines[0].chords.map(\.name) == ["G#", "F#"])
        // A name that would outgrow ChordName.maxLength stays as it is.
        var long = SheetDocument.empty
        let name = "Cm7(b5,b9,#11,b13)add9sus4(no5),"
        #expect(ChordName.isValid(name) && name.count == ChordName.maxLength)
        long.lines[0].chords = [.init(name: name, at: 0), .init(name: "F", at: 6)]
        #expect(long.transposed(by: 1).lines[0].chords.map(\.name) == [name, "F#"])
        // Up and back down is the song again; the rest of the sheet is untouched.
        #expect(doc.transposed(by: 2).transposed(by: -2) == doc)
        #expect(up.lines.map(\.text) == doc.lines.map(\.text) && up.lines[0].chords.map(\.at) == doc.lines[0].chords.map(\.at))
    }

    /// A song in German names keeps them: H7 down a semitone and up again is H7, not B7,
    /// even though no H was on the sheet in between; the sheet says so, and reads back so.
    @Test func aSongInGermanNamesKeepsHThroughTranspositions() throws {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "H7", at: 0), .init(name: "E", at: 8)]
        let down = doc.transposed(by: -1)
        #expect(down.lines[0].chords.map(\.name) == ["Bb7", "Eb"] && down.germanNames)
        let saved = down.serialized()
        #expect(saved.hasPrefix(#"{"version":2,"names":"german","#))
        let read = try SheetDocument.parse(saved)
        #expect(read.transposed(by: 1).lines[0].chords.map(\.name) == ["H7", "E"])
        // International names stay international: B7 down and up is B7.
        var intl = SheetDocument.empty
        intl.lines[0].chords = [.init(name: "B7", at: 0)]
        #expect(try SheetDocument.parse(intl.transposed(by: -1).serialized()).transposed(by: 1).lines[0].chords[0].name == "B7")
        #expect(throws: SheetError.self) { try SheetDocument.parse(#"{"version":2,"names":"dutch","lines":[]}"#) }
        // In German names a B with no sign is B♭: down a semitone it is A, up one H (it moved
        // as B natural, to B♭ and C, and stood for the same pitch as H: a hostile tour).
        var german = SheetDocument.empty
        german.lines[0].chords = [.init(name: "H7", at: 0), .init(name: "Hm", at: 2), .init(name: "B", at: 4), .init(name: "Bm/B", at: 6), .init(name: "C/B", at: 8)]
        #expect(german.transposed(by: -1).lines[0].chords.map(\.name) == ["Bb7", "Bbm", "A", "Am/A", "H/A"])
        #expect(german.transposed(by: 1).lines[0].chords.map(\.name) == ["C7", "Cm", "H", "Hm/H", "C#/H"])
        // Its first chord a B (B♭) read so for sharps or flats too: down one it is A major,
        // in sharps (it was spelt in flats, as from B natural: a review).
        var first = SheetDocument.empty
        first.lines[0].chords = [.init(name: "B", at: 0), .init(name: "Dm", at: 2), .init(name: "F", at: 4), .init(name: "H7", at: 6)]
        #expect(first.transposed(by: -1).lines[0].chords.map(\.name) == ["A", "C#m", "E", "A#7"])
        // A whole octave, or none, leaves every name as written (`song export --transpose 0`
        // spelt a song's B♭ as A♯: a hostile tour).
        #expect(german.transposed(by: 12) == german && german.transposed(by: 0) == german)
        var flat = SheetDocument.empty
        flat.lines[0].text = "{key: Em}"
        flat.lines[1].chords = [.init(name: "Em", at: 0), .init(name: "Bb7sus4", at: 2)]
        #expect(flat.transposed(by: 0) == flat && flat.transposed(by: -24) == flat)
    }
}

@Suite struct BoardTransposeTests {
    private func names(_ s: BoardScene) -> [String] { s.document.lines.flatMap(\.chords).map(\.name) }

    @Test func keysPadAndButtonsTransposeTheSongOneUndoStepAtATime() {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 0), .init(name: "D", at: 6)]
        doc.lines[2].chords = [.init(name: "Em", at: 0)]
        let (shell, s) = makeBoard(doc)
        runShell(shell, frames: 1)
        // Keyboard: + (the = key) up, - down. G up a semitone is A♭ major: flats.
        runShell(shell, frames: 2, events: [1: [.key(Key("="), down: true), .key(Key("="), down: false)]])
        #expect(names(s) == ["Ab", "Eb", "Fm"])
        runShell(shell, frames: 2, events: [1: [.key(Key("-"), down: true), .key(Key("-"), down: false)]])
        #expect(names(s) == ["G", "D", "Em"])
        #expect(s.history.undoCount == 2)
        // A pad's right trigger, twice: up to A, in sharps.
        runShell(shell, frames: 3, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 0.9)],
                                            2: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 1)],
                                            3: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0)]])
        runShell(shell, frames: 1, events: [1: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0.8)]])
        #expect(names(s) == ["A", "E", "F#m"])
        // The ♭ button, with a finger: down a semitone into A♭, which is written in flats.
        let c = s.transposeButtons.down.rect.center
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: .touch, at: c)], 2: [.pointerUp(pointer: 1, device: .touch, at: c)]])
        #expect(names(s) == ["Ab", "Eb", "Fm"])
        // Each was one step: undo walks back through them.
        runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: .x, down: true)], 2: [.gamepadButton(pad: 0, button: .x, down: false)]])
        #expect(names(s) == ["A", "E", "F#m"])
        #expect(s.transposeButtons.down.rect.height >= 44 || s.transposeButtons.down.rect.touchArea.height >= 44)
    }
}
