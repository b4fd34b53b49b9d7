@testable import Songs
import Testing

/// Shapes found for chords the voicings file does not list: playable, and the chord.
@Suite struct ChordVoicerTests {
    static let roots = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    static let suffixes = ["", "m", "7", "m7", "maj7", "dim", "dim7", "m7b5", "aug", "sus2", "sus4", "7sus4", "add9", "madd9",
                           "6", "m6", "9", "m9", "maj9", "mmaj7", "7b9", "7#9", "69"]

    /// The pitch classes a shape sounds, its lowest first.
    static func notes(_ v: ChordDiagrams.Voicing) -> [Int] {
        zip(ChordVoicer.openStrings, v.frets).compactMap { open, f in f.map { (open + $0) % 12 } }
    }

    @Test(arguments: suffixes)
    func everyRootGetsAShapeThatPlaysTheChordAndAHandCanHold(_ suffix: String) throws {
        let (needed, optional) = try #require(ChordVoicer.tones(suffix: suffix))
        for (root, name) in Self.roots.enumerated() {
            let v = try #require(ChordVoicer.voicing(root: root, suffix: suffix), "\(name)\(suffix)")
            let notes = Self.notes(v)
            let tones = Set((needed + optional).map { (root + $0) % 12 })
            #expect(notes.first == root, "\(name)\(suffix) \(v.frets): the bass is not the root")
            #expect(notes.allSatisfy(tones.contains), "\(name)\(suffix) \(v.frets): a note outside the chord")
            #expect(Set(needed.map { (root + $0) % 12 }).isSubset(of: Set(notes)), "\(name)\(suffix) \(v.frets): a tone missing")
            #expect(notes.count >= 4, "\(name)\(suffix) \(v.frets): \(notes.count) strings")
            // Muted strings only below the lowest sounding one, and the high E.
            let first = try #require(v.frets.firstIndex { $0 != nil })
            let last = try #require(v.frets.lastIndex { $0 != nil })
            #expect(v.frets[first...last].allSatisfy { $0 != nil } && last >= 4, "\(name)\(suffix) \(v.frets)")
            // Four frets at most, four fingers at most (a barre is one).
            let fretted = v.frets.compactMap { $0 }.filter { $0 > 0 }
            #expect((fretted.max() ?? 0) - (fretted.min() ?? 0) <= 3, "\(name)\(suffix) \(v.frets)")
            let fingers = v.barre.map { b in 1 + fretted.filter { $0 > b.fret }.count } ?? fretted.count
            #expect(fingers <= 4, "\(name)\(suffix) \(v.frets) \(String(describing: v.barre))")
            if let b = v.barre {
                #expect((b.from...b.to).allSatisfy { (v.frets[$0] ?? 0) >= b.fret }, "\(name)\(suffix): a barre over an open string")
                // Nothing fretted below the barre.
                #expect((first..<b.from).allSatisfy { v.frets[$0] == 0 }, "\(name)\(suffix) \(v.frets): a barre above a fretted bass")
            }
        }
    }

    /// Where a guitarist's first shape is known, the one found is it.
    @Test(arguments: [("C", "", "x32010"), ("A", "m", "x02210"), ("E", "", "022100"), ("D", "", "xx0232"),
                      ("G", "", "320003"), ("E", "m", "022000"), ("A", "7", "x02020"), ("D", "sus4", "xx0233"),
                      ("C", "add9", "x32030")])
    func theFirstShapeAGuitaristLearnsIsFound(_ root: String, _ suffix: String, _ shape: String) throws {
        let r = try ChordName(root).semitone
        let v = try #require(ChordVoicer.voicing(root: r, suffix: suffix))
        #expect(String(v.frets.map { $0.map(String.init) ?? "x" }.joined()) == shape, "\(root)\(suffix)")
    }

    /// Shapes a review found out of a hand's reach are not the ones found.
    @Test(arguments: [("B", "add9", "744447"), ("Ab", "add9", "411114"), ("G#", "dim", "420404"), ("Ab", "maj9", "41101x")])
    func aShapeOutOfReachIsNotFound(_ root: String, _ suffix: String, _ shape: String) throws {
        let v = try #require(ChordVoicer.voicing(root: try ChordName(root).semitone, suffix: suffix))
        #expect(String(v.frets.map { $0.map(String.init) ?? "x" }.joined()) != shape, "\(root)\(suffix)")
    }

    /// Slash chords over a chord tone, transposed (C9/G up a tone is D9/A), keep a shape: a
    /// review found 32 that had none once a barre had to start on the bass string.
    /// (F♯9/C♯, A♭9/E♭ and F♯add9/C♯ find none: five tones over a bass in four frets want a
    /// muted string between sounding ones, which no shape here has; their cards show the name.)
    @Test(arguments: ["D9/A", "G9/D", "F9/C", "Dmaj9/A", "Gmaj9/D", "Fmaj9/C", "Cm9/Eb", "Gm9/Bb",
                      "F69/C", "G69/D", "D7b9/A", "A7#9/E", "C9/G", "Dm7/Bb"])
    func aSlashChordOverAChordToneHasAShape(_ text: String) throws {
        let name = try ChordName(text)
        let v = try #require(ChordVoicer.voicing(root: name.semitone, suffix: name.suffix, bass: name.bassSemitone), "\(text)")
        #expect(Self.notes(v).first == name.bassSemitone, "\(text) \(v.frets)")
    }

    @Test func aSlashChordHasItsBassNoteLowest() throws {
        let name = try ChordName("D/F#")
        let v = try #require(ChordVoicer.voicing(root: name.semitone, suffix: name.suffix, bass: name.bassSemitone))
        #expect(Self.notes(v).first == 6, "\(v.frets)")
        #expect(Set(Self.notes(v)).isSubset(of: [2, 6, 9]))
    }

    @Test func aSuffixNotKnownGetsNoShape() {
        #expect(ChordVoicer.tones(suffix: "7b9#11b13alt") == nil)
        #expect(ChordVoicer.voicing(root: 0, suffix: "13#11") == nil)
        #expect(ChordVoicer.voicing(root: 0, suffix: "5") == nil)
    }

    /// The board's cards: a name the file lacks in either spelling gets a diagram, read from
    /// a file; the empty table of a run with no resources draws none.
    @Test func diagramsReadFromAFileFindShapesForWhatTheyLack() throws {
        let file = ChordDiagrams(parsing: "voicing C x32010\n")
        #expect(file.voicing(for: "C")?.frets == [nil, 3, 2, 0, 1, 0])
        // Cadd9 transposed up a tone (a tour's had no diagram): D, E, F♯ and A, D lowest.
        let dadd9 = try #require(file.voicing(for: "Dadd9"))
        #expect(Self.notes(dadd9).first == 2 && Set(Self.notes(dadd9)) == [2, 4, 6, 9], "\(dadd9.frets)")
        #expect(file.voicing(for: "F♯maj7") != nil && file.voicing(for: "C♯dim") != nil)
        #expect(file.voicing(for: "Xyz") == nil && file.voicing(for: "C13#11") == nil)
        #expect(ChordDiagrams().voicing(for: "Dadd9") == nil)
    }
}
