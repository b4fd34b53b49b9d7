
/// The textures the app ships in `Resources/`, with the ids the draw list uses for them.
/// The platform loads them in this order; the core only ever names the ids.
public enum Textures {
    public static let font = TextureID(raw: 1)
    public static let ball = TextureID(raw: 2)
    public static let photo = TextureID(raw: 3)
    public static let chords = TextureID(raw: 4)
    /// A 32×32 ball, drawn unscaled by the stress scene (SDL's software renderer blits
    /// unscaled, unrotated, untinted quads directly, as testsprite2's sprites are).
    public static let sprite = TextureID(raw: 5)

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
