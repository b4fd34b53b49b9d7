import Geometry

/// A run of indices drawn with one texture and one clip rect: one `SDL_RenderGeometry` call.
public struct DrawCommand: Equatable, Sendable {
    /// The texture the triangles sample (`TextureID.none`: plain colour).
    public var texture: TextureID
    /// The rect (window points) outside which nothing of it shows, if any.
    public var clip: Rect?
    /// Where its run starts in `DrawList.indices`.
    public var indexStart: Int
    /// How many indices it draws: three per triangle.
    public var indexCount: Int
    /// 0, or 1 + the index in `DrawList.masks` of the masked image these triangles are the
    /// mask of: their alpha is the coverage through which that image shows.
    public var mask: Int32

    /// A command drawing `indexCount` indices from `indexStart`.
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
    /// The image that shows through.
    public var image: TextureID
    /// Where the image is drawn (window points); the mask's triangles are in the same space.
    public var rect: Rect
    /// A colour the image is multiplied by (white leaves it as it is).
    public var tint: Color
}
