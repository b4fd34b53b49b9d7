import Geometry

/// Shared things a scene draws with.
public struct DrawContext {
    /// The font for labels and text.
    public var font: BitmapFont
    /// How far between the previous and the current step the picture is, in [0, 1).
    public var alpha: Double
    /// The area the scene owns (the window below the tab bar).
    public var bounds: Rect

    /// What a scene draws a frame with.
    public init(font: BitmapFont, alpha: Double, bounds: Rect) {
        self.font = font; self.alpha = alpha; self.bounds = bounds
    }
}
