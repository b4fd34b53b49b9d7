import Geometry

/// A glyph of a shaped line: where it is drawn, in pixels from the line's start on its
/// baseline (y down), and where its image is.
public struct PlacedGlyph: Sendable {
    /// Where the glyph's image goes, in whole pixels from the pen's start on the baseline.
    public var rect: Rect
    /// The atlas page its image is on; `.none` when the atlas had no room for it (drawn as
    /// an outlined box, so that it is still seen).
    public var texture: TextureID
    /// Its image in the page, from 0 to 1 across it.
    public var u0: Float, v0: Float, u1: Float, v1: Float

    /// A glyph drawn in `rect` from `texture`'s part `u0…u1` × `v0…v1`.
    public init(rect: Rect, texture: TextureID, u0: Float, v0: Float, u1: Float, v1: Float) {
        self.rect = rect
        self.texture = texture
        (self.u0, self.v0, self.u1, self.v1) = (u0, v0, u1, v1)
    }
}

/// One line of text shaped at one pixel size: its glyphs in visual order (left to right,
/// whatever the direction it is read in), and how far it advances. Made once and kept by
/// the shaper, so drawing the same line again costs a lookup.
public final class ShapedLine: Sendable {
    /// The glyphs, left to right.
    public let glyphs: [PlacedGlyph]
    /// The pen's advance over the whole line, in pixels.
    public let advance: Double

    /// A line of `glyphs` advancing `advance` pixels.
    public init(glyphs: [PlacedGlyph], advance: Double) {
        self.glyphs = glyphs
        self.advance = advance
    }
}

/// Text from a font file, which the platform provides (MotionSDL's `FontShaper`): it shapes
/// a line (combining marks on their letters, right-to-left scripts in their order, ligatures
/// where the font has them), measures it, and puts its glyphs in an atlas rasterised at the
/// size they are shown. The core only places what it returns, so it stays free of the
/// libraries that do this.
public protocol TextShaper: AnyObject, Sendable {
    /// How far above the baseline the font's letters reach, in ems.
    var ascent: Double { get }
    /// How far below the baseline they reach, in ems (positive).
    var descent: Double { get }
    /// The advance of `text` as shaped, in ems. It does not depend on the size drawn at, so
    /// a layout measured with it is the same on every display.
    func advance(of text: String) -> Double
    /// `text` shaped, with its glyphs rasterised at `pixelSize` pixels per em.
    func line(_ text: String, pixelSize: Double) -> ShapedLine
    /// Where a caret stands before each character (grapheme cluster) of `text` and after
    /// the last, in ems from the line's start: `text.count + 1` positions.
    func caretStops(of text: String) -> [Double]
    /// Whether each character (grapheme cluster) of `text` runs right to left, as laid out
    /// (`text.count` values); nil from a shaper that does not know.
    func rightToLeft(of text: String) -> [Bool]?
    /// Whether `text`, as a paragraph, reads right to left (its first strong letter is);
    /// nil from a shaper that does not know.
    func readsRightToLeft(_ text: String) -> Bool?
    /// Where each character (grapheme cluster) of `text` is drawn, from its leftmost to its
    /// rightmost pen position in ems (`text.count` spans; one of no glyph of its own is empty,
    /// where the character before it ends); nil from a shaper that does not know.
    func characterSpans(of text: String) -> [ClosedRange<Double>]?
}

extension TextShaper {
    /// Not known: the caret stops are all there is.
    public func rightToLeft(of text: String) -> [Bool]? { nil }

    /// Not known: the caret stops are all there is.
    public func readsRightToLeft(_ text: String) -> Bool? { nil }

    /// Not known: the caret stops are all there is.
    public func characterSpans(of text: String) -> [ClosedRange<Double>]? { nil }

    /// Each character's start measured as the advance of the text before it (exact for text
    /// of one direction; a shaper that knows its clusters does better).
    public func caretStops(of text: String) -> [Double] {
        var stops = [0.0]
        var prefix = ""
        for c in text {
            prefix.append(c)
            stops.append(advance(of: prefix))
        }
        return stops
    }
}
