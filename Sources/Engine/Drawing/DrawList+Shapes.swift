#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// How thick lines meet at corners (`CGLineJoin`).
public enum LineJoin: String, Sendable, CaseIterable {
    /// Outer edges extended to meet in a point, kept within four times the half width of
    /// the corner.
    case miter
    /// A disc at every point (so the ends are round too), for lines wider than 2 pt;
    /// thinner ones bevel.
    case round
    /// Cut straight across the corner.
    case bevel
}

// MARK: Anti-aliased shapes

extension DrawList {
    /// A filled convex polygon, anti-aliased as Dear ImGui does it: the fill is inset by half
    /// a pixel and a one-pixel fringe fades from the colour to transparent across the edge,
    /// so the edge's half-coverage contour lies on the polygon's true edge.
    public mutating func fillConvex<Points: RandomAccessCollection<Vec2>>(_ points: Points, color: Color) where Points.Index == Int {
        let n = points.count
        guard n >= 3 else { return }
        let base = begin(.none, indexCount: (n - 2) * 3 + n * 6)
        appendEdgePairs(points, color: color)
        for i in 1..<(n - 1) {
            indexBuffer.append(base); indexBuffer.append(base + Int32(2 * i)); indexBuffer.append(base + Int32(2 * i + 2))
        }
        appendFringeIndices(base: base, count: n)
    }

    /// A one-pixel fringe around the closed outline `points` (either winding): from `color`
    /// half a pixel inside the edge to transparent half a pixel outside. Drawn after a fill
    /// of the exact outline, it anti-aliases that fill's edge.
    public mutating func fringe(around points: [Vec2], color: Color) {
        let n = points.count
        guard n >= 3 else { return }
        let base = begin(.none, indexCount: n * 6)
        appendEdgePairs(points, color: color)
        appendFringeIndices(base: base, count: n)
    }

    /// `outline` (a convex one, made in a unit square, as `strokeOutline` takes) scaled into
    /// `frame` and filled: a card's rounded paper. Nothing is allocated.
    public mutating func fillConvexOutline(_ outline: [Vec2], in frame: Rect, color: Color) {
        fillConvex(outline.lazy.map { frame.origin + Vec2($0.x * frame.width, $0.y * frame.height) }, color: color)
    }

    /// For each point of a closed outline, a vertex half a pixel inside in `color` and one
    /// half a pixel outside, transparent.
    private mutating func appendEdgePairs<Points: RandomAccessCollection<Vec2>>(_ points: Points, color: Color) where Points.Index == Int {
        let half = 0.5 / pixelsPerPoint, o = shapeOffset
        let side = Self.outwardSide(points)
        for i in 0..<points.count {
            let p = points[points.startIndex + i], nrm = Self.vertexNormal(points, i, side: side)
            vertexBuffer.append(DrawVertex(p + o - nrm * half, color))
            vertexBuffer.append(DrawVertex(p + o + nrm * half, color.withAlpha(0)))
        }
    }

    /// Two triangles per edge between vertex pairs (inner, outer) laid out from `base`.
    private mutating func appendFringeIndices(base: Int32, count n: Int) {
        for i in 0..<n {
            let a = base + Int32(2 * i), b = base + Int32(2 * ((i + 1) % n))
            indexBuffer.append(a); indexBuffer.append(b); indexBuffer.append(b + 1)
            indexBuffer.append(a); indexBuffer.append(b + 1); indexBuffer.append(a + 1)
        }
    }

    /// Which side of travel is outward on a closed outline (either winding): −1 left, 1 right.
    static func outwardSide<Points: RandomAccessCollection<Vec2>>(_ p: Points) -> Double where Points.Index == Int {
        let n = p.count, s = p.startIndex
        var area = 0.0
        for i in 0..<n { area += p[s + i].cross(p[s + (i + 1) % n]) }
        // With y down, a positive shoelace sum winds clockwise on screen: outward is left of
        // travel then, right of it otherwise.
        return area > 0 ? -1.0 : 1.0
    }

    /// The outward miter normal at point `i` of a closed outline (`side` from `outwardSide`),
    /// scaled so the offset edges stay parallel, capped at 4× for sharp corners.
    static func vertexNormal<Points: RandomAccessCollection<Vec2>>(_ p: Points, _ i: Int, side: Double) -> Vec2 where Points.Index == Int {
        let n = p.count, s = p.startIndex
        let a = p[s + (i + n - 1) % n], b = p[s + i], c = p[s + (i + 1) % n]
        let n0 = (b - a).normalized(or: .zero).perpendicular * side
        let n1 = (c - b).normalized(or: .zero).perpendicular * side
        let m = (n0 + n1).normalized(or: n1 == .zero ? n0 : n1)
        let cosHalf = max(m.dot(n1 == .zero ? n0 : n1), 0.25)
        return m / cosHalf
    }

    /// A filled disc, anti-aliased with a one-pixel feather centred on the circle.
    public mutating func fillCircle(center: Vec2, radius: Double, color: Color) {
        let n = circleSegments(radius)
        let center = center + shapeOffset
        let base = begin(.none, indexCount: n * 9)
        vertexBuffer.append(DrawVertex(center, color))
        let half = 0.5 / pixelsPerPoint
        let inner = max(0, radius - half), outer = radius + half
        for i in 0..<n {
            let d = Vec2.unit(angle: Double(i) / Double(n) * 2 * .pi)
            vertexBuffer.append(DrawVertex(center + d * inner, color))
            vertexBuffer.append(DrawVertex(center + d * outer, color.withAlpha(0)))
        }
        for i in 0..<n {
            let a = base + 1 + Int32(2 * i), b = base + 1 + Int32(2 * ((i + 1) % n))
            indexBuffer.append(base); indexBuffer.append(a); indexBuffer.append(b)
            indexBuffer.append(a); indexBuffer.append(a + 1); indexBuffer.append(b + 1)
            indexBuffer.append(a); indexBuffer.append(b + 1); indexBuffer.append(b)
        }
    }

    /// A circle outline of the given line width, anti-aliased.
    public mutating func strokeCircle(center: Vec2, radius: Double, width: Double, color: Color) {
        // The corners computed as the outline reads them: no array (or closure) made per circle.
        polyline(CircleCorners(center: center, radius: radius, count: circleSegments(radius)), width: width, color: color, closed: true)
    }

    /// Sides for a circle of radius `r` points: enough that no chord strays more than a
    /// quarter pixel from the circle (n = ⌈π / acos(1 − 0.25 px / r)⌉), 8 to 512.
    func circleSegments(_ r: Double) -> Int {
        let px = r * pixelsPerPoint
        guard px > 0.25, px.isFinite else { return 8 }
        return clamp(Int((Double.pi / acos(1 - 0.25 / px)).rounded(.up)), 8, 512)
    }

    /// An anti-aliased thick polyline: a solid core one pixel narrower than `width` and a
    /// one-pixel fringe fading to transparent on each side, so the half-coverage contour is
    /// at `width`. Joins are mitred, limited to 4× the half-width, so sharp corners do not
    /// spike. Lines thinner than a pixel fade instead of thinning.
    public mutating func polyline(_ pts: some RandomAccessCollection<Vec2>, width: Double, color: Color, closed: Bool, join: LineJoin = .miter) {
        let n = pts.count
        guard n >= 2 else { return }
        let px = 1 / pixelsPerPoint
        let half = max(0, width - px) / 2
        let fringe = px
        let core = width < px ? color.faded(width / px) : color
        let edge = color.withAlpha(0)
        let segs = closed ? n : n - 1
        let base = begin(.none, indexCount: segs * 18)
        let start = pts.startIndex
        let o = shapeOffset
        @inline(__always) func point(_ i: Int) -> Vec2 { pts[pts.index(start, offsetBy: positiveModulo(i, n))] + o }
        for i in 0..<n {
            let p = point(i)
            var dPrev = (p - point(i - 1)).normalized(or: .zero)
            var dNext = (point(i + 1) - p).normalized(or: .zero)
            if !closed && i == 0 { dPrev = dNext }
            if !closed && i == n - 1 { dNext = dPrev }
            if dPrev == .zero { dPrev = dNext }
            if dNext == .zero { dNext = dPrev }
            let nrm = (dPrev.perpendicular + dNext.perpendicular).normalized(or: dNext.perpendicular)
            // Miter joins extend up to 4× the half-width; bevel joins do not extend at all.
            let cosHalf = max(nrm.dot(dNext.perpendicular), join == .miter ? 0.25 : 1)
            let inner = nrm * (half / cosHalf)
            let outer = nrm * ((half + fringe) / cosHalf)
            vertexBuffer.append(DrawVertex(p + outer, edge))
            vertexBuffer.append(DrawVertex(p + inner, core))
            vertexBuffer.append(DrawVertex(p - inner, core))
            vertexBuffer.append(DrawVertex(p - outer, edge))
        }
        for s in 0..<segs {
            let a = base + Int32(4 * s), b = base + Int32(4 * ((s + 1) % n))
            for k in Int32(0)..<3 {
                indexBuffer.append(a + k); indexBuffer.append(b + k); indexBuffer.append(b + k + 1)
                indexBuffer.append(a + k); indexBuffer.append(b + k + 1); indexBuffer.append(a + k + 1)
            }
        }
        if join == .round && width > 2 {
            for p in pts { fillCircle(center: p, radius: width / 2, color: color) }
        }
    }
}

/// The corners of a regular polygon on a circle, the first at angle 0, computed as read.
struct CircleCorners: RandomAccessCollection {
    let center: Vec2
    let radius: Double
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Vec2 { center + Vec2.unit(angle: Double(i) / Double(count) * 2 * .pi) * radius }
}
