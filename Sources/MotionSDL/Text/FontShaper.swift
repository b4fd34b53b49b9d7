import CText
import Engine
import Foundation
import Geometry

/// The engine's `TextShaper` over a font file: HarfBuzz shapes, FreeType rasterises
/// (`FontFace`), glyphs are kept in `GlyphAtlas` pages that the platform uploads before it
/// draws a frame (`Platform.render`).
///
/// A character the font has no glyph for is drawn with a font of the system that has one
/// (Devanagari, CJK, emoji: fontconfig's fallback order for sans-serif, as desktop text
/// does), found and loaded the first time such a character is met; only where no font has
/// it is a box drawn.
///
/// Lines are shaped once per text and size and kept (at most `maxCachedLines`; past that the
/// cache starts afresh), so a steady frame draws its text with one dictionary lookup a line.
/// Frames may be built on another thread than the one that draws them (the frame driver's
/// pipeline): everything here is behind one lock, and the atlas only ever adds glyphs, so a
/// frame being drawn is never changed under it.
public final class FontShaper: TextShaper, @unchecked Sendable {
    /// The largest font file read (DejaVu Sans is 0.76 MB; a CJK font about 20).
    public static let maxFontBytes = 64 << 20
    /// A line's text is shaped up to this many UTF-8 bytes, cut at a character's end, so a
    /// 100,000-character line costs about what the longest line typing makes does. Enough for
    /// the longest line typing makes (`TextField.maxCharacters`, 10,000, of up to four bytes
    /// each, with room for marks): a line being typed in scrolls to its caret, and at 16 KiB a
    /// hostile tour's 6,000 CJK characters and the typing after them were not drawn.
    public static let maxShapedBytes = 64 << 10
    /// Glyphs are rasterised at most this many pixels per em; larger text draws them scaled.
    public static let maxRasterSize = 256.0
    /// Shaped lines (and measured widths) kept before the cache starts afresh.
    public static let maxCachedLines = 4096
    /// What the caches may hold, in bytes of text and glyphs, before they start afresh: 4096
    /// lines cut to `maxShapedBytes` would otherwise keep gigabytes.
    public static let maxCachedBytes = 32 << 20

    /// How far the font's letters reach above the baseline, in ems (from its horizontal
    /// extents).
    public let ascent: Double
    /// How far they reach below it, in ems (positive).
    public let descent: Double

    /// At most this many fonts in all: the font itself and its fallbacks.
    public static let maxFaces = 8
    /// At most this many characters are looked for among the system's fonts.
    public static let maxLookups = 128
    var lookups = 0

    let lock = NSLock()
    /// The font itself, then each fallback font loaded so far.
    var faces: [FontFace]
    var face: FontFace { faces[0] }
    /// For each character the font lacks (by its first scalar the font lacks): the face that
    /// has it (0: none has it; a box).
    var fallbackFace: [UInt32: UInt8] = [:]
    /// The fallback fonts loaded, by "file#index".
    var fallbackFiles: [String: UInt8] = [:]
    /// Whether the font itself has each ASCII character (the common case, looked up first).
    let asciiCovered: [Bool]
    var atlas = GlyphAtlas()
    /// The texture ids the atlas's pages are drawn as, page k as `pages[k]`.
    let pages: [TextureID]
    var slots: [GlyphKey: Placement] = [:]
    private var lines: [LineKey: ShapedLine] = [:]
    private var advances: [LineKey: Double] = [:]
    var stops: [LineKey: [Double]] = [:]
    /// The last text's character spans (`characterSpans`): a selection drawn frame after frame.
    var lastSpans: (text: String, spans: [ClosedRange<Double>])?
    var shaped: [FontFace.Shaped] = []
    /// What `lines` and `advances` hold, about (`maxCachedBytes`).
    private var cachedBytes = 0

    struct GlyphKey: Hashable {
        var glyph: UInt32
        var face: UInt8
        var size: Int
    }

    /// A text (at a size) as a cache key, compared byte for byte: Swift's own `String`
    /// equality and hashing normalise Unicode first, which cost 2 ms a frame for one
    /// 100,000-character line, and two spellings of é may shape differently anyway. The hash
    /// reads the first 4 KiB and the length; equality reads all of it.
    struct LineKey: Hashable {
        var text: String
        var size: Int

        static func == (a: LineKey, b: LineKey) -> Bool {
            guard a.size == b.size, a.text.utf8.count == b.text.utf8.count else { return false }
            var x = a.text, y = b.text
            return x.withUTF8 { p in y.withUTF8 { q in p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 } }
        }

        func hash(into h: inout Hasher) {
            h.combine(size)
            var t = text
            t.withUTF8 {
                h.combine($0.count)
                h.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0.prefix(4096))))
            }
        }
    }

    enum Placement {
        case placed(GlyphAtlas.Slot)
        /// Nothing to draw (a space).
        case empty
        /// No room, or FreeType could not render it: a box.
        case box
    }

    /// The font in `data` (the file at `path`, named in a refusal), its atlas pages drawn as
    /// `pages` (one id per page, `GlyphAtlas.maxPages` of them).
    init(_ data: [UInt8], path: String, pages: [TextureID]) throws(FontFace.Refusal) {
        precondition(pages.count == GlyphAtlas.maxPages, "one texture id per atlas page")
        let face = try FontFace(data, path: path)
        faces = [face]
        ascent = face.ascent
        descent = face.descent
        asciiCovered = (0..<128).map { Unicode.Scalar($0).map(face.covers) ?? false }
        self.pages = pages
    }

    deinit { atlas.release() }

    /// The font file at `path`, read under the file policy (at most `maxFontBytes`), its
    /// pages drawn as `pages` (`GlyphAtlas.maxPages` ids). Throws a refusal naming the file
    /// when it cannot be read or is not a font.
    public static func load(_ path: String, pages: [TextureID]) throws(FilePolicy.Refusal) -> FontShaper {
        let bytes = try FilePolicy.read(path, limit: maxFontBytes, limitName: "FontShaper.maxFontBytes")
        do { return try FontShaper(bytes, path: FilePolicy.shown(path), pages: pages) } catch { throw FilePolicy.Refusal(error.description) }
    }

    /// Page ids for a shaper no platform draws (a run that only measures and builds frames,
    /// as the soak test does): the same layout as on screen, no pixels.
    public static let unattachedPages = (0..<GlyphAtlas.maxPages).map { TextureID(raw: Int32.max - Int32(GlyphAtlas.maxPages) + Int32($0)) }

    /// The advance of `text` shaped, in ems: HarfBuzz's unhinted advances, so it is the same
    /// at every size. Cached per text.
    public func advance(of text: String) -> Double {
        lock.lock()
        defer { lock.unlock() }
        let key = LineKey(text: text, size: 0)
        if let a = advances[key] { return a }
        shape(Self.cut(text))
        var units = 0
        for g in shaped { units += Int(g.advance) }
        let a = Double(units) / face.unitsPerEm
        remember(bytes: text.utf8.count)
        advances[key] = a
        return a
    }

    /// `text` (cut to `shown`) shaped: each character's byte start, and the leftmost and
    /// rightmost pen positions of its glyphs by HarfBuzz's clusters (font units; `.max` and
    /// `.min` for a character with no glyph of its own). Call with the lock held.
    func spans(of text: String, shown: String) -> (starts: [Int], left: [Int], right: [Int]) {
        shape(shown)
        var starts: [Int] = []
        starts.reserveCapacity(text.utf8.count / 2)
        var offset = 0
        for c in text {
            starts.append(offset)
            offset += c.utf8.count
        }
        let n = starts.count
        var left = [Int](repeating: .max, count: n), right = [Int](repeating: .min, count: n)
        var pen = 0
        for g in shaped {
            // The character holding byte `cluster`: the last start at or before it.
            var lo = 0, hi = n
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if starts[mid] <= Int(g.cluster) { lo = mid } else { hi = mid }
            }
            guard n > 0 else { break }
            left[lo] = min(left[lo], pen)
            pen += Int(g.advance)
            right[lo] = max(right[lo], pen)
        }
        return (starts, left, right)
    }

    /// `text` shaped and its glyphs placed in the atlas at `pixelSize` pixels per em (1…4096;
    /// not finite: 13), rasterised the first time each glyph is met at that size. Cached per
    /// text and size.
    public func line(_ text: String, pixelSize: Double) -> ShapedLine {
        let px = pixelSize.isFinite ? min(max(pixelSize, 1), 4096) : 13
        let key = LineKey(text: text, size: Int((px * 64).rounded()))
        lock.lock()
        defer { lock.unlock() }
        if let line = lines[key] { return line }
        shape(Self.cut(text))
        // Rasterised in quarter pixels (every UI scale's text is a multiple of 3.25 px, so
        // exact), the quad scaled by the rest: a card whose name grows frame by frame as it
        // flies would otherwise put a new size of every glyph in the atlas each frame.
        let raster = max(1, min((px * 4).rounded() / 4, Self.maxRasterSize)), k = px / raster
        let scale = px / face.unitsPerEm
        let rasterKey = Int((raster * 64).rounded())
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(shaped.count)
        var pen = 0.0
        for g in shaped {
            let x = (pen + Double(g.dx) * scale).rounded(), y = -(Double(g.dy) * scale).rounded()
            pen += Double(g.advance) * scale
            switch placement(g.glyph, face: g.face, raster: raster, key: rasterKey) {
            case .empty: continue
            case .placed(let s):
                let side = Float(GlyphAtlas.pageSide)
                glyphs.append(PlacedGlyph(
                    rect: Rect(x: x + Double(s.left) * k, y: y - Double(s.top) * k, w: Double(s.width) * k, h: Double(s.height) * k),
                    texture: pages[s.page], u0: Float(s.x) / side, v0: Float(s.y) / side,
                    u1: Float(s.x + s.width) / side, v1: Float(s.y + s.height) / side))
            case .box:
                let advance = Double(g.advance) * scale
                let w = max(2, advance > 0 ? advance * 0.8 : px * 0.5), h = max(2, ascent * px * 0.75)
                glyphs.append(PlacedGlyph(rect: Rect(x: x + max(1, (advance * 0.1).rounded()), y: y - h.rounded(), w: w.rounded(), h: h.rounded()),
                                          texture: .none, u0: 0, v0: 0, u1: 0, v1: 0))
            }
        }
        let line = ShapedLine(glyphs: glyphs, advance: pen)
        remember(bytes: text.utf8.count + glyphs.count * MemoryLayout<PlacedGlyph>.stride)
        lines[key] = line
        return line
    }

    /// Counts `bytes` more into the caches, first emptying them when that would pass
    /// `maxCachedBytes` or either holds `maxCachedLines`.
    func remember(bytes: Int) {
        if cachedBytes + bytes > Self.maxCachedBytes || lines.count >= Self.maxCachedLines || advances.count >= Self.maxCachedLines {
            lines.removeAll(keepingCapacity: true)
            advances.removeAll(keepingCapacity: true)
            stops.removeAll(keepingCapacity: true)
            cachedBytes = 0
        }
        cachedBytes += bytes
    }

    /// `text` up to `maxShapedBytes` of UTF-8, cut after a whole character (or, when its
    /// first character alone is longer — a letter under 10,000 combining marks — after a
    /// whole scalar).
    static func cut(_ text: String) -> String {
        guard text.utf8.count > maxShapedBytes else { return text }
        var end = text.startIndex, bytes = 0
        for i in text.indices {
            let n = text[i].utf8.count
            guard bytes + n <= maxShapedBytes else { break }
            bytes += n
            end = text.index(after: i)
        }
        if end > text.startIndex { return String(text[..<end]) }
        var scalars = String.UnicodeScalarView()
        bytes = 0
        for s in text.unicodeScalars {
            let n = UTF8.width(s)
            guard bytes + n <= maxShapedBytes else { break }
            bytes += n
            scalars.append(s)
        }
        return String(scalars)
    }
}
