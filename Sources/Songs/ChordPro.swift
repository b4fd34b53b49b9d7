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

    /// The song as ChordPro: each line's chords in brackets before the characters they
    /// stand on (one past the text's end after as many spaces, `maxPadding` at the most in a
    /// line), in the order of their characters; a bracket typed in a lyric as `\[` or `\]`,
    /// a lyric's leading brace (which would open a directive) as `\{`, and a backslash before
    /// any of those as `\\`; directive and comment lines as they are, chords dropped on a
    /// comment going on a line of their own before it, and a directive's text with chords
    /// written as a lyric (its brace escaped). What it writes, `parse` reads back.
    public static func write(_ doc: SheetDocument) -> String {
        var out = ""
        for line in doc.lines {
            // Kept as it is: a directive or comment line with no chords, and a comment whose
            // chords (dropped on it on the board) all stand past its first mark, which go on a
            // line of their own before it (a comment has no escape). Any other line is written
            // as the lyric it is: with a chord on or before a comment's `#`, that chord's
            // bracket starts the line ("[Am]#x"); a directive's text with chords gets its
            // brace escaped ("\{x [D]y}"). Both were found by fuzzing.
            let firstChord = line.chords.lazy.map(\.at).min()
            let keptAsIs = if let firstChord { isComment(line.text) && firstChord > firstMark(line.text) } else { isDirectiveOrComment(line.text) }
            if keptAsIs {
                if !line.chords.isEmpty {
                    let order = line.chords.indices.sorted { (line.chords[$0].at, $0) < (line.chords[$1].at, $1) }
                    out += order.map { "[\(line.chords[$0].name)]" }.joined(separator: " ") + "\n"
                }
                out += line.text + "\n"
                continue
            }
            let chars = Array(line.text)
            let order = line.chords.indices.sorted { (line.chords[$0].at, $0) < (line.chords[$1].at, $1) }
            var written = 0, padded = 0
            // (A byte order mark counts as blank here: at the text's start `parse` drops it.)
            if let first = chars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\u{FEFF}" }), chars[first] == "{",
               order.first.map({ line.chords[$0].at > first }) ?? true {
                // A lyric beginning with a brace (not a directive: that is not closed on its
                // line) keeps it escaped, or it would be read as one.
                append(chars[..<first], to: &out, beforeBracket: false)
                out += "\\{"
                written = first + 1
            }
            for k in order {
                let c = line.chords[k]
                let upto = min(c.at, chars.count)
                if upto > written {
                    append(chars[written..<upto], to: &out, beforeBracket: c.at == upto)
                    written = upto
                }
                if c.at > written {
                    // Far past the text, a chord is written after at most `maxPadding` spaces
                    // in all, so the line stays one `parse` reads (`maxLineBytes`).
                    let spaces = min(c.at - written, maxPadding - padded)
                    out.append(String(repeating: " ", count: spaces))
                    padded += spaces
                    written = c.at
                }
                out += "[\(c.name)]"
            }
            if written < chars.count { append(chars[written...], to: &out, beforeBracket: false) }
            out += "\n"
        }
        return out
    }

    /// Where a line's first character that is not a space or tab stands (0 for none).
    private static func firstMark(_ text: String) -> Int {
        text.firstIndex { $0 != " " && $0 != "\t" }.map { text.distance(from: text.startIndex, to: $0) } ?? 0
    }

    /// `write(doc)`, or why `parse` would not read it back: past `maxBytes` in all, a line
    /// past `maxLineBytes` (a sheet's limits are wider: a 10,000-character line of emoji, a
    /// 16 MiB song), or anything else `parse` refuses in it. The error names the line of the
    /// text that would be written.
    public static func writeReadable(_ doc: SheetDocument) throws(ReadError) -> String {
        let text = write(doc)
        var n = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            n += 1
            if line.count > maxLineBytes {
                throw ReadError(line: n, column: 1, message: "the line would be \(line.count) bytes, more than the \(maxLineBytes) ChordPro import reads (ChordPro.maxLineBytes); not exported")
            }
        }
        guard text.utf8.count <= maxBytes else {
            throw ReadError(line: 1, column: 1, message: "the song would be \(text.utf8.count) bytes of ChordPro, more than the \(maxBytes >> 20) MiB import reads (ChordPro.maxBytes); not exported")
        }
        // Whatever else import would refuse (a line break in a line's text, from a sheet file;
        // a chord line before a comment past `SheetDocument.maxLines`): in its own words,
        // where the written text has it.
        do { _ = try parse(text) } catch {
            throw ReadError(line: error.line, column: error.column, message: "\(error.message), as ChordPro import would read it; not exported")
        }
        return text
    }

    /// The most spaces `write` puts in one line to stand chords past its text's end on.
    public static let maxPadding = 1_000

    /// Lyric characters as ChordPro writes them: brackets escaped, and a backslash before a
    /// bracket or brace too, so each reads back as itself. By code point, as `parse` reads
    /// (a bracket may be part of a character: "[" and a combining mark after it).
    /// `beforeBracket`: a chord's bracket follows the last character.
    private static func append(_ chars: ArraySlice<Character>, to out: inout String, beforeBracket: Bool) {
        let scalars = chars.flatMap(\.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            let next: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : beforeBracket ? "[" : nil
            if c == "[" || c == "]" {
                out += "\\"
            } else if c == "\\", let next, next == "[" || next == "]" || next == "{" || next == "\\" {
                out += "\\"
            }
            out.unicodeScalars.append(c)
        }
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
