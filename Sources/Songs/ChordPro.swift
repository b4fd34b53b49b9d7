import Engine

/// ChordPro, the text format musicians share songs in (chordii, OnSong, SongbookPro…), read
/// into a sheet and written back.
///
/// A lyric line carries its chords in brackets before the character they stand on:
/// `[G]Amazing [C]grace`. A line in braces is a directive (`{title: …}`, `{c: Chorus}`,
/// `{soc}` … `{eoc}`, or any other); a line starting with `#` is a comment. Directives and
/// comments are kept as lines of the sheet holding their text as written (the board shows
/// them, and they can be edited like any line), so every directive — known or not — is
/// written back as it was read. A song read and written again is the same text up to the
/// normalisation `normalized(_:)` names: line endings become LF, byte order marks at the start go,
/// and the text ends with one line break.
public enum ChordPro {
    /// The largest ChordPro text read (a song is a few kilobytes; a songbook a few hundred).
    public static let maxBytes = 4 << 20
    /// The longest line read, in UTF-8 bytes.
    public static let maxLineBytes = 65_536

    /// Where a ChordPro text is wrong: its line and column (both from 1; columns count
    /// characters) and what is wrong.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// `text` with LF line endings, no byte order marks at its start and one final line break (none for an
    /// empty text): what `write(parse(text))` gives back for a text `parse` reads.
    public static func normalized(_ text: String) -> String {
        var lines = self.lines(of: text)
        if lines.last == "" { lines.removeLast() }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The lines of `text`, split at LF, CRLF or CR, without leading byte order marks.
    static func lines(of text: String) -> [Substring] {
        var body = Substring(text)
        while body.first == "\u{FEFF}" { body = body.dropFirst() }
        return body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    /// Reads a song, or throws where it is wrong: a line longer than `maxLineBytes`, a `[`
    /// or `{` not closed on its line, a `[` inside a chord, a chord name the chord grammar
    /// cannot read, more lines or chords than a sheet holds.
    public static func parse(_ text: String) throws(ReadError) -> SheetDocument {
        var out: [SheetDocument.Line] = []
        var all = lines(of: text)
        if all.last == "" { all.removeLast() }
        guard all.count <= SheetDocument.maxLines else {
            throw ReadError(line: SheetDocument.maxLines + 1, column: 1,
                            message: "more than \(SheetDocument.maxLines) lines, the most a song holds (SheetDocument.maxLines)")
        }
        for (i, raw) in all.enumerated() {
            let n = i + 1
            guard raw.utf8.count <= maxLineBytes else {
                throw ReadError(line: n, column: 1, message: "the line is \(raw.utf8.count) bytes, more than \(maxLineBytes) (ChordPro.maxLineBytes)")
            }
            let trimmed = raw.drop { $0 == " " || $0 == "\t" }
            if trimmed.first == "{" {
                guard directive(String(raw)) != nil else {
                    if let close = raw.lastIndex(of: "}") {
                        // "{c: a}b": closed, with text after it.
                        throw ReadError(line: n, column: raw.distance(from: raw.startIndex, to: close) + 2,
                                        message: "text after the directive's '}': a directive takes its whole line")
                    }
                    throw ReadError(line: n, column: raw.count - trimmed.count + 1, message: "'{' opens a directive that is not closed with '}' on its line")
                }
                out.append(SheetDocument.Line(text: String(raw)))
            } else if trimmed.first == "#" {
                out.append(SheetDocument.Line(text: String(raw)))
            } else {
                out.append(try lyricLine(raw, line: n))
            }
        }
        return SheetDocument(lines: out)
    }

    /// A lyric line: its text without the bracketed chords, each chord on the character
    /// that follows it.
    ///
    /// Read by code point, not by character: a bracket is one wherever it stands, though
    /// the text around it may join it into a character ("]" and a combining mark after it,
    /// "[" after a prepended mark such as U+0600) or join once the brackets are gone (a
    /// flag's halves); a chord then stands on the character of the lyric that holds the code
    /// point after its bracket. Columns in errors count characters of the line.
    private static func lyricLine(_ raw: Substring, line n: Int) throws(ReadError) -> SheetDocument.Line {
        var text = String.UnicodeScalarView(), count = 0, column = 0
        var chords: [SheetDocument.Placed] = []
        var name: String.UnicodeScalarView?, nameColumn = 0
        var escaped = false
        // The character column of code point `k` (from 1) of the line, for an error.
        func at(_ k: Int) -> Int { String(String.UnicodeScalarView(raw.unicodeScalars.prefix(max(0, k - 1)))).count + 1 }
        for c in raw.unicodeScalars {
            column += 1
            if escaped {
                // \[ and \] are brackets in the lyric, \{ a brace, \\ a backslash (what `write`
                // gives for those typed there).
                escaped = false
                if c == "[" || c == "]" || c == "{" || c == "\\" {
                    text.append(c)
                    count += 1
                    continue
                }
                text.append("\\")
                count += 1
            }
            if name == nil, c == "\\" {
                escaped = true
                continue
            }
            if var open = name {
                switch c {
                case "]":
                    let trimmed = String(open).trimmingCharacters(inSet: " \t")
                    if !ChordName.isNoChord(trimmed) {
                        do { _ = try ChordName(trimmed) } catch {
                            throw ReadError(line: n, column: at(nameColumn) + error.offset,
                                            message: "\"\(echo(trimmed))\" is not a chord name: \(error.reason)")
                        }
                    }
                    guard chords.count < SheetDocument.maxChordsPerLine else {
                        throw ReadError(line: n, column: at(nameColumn - 1), message: "more than \(SheetDocument.maxChordsPerLine) chords on one line (SheetDocument.maxChordsPerLine)")
                    }
                    chords.append(SheetDocument.Placed(name: trimmed, at: count))
                    name = nil
                case "[":
                    throw ReadError(line: n, column: at(column), message: "'[' inside a chord (the one opened at column \(at(nameColumn - 1)) is not closed)")
                default:
                    open.append(c)
                    name = open
                }
            } else if c == "[" {
                name = String.UnicodeScalarView()
                nameColumn = column + 1
            } else {
                text.append(c)
                count += 1
            }
        }
        if name != nil {
            throw ReadError(line: n, column: at(nameColumn - 1), message: "'[' opens a chord that is not closed with ']' on its line")
        }
        if escaped { text.append("\\") }
        // Each chord's code point offset becomes the character holding that code point: the
        // characters that end at or before it (chords come in the order of their offsets).
        // The character at hand and its code points are kept from chord to chord: taken
        // again for each, a thousand chords inside one 30,000-mark character took 0.75 s a
        // line (a review).
        let lyric = String(text)
        var characters = 0, scalars = 0, index = lyric.startIndex
        var width = index < lyric.endIndex ? lyric[index].unicodeScalars.count : 0
        for j in chords.indices {
            while index < lyric.endIndex, scalars + width <= chords[j].at {
                scalars += width
                characters += 1
                index = lyric.index(after: index)
                width = index < lyric.endIndex ? lyric[index].unicodeScalars.count : 0
            }
            chords[j].at = characters
        }
        return SheetDocument.Line(text: lyric, chords: chords)
    }

    /// A directive line's name (lowercased) and its value, where the value is in the line
    /// (spaces around it left out; empty for `{soc}`); nil for any other line.
    static func directive(_ line: String) -> (name: String, value: Range<String.Index>)? {
        func blank(_ c: Character) -> Bool { c == " " || c == "\t" }
        guard let open = line.firstIndex(where: { !blank($0) }), line[open] == "{",
              let close = line.lastIndex(where: { !blank($0) }), line[close] == "}", open < close else { return nil }
        let inner = line.index(after: open)..<close
        let colon = line[inner].firstIndex(of: ":") ?? close
        var lo = colon < close ? line.index(after: colon) : close, hi = close
        while lo < hi, blank(line[lo]) { lo = line.index(after: lo) }
        while hi > lo, blank(line[line.index(before: hi)]) { hi = line.index(before: hi) }
        return (line[inner.lowerBound..<colon].trimmingCharacters(inSet: " \t").lowercased(), lo..<hi)
    }

    /// The key a `{key: X}` line names, and where X is in the line, if `line` is one.
    public static func keyDirective(_ line: String) -> (name: String, range: Range<String.Index>)? {
        guard let d = directive(line), d.name == "key", !d.value.isEmpty else { return nil }
        return (String(line[d.value]), d.value)
    }

    /// Whether `line` is a directive (`{…}`) or a comment (`#…`) rather than lyrics.
    public static func isDirectiveOrComment(_ line: String) -> Bool {
        isComment(line) || directive(line) != nil
    }

    /// Whether `line` is a comment: its first character that is not a space or tab is `#`.
    static func isComment(_ line: String) -> Bool {
        line.first(where: { $0 != " " && $0 != "\t" }) == "#"
    }

    /// The song's title: its first `{title: …}` or `{t: …}` directive's, if any.
    public static func title(of doc: SheetDocument) -> String? {
        for line in doc.lines {
            guard let d = directive(line.text), d.name == "title" || d.name == "t", !d.value.isEmpty else { continue }
            return String(line.text[d.value])
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without `set`'s characters at either end.
    func trimmingCharacters(inSet set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
