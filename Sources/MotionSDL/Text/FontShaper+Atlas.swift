import Engine
import Foundation

// The glyph atlas: each glyph rasterised once per face and size and placed on a page, and
// the pages written since the last frame handed to the platform. Under the shaper's lock.
extension FontShaper {
    /// Where `glyph` at `raster` pixels per em is, rasterising and placing it the first time.
    func placement(_ glyph: UInt32, face: UInt8, raster: Double, key: Int) -> Placement {
        let k = GlyphKey(glyph: glyph, face: face, size: key)
        if let p = slots[k] { return p }
        var p = Placement.box
        if let b = faces[Int(face)].render(glyph, pixelSize: raster) {
            if b.width == 0 || b.height == 0 || b.pixels == nil {
                // A blank glyph: a space is blank, and so is a font's empty missing glyph.
                p = glyph == 0 ? .box : .empty
            } else if let pixels = b.pixels, b.pitch > 0,
                      let s = atlas.place(width: b.width, height: b.height, coverage: pixels, pitch: b.pitch, left: b.left, top: b.top) {
                p = .placed(s)
            }
        }
        slots[k] = p
        return p
    }

    /// Hands each atlas page written since the last call to `body`: its texture id and its
    /// pixels (ARGB8888, `GlyphAtlas.pageSide` square), valid during the call.
    func takeNewGlyphs(_ body: (TextureID, UnsafePointer<UInt32>) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        atlas.takeDirtyPages { body(pages[$0], $1) }
    }
}
