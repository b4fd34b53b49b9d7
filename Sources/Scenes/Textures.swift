import Engine

/// The images in `Resources/` that the demo's scenes draw, with the ids their draw lists
/// name them by, and the catalogue the platform loads them from (the font's, which the
/// engine names, and the scenes').
public enum Textures {
    /// The bitmap font's atlas (`TextureID.font`), which the shell and every scene write with.
    @inlinable public static var font: TextureID { .font }
    /// A ball: the bounce scene's balls.
    @inlinable public static var ball: TextureID { TextureID(raw: 2) }
    /// A photo: what the arrow scene's animated shape masks, and the tap scene's sprite.
    @inlinable public static var photo: TextureID { TextureID(raw: 3) }
    /// The board scene's chord cards, one atlas cell each (`atlasCell`).
    @inlinable public static var chords: TextureID { TextureID(raw: 4) }
    /// A 32×32 ball, drawn unscaled by the stress scene (SDL's software renderer blits
    /// unscaled, unrotated, untinted quads directly, as testsprite2's sprites are).
    @inlinable public static var sprite: TextureID { TextureID(raw: 5) }

    /// Every image above with its file (the font's from `TextureCatalog.withFont`).
    public static let catalog: TextureCatalog = {
        var c = TextureCatalog.withFont
        c.register(ball, file: "ball.png")
        c.register(photo, file: "photo.png")
        c.register(chords, file: "chords.png", highDensityFile: "chords-2x.png")
        // A BMP, as SDL's testsprite2 and pygame read it too (scripts/bench-vs-sdl --soft).
        c.register(sprite, file: "sprite.bmp")
        return c
    }()
}
