/// A character's bidirectional class (UAX #9, table 4), and the parts of the algorithm that
/// work on classes alone: the paragraph's level, the resolved levels, the visual order.
/// (`BidiRuns` applies them to a line; `BidiConformanceTests` to BidiTest.txt.)
enum BidiClass: UInt8, CaseIterable {
    // Strong.
    case L, R, AL
    // Weak.
    case EN, ES, ET, AN, CS, NSM, BN
    // Neutral.
    case B, S, WS, ON

    /// The class of `s`: as the Unicode Character Database gives it (`table`, made by
    /// scripts/make-bidi-table from DerivedBidiClass.txt), by bisection; ASCII and Latin
    /// letters, most of what a lyric holds, without it. Explicit embeddings, overrides and
    /// isolates are not supported: they count as boundary neutrals (BN), which change nothing.
    static func of(_ s: Unicode.Scalar) -> BidiClass {
        let v = s.value
        if v < 0x80 { return ascii[Int(v)] }
        if v >= 0xC0 && v <= 0x24F { return v == 0xD7 || v == 0xF7 ? .ON : .L }
        return table.withUnsafeBufferPointer { t in
            // The last run that starts at or before v.
            var lo = 0, hi = t.count
            while hi - lo > 1 {
                let mid = (lo + hi) >> 1
                if t[mid] >> 8 <= v { lo = mid } else { hi = mid }
            }
            return BidiClass(rawValue: UInt8(truncatingIfNeeded: t[lo])) ?? .ON
        }
    }

    private static let ascii: [BidiClass] = (0..<128).map { v -> BidiClass in
        switch v {
        case 0x09, 0x0B, 0x1F: .S
        case 0x0A, 0x0D, 0x1C...0x1E: .B
        case 0x0C, 0x20: .WS
        case 0x00...0x1F, 0x7F: .BN
        case 0x23...0x25: .ET
        case 0x2B, 0x2D: .ES
        case 0x2C, 0x2E, 0x2F, 0x3A: .CS
        case 0x30...0x39: .EN
        case 0x41...0x5A, 0x61...0x7A: .L
        default: .ON
        }
    }

    var isStrong: Bool { self == .L || self == .R || self == .AL }

    /// P2, P3: 1 (right to left) when the first strong class is R or AL, else 0.
    static func paragraphLevel(_ classes: [BidiClass]) -> UInt8 {
        guard let first = classes.first(where: \.isStrong) else { return 0 }
        return first == .L ? 0 : 1
    }

    /// Each character's embedding level in a paragraph at level `paragraph` (0 or 1) with no
    /// explicit embeddings: the weak rules W1–W7, the neutral rules N1 and N2, the implicit
    /// levels I1 and I2, and L1's reset of separators and trailing whitespace. A boundary
    /// neutral (BN) takes the level of the character before it (or the paragraph's).
    static func levels(_ classes: [BidiClass], paragraph: UInt8) -> [UInt8] {
        let n = classes.count
        let sos: BidiClass = paragraph == 1 ? .R : .L
        // X9: boundary neutrals are left out of the resolution, and take a neighbour's level.
        var t: [BidiClass] = [], index: [Int] = []
        t.reserveCapacity(n)
        index.reserveCapacity(n)
        for (i, c) in classes.enumerated() where c != .BN {
            t.append(c)
            index.append(i)
        }
        let m = t.count
        // W1: a mark takes the class before it (the paragraph's at the start).
        for i in 0..<m where t[i] == .NSM { t[i] = i == 0 ? sos : t[i - 1] }
        // W2 and W7 look back to the last strong class; W3: AL becomes R.
        var lastStrong = sos
        for i in 0..<m {
            switch t[i] {
            case .L, .R: lastStrong = t[i]
            case .AL: lastStrong = .AL; t[i] = .R
            case .EN where lastStrong == .AL: t[i] = .AN
            default: break
            }
        }
        // W4: one separator between two numbers of a kind joins them.
        for i in 1..<max(1, m - 1) {
            if t[i] == .ES && t[i - 1] == .EN && t[i + 1] == .EN { t[i] = .EN }
            else if t[i] == .CS && t[i - 1] == t[i + 1] && (t[i - 1] == .EN || t[i - 1] == .AN) { t[i] = t[i - 1] }
        }
        // W5: terminators next to a European number are one.
        var i = 0
        while i < m {
            guard t[i] == .ET else { i += 1; continue }
            var j = i
            while j < m && t[j] == .ET { j += 1 }
            if (i > 0 && t[i - 1] == .EN) || (j < m && t[j] == .EN) { for k in i..<j { t[k] = .EN } }
            i = j
        }
        // W6: the separators and terminators left are other neutrals; W7: a European number
        // after a left-to-right letter is left to right.
        lastStrong = sos
        for i in 0..<m {
            switch t[i] {
            case .ES, .ET, .CS: t[i] = .ON
            case .L, .R: lastStrong = t[i]
            case .EN where lastStrong == .L: t[i] = .L
            default: break
            }
        }
        // N1, N2: a stretch of neutrals takes the direction on both its sides when they agree
        // (numbers count as right to left), else the paragraph's.
        func direction(_ c: BidiClass) -> BidiClass { c == .L ? .L : .R }
        i = 0
        while i < m {
            guard t[i] == .B || t[i] == .S || t[i] == .WS || t[i] == .ON else { i += 1; continue }
            var j = i
            while j < m && (t[j] == .B || t[j] == .S || t[j] == .WS || t[j] == .ON) { j += 1 }
            let before = i > 0 ? direction(t[i - 1]) : sos, after = j < m ? direction(t[j]) : sos
            let take = before == after ? before : sos
            for k in i..<j { t[k] = take }
            i = j
        }
        // I1, I2.
        var resolved = [UInt8](repeating: paragraph, count: n)
        for k in 0..<m {
            let c = t[k]
            resolved[index[k]] = paragraph == 0 ? (c == .R ? 1 : c == .AN || c == .EN ? 2 : 0) : (c == .R ? 1 : 2)
        }
        // Boundary neutrals: the level before them.
        for k in 0..<n where classes[k] == .BN { resolved[k] = k > 0 ? resolved[k - 1] : paragraph }
        // L1: separators, and whitespace before them or at the line's end, at the paragraph's.
        var trailing = true
        for k in stride(from: n - 1, through: 0, by: -1) {
            switch classes[k] {
            case .S, .B: resolved[k] = paragraph; trailing = true
            case .WS, .BN: if trailing { resolved[k] = paragraph }
            default: trailing = false
            }
        }
        return resolved
    }

    /// L2: the order, left to right, of items at `levels`: from the highest level down to the
    /// lowest odd one, each stretch at that level or above reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
