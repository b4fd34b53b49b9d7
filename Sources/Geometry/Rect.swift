/// An axis-aligned rectangle in window points: origin at the top-left, size non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Vec2
    /// Width and height.
    public var size: Vec2

    /// The rect with its top-left corner at (`x`, `y`), `w` wide and `h` tall.
    public init(x: Double, y: Double, w: Double, h: Double) {
        origin = Vec2(x, y)
        size = Vec2(w, h)
    }

    /// The rect with its top-left corner at `origin`.
    public init(origin: Vec2, size: Vec2) {
        self.origin = origin
        self.size = size
    }

    /// The rect of `size` centred on `center`.
    public init(center: Vec2, size: Vec2) {
        self.init(origin: center - size / 2, size: size)
    }

    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, w: 0, h: 0)

    /// The left edge.
    public var x: Double { origin.x }
    /// The top edge.
    public var y: Double { origin.y }
    /// The width.
    public var width: Double { size.x }
    /// The height.
    public var height: Double { size.y }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.x }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.y }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.x / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.y / 2 }
    /// The centre point.
    public var center: Vec2 { Vec2(midX, midY) }
    /// Width times height (0 for a negative size).
    public var area: Double { max(0, size.x) * max(0, size.y) }
    /// Whether it has no area (a side zero or negative).
    public var isEmpty: Bool { size.x <= 0 || size.y <= 0 }

    /// Half-open containment: the top and left edges are inside, the bottom and right are not.
    public func contains(_ p: Vec2) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The overlap of two rects, or an empty rect at the origin when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// The point of the rect (edges included) nearest `p`.
    public func clamped(_ p: Vec2) -> Vec2 {
        Vec2(min(max(p.x, minX), maxX), min(max(p.y, minY), maxY))
    }

    /// The smallest rect holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, w: max(maxX, other.maxX) - x0, h: max(maxY, other.maxY) - y0)
    }

    /// The rect moved in by `dx` on the left and right and `dy` on the top and bottom (negative grows it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, w: max(0, width - 2 * dx), h: max(0, height - 2 * dy))
    }

    /// The same rect moved by `d`.
    public func offsetBy(_ d: Vec2) -> Rect { Rect(origin: origin + d, size: size) }

    /// `[x, y, w, h]`, the form the state dump uses.
    public var array: [Double] { [x, y, width, height] }

    /// "[x, y, width, height]", for logs and test messages.
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
