@testable import Engine
import Foundation
import Geometry
import Testing

@Suite struct BitmapFontTests {
    @Test func theRealFontIsWithinEveryRange() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/font.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.utf8.count <= BitmapFont.maxMetricsBytes)
        let font = try BitmapFont(metrics: text, texture: .none)
        #expect(font.cellWidth == 8 && font.cellHeight == 16 && font.columns == 16)
        #expect(font.glyphIndex(for: "A") == 33)
    }

    func realFont() throws -> BitmapFont {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/font.txt")
        return try BitmapFont(metrics: String(contentsOf: url, encoding: .utf8), texture: .none)
    }

    @Test func russianLyricsAccentsGreekAndSharpsAndFlatsHaveGlyphsAndWhatIsMissingIsABoxNotAQuestionMark() throws {
        let font = try realFont()
        let question = font.glyphIndex(for: "?"), box = font.glyphIndex(for: "\u{25AF}")
        #expect(box != question)
        for c in "Изгиб гитары жёлтой ЁЖЩЪ café naïve ŁŚŻ Ελλάδα ♯♭♮ „“ € №".unicodeScalars where c != " " {
            let g = font.glyphIndex(for: c)
            #expect(g != question && g != box, "\(c) U+\(String(c.value, radix: 16))")
        }
        // A character DejaVu Sans Mono lacks is drawn as a visible box.
        for c in "漢字🎸".unicodeScalars { #expect(font.glyphIndex(for: c) == box) }
        #expect(font.glyphIndex(for: "?") == question)
    }

    @Test func aLetterWithCombiningAccentsTakesOneCellAndIsCutWhole() throws {
        let font = try realFont()
        let decomposed = "cafe\u{301}", composed = "caf\u{E9}"
        #expect(font.width(of: decomposed) == font.width(of: composed) && font.width(of: composed) == 4 * font.cellWidth)
        // A joiner and a direction mark take no cell.
        #expect(font.width(of: "a\u{200D}b\u{200F}") == 2 * font.cellWidth)
        // Cut to fit, the accent stays with its letter.
        #expect(font.fitted("e\u{301}e\u{301}e\u{301}e\u{301}", width: 3.5 * font.cellWidth) == "e\u{301}e\u{301}…")
        // Drawn: the accent's cell over the letter's, the next letter one cell on.
        var list = DrawList()
        let advance = list.text("e\u{301}x", at: Vec2(100, 50), font: font)
        #expect(advance == 2 * font.cellWidth)
        let xs = (0..<list.vertices.count).filter { $0 % 4 == 0 }.map { Double(list.vertices[$0].x) }
        #expect(xs == [100, 100, 108])
    }

    @Test func lineEndingsBlankLinesAndCommentsAreAllowed() throws {
        for metrics in ["# comment\r\ncell 8 16\r\ncolumns 16\r\nchars  ?AB\r\n", "cell 8 16\r   \r\tcolumns 16\r  chars  ?AB", "\n\ncell 8 16\n \ncolumns 16\nchars  ?AB\n"] {
            let font = try BitmapFont(metrics: metrics, texture: .none)
            #expect(font.cellWidth == 8 && font.columns == 16 && font.rows == 1, "\(metrics.debugDescription)")
            #expect(font.glyphIndex(for: "B") == 3)
        }
    }

    @Test func aFontWithoutAQuestionMarkFallsBackToItsFirstGlyph() throws {
        let font = try BitmapFont(metrics: "cell 8 16\ncolumns 2\nchars abc", texture: .none)
        #expect(font.glyphIndex(for: "z") == 0 && font.glyphIndex(for: "é") == 0 && font.glyphIndex(for: "c") == 2)
        #expect(font.rows == 2)
    }

    @Test(arguments: [
        // A cell of nothing, of NaN, of 1e308: the help overlay divided by it and trapped.
        ("cell 0 0\ncolumns 16\nchars  ?", ["font.txt line 1:", "1…256", "BitmapFont.cellSizeRange", "'cell 0 0'"]),
        ("cell nan nan\ncolumns 16\nchars  ?", ["font.txt line 1:", "BitmapFont.cellSizeRange", "'cell nan nan'"]),
        ("cell 1e308 1e308\ncolumns 16\nchars  ?", ["font.txt line 1:", "BitmapFont.cellSizeRange"]),
        ("cell inf 16\ncolumns 16\nchars  ?", ["font.txt line 1:", "BitmapFont.cellSizeRange"]),
        ("cell 8.5 16\ncolumns 16\nchars  ?", ["font.txt line 1:", "whole numbers"]),
        ("cell 257 16\ncolumns 16\nchars  ?", ["font.txt line 1:", "1…256"]),
        ("cell 8 -16\ncolumns 16\nchars  ?", ["font.txt line 1:", "1…256"]),
        ("cell 8\ncolumns 16\nchars  ?", ["font.txt line 1:", "expected 'cell W H'"]),
        ("cell 8 16 4\ncolumns 16\nchars  ?", ["font.txt line 1:", "expected 'cell W H'"]),
        // A column count that overflowed when the rows were worked out.
        ("cell 8 16\ncolumns 9223372036854775807\nchars  ?", ["font.txt line 2:", "1…4096", "BitmapFont.columnsRange"]),
        ("cell 8 16\ncolumns 99999999999999999999999\nchars  ?", ["font.txt line 2:", "BitmapFont.columnsRange"]),
        ("cell 8 16\ncolumns 0\nchars  ?", ["font.txt line 2:", "1…4096"]),
        ("cell 8 16\ncolumns -3\nchars  ?", ["font.txt line 2:", "1…4096"]),
        ("cell 8 16\ncolumns nan\nchars  ?", ["font.txt line 2:", "1…4096"]),
        ("cell 8 16\ncolumns 16\nchars", ["font.txt line 3:", "BitmapFont.maxGlyphs", "got 0"]),
        ("cell 8 16\ncolumns 16\nchars " + String(repeating: "x", count: 4097), ["font.txt line 3:", "1…4096", "got 4097"]),
        ("cell 8 16\nbaseline 17\ncolumns 16\nchars  ?", ["font.txt line 2:", "baseline 17", "height is 16"]),
        ("cell 8 16\nbaseline -1\ncolumns 16\nchars  ?", ["font.txt line 2:", "0…256"]),
        ("cell 8 16\nbaseline 1e308\ncolumns 16\nchars  ?", ["font.txt line 2:", "0…256"]),
        ("cell 8 16\ncolumns 16\ncell 4 4\nchars  ?", ["font.txt line 3:", "'cell' given again (first on line 1)"]),
        ("cell 8 16\ncolumns 16\nchars  ?\nsize\u{1B}]0;pwned\u{7} 3", ["font.txt line 4:", #"unknown key 'size\u{1B}]0;pwned\u{7}'"#]),
        ("cell 8 16\ncolumns 16", ["missing 'chars'"]),
        ("", ["missing 'cell', 'columns', 'chars'"]),
    ])
    func badMetricsAreRefusedWithTheLineAndTheRange(metrics: String, words: [String]) {
        do {
            _ = try BitmapFont(metrics: metrics, texture: .none)
            Issue.record("accepted \(metrics.prefix(60).debugDescription)")
        } catch {
            for w in words { #expect(error.description.contains(w), "\(error.description)") }
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
            #expect(error.description.count < 300)
        }
    }

    @Test func everyGlyphOfAFontAtTheEdgesOfTheRangesIsACellInsideTheAtlas() throws {
        for metrics in ["cell 1 1\ncolumns 1\nchars  ?ab", "cell 256 256\ncolumns 4096\nchars  ?é•",
                        "cell 8 16\ncolumns 3\nchars " + String(repeating: "é", count: BitmapFont.maxGlyphs)] {
            let font = try BitmapFont(metrics: metrics, texture: .none)
            for c: Unicode.Scalar in [" ", "?", "a", "é", "•", "\u{0}", "\u{10FFFF}"] {
                let g = font.glyphIndex(for: c)
                #expect(g >= 0 && g < font.columns * font.rows)
                let uv = font.uv(for: c)
                #expect([uv.u0, uv.v0, uv.u1, uv.v1].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 + 1e-5 })
            }
        }
    }
}
