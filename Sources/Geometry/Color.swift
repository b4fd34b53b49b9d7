/// An 8-bit RGBA colour, straight (not premultiplied) alpha, as SDL's vertices take it.
public struct Color: Hashable, Sendable, BitwiseCopyable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Opacity, 0 (clear) … 255 (opaque); not premultiplied.
    public var a: UInt8

    /// A colour from its channels (opaque unless `a` says).
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// From `0xRRGGBB`.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(UInt8((hex >> 16) & 0xff), UInt8((hex >> 8) & 0xff), UInt8(hex & 0xff), alpha)
    }

    /// The same colour with opacity `a`.
    public func withAlpha(_ a: UInt8) -> Color { Color(r, g, b, a) }

    /// The same colour with its alpha multiplied by `f` (clamped to 0…1).
    public func faded(_ f: Double) -> Color {
        Color(r, g, b, UInt8((Double(a) * clamp(f, 0, 1)).rounded()))
    }

    /// Opaque white.
    public static let white = Color(255, 255, 255)
    /// Opaque black.
    public static let black = Color(0, 0, 0)
    /// Fully transparent.
    public static let clear = Color(0, 0, 0, 0)
}
