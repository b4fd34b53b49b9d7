/// A texture the draw list can name. 0 is "no texture" (flat colour); the rest are
/// assigned by `TextureCatalog` in the order the platform loads them.
public struct TextureID: Hashable, Sendable {
    public let raw: Int32
    @inlinable public init(raw: Int32) { self.raw = raw }
    public static let none = TextureID(raw: 0)
}

/// The textures the app ships in `Resources/`, with the ids the draw list uses for them.
/// The platform loads them in this order; the core only ever names the ids.
public enum Textures {
    @inlinable public static var font: TextureID { TextureID(raw: 1) }
    @inlinable public static var ball: TextureID { TextureID(raw: 2) }
    @inlinable public static var photo: TextureID { TextureID(raw: 3) }
    @inlinable public static var chords: TextureID { TextureID(raw: 4) }
    /// A 32×32 ball, drawn unscaled by the stress scene (SDL's software renderer blits
    /// unscaled, unrotated, untinted quads directly, as testsprite2's sprites are).
    @inlinable public static var sprite: TextureID { TextureID(raw: 5) }

    /// (id, file name in `Resources/`). The font is special: the platform picks
    /// `font-1x.bmp` or `font-2x.bmp` by the display's pixel scale.
    public static let files: [(TextureID, String)] = [
        (font, "font-1x.bmp"),
        (ball, "ball.bmp"),
        (photo, "photo.bmp"),
        (chords, "chords.bmp"),
        (sprite, "sprite.bmp"),
    ]
}
