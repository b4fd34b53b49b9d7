import Entities
import Geometry

/// A monospaced bitmap font: a grid of glyph cells in an atlas texture, described by the
/// `font.txt` that `scripts/make-resources` writes. The platform loads a 1× or 2× atlas of
/// the same grid, so these normalised coordinates address either.
public struct BitmapFont: Sendable {
    public let texture: TextureID
    /// Cell size at 1×, in points.
    public let cellWidth: Double
    public let cellHeight: Double
    public let columns: Int
    public let rows: Int
    /// Glyph index for ASCII scalars (or -1), then the non-ASCII scalars in a short list.
    private var ascii = [Int](repeating: -1, count: 128)
    private var extra: [(Unicode.Scalar, Int)] = []
    private let fallback: Int

    /// Parses `font.txt`. Throws a message naming the line that is wrong.
    /// A font with the atlas's 8×16 cells and no texture, for runs that draw no text (the
    /// benchmark, the controls table, tests).
    public static let placeholder = try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars  ?", texture: .none)

    public init(metrics: String, texture: TextureID) throws {
        var cell: (Double, Double)?
        var columns: Int?
        var chars: [Unicode.Scalar]?
        for (n, line) in metrics.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.isEmpty { continue }
            let parts = line.split(separator: " ", maxSplits: 1)
            let key = parts[0], rest = parts.count > 1 ? String(parts[1]) : ""
            switch key {
            case "cell":
                let nums = rest.split(separator: " ").compactMap { Double($0) }
                guard nums.count == 2 else { throw FontError("font.txt line \(n + 1): expected 'cell W H'") }
                cell = (nums[0], nums[1])
            case "columns":
                guard let c = Int(rest), c > 0 else { throw FontError("font.txt line \(n + 1): expected 'columns N'") }
                columns = c
            case "chars":
                // The first character is the space, which split() would eat.
                chars = Array(line.dropFirst("chars ".count).unicodeScalars)
            case "baseline": break
            default: throw FontError("font.txt line \(n + 1): unknown key '\(key)'")
            }
        }
        guard let cell, let columns, let chars, !chars.isEmpty else {
            throw FontError("font.txt: needs 'cell', 'columns' and 'chars'")
        }
        self.texture = texture
        cellWidth = cell.0
        cellHeight = cell.1
        self.columns = columns
        rows = (chars.count + columns - 1) / columns
        for (i, c) in chars.enumerated() {
            if c.value < 128 { ascii[Int(c.value)] = i } else { extra.append((c, i)) }
        }
        fallback = ascii[Int(("?" as Unicode.Scalar).value)]
    }

    public func glyphIndex(for c: Unicode.Scalar) -> Int {
        if c.value < 128 {
            let g = ascii[Int(c.value)]
            return g >= 0 ? g : fallback
        }
        for (s, i) in extra where s == c { return i }
        return fallback
    }

    public func uv(for c: Unicode.Scalar) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        atlasCell(glyphIndex(for: c), columns: columns, count: columns * rows)
    }

    /// Width of `s` at `scale`, in points.
    public func width(of s: String, scale: Double = 1) -> Double {
        Double(s.unicodeScalars.count) * cellWidth * scale
    }
}

public struct FontError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}

/// The texture coordinates of cell `i` of an atlas laid out as a grid of `columns` cells a
/// row, `count` cells in all (the font's glyphs, the board's chord cards).
public func atlasCell(_ i: Int, columns: Int, count: Int) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
    let rows = (count + columns - 1) / columns
    let col = i % columns, row = i / columns
    let du = 1 / Float(columns), dv = 1 / Float(rows)
    return (Float(col) * du, Float(row) * dv, Float(col + 1) * du, Float(row + 1) * dv)
}
