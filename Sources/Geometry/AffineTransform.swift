#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A 2D affine transform `p' = (a·x + c·y + tx, b·x + d·y + ty)`, Core Graphics' layout.
public struct AffineTransform: Hashable, Sendable {
    /// The matrix [a c tx; b d ty; 0 0 1], as CGAffineTransform: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty.
    public var a, b, c, d, tx, ty: Double

    /// The transform with these entries (see the stored properties).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves by `v`.
    public static func translation(_ v: Vec2) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: v.x, ty: v.y)
    }

    /// Turns by `angle` radians about the origin (from +x toward +y).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cs = cos(angle), sn = sin(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Scales by `sx` horizontally and `sy` vertically about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `self` applied first, then `t`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// Where the transform takes point `p`.
    public func apply(_ p: Vec2) -> Vec2 {
        Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Transforms a direction (no translation).
    public func applyToVector(_ v: Vec2) -> Vec2 {
        Vec2(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    /// a·d − b·c: the factor by which it scales areas (negative when it mirrors).
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil for a singular transform.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}
