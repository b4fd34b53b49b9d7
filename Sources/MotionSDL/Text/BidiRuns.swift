/// A line cut into runs of one writing direction, in reading order — a small part of the
/// Unicode bidirectional algorithm (UAX #9), enough for a lyric line that mixes a
/// right-to-left script with Latin words or numbers:
///
/// - Letters of the right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
///   presentation forms) are strong right-to-left; every other letter, and every digit, is
///   strong left-to-right; a combining mark goes with the letter before it.
/// - The line reads in the direction of its first strong letter, digits not counted (a
///   verse numbered "1. " before Hebrew reads right to left, as UAX #9's paragraph rule
///   has it: digits are weak there), a right-to-left or left-to-right mark (U+200F, U+061C,
///   U+200E) counting as a letter of its direction; left to right if none.
/// - Spaces and punctuation between two letters of one direction take it; elsewhere (between
///   directions, at the line's ends) they take the line's.
///
/// Not done: explicit embeddings and isolates (U+202A…U+2069), mirrored brackets, and digits
/// inside Arabic text (read as left to right here, as a run of their own).
struct BidiRuns {
    /// A run: UTF-8 byte offsets `start..<end` in the line, and its direction.
    struct Run: Equatable {
        var start: Int, end: Int
        var rightToLeft: Bool
    }

    /// The runs, in reading order.
    private(set) var runs: [Run] = []
    /// Whether the line reads right to left (its runs are then laid out from the right).
    let rightToLeft: Bool

    private enum Class { case left, right, neutral, mark }

    init(_ text: String) {
        var classes: [(Class, Int)] = []  // (class, UTF-8 width)
        var first: Class?
        for s in text.unicodeScalars {
            let c = Self.classify(s)
            if first == nil, c == .left || c == .right, !Self.isDigit(s) { first = c }
            classes.append((c, UTF8.width(s)))
        }
        rightToLeft = first == .right
        let line: Class = rightToLeft ? .right : .left
        // Marks take the class before them (resolved), neutrals the class around them.
        var resolved = [Class](repeating: line, count: classes.count)
        var previous: Class?
        for i in classes.indices {
            switch classes[i].0 {
            case .mark: resolved[i] = previous ?? .neutral
            default: resolved[i] = classes[i].0
            }
            previous = resolved[i]
        }
        var i = 0
        var before: Class = line
        while i < resolved.count {
            guard resolved[i] == .neutral else { before = resolved[i]; i += 1; continue }
            var j = i
            while j < resolved.count, resolved[j] == .neutral { j += 1 }
            let after: Class = j < resolved.count ? resolved[j] : line
            let take = before == after ? before : line
            for k in i..<j { resolved[k] = take }
            i = j
        }
        var offset = 0
        for (k, c) in resolved.enumerated() {
            let rtl = c == .right, width = classes[k].1
            if let last = runs.last, last.rightToLeft == rtl {
                runs[runs.count - 1].end += width
            } else {
                runs.append(Run(start: offset, end: offset + width, rightToLeft: rtl))
            }
            offset += width
        }
    }

    /// A decimal digit of any script: strong left to right in a run, not in the line's direction.
    private static func isDigit(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (0x30...0x39).contains(s.value) : s.properties.generalCategory == .decimalNumber
    }

    private static func classify(_ s: Unicode.Scalar) -> Class {
        let v = s.value
        // The direction marks: zero width, strong.
        if v == 0x200F || v == 0x061C { return .right }
        if v == 0x200E { return .left }
        // Latin and Cyrillic, most of what a lyric holds, by range: Unicode's property
        // lookup took a quarter of a keystroke's time in a 9,000-character line.
        if v < 0x80 {
            return (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) ? .left : .neutral
        }
        if (0xC0...0x24F).contains(v) { return v == 0xD7 || v == 0xF7 ? .neutral : .left }
        if (0x400...0x52F).contains(v) { return (0x483...0x489).contains(v) ? .mark : .left }
        let props = s.properties
        switch props.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: break
        }
        if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v) {
            // Arabic-Indic digits read left to right, as other digits do.
            return props.generalCategory == .decimalNumber ? .left : .right
        }
        switch props.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber:
            return .left
        default:
            return .neutral
        }
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
