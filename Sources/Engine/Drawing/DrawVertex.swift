import Geometry

/// One vertex, laid out exactly as SDL's `SDL_Vertex` (position, colour, texture coordinate)
/// so the platform hands the array to `SDL_RenderGeometry` without copying. A test checks
/// the layout.
public struct DrawVertex: Equatable, Sendable, BitwiseCopyable {
    public var x: Float
    public var y: Float
    public var color: Color
    public var u: Float
    public var v: Float

    @inlinable @inline(__always)
    public init(_ p: Vec2, _ color: Color, _ u: Float = 0, _ v: Float = 0) {
        x = Float(p.x); y = Float(p.y); self.color = color; self.u = u; self.v = v
    }
}
