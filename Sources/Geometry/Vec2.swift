#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A point or vector in window points (x right, y down). Radians everywhere.
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downward.
    public var y: Double

    /// The vector (`x`, `y`).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The vector (`x`, `y`), with labels.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0).
    public static let zero = Vec2(0, 0)

    /// The unit vector at `angle` radians from the +x axis (toward +y, i.e. clockwise on screen).
    @inlinable public static func unit(angle: Double) -> Vec2 { Vec2(cos(angle), sin(angle)) }

    /// The sum, component by component.
    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    /// The difference, component by component.
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    /// The vector pointing the other way.
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    /// The vector scaled by `s`.
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    /// The vector scaled by `s`.
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
    /// The vector divided by `s`.
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }
    /// Scales `a` by `s`.
    @inlinable public static func *= (a: inout Vec2, s: Double) { a = a * s }

    /// The dot product: |a|·|b|·cos of the angle between them.
    @inlinable public func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    /// The z component of the 3D cross product: positive when `b` turns clockwise from `self` on screen.
    @inlinable public func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
    /// The squared length (no square root).
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The Euclidean length.
    @inlinable public var length: Double { lengthSquared.squareRoot() }
    /// The squared distance to `b` (no square root).
    @inlinable public func distanceSquared(to b: Vec2) -> Double { (self - b).lengthSquared }
    /// The distance to `b`.
    @inlinable public func distance(to b: Vec2) -> Double { (self - b).length }
    /// The vector turned 90° (from +x toward +y).
    @inlinable public var perpendicular: Vec2 { Vec2(-y, x) }
    /// The angle from the +x axis in radians, −π…π (toward +y positive).
    @inlinable public var angle: Double { atan2(y, x) }
    /// Whether both coordinates are finite (not infinite, not NaN).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// Both coordinates rounded to whole points.
    @inlinable public var rounded: Vec2 {
        @inline(__always) get { Vec2(roundFast(x), roundFast(y)) }
    }

    /// The unit vector in the same direction, or `fallback` for a (near) zero vector.
    @inlinable public func normalized(or fallback: Vec2 = Vec2(1, 0)) -> Vec2 {
        let l = length
        return l > 1e-12 && l.isFinite ? self / l : fallback
    }

    /// `normalized(or:)` for a vector already close to unit length, such as a blend of two
    /// neighbouring unit tangents: within 1e-4 of it, a series correction (error below 1e-12)
    /// replaces the square root and the division, which dominate a per-step arc-length lookup.
    @inlinable public func renormalized(or fallback: Vec2) -> Vec2 {
        let e = lengthSquared - 1
        guard e.magnitude < 1e-4 else { return normalized(or: fallback) }
        // 1/sqrt(1 + e) = 1 - e/2 + 3e²/8 - …
        return self * (1 - e * (0.5 - 0.375 * e))
    }

    /// The vector turned by `angle` radians (from +x toward +y, clockwise on screen).
    @inlinable public func rotated(by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(x * c - y * s, x * s + y * c)
    }

    /// Linear interpolation: `a` at t = 0, `b` at t = 1.
    @inlinable public static func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { a + (b - a) * t }

    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}

/// Linear interpolation: `a` at t = 0, `b` at t = 1 (not clamped).
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `v` brought into `lo`…`hi` (`hi` wins should `lo` be above it).
@inlinable public func clamp<T: Comparable>(_ v: T, _ lo: T, _ hi: T) -> T { min(max(v, lo), hi) }
