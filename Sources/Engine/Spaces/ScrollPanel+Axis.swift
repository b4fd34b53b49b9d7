import Geometry

extension ScrollPanel.Axis {
    /// `v`'s component along this axis.
    @inline(__always) public func along(_ v: Vec2) -> Double { self == .horizontal ? v.x : v.y }
    /// `v`'s component across this axis.
    @inline(__always) public func across(_ v: Vec2) -> Double { self == .horizontal ? v.y : v.x }
    /// Where `r` starts and ends along this axis.
    public func span(of r: Rect) -> (min: Double, max: Double) { self == .horizontal ? (r.minX, r.maxX) : (r.minY, r.maxY) }
    /// Where `r` starts and ends across this axis.
    public func crossSpan(of r: Rect) -> (min: Double, max: Double) { self == .horizontal ? (r.minY, r.maxY) : (r.minX, r.maxX) }
}
