import CSDL2
import Engine
import Foundation

// MARK: Text

extension Platform {
    /// Reserves the image slots the text atlas's pages are drawn from (empty until a page
    /// has glyphs), after every other image.
    func reserveTextPages() {
        textPageBase = textures.count
        let slots = GlyphAtlas.maxPages
        images += [UnsafeMutablePointer<SDL_Surface>?](repeating: nil, count: slots)
        maskImages += [UnsafeMutablePointer<SDL_Surface>?](repeating: nil, count: slots)
        textures += [OpaquePointer?](repeating: nil, count: slots)
    }

    /// Text from the font file at `path` (read under the file policy, at most
    /// `FontShaper.maxFontBytes`): its glyphs go to this platform's atlas pages, uploaded
    /// before each frame is drawn. Give the shaper to the font the frames are written with
    /// (`BitmapFont.shaper`). Throws a refusal naming the file when it cannot be read or is
    /// not a font.
    public func loadFont(at path: String) throws(FilePolicy.Refusal) -> FontShaper {
        let shaper = try FontShaper.load(path, pages: (0..<GlyphAtlas.maxPages).map { TextureID(raw: Int32(textPageBase + $0)) })
        textShaper = shaper
        return shaper
    }

    /// Makes images of the atlas pages that gained glyphs since the last frame: on the
    /// thread that draws, between frames, so no frame is drawn from a page while it changes.
    func uploadNewGlyphs() {
        textShaper?.takeNewGlyphs { id, pixels in
            let side = GlyphAtlas.pageSide
            guard let copy = SDL_CreateRGBSurfaceWithFormat(0, Int32(side), Int32(side), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
                  let dst = copy.pointee.pixels else { return }
            let pitch = Int(copy.pointee.pitch)
            for y in 0..<side {
                (dst + y * pitch).copyMemory(from: pixels + y * side, byteCount: side * 4)
            }
            replaceImage(at: Int(id.raw), with: copy)
        }
    }
}
