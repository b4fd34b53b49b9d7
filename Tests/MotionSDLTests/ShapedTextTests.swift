import CSDL2
import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Testing

/// Text from the shipped font file (DejaVu Sans, shaped by HarfBuzz, rasterised by
/// FreeType), drawn through the platform as the app draws it and read back as pixels.
extension SDLTests {
    /// A headless 320×240 platform with the shipped font loaded, and the font to write with.
    private func shapedFont(uiScale: Double = 1, size: Vec2 = Vec2(320, 240)) throws -> (Platform, BitmapFont) {
        let platform = try headlessPlatform {
            $0.uiScale = uiScale
            $0.size = size
        }
        let font = try ResourceFolder.font(in: resourcesURL, on: platform) { Issue.record("warned: \($0)") }
        #expect(font.shaper != nil)
        return (platform, font)
    }

    /// The window's pixels after drawing `text` at (8, 8) in white on the background.
    private func pixels(of text: String, _ platform: Platform, _ font: BitmapFont) -> [Color] {
        var list = DrawList()
        list.pixelsPerPoint = platform.pixelsPerPoint
        list.text(text, at: Vec2(8, 8), font: font, color: .white)
        platform.render(list)
        let w = Int32(platform.windowSize.x * platform.pixelsPerPoint), h = Int32(platform.windowSize.y * platform.pixelsPerPoint)
        return platform.readPixels(SDL_Rect(x: 0, y: 0, w: w, h: h))
    }

    /// How many pixels are not the background.
    private func ink(_ px: [Color]) -> Int { px.filter { $0 != Color.background }.count }

    @Test func everyCharacterOfARussianLineWithAccentsIsDrawnAsItselfNotAsABoxOrAQuestionMark() throws {
        let (platform, font) = try shapedFont()
        // Cyrillic, Ё, an accented Latin letter, a stress mark (a combining acute) on a
        // Cyrillic vowel, and an e with a combining acute.
        let line = "Ёлка тиха́, café e\u{301}"
        let whole = pixels(of: line, platform, font)
        // The same letters in another order draw another picture: the glyphs are the letters'.
        let swapped = pixels(of: "лЁка тиха́, éfac e\u{301}", platform, font)
        #expect(ink(whole) > 200)
        #expect(whole != swapped)
        // A character no font has (U+0378, unassigned) is a box; '?' is a question mark.
        let box = pixels(of: "\u{378}", platform, font)
        let question = pixels(of: "?", platform, font)
        #expect(ink(box) > 10)
        #expect(box != question)
        var drawnAsBox: [Character] = [], drawnAsQuestion: [Character] = [], blank: [Character] = []
        for ch in line where ch != " " {
            let alone = pixels(of: String(ch), platform, font)
            if alone == box { drawnAsBox.append(ch) }
            if alone == question { drawnAsQuestion.append(ch) }
            if ink(alone) == 0 { blank.append(ch) }
        }
        #expect(drawnAsBox.isEmpty && drawnAsQuestion.isEmpty && blank.isEmpty, "boxes \(drawnAsBox), question marks \(drawnAsQuestion), blank \(blank)")
        // A combining mark takes no room of its own and is drawn (over its letter).
        #expect(abs(font.width(of: "e\u{301}") - font.width(of: "e")) < 0.01)
        #expect(pixels(of: "e\u{301}", platform, font) != pixels(of: "e", platform, font))
    }

    /// Characters the shipped font lacks come from the system's fonts (fontconfig's fallback
    /// for sans-serif; `scripts/install-deps` installs Noto, Droid Sans Fallback, Nanum and
    /// Symbola): Devanagari shaped into its conjuncts, CJK, Korean (which Droid Sans Fallback
    /// lacks: a visual tour's "안녕하세요" was boxes), an emoji. Only what no font has is a box.
    @Test func charactersTheShippedFontLacksAreDrawnFromTheSystemsFontsNotAsBoxes() throws {
        let (platform, font) = try shapedFont()
        let box = pixels(of: "\u{378}", platform, font)
        for text in ["न", "中", "歌", "안", "노", "🌲", "🎵"] {
            let drawn = pixels(of: text, platform, font)
            #expect(ink(drawn) > 12 && drawn != box, "\(text) is drawn as a box: is a font that has it installed? (scripts/install-deps)")
        }
        // A conjunct: स + virama + त is one shaped cluster, narrower than its parts side by side.
        #expect(font.width(of: "स्त") < font.width(of: "स") + font.width(of: "्") + font.width(of: "त") - 1)
        // Different characters, different pictures; and a line mixing them keeps its Latin.
        #expect(pixels(of: "中", platform, font) != pixels(of: "歌", platform, font))
        #expect(pixels(of: "Ab 中 Ab", platform, font) != pixels(of: "Ab 歌 Ab", platform, font))
    }

    /// At fractional scales every glyph is still copied 1:1, none stretched by a pixel: the
    /// quads' edges survive SDL's float multiply-and-truncate (`DrawList.pixelEdge`).
    @Test(arguments: [1.25, 1.5, 1.75])
    func textAtAFractionalScaleIsCopiedOneToOneNotStretched(uiScale: Double) throws {
        let (platform, font) = try shapedFont(uiScale: uiScale, size: Vec2(800, 240))
        _ = pixels(of: "Amazing grace! How sweet the sound 0123456789", platform, font)
        #expect(platform.lastCounts.composited > 30, "glyphs copied: \(platform.lastCounts)")
        #expect(platform.lastCounts.scaled == 0, "glyphs stretched at \(uiScale)×: \(platform.lastCounts)")
    }

    /// Arabic's lam-alef is one glyph for two characters: the caret between them stands
    /// inside it, so every press of an arrow key moves it (both stops were the ligature's
    /// end: a tour). A direction mark, which draws nothing, still takes no width.
    @Test func charactersJoinedIntoOneGlyphShareItsWidthBetweenTheirCarets() throws {
        let (_, font) = try shapedFont()
        let stops = font.caretStops(of: "سلام")
        #expect(stops.count == 5)
        // Right to left: each stop left of the one before, none twice.
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $1 < $0 - 0.5 }, "\(stops)")
        let marked = font.caretStops(of: "ab\u{200E}c")
        #expect(marked[2] == marked[3] && marked[1] < marked[2], "\(marked)")
    }

    @Test func chordNamesWithSharpsAndFlatsAreDrawnAsWritten() throws {
        let (platform, font) = try shapedFont()
        let box = pixels(of: "\u{378}", platform, font)
        let sharpSign = pixels(of: "♯", platform, font), flatSign = pixels(of: "♭", platform, font)
        #expect(ink(sharpSign) > 5 && ink(flatSign) > 5)
        #expect(sharpSign != box && flatSign != box && sharpSign != flatSign)
        #expect(pixels(of: "C♯m7", platform, font) != pixels(of: "C#m7", platform, font))
        #expect(pixels(of: "B♭", platform, font) != pixels(of: "Bb", platform, font))
        #expect(pixels(of: "F♮", platform, font) != pixels(of: "F", platform, font))
    }

    @Test func rightToLeftTextIsLaidOutRightToLeftAndArabicLettersJoin() throws {
        let (_, font) = try shapedFont()
        let shaper = try #require(font.shaper)
        // Hebrew: the first letter read (shin) is the rightmost glyph.
        let shalom = shaper.line("שלום", pixelSize: 26).glyphs, shin = shaper.line("ש", pixelSize: 26).glyphs
        let rightmost = try #require(shalom.max { $0.rect.minX < $1.rect.minX })
        #expect(rightmost.u0 == shin[0].u0 && rightmost.v0 == shin[0].v0)
        // Latin: the first letter is the leftmost.
        let latin = shaper.line("Ёлка", pixelSize: 26).glyphs, yo = shaper.line("Ё", pixelSize: 26).glyphs
        #expect(latin[0].u0 == yo[0].u0 && latin[0].v0 == yo[0].v0)
        // Arabic: a beh between two letters takes its joined (medial) form, not the form it has alone.
        let joined = shaper.line("ببب", pixelSize: 26).glyphs, alone = shaper.line("ب", pixelSize: 26).glyphs
        #expect(joined.count == 3)
        #expect(!joined.contains { $0.u0 == alone[0].u0 && $0.v0 == alone[0].v0 })
    }

    /// Arabic after Hebrew in one right-to-left run, one font drawing both: each word is
    /// shaped in its own script, so the Arabic letters join as they do alone (shaped as
    /// Hebrew, the first letter's script, they stood apart: a hostile tour's "שלום مرحبا").
    @Test func arabicAfterHebrewInOneRunStillJoins() throws {
        let (_, font) = try shapedFont()
        let shaper = try #require(font.shaper)
        func uvs(_ s: String) -> [Float] { shaper.line(s, pixelSize: 26).glyphs.map(\.u0) }
        let alone = Set(uvs("مرحبا")), hebrew = Set(uvs("שלום"))
        let mixed = Set(uvs("שלום مرحبا"))
        #expect(alone.isSubset(of: mixed), "the Arabic word's joined forms are missing")
        #expect(hebrew.isSubset(of: mixed))
        // The cuts: the space goes with the Hebrew before it; digits with the letters after.
        let scripts = FontFace.Scripts("12 שלום مرحبا")
        #expect(scripts.cuts.map(\.at) == [0, "12 שלום ".utf8.count])
        #expect(scripts.cuts.map(\.script) == [FontFace.Scripts("ש").first, FontFace.Scripts("م").first])
        #expect(scripts.cuts[0].script != scripts.cuts[1].script)
        // A line of one script makes no cut; the script at any offset is its.
        #expect(FontFace.Scripts("1. Ёлка, ёлка!").cuts.isEmpty)
        #expect(scripts.script(at: 0) == scripts.first && scripts.script(at: scripts.cuts[1].at) == scripts.cuts[1].script)
    }

    @Test func aLineThatMixesDirectionsReadsEachRunInItsOwnDirection() throws {
        let (_, font) = try shapedFont()
        let shaper = try #require(font.shaper)
        func uv(_ s: String) -> Float { shaper.line(s, pixelSize: 26).glyphs[0].u0 }
        func xs(_ line: String, of letter: String) -> [Double] {
            shaper.line(line, pixelSize: 26).glyphs.filter { $0.u0 == uv(letter) }.map(\.rect.minX)
        }
        // A Latin line with a Hebrew word: Latin first on the left; in the Hebrew word, its
        // first letter (shin) right of its last (final mem).
        let ltr = "Verse שלום"
        let v = try #require(xs(ltr, of: "V").first), shin = try #require(xs(ltr, of: "ש").first), mem = try #require(xs(ltr, of: "ם").first)
        #expect(v < mem && mem < shin)
        // A Hebrew line with a Latin word: the Hebrew word on the right, the Latin word left
        // of it and read left to right.
        let rtl = "שלום abc"
        let shin2 = try #require(xs(rtl, of: "ש").first), a = try #require(xs(rtl, of: "a").first), c = try #require(xs(rtl, of: "c").first)
        #expect(a < c && c < shin2)
        // The runs, as bytes.
        #expect(BidiRuns("Verse שלום").runs.map(\.rightToLeft) == [false, true])
        #expect(BidiRuns("שלום abc").rightToLeft)
        #expect(BidiRuns("ab, cd").runs.count == 1)
        #expect(BidiRuns("").runs.isEmpty)
        // A numbered verse reads in its first letter's direction (digits are weak for the
        // line's direction), its number still read left to right; a direction mark counts.
        #expect(BidiRuns("1. שלום").rightToLeft && BidiRuns("12 שלום").runs.first?.rightToLeft == false)
        #expect(BidiRuns("١٢٣ عربي").rightToLeft && !BidiRuns("1. abc").rightToLeft && !BidiRuns("123").rightToLeft)
        #expect(BidiRuns("\u{200F}abc def").rightToLeft && !BidiRuns("\u{200E}שלום").rightToLeft)
        let verse = "1. שלום"
        let one = try #require(xs(verse, of: "1").first), shin3 = try #require(xs(verse, of: "ש").first)
        #expect(one > shin3, "the verse's number stands at the right, where a right-to-left line begins")
        // A mark after a Hebrew letter stays in its run; a space between Latin words stays Latin.
        #expect(BidiRuns("שָׁלוֹם x y").runs.map(\.rightToLeft) == [true, false])
    }

    @Test func textAtUIScaleTwoIsRasterisedAtTwiceThePixelsNotAOneTimesImageDoubled() throws {
        // One platform at a time: the first is released before the second opens.
        let (one, f1): ([Color], BitmapFont) = try {
            let (p1, f1) = try shapedFont(uiScale: 1, size: Vec2(160, 40))
            #expect(p1.pixelsPerPoint == 1)
            return (pixels(of: "Ёлка ♯", p1, f1), f1)
        }()
        let (p2, f2) = try shapedFont(uiScale: 2, size: Vec2(320, 80))
        #expect(p2.windowSize == Vec2(160, 40))
        let two = pixels(of: "Ёлка ♯", p2, f2)
        #expect(two.count == 320 * 80)
        // The 1× picture doubled, pixel for pixel.
        var doubled = [Color](repeating: .background, count: 320 * 80)
        for y in 0..<80 { for x in 0..<320 { doubled[y * 320 + x] = one[(y / 2) * 160 + x / 2] } }
        let differing = zip(two, doubled).filter { $0 != $1 }.count
        #expect(differing > 100, "only \(differing) pixels differ from the doubled 1x picture")
        // The same words, the same width in points.
        #expect(abs(f2.width(of: "Ёлка ♯") - f1.width(of: "Ёлка ♯")) < 0.01)
        // Twice the ink, give or take the edges' rounding.
        let ratio = Double(ink(two)) / Double(max(1, ink(one)))
        #expect(ratio > 3 && ratio < 5, "ink ratio \(ratio)")
    }

    /// The longest line typing makes is shaped whole, its end drawn where a caret scrolled
    /// to it shows it (a hostile tour's 6,000 CJK characters left the typing after them
    /// undrawn at 16 KiB).
    @Test func theLongestLineTypingMakesIsShapedWhole() {
        let typed = String(repeating: "中", count: 6_000) + String(repeating: "abc😀", count: 500) + "END"
        #expect(FontShaper.cut(typed) == typed)
        let widest = String(repeating: "😀", count: 10_000)
        #expect(FontShaper.cut(widest).utf8.count == widest.utf8.count)
    }

    @Test func aHugeLineAndAPileOfCombiningMarksAreCutToWhatCanShow() throws {
        let (platform, font) = try shapedFont()
        let shaper = try #require(font.shaper)
        let long = String(repeating: "Ёлка ", count: 20_000)
        let marks = "e" + String(repeating: "\u{301}", count: 40_000)
        // (Booleans first: a failed expectation would print the strings.)
        let longCut = FontShaper.cut(long), marksCut = FontShaper.cut(marks)
        let cutsFit = longCut.utf8.count <= FontShaper.maxShapedBytes && marksCut.utf8.count <= FontShaper.maxShapedBytes
        let cutsAreNearTheLimit = longCut.utf8.count > FontShaper.maxShapedBytes - 16 && marksCut.utf8.count > FontShaper.maxShapedBytes - 4
        let cutAtCharacters = longCut.hasSuffix("Ёлка ") || longCut.hasSuffix("Ёлка") || longCut.last.map { "Ёлка ".contains($0) } == true
        let marksKeepTheirLetter = Array(marksCut.unicodeScalars.prefix(2)) == ["e", "\u{301}"]
        #expect(cutsFit && cutsAreNearTheLimit && cutAtCharacters && marksKeepTheirLetter)
        #expect(shaper.line(long, pixelSize: 13).glyphs.count < FontShaper.maxShapedBytes)
        // Drawn in a clip the width of the window, only what shows is handed on.
        var list = DrawList()
        list.pushClip(Rect(x: 0, y: 0, w: 320, h: 240))
        list.text(long, at: Vec2(8, 8), font: font)
        list.text(marks, at: Vec2(8, 40), font: font)
        list.popClip()
        #expect(list.vertices.count < 4 * 200)
        platform.render(list)
        #expect(font.width(of: long).isFinite && font.width(of: marks).isFinite)
    }

    @Test func aFontFileThatIsNotAFontIsRefusedNamingItAndTheBitmapFontDraws() throws {
        let platform = try headlessPlatform()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = try Data(contentsOf: resourcesURL.appendingPathComponent(ResourceFolder.fontFile))
        let cases: [(String, Data)] = [
            ("empty.ttf", Data()),
            ("truncated.ttf", real.prefix(1000)),
            ("text.ttf", Data("this is not a font\n".utf8)),
            ("png.ttf", try Data(contentsOf: resourcesURL.appendingPathComponent("ball.png"))),
            ("zeros.ttf", Data(count: 4096)),
        ]
        for (name, bytes) in cases {
            let path = dir.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            var warnings: [String] = []
            let font = try ResourceFolder.font(in: resourcesURL, on: platform, file: path) { warnings.append($0) }
            #expect(font.shaper == nil, "\(name) was taken for a font")
            #expect(warnings.count == 1 && warnings[0].contains(name), "\(name): \(warnings)")
            // The bitmap font still draws.
            #expect(ink(pixels(of: "Abc", platform, font)) > 20)
        }
        // A FIFO is refused without being opened for reading (no hang).
        let fifo = dir.appendingPathComponent("fifo.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var warnings: [String] = []
        let font = try ResourceFolder.font(in: resourcesURL, on: platform, file: fifo) { warnings.append($0) }
        #expect(font.shaper == nil && warnings.count == 1)
    }
}
