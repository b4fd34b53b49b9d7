import Geometry

/// One vertex, laid out exactly as SDL's `SDL_Vertex` (position, colour, texture coordinate)
/// so the platform hands the array to `SDL_RenderGeometry` without copying. A test checks
/// the layout.
public struct DrawVertex: Equatable, Sendable, BitwiseCopyable {
    /// Horizontal position, in window points.
    public var x: Float
    /// Vertical position, in window points (down is positive).
    public var y: Float
    /// The colour the vertex is tinted (and, untextured, filled) with.
    public var color: Color
    /// Horizontal texture coordinate, 0 to 1 across the texture.
    public var u: Float
    /// Vertical texture coordinate, 0 to 1 down the texture.
    public var v: Float

    /// A vertex at `p` (points) with colour `color` and texture coordinates `u`, `v`.
    @inlinable @inline(__always)
    public init(_ p: Vec2, _ color: Color, _ u: Float = 0, _ v: Float = 0) {
        x = Float(p.x); y = Float(p.y); self.color = color; self.u = u; self.v = v
    }
}
