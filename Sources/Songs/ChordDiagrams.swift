import Engine
import Synchronization

/// Guitar voicings by chord name, read from `Resources/chords.txt` (`voicing NAME FRETS`,
/// six strings from the low E, a fret number, 0 open or x muted; `barre NAME FRET FROM TO`):
/// the run-time cards draw a chord's diagram from it where a voicing is known, and from a
/// shape found for it (`ChordVoicer`) where the file has none.
public struct ChordDiagrams: Sendable, Equatable {
    public struct Voicing: Sendable, Equatable {
        /// Per string from the low E: the fret (0 open), or nil muted.
        public var frets: [Int?]
        /// A barre: its fret and the strings it covers (0 the low E).
        public var barre: (fret: Int, from: Int, to: Int)?
        /// The fret the diagram's top row is: 1 (the nut drawn), or for a shape reaching past
        /// the fourth fret its lowest fretted one (worked out once, when the file is read).
        public internal(set) var baseFret = 1

        static func baseFret(frets: [Int?], barre: (fret: Int, from: Int, to: Int)?) -> Int {
            let fretted = frets.compactMap { $0 }.filter { $0 > 0 } + (barre.map { [$0.fret] } ?? [])
            return (fretted.max() ?? 0) > 4 ? (fretted.min() ?? 1) : 1
        }
        public static func == (a: Voicing, b: Voicing) -> Bool {
            a.frets == b.frets && a.barre?.fret == b.barre?.fret && a.barre?.from == b.barre?.from && a.barre?.to == b.barre?.to
        }
    }

    public private(set) var voicings: [String: Voicing] = [:]
    /// Shapes found for names the file does not list, each found once (cards are drawn
    /// every frame).
    private let found = Found()
    /// Whether names the file does not list get a shape found for them: for diagrams read
    /// from a file; `init()`'s empty table draws none.
    public private(set) var findsShapes = false

    private final class Found: Sendable {
        let byName = Mutex<[String: Voicing?]>([:])
    }

    public static func == (a: ChordDiagrams, b: ChordDiagrams) -> Bool { a.voicings == b.voicings && a.findsShapes == b.findsShapes }
    /// The most found shapes kept.
    static let maxFound = 4_096

    public init() {}

    /// The file's voicings and barres; lines it does not know and malformed ones are left
    /// out (the file is ours, and the cards just go without a diagram).
    public init(parsing text: String) {
        findsShapes = true
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let f = line.split(separator: " ")
            if f.count == 3, f[0] == "voicing", f[2].count == 6 {
                let frets = f[2].map { $0 == "x" ? nil : $0.wholeNumberValue }
                guard f[2].allSatisfy({ $0 == "x" || $0.isWholeNumber }) else { continue }
                voicings[Self.key(String(f[1]))] = Voicing(frets: frets, barre: voicings[Self.key(String(f[1]))]?.barre)
            } else if f.count == 5, f[0] == "barre", let fret = Int(f[2]), let from = Int(f[3]), let to = Int(f[4]),
                      (1...24).contains(fret), (0...5).contains(from), (from...5).contains(to) {
                voicings[Self.key(String(f[1])), default: Voicing(frets: [], barre: nil)].barre = (fret, from, to)
            }
        }
        voicings = voicings.filter { $0.value.frets.count == 6 }
        for (name, v) in voicings { voicings[name]?.baseFret = Voicing.baseFret(frets: v.frets, barre: v.barre) }
    }

    /// The voicing for `name` as written: ♯ and ♭ read as # and b, and H as B; a sharp or
    /// flat root not in the file is looked up by its other spelling (G♯m as A♭m, D♭ as C♯:
    /// the same notes, the same shape); a name the file has in neither spelling gets the
    /// easiest shape that plays it (`ChordVoicer`), where its suffix is one known there and
    /// the diagrams were read from a file (`findsShapes`).
    public func voicing(for name: String) -> Voicing? {
        if let v = voicings[name] { return v }
        let key = name.first == "H" || name.unicodeScalars.contains(where: { $0 == "♯" || $0 == "♭" }) ? Self.key(name) : name
        if key != name, let v = voicings[key] { return v }
        if let v = Self.otherSpelling(of: key).flatMap({ voicings[$0] }) { return v }
        guard findsShapes, name.count <= ChordName.maxLength else { return nil }
        if let known = found.byName.withLock({ $0[name] }) { return known }
        let v = (try? ChordName(name)).flatMap { ChordVoicer.voicing(root: $0.semitone, suffix: $0.suffix, bass: $0.bassSemitone) }
        found.byName.withLock { names in
            // Bounded, whatever names a sheet holds: past the limit it starts again.
            if names.count >= Self.maxFound { names.removeAll() }
            names[name] = v
        }
        return v
    }

    /// `name` (in # and b) with its root spelt the other way (C# and Db, D# and Eb, F# and
    /// Gb, G# and Ab, A# and Bb; Cb as B, Fb as E, E# as F, B# as C), or nil for a root of
    /// one spelling.
    static func otherSpelling(of name: String) -> String? {
        guard name.count >= 2, let other = otherRoots[String(name.prefix(2))] else { return nil }
        return other + name.dropFirst(2)
    }

    private static let otherRoots = ["C#": "Db", "Db": "C#", "D#": "Eb", "Eb": "D#", "F#": "Gb", "Gb": "F#", "G#": "Ab", "Ab": "G#",
                                     "A#": "Bb", "Bb": "A#", "Cb": "B", "Fb": "E", "E#": "F", "B#": "C"]

    static func key(_ name: String) -> String {
        var s = String(name.map { $0 == "♯" ? "#" : $0 == "♭" ? "b" : $0 })
        if s.first == "H" { s = "B" + s.dropFirst() }
        return s
    }
}
