/// The font the shell and the scenes write with: text from a font file, shaped and drawn by
/// the platform's `shaper`, in a line box `cellHeight` tall; or, where there is no shaper
/// (tests of the core, a font file that could not be read), a monospaced bitmap font — a
/// grid of glyph cells in an atlas texture, described by the `font.txt` that
/// `scripts/make-resources` writes. The platform loads a 1× or 2× atlas of the same grid, so
/// these normalised coordinates address either.
public struct BitmapFont: Sendable {
    /// Shapes, measures and rasterises text from a font file (nil: the bitmap grid below).
    public var shaper: (any TextShaper)?
    /// The size of the shaper's font, in points at 1×: an em. 13 points of DejaVu Sans sit in
    /// the 16-point line of the bitmap font, with its digits as wide as the bitmap's cells.
    public var emSize = 13.0
    /// The atlas texture the glyphs are drawn from.
    public let texture: TextureID
    /// A cell's width at 1×, in points: every glyph advances this far.
    public let cellWidth: Double
    /// A cell's height at 1×, in points: a line of text.
    public let cellHeight: Double
    /// Cells in one row of the atlas.
    public let columns: Int
    /// Rows of cells in the atlas.
    public let rows: Int
    /// Glyph index for ASCII scalars (or -1), then the non-ASCII scalars in a short list.
    private var ascii = [Int](repeating: -1, count: 128)
    /// The glyphs past ASCII, sorted by scalar (looked up by binary search).
    private var extra: [(scalar: UInt32, index: Int)] = []
    private let fallback: Int

    /// The largest `font.txt` read, in bytes (the real one is about 300 bytes).
    public static let maxMetricsBytes = 1 << 20
    /// A cell's width and height, in points at 1× (whole numbers: the 1× atlas's pixels).
    public static let cellSizeRange = 1...256
    /// Cells in one row of the atlas.
    public static let columnsRange = 1...4096
    /// Glyphs in `chars` (the real font has about 110; non-ASCII ones are looked up in a
    /// list, so this also bounds that search).
    public static let maxGlyphs = 4096

    /// A font with the atlas's 8×16 cells and no texture, for runs that draw no text (the
    /// benchmark, the controls table, tests).
    public static let placeholder = try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars  ?", texture: .none)

    /// Parses `font.txt`: lines `cell W H`, `columns N`, `chars` and the glyphs (from the
    /// space), `baseline B` (0…H, checked, not used) and `missing G` (the glyph drawn for a
    /// character the font lacks; optional, else '?'), each once; `#` starts a comment.
    /// Lines end with LF, CRLF or CR. Throws a message naming the line that is wrong and,
    /// for a number, its range.
    public init(metrics: String, texture: TextureID) throws(FontError) {
        var cell: (w: Int, h: Int)?
        var columns: Int?
        var chars: [Unicode.Scalar]?
        var baseline: (value: Int, line: Int)?
        var missingGlyph: Unicode.Scalar?
        var seen: [String: Int] = [:]
        let cells = "\(Self.cellSizeRange.lowerBound)…\(Self.cellSizeRange.upperBound)"
        // "\r\n" is one Character in Swift, so all three endings are single separators.
        let lines = metrics.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (n, line) in lines.enumerated() {
            func fail(_ m: String) -> FontError { FontError("font.txt line \(n + 1): \(m)") }
            if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            // Scalars, not Characters: a combining mark after a space must not join it.
            let scalars = Array(line.unicodeScalars)
            let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.count
            let space = scalars[start...].firstIndex(of: " ") ?? scalars.count
            var key = "", rest = ""
            key.unicodeScalars.append(contentsOf: scalars[start..<space])
            if space < scalars.count { rest.unicodeScalars.append(contentsOf: scalars[(space + 1)...]) }
            guard ["cell", "columns", "chars", "baseline", "missing"].contains(key) else { throw fail("unknown key '\(echo(key))'") }
            if let first = seen[key] { throw fail("'\(key)' given again (first on line \(first))") }
            seen[key] = n + 1
            switch key {
            case "cell":
                let parts = rest.split(separator: " ")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                      Self.cellSizeRange.contains(w), Self.cellSizeRange.contains(h) else {
                    throw fail("expected 'cell W H', whole numbers in \(cells) (BitmapFont.cellSizeRange), got '\(echo(String(line)))'")
                }
                cell = (w, h)
            case "columns":
                guard let c = Int(rest.trimmingSpaces), Self.columnsRange.contains(c) else {
                    throw fail("expected 'columns N', a whole number in \(Self.columnsRange.lowerBound)…\(Self.columnsRange.upperBound) (BitmapFont.columnsRange), got '\(echo(String(line)))'")
                }
                columns = c
            case "chars":
                // The first glyph is the space, which a split would eat.
                let glyphs = Array(rest.unicodeScalars)
                guard !glyphs.isEmpty, glyphs.count <= Self.maxGlyphs else {
                    throw fail("expected 'chars' and then 1…\(Self.maxGlyphs) glyphs (BitmapFont.maxGlyphs), got \(glyphs.count)")
                }
                chars = glyphs
            case "missing":
                let glyphs = Array(rest.unicodeScalars)
                guard glyphs.count == 1 else {
                    throw fail("expected 'missing' and the one glyph drawn for characters the font lacks, got '\(echo(String(line)))'")
                }
                missingGlyph = glyphs[0]
            case "baseline":
                guard let b = Int(rest.trimmingSpaces), (0...Self.cellSizeRange.upperBound).contains(b) else {
                    throw fail("expected 'baseline B', a whole number in 0…\(Self.cellSizeRange.upperBound), got '\(echo(String(line)))'")
                }
                baseline = (b, n + 1)
            default: break
            }
        }
        let missing = [cell == nil ? "'cell'" : nil, columns == nil ? "'columns'" : nil, chars == nil ? "'chars'" : nil].compactMap { $0 }
        guard let cell, let columns, let chars else {
            throw FontError("font.txt: needs 'cell', 'columns' and 'chars'; missing \(missing.joined(separator: ", "))")
        }
        if let baseline, baseline.value > cell.h {
            throw FontError("font.txt line \(baseline.line): baseline \(baseline.value) is below the cell, whose height is \(cell.h)")
        }
        self.texture = texture
        cellWidth = Double(cell.w)
        cellHeight = Double(cell.h)
        self.columns = columns
        // At most maxGlyphs rows: no overflow, whatever the counts.
        rows = (chars.count + columns - 1) / columns
        for (i, c) in chars.enumerated() {
            if c.value < 128 { ascii[Int(c.value)] = i } else { extra.append((c.value, i)) }
        }
        extra.sort { $0.scalar < $1.scalar }
        // A character the font lacks draws as its `missing` glyph (a box), else as '?'; a font
        // with neither falls back to its first glyph, never to a cell outside the atlas.
        let question = max(0, ascii[Int(("?" as Unicode.Scalar).value)])
        fallback = missingGlyph.flatMap { m in chars.firstIndex(of: m) } ?? question
    }

    /// The cell of `c` in the atlas; a character the font lacks gets the cell of `?` (or of the
    /// first glyph, in a font without `?`).
    public func glyphIndex(for c: Unicode.Scalar) -> Int {
        if c.value < 128 {
            let g = ascii[Int(c.value)]
            return g >= 0 ? g : fallback
        }
        var lo = 0, hi = extra.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if extra[mid].scalar < c.value { lo = mid + 1 } else { hi = mid }
        }
        return lo < extra.count && extra[lo].scalar == c.value ? extra[lo].index : fallback
    }

    /// The texture coordinates of `c`'s cell, from 0 to 1 across the atlas.
    public func uv(for c: Unicode.Scalar) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        atlasCell(glyphIndex(for: c), columns: columns, count: columns * rows)
    }

    /// Width of `s` at `scale`, in points: as the shaper measures it, else a cell for each
    /// character that advances (`advances(_:)`), so a letter with combining accents takes one.
    public func width(of s: String, scale: Double = 1) -> Double {
        if let shaper { return shaper.advance(of: s) * emSize * scale }
        return Double(Self.cells(in: s)) * cellWidth * scale
    }

    /// Where a caret stands before each character of `s` and after the last, in points at
    /// `scale` (`s.count + 1` positions; see `TextShaper.caretStops`).
    public func caretStops(of s: String, scale: Double = 1) -> [Double] {
        if let shaper { return shaper.caretStops(of: s).map { $0 * emSize * scale } }
        var stops = [0.0]
        stops.reserveCapacity(s.count + 1)
        var x = 0.0
        for c in s {
            x += Double(Self.cells(in: String(c))) * cellWidth * scale
            stops.append(x)
        }
        return stops
    }

    /// Whether each character of `s` runs right to left, where the shaper knows
    /// (`TextShaper.rightToLeft`); nil for the bitmap font, whose text runs left to right.
    public func rightToLeft(of s: String) -> [Bool]? { shaper?.rightToLeft(of: s) }

    /// Whether `s` reads right to left as a paragraph, where the shaper knows
    /// (`TextShaper.readsRightToLeft`); nil for the bitmap font.
    public func readsRightToLeft(_ s: String) -> Bool? { shaper?.readsRightToLeft(s) }

    /// Where each character of `s` is drawn, in points from the text's start, where the
    /// shaper knows (`TextShaper.characterSpans`); nil for the bitmap font, whose characters
    /// stand between their caret stops.
    public func characterSpans(of s: String) -> [ClosedRange<Double>]? {
        shaper?.characterSpans(of: s).map { $0.map { $0.lowerBound * emSize...$0.upperBound * emSize } }
    }

    /// The character boundary nearest `x` (points from the text's start) among `stops`.
    public static func nearestStop(_ x: Double, in stops: [Double]) -> Int {
        guard !stops.isEmpty, !x.isNaN else { return 0 }
        var best = 0, bestDistance = Double.infinity
        for (i, s) in stops.enumerated() where abs(s - x) < bestDistance {
            best = i
            bestDistance = abs(s - x)
        }
        return best
    }

    /// The cells `s` takes: its scalars that advance.
    public static func cells(in s: String) -> Int {
        var n = 0
        for c in s.unicodeScalars where advances(c) { n += 1 }
        return n
    }

    /// Whether `c` takes a cell of its own: not a combining mark (drawn over the cell before
    /// it), nor an invisible format character (a joiner, a direction mark), nor a variation
    /// selector.
    @inlinable
    public static func advances(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x300 { return true }
        switch c.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return false
        default: return !(0xFE00...0xFE0F).contains(c.value)
        }
    }
}

/// Why a `font.txt` was refused, naming the line.
public struct FontError: Error, Equatable, CustomStringConvertible {
    /// The error as a sentence for the user, naming the line where there is one.
    public let description: String
    init(_ d: String) { description = d }
}

extension String {
    /// The text without the spaces at either end.
    fileprivate var trimmingSpaces: Substring {
        var s = self[...]
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// The texture coordinates of cell `i` of an atlas laid out as a grid of `columns` cells a
/// row, `count` cells in all (the font's glyphs, the board's chord cards).
public func atlasCell(_ i: Int, columns: Int, count: Int) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
    let rows = (count + columns - 1) / columns
    let col = i % columns, row = i / columns
    let du = 1 / Float(columns), dv = 1 / Float(rows)
    return (Float(col) * du, Float(row) * dv, Float(col + 1) * du, Float(row + 1) * dv)
}
