/// A line cut into runs of one writing direction — the Unicode bidirectional algorithm
/// (UAX #9) for one paragraph without explicit embeddings, overrides or isolates, enough for
/// a lyric line that mixes a right-to-left script with Latin words and numbers:
///
/// - Each character gets its bidirectional class (`BidiClass.of`); the line reads in the
///   direction of its first strong letter (a digit is not one: a verse numbered "1. " before
///   Hebrew reads right to left), a direction mark counting as a letter; left to right if none.
/// - The weak classes are resolved (W1–W7): a mark takes its letter's class, digits after
///   Arabic letters are Arabic numbers, a separator between two numbers joins them, a
///   currency or percent sign goes with its number, and digits after a left-to-right letter
///   read left to right.
/// - The neutrals (spaces, punctuation) take the direction of the text on both sides when it
///   agrees, numbers counting as right to left there, else the line's (N1, N2).
/// - Each character gets its embedding level (I1, I2; L1 puts trailing spaces and tabs back on
///   the line's), and the runs of one level are put in visual order (L2): "שיר 2 chorus"
///   reads "chorus 2 ריש" from the left, the number its own left-to-right run.
///
/// Not done: explicit embeddings and isolates (U+202A…U+202E, U+2066…U+2069, ignored as
/// boundary neutrals), paired brackets (N0: a bracket is a neutral like any other; HarfBuzz
/// mirrors it in a right-to-left run). `BidiConformanceTests` checks the levels against the
/// Unicode Consortium's BidiTest.txt, every case these rules cover.
struct BidiRuns {
    /// A run: UTF-8 byte offsets `start..<end` in the line, its embedding level, and its
    /// direction (an odd level reads right to left).
    struct Run: Equatable {
        var start: Int, end: Int
        var rightToLeft: Bool
        var level: UInt8 = 0
    }

    /// The runs, in reading (logical) order.
    private(set) var runs: [Run] = []
    /// The runs' indices from the line's left end to its right (L2).
    private(set) var visual: [Int] = []
    /// Whether the line reads right to left.
    let rightToLeft: Bool

    init(_ text: String) {
        var classes: [BidiClass] = [], widths: [Int] = []
        classes.reserveCapacity(text.utf8.count)
        widths.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            classes.append(BidiClass.of(s))
            widths.append(UTF8.width(s))
        }
        let paragraph = BidiClass.paragraphLevel(classes)
        rightToLeft = paragraph == 1
        let levels = BidiClass.levels(classes, paragraph: paragraph)
        var offset = 0
        for (k, level) in levels.enumerated() {
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].end += widths[k]
            } else {
                runs.append(Run(start: offset, end: offset + widths[k], rightToLeft: level & 1 == 1, level: level))
            }
            offset += widths[k]
        }
        visual = BidiClass.visualOrder(runs.map(\.level))
    }
}

extension BidiRuns {
    /// Whether each character starting at UTF-8 offset `starts[i]` (in order) runs right to
    /// left; one past the runs (text past a shaped cut) runs left to right.
    func rightToLeft(atByteStarts starts: [Int]) -> [Bool] {
        var out: [Bool] = []
        out.reserveCapacity(starts.count)
        var run = 0
        for offset in starts {
            while run < runs.count, runs[run].end <= offset { run += 1 }
            out.append(run < runs.count && offset >= runs[run].start && runs[run].rightToLeft)
        }
        return out
    }
}

extension FontShaper {
    /// Each character's direction, from the line's bidi runs (the same runs `caretStops`
    /// places the characters by): a caret stop cannot say it for the last character of a
    /// right-to-left run inside left-to-right text, whose next stop is the next run's.
    public func rightToLeft(of text: String) -> [Bool]? {
        var starts: [Int] = [], offset = 0
        starts.reserveCapacity(text.utf8.count / 2)
        for c in text {
            starts.append(offset)
            offset += c.utf8.count
        }
        return BidiRuns(Self.cut(text)).rightToLeft(atByteStarts: starts)
    }

    /// Whether `text` reads right to left: its first strong letter does (UAX #9's P2), so a
    /// line that starts with a number before Hebrew does too, which its caret stops cannot
    /// tell (the number's first stop is at its left).
    public func readsRightToLeft(_ text: String) -> Bool? { BidiRuns(Self.cut(text)).rightToLeft }

    /// Each character's span as drawn, from the glyph clusters `caretStops` reads: a
    /// selection across a change of direction covers the letters selected, which a span
    /// between two caret stops does not.
    public func characterSpans(of text: String) -> [ClosedRange<Double>]? {
        lock.lock()
        defer { lock.unlock() }
        if let last = lastSpans, last.text == text { return last.spans }
        let (_, left, right) = spans(of: text, shown: Self.cut(text))
        var out: [ClosedRange<Double>] = []
        out.reserveCapacity(left.count)
        var last = 0.0
        for i in left.indices {
            guard left[i] != .max else { out.append(last...last); continue }
            out.append(Double(left[i]) / face.unitsPerEm...Double(right[i]) / face.unitsPerEm)
            last = out[i].upperBound
        }
        lastSpans = (text, out)
        return out
    }
}
