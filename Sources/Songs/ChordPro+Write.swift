// Writing a song as ChordPro: each line's chords in brackets, escapes where a lyric's text
// would read as something else, and the check that import reads back what export writes.
extension ChordPro {
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
    static func firstMark(_ text: String) -> Int {
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
    static func append(_ chars: ArraySlice<Character>, to out: inout String, beforeBracket: Bool) {
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
}
