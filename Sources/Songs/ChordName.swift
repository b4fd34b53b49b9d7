import Engine

/// A chord's name as musicians write it over lyrics, read by a small grammar:
///
///     name  = note suffix ["/" note]
///     note  = root [accidental]          root: A…G, or H (German and Russian for B)
///     accidental = "#" | "♯" | "b" | "♭"
///     suffix = { quality | number | alteration | "(" | ")" | "," }
///     quality = "maj" | "Maj" | "MAJ" | "min" | "dim" | "aug" | "sus" | "add" | "alt" | "no"
///               | "omit" | "ma" | "mi" | "MA" | "MI" | "m" | "M" | "Δ" | "^" | "°" | "ø" | "+" | "-"
///     number = "2" | "4" | "5" | "6" | "7" | "9" | "11" | "13" | "69" | "6/9"
///     alteration = accidental number      (b5, #9, ♭13)
///
/// so C, C#m7, C♯m7, B♭maj7, H7, F#m7b5, Dsus4, Cadd9, A7(b9), E7#9, C6/9 and G/B all read
/// (a "b" right after the root is its flat: Bb is B♭, Cb5 is C♭5);
/// a name it cannot read is refused with where and why (`Error`). The name is kept as
/// written (drawn as written, ♯ or #); `semitone` and `bassSemitone` are what it means.
public struct ChordName: Sendable, Equatable, CustomStringConvertible {
    /// The name as written.
    public let text: String
    /// The root's pitch class, 0 = C … 11 = B (H is B).
    public let semitone: Int
    /// Everything between the root and the bass, as written ("m7b5").
    public let suffix: String
    /// The bass note's pitch class after a slash, if any.
    public let bassSemitone: Int?

    /// The longest name read, in characters (a sheet's chord names are short; a pasted
    /// paragraph is not one).
    public static let maxLength = 32

    /// Whether `text` is the mark for no chord, as chord sheets write it where the band
    /// stops: N.C. (also N.C, NC, any case). Not a chord name (`init` refuses it), but a
    /// sheet and a ChordPro song take it where a chord stands, and leave it as it is when
    /// the song is transposed.
    public static func isNoChord(_ text: String) -> Bool {
        ["N.C.", "N.C", "NC"].contains(text.uppercased())
    }

    /// Why a name was refused: the character offset (0-based) and what is wrong there.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Where in the name, in characters from 0.
        public let offset: Int
        /// What is wrong there.
        public let reason: String
        /// "at N: reason".
        public var description: String { "at \(offset): \(reason)" }
    }

    /// `text` read as a chord name, or an error saying where and why it is not one.
    public init(_ text: String) throws(Error) {
        self.text = text
        let chars = Array(text)
        guard !chars.isEmpty else { throw Error(offset: 0, reason: "a chord name is empty") }
        guard chars.count <= Self.maxLength else {
            throw Error(offset: Self.maxLength, reason: "longer than \(Self.maxLength) characters (ChordName.maxLength)")
        }
        var i = 0
        semitone = try Self.note(chars, &i, what: "a chord name starts with its root, A to G (or H)")
        let suffixStart = i
        var suffixEnd = chars.count
        var bass: Int?
        while i < chars.count {
            let c = chars[i]
            if c == "/" {
                // "6/9" is a suffix; any other slash starts the bass.
                if i > suffixStart, chars[i - 1] == "6", i + 1 < chars.count, chars[i + 1] == "9" { i += 2; continue }
                suffixEnd = i
                i += 1
                guard i < chars.count else { throw Error(offset: i, reason: "a slash needs a bass note after it, A to G (or H)") }
                bass = try Self.note(chars, &i, what: "after the slash comes the bass note, A to G (or H)")
                guard i == chars.count else { throw Error(offset: i, reason: "'\(echo(String(chars[i])))' after the bass note; it ends the name") }
                break
            }
            if let n = Self.word(in: chars, at: i) { i += n; continue }
            if Self.isAccidental(c), let n = Self.number(in: chars, at: i + 1) { i += 1 + n; continue }
            if let n = Self.number(in: chars, at: i) { i += n; continue }
            if c == "(" || c == ")" || c == "," { i += 1; continue }
            throw Error(offset: i, reason: "'\(echo(String(c)))' is not part of a chord name (a quality such as m, maj, dim, sus, add; a number 2–13; # or b before one; or / and a bass)")
        }
        suffix = String(chars[suffixStart..<suffixEnd])
        bassSemitone = bass
    }

    /// The name moved by `semitones` (any whole number), root and bass, the suffix as written:
    /// spelt with flats when `flats`, else with sharps, in the accidental the name used (♯ ♭
    /// or # b; # b for a name with none). A name written with H keeps H for B (and writes B♭
    /// as Bb, which reads back as B♭ here). A suffix that starts with a sign is put in
    /// parentheses when the new root has none (F#b5 up is G(b5), not Gb5). `german` says
    /// whether B is written H whatever this name wrote (a song in German names, whose H7 went
    /// to C7 and comes back as H7), and a B with no sign read as B♭; nil: as this name writes it.
    public func transposed(by semitones: Int, flats: Bool, german: Bool? = nil) -> String {
        let unicode = text.contains("♯") || text.contains("♭")
        let german = german ?? (text.first == "H" || text.contains("/H"))
        let shift = semitones % 12
        func spell(_ pitch: Int) -> String {
            let p = ((pitch + shift) % 12 + 12) % 12
            if german && p == 11 { return "H" }
            let sharp = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
            let flat = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]
            let name = (flats ? flat : sharp)[p]
            guard unicode, name.count == 2 else { return name }
            return String(name.first!) + (flats ? "♭" : "♯")
        }
        let root = spell(self.root(german: german))
        let signed = suffix.first.map(Self.isAccidental) ?? false
        let body = signed && root.count == 1 ? "(" + suffix + ")" : suffix
        let bassText = text.lastIndex(of: "/").map { text[text.index(after: $0)...] }
        return root + body + (bassSemitone.map { "/" + spell(german && bassText.map(Self.isBareB) == true ? 10 : $0) } ?? "")
    }

    /// The root's pitch class as a song in `german` names means it: there a B with no sign is
    /// B♭ (B natural is H), so a German song's "B7" moves as B♭7 (it moved as B natural, and
    /// the same name stood for two pitches: a tour).
    public func root(german: Bool) -> Int { german && Self.isBareB(text[...]) ? 10 : semitone }

    /// Whether `note` begins with a B that no sign follows.
    private static func isBareB(_ note: Substring) -> Bool { note.first == "B" && !(note.dropFirst().first.map(isAccidental) ?? false) }

    /// Whether a song whose first chord is this one, moved by `semitones`, reads better in
    /// flats: that root is the tonic of a key written with flats (F, B♭, E♭, A♭, D♭ major;
    /// D, G, C, F, B♭ minor). `german`: the root as a song in German names reads it.
    public func prefersFlats(transposedBy semitones: Int = 0, german: Bool = false) -> Bool {
        let minor = suffix.hasPrefix("m") && !suffix.hasPrefix("maj")
        return (minor ? [2, 7, 0, 5, 10] : [5, 10, 3, 8, 1]).contains(((root(german: german) + semitones % 12) % 12 + 12) % 12)
    }

    /// Whether `text` reads as a chord name.
    public static func isValid(_ text: String) -> Bool { (try? ChordName(text)) != nil }

    public var description: String { text }

    private static let naturals: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11, "H": 11]
    private static let words = ["maj", "Maj", "MAJ", "min", "dim", "aug", "sus", "add", "alt", "omit", "no", "ma", "mi", "MA", "MI",
                                 "m", "M", "Δ", "^", "°", "ø", "+", "-"]
    private static let numbers: Set<String> = ["2", "4", "5", "6", "7", "9", "11", "13", "69"]

    private static func isAccidental(_ c: Character) -> Bool { c == "#" || c == "♯" || c == "b" || c == "♭" }

    /// A root and its accidental at `i`, as a pitch class; `i` moves past it.
    private static func note(_ chars: [Character], _ i: inout Int, what: String) throws(Error) -> Int {
        guard i < chars.count, let natural = naturals[chars[i]] else {
            throw Error(offset: i, reason: i < chars.count ? "'\(echo(String(chars[i])))': \(what)" : what)
        }
        i += 1
        var pitch = natural
        if i < chars.count {
            switch chars[i] {
            case "#", "♯": pitch += 1; i += 1
            // "b" after the root is a flat; "Bb" is B flat, and so is "Hb" read as B.
            case "b", "♭": pitch += 11; i += 1
            default: break
            }
        }
        return pitch % 12
    }

    /// The length of a quality word at `i`, if one starts there.
    private static func word(in chars: [Character], at i: Int) -> Int? {
        for w in words {
            let n = w.count
            if i + n <= chars.count, String(chars[i..<(i + n)]) == w { return n }
        }
        return nil
    }

    /// The length of a chord number at `i` — the whole run of digits there, if it is one of
    /// `numbers` ("69" is 6/9 as some write it).
    private static func number(in chars: [Character], at i: Int) -> Int? {
        var j = i
        while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
        return j > i && numbers.contains(String(chars[i..<j])) ? j - i : nil
    }
}
