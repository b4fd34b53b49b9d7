import Geometry

/// The app's theme: the colours the shell and the scenes draw with. Geometry's `Color` knows
/// only colours every picture has (white, black, clear); these are the engine's look.
extension Color {
    /// The red of the path scene's first ring.
    public static let red = Color(230, 57, 70)
    /// The app's background.
    public static let background = Color(hex: 0x1d2330)
    /// Panels and buttons.
    public static let panel = Color(hex: 0x2a3242)
    /// Highlights: focus, the pressed button, carries over a target.
    public static let accent = Color(hex: 0x4cc9f0)
    /// Body text.
    public static let text = Color(hex: 0xe8ecf1)
    /// Secondary text: hints and status lines.
    public static let dimText = Color(hex: 0x9aa5b5)
}
