import Engine

/// The songwriter's sheet the board edits: lyric lines, each with chords placed on its
/// characters. Saved as JSON after every change:
///
/// `{"version":2,"lines":[{"text":"Amazing grace…","chords":[{"name":"G","at":3}]}]}`
///
/// `at` is the character (grapheme cluster) of the line the chord stands on, counted from 0,
/// as ChordPro's `[G]` stands before a letter: typing before it moves it with its syllable.
/// An `at` past the text's end stands that many spaces after it. Version 1 sheets kept a
/// chord's left edge in points (`"x"`); they are read with `legacyX` set, and the board puts
/// each such chord on the character it was drawn over. Fields this build does not know, at
/// the top, in a line or in a chord, are kept as `.sourced` values and saved byte for byte as
/// they were read.
public struct SheetDocument: Equatable, Sendable {
    public struct Placed: Equatable, Sendable {
        public var name: String
        /// The character it stands on (0 … `maxChordAt`).
        public var at: Int
        /// A version 1 sheet's `x` (points from the line's left edge), until the board has
        /// turned it into `at`.
        public var legacyX: Double?
        /// Fields this build does not know, kept as they were so a save loses nothing (read
        /// as `.sourced` values, written back as the text they were read from).
        public var extra: [(String, JSONValue)] = []
        public init(name: String, at: Int) { self.name = name; self.at = at }
        public static func == (a: Placed, b: Placed) -> Bool {
            a.name == b.name && a.at == b.at && a.legacyX == b.legacyX && JSONValue.object(a.extra) == JSONValue.object(b.extra)
        }
    }

    public struct Line: Equatable, Sendable {
        public var text: String
        public var chords: [Placed]
        public var extra: [(String, JSONValue)] = []
        public init(text: String, chords: [Placed] = []) { self.text = text; self.chords = chords }
        public static func == (a: Line, b: Line) -> Bool {
            a.text == b.text && a.chords == b.chords && JSONValue.object(a.extra) == JSONValue.object(b.extra)
        }
    }

    public var lines: [Line]
    /// The version the sheet was read as (1 or 2); it is always saved as `currentVersion`.
    public var readVersion = SheetDocument.currentVersion
    /// The version this build writes.
    public static let currentVersion = 2
    /// Whether the song writes B as H (German and Russian names): set when it is read with an
    /// H chord or `"names":"german"`, kept through transpositions that leave no H on the
    /// sheet, and saved as `"names":"german"`.
    public var germanNames = false
    /// Top-level fields this build does not know (a newer version's, or a user's own).
    public var extra: [(String, JSONValue)] = []

    public init(lines: [Line]) { self.lines = lines }

    public static func == (a: SheetDocument, b: SheetDocument) -> Bool {
        a.lines == b.lines && a.usesGermanNames == b.usesGermanNames && JSONValue.object(a.extra) == JSONValue.object(b.extra)
    }

    /// Whether B is written H: the flag, or an H chord on the sheet.
    public var usesGermanNames: Bool {
        germanNames || lines.contains { $0.chords.contains { $0.name.first == "H" || $0.name.contains("/H") } }
    }

    /// Whether any chord still has only a version 1 `x`.
    public var hasLegacyChords: Bool { lines.contains { $0.chords.contains { $0.legacyX != nil } } }

    /// The song's first chord, as read: the leftmost on the first line that has chords (a
    /// line keeps its chords in the order they were dropped). A no-chord mark (N.C.) is not
    /// one.
    public var firstChord: Placed? {
        for line in lines {
            if let c = line.chords.filter({ !ChordName.isNoChord($0.name) }).min(by: { $0.at < $1.at }) { return c }
        }
        return nil
    }

    /// The sheet moved by `semitones`: every chord's name transposed (`ChordName.transposed`),
    /// and the key a ChordPro `{key: …}` line names, in flats or sharps by the key the song
    /// is then in (that key's, else its first chord's `prefersFlats`); names that do not read
    /// as chords are kept as they are, and so are those whose moved name would not read back
    /// (longer than `ChordName.maxLength`), counted in `transposedCounting(by:)`. In German
    /// names (`usesGermanNames`) a B with no sign is B♭. No move (0, whole octaves) is the
    /// sheet as written.
    public func transposed(by semitones: Int) -> SheetDocument { transposedCounting(by: semitones).sheet }

    /// `transposed(by:)`, and how many chords (and keys) it kept as they were because their
    /// moved names would pass `ChordName.maxLength`: said to whoever asked (a hostile tour's
    /// 31-letter chord stayed in E, unsaid, while the song around it went to F).
    public func transposedCounting(by semitones: Int) -> (sheet: SheetDocument, kept: Int) {
        // No move (0, or whole octaves) spells nothing anew: the song as written.
        guard semitones % 12 != 0 else { return (self, 0) }
        var kept = 0
        let key = lines.lazy.compactMap { ChordPro.keyDirective($0.text) }.first
        let first = (key.map { $0.name } ?? firstChord?.name).flatMap { try? ChordName($0) }
        let german = usesGermanNames
        let flats = first?.prefersFlats(transposedBy: semitones, german: german) ?? false
        var out = self
        out.germanNames = german
        for i in out.lines.indices {
            if let k = ChordPro.keyDirective(out.lines[i].text), let name = try? ChordName(k.name) {
                let moved = name.transposed(by: semitones, flats: flats, german: german)
                if ChordName.isValid(moved) { out.lines[i].text.replaceSubrange(k.range, with: moved) } else { kept += 1 }
            }
            for j in out.lines[i].chords.indices {
                guard let name = try? ChordName(out.lines[i].chords[j].name) else { continue }
                // A name that would not read back (longer than ChordName.maxLength) stays.
                let moved = name.transposed(by: semitones, flats: flats, german: german)
                if ChordName.isValid(moved) { out.lines[i].chords[j].name = moved } else { kept += 1 }
            }
        }
        return (out, kept)
    }

    /// A new song: one empty line to type in.
    public static let newSong = SheetDocument(lines: [Line(text: "")])

    /// The sheet a new user starts with: the lyrics and no chords ("Amazing Grace", John
    /// Newton, 1779, in the public domain).
    public static let empty = SheetDocument(lines: [
        "Amazing grace! How sweet the sound",
        "That saved a wretch like me!",
        "I once was lost, but now am found;",
        "Was blind, but now I see.",
        "'Twas grace that taught my heart to fear,",
        "And grace my fears relieved;",
        "How precious did that grace appear",
        "The hour I first believed.",
        "Through many dangers, toils and snares,",
        "I have already come;",
        "'Tis grace hath brought me safe thus far,",
        "And grace will lead me home.",
        "The Lord has promised good to me,",
        "His word my hope secures;",
        "He will my shield and portion be,",
        "As long as life endures.",
    ].map { Line(text: $0) })

    /// Pretty enough to read and diff: one line per lyric line. Unknown fields follow the
    /// known ones, each value written as the text it was read from; an `extra` that names a
    /// known field is left out, so that no field is written twice.
    public func serialized() -> String {
        var out = "{\"version\":\(Self.currentVersion),"
        if usesGermanNames { out += "\"names\":\"german\"," }
        for (k, v) in Self.unknown(extra, known: Self.topKeys) {
            JSONValue.string(k).write(to: &out)
            out += ":"
            v.write(to: &out)
            out += ","
        }
        out += "\"lines\":[\n"
        for (i, line) in lines.enumerated() {
            out += "  "
            JSONValue.object([
                ("text", .string(line.text)),
                ("chords", .array(line.chords.map {
                    .object([("name", .string($0.name)), ("at", JSONValue($0.at))] + Self.unknown($0.extra, known: Self.chordKeys))
                })),
            ] + Self.unknown(line.extra, known: Self.lineKeys)).write(to: &out)
            out += i + 1 < lines.count ? ",\n" : "\n"
        }
        out += "]}\n"
        return out
    }

    /// The largest distance of a version 1 chord's `x` from its line's left edge, in points,
    /// either way: past it a loaded sheet is refused (a card a million points away is off
    /// every screen, and 1e39 reached SDL as a coordinate it cannot take).
    public static let maxChordX = 1_000_000.0
    /// The largest `at`: a chord stands at most this many characters (or spaces past the
    /// text's end) from its line's start.
    public static let maxChordAt = 1_000_000

    /// The most lines a sheet holds: each is a space, laid out when the sheet loads or grows.
    public static let maxLines = 10_000
    /// The most chords on one line. A line shows about 25 side by side; what is drawn each
    /// frame is the visible lines' chords (100,000 chords on one line took 116 ms a frame,
    /// and their undo steps copy the line), so this bounds both.
    public static let maxChordsPerLine = 1_000

    /// The fields this build reads, at the top, in a line and in a chord.
    private static let topKeys: Set<String> = ["version", "lines", "names"]
    private static let lineKeys: Set<String> = ["text", "chords"]
    private static let chordKeys: Set<String> = ["name", "at"]
    private static let version1ChordKeys: Set<String> = ["name", "x"]

    /// The fields of `object` other than `known`, each with the text it was read from.
    private static func unknown(_ object: JSONValue, known: Set<String>) -> [(String, JSONValue)] {
        unknown(object.objectValue ?? [], known: known)
    }

    private static func unknown(_ fields: [(String, JSONValue)], known: Set<String>) -> [(String, JSONValue)] {
        fields.filter { !known.contains($0.0) }
    }

    /// Parses a saved sheet, or throws a message naming where it is wrong. Fields it does not
    /// know are kept with their text, and `serialized()` writes that text back unchanged.
    /// A chord's name is any the chord grammar reads (`ChordName`: C♯m7, B♭, H7, G/B…).
    public static func parse(_ text: String) throws(SheetError) -> SheetDocument {
        func fail(_ m: String) -> SheetError { SheetError(description: m) }
        let json: JSONValue
        // A byte order mark an editor put first is not the sheet's (scripts, path files and
        // ChordPro take one too); the next save writes the sheet without it.
        let text = withoutByteOrderMark(text)
        do { json = try JSONParser.parse(text, keepingSource: true) } catch {
            throw fail("not valid JSON at \(error.description)")
        }
        guard json.objectValue != nil else { throw fail("expected a JSON object at the top, got \(json.echoed)") }
        guard let version = json["version"] else { throw fail("missing \"version\" (the number 1)") }
        guard let v = version.doubleValue else { throw fail("\"version\" must be the number 1, got \(version.echoed)") }
        guard v == 1 || v == 2 else {
            throw fail("unsupported version \(echo(version.serialized())) (this build reads versions 1 and 2)")
        }
        guard let linesValue = json["lines"] else { throw fail("missing \"lines\" (an array)") }
        guard let lines = linesValue.arrayValue else { throw fail("\"lines\" must be an array, got \(linesValue.echoed)") }
        guard lines.count <= maxLines else { throw fail("\(lines.count) lines, more than \(maxLines) (SheetDocument.maxLines)") }
        var out: [Line] = []
        out.reserveCapacity(lines.count)
        for (i, l) in lines.enumerated() {
            guard l.objectValue != nil else { throw fail("lines[\(i)]: expected an object, got \(l.echoed)") }
            guard let textValue = l["text"] else { throw fail("lines[\(i)]: missing \"text\" (a string)") }
            guard let text = textValue.stringValue else {
                throw fail("lines[\(i)]: \"text\" must be a string, got \(textValue.echoed)")
            }
            var chords: [JSONValue] = []
            if let chordsValue = l["chords"] {
                guard let a = chordsValue.arrayValue else {
                    throw fail("lines[\(i)]: \"chords\" must be an array, got \(chordsValue.echoed)")
                }
                chords = a
                guard a.count <= maxChordsPerLine else {
                    throw fail("lines[\(i)]: \(a.count) chords, more than \(maxChordsPerLine) on one line (SheetDocument.maxChordsPerLine)")
                }
            }
            var placed: [Placed] = []
            placed.reserveCapacity(chords.count)
            for (j, c) in chords.enumerated() {
                let at = "lines[\(i)].chords[\(j)]"
                guard c.objectValue != nil else { throw fail("\(at): expected an object, got \(c.echoed)") }
                guard let nameValue = c["name"] else { throw fail("\(at): missing \"name\"") }
                guard let name = nameValue.stringValue else {
                    throw fail("\(at): \"name\" must be a string, got \(nameValue.echoed)")
                }
                if !ChordName.isNoChord(name) {
                    do { _ = try ChordName(name) } catch {
                        throw fail("\(at): \"\(echo(name))\" is not a chord name: \(error.description)")
                    }
                }
                var p: Placed
                if v == 1 {
                    // "missing or bad" leads both messages, as it did before they said which.
                    guard let xValue = c["x"] else { throw fail("\(at): missing or bad \"x\": none given (a number)") }
                    guard let x = xValue.doubleValue, x.isFinite else {
                        throw fail("\(at): missing or bad \"x\": expected a number, got \(xValue.echoed)")
                    }
                    guard abs(x) <= maxChordX else {
                        throw fail("\(at): \"x\" \(echo(xValue.serialized())) is outside ±\(Int(maxChordX)) pt, the limit (SheetDocument.maxChordX)")
                    }
                    p = Placed(name: name, at: 0)
                    p.legacyX = x
                } else {
                    guard let atValue = c["at"] else { throw fail("\(at): missing \"at\" (the character the chord stands on, from 0)") }
                    guard let n = atValue.doubleValue, n.isFinite, n == n.rounded(), n >= 0, n <= Double(maxChordAt) else {
                        throw fail("\(at): \"at\" must be a whole number 0…\(maxChordAt) (SheetDocument.maxChordAt), got \(atValue.echoed)")
                    }
                    p = Placed(name: name, at: Int(n))
                }
                p.extra = unknown(c, known: v == 1 ? version1ChordKeys : chordKeys)
                placed.append(p)
            }
            var line = Line(text: text, chords: placed)
            line.extra = unknown(l, known: lineKeys)
            out.append(line)
        }
        var doc = SheetDocument(lines: out)
        doc.readVersion = Int(v)
        if let names = json["names"] {
            guard let n = names.stringValue, n == "german" || n == "international" else {
                throw fail("\"names\" must be \"german\" or \"international\", got \(names.echoed)")
            }
            doc.germanNames = n == "german"
        }
        doc.extra = unknown(json, known: topKeys)
        return doc
    }
}

public struct SheetError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
