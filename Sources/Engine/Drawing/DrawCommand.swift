import Geometry

/// A run of indices drawn with one texture and one clip rect: one `SDL_RenderGeometry` call.
public struct DrawCommand: Equatable, Sendable {
    public var texture: TextureID
    public var clip: Rect?
    public var indexStart: Int
    public var indexCount: Int
    /// 0, or 1 + the index in `DrawList.masks` of the masked image these triangles are the
    /// mask of: their alpha is the coverage through which that image shows.
    public var mask: Int32

    @inlinable
    public init(texture: TextureID, clip: Rect?, indexStart: Int, indexCount: Int, mask: Int32 = 0) {
        self.texture = texture; self.clip = clip; self.indexStart = indexStart; self.indexCount = indexCount; self.mask = mask
    }
}

/// An image shown through a mask: drawn in `rect`, tinted, where the mask's triangles cover
/// it, with their alpha as the coverage (a fringe of falling alpha anti-aliases the edge).
/// The platform draws the mask into an offscreen layer, multiplies the image in with one
/// blit (so no seam can run through the picture where triangles meet), and composites the
/// layer.
public struct MaskedImage: Equatable, Sendable {
    public var image: TextureID
    public var rect: Rect
    public var tint: Color
}
