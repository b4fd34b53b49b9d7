import Geometry

/// A value a keyframe track can animate: it can be blended, added (for additive
/// animations and splines) and measured (for paced timing).
public protocol Interpolatable: Equatable, Sendable {
    /// The value that adds nothing: what an additive animation adds when it is at rest.
    static var zero: Self { get }
    /// The sum of two values, for additive animations and splines.
    static func + (a: Self, b: Self) -> Self
    /// The difference of two values: what takes `b` to `a`.
    static func - (a: Self, b: Self) -> Self
    /// The value scaled by `s`.
    static func * (a: Self, s: Double) -> Self
    /// Distance between two values, for paced timing.
    func distance(to other: Self) -> Double
}

extension Interpolatable {
    @inline(__always)
    static func lerp(_ a: Self, _ b: Self, _ t: Double) -> Self { a + (b - a) * t }
}

extension Double: Interpolatable {
    public func distance(to other: Double) -> Double { abs(other - self) }
}

extension Vec2: Interpolatable {}

/// A colour as four doubles (0…1, straight alpha) so it can be blended exactly.
public struct ColorValue: Interpolatable {
    /// Red, 0…1.
    public var r: Double
    /// Green, 0…1.
    public var g: Double
    /// Blue, 0…1.
    public var b: Double
    /// Alpha (opacity), 0…1, not premultiplied into the others.
    public var a: Double

    /// A colour from its components, each 0…1; opaque unless `a` is given.
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The colour `c`, its bytes (0…255) scaled to 0…1.
    public init(_ c: Color) {
        self.init(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255, a: Double(c.a) / 255)
    }

    /// The colour as bytes, each component clamped to 0…1 and rounded to the nearest of 0…255.
    public var color: Color {
        func byte(_ v: Double) -> UInt8 { UInt8((clamp(v, 0, 1) * 255).rounded()) }
        return Color(byte(r), byte(g), byte(b), byte(a))
    }

    /// Transparent black, every component 0: the colour that adds nothing.
    public static let zero = ColorValue(r: 0, g: 0, b: 0, a: 0)
    /// The componentwise sum, alpha included (not clamped).
    public static func + (x: ColorValue, y: ColorValue) -> ColorValue { ColorValue(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a) }
    /// The componentwise difference, alpha included (not clamped).
    public static func - (x: ColorValue, y: ColorValue) -> ColorValue { ColorValue(r: x.r - y.r, g: x.g - y.g, b: x.b - y.b, a: x.a - y.a) }
    /// Every component, alpha included, times `s` (not clamped).
    public static func * (x: ColorValue, s: Double) -> ColorValue { ColorValue(r: x.r * s, g: x.g * s, b: x.b * s, a: x.a * s) }
    public func distance(to o: ColorValue) -> Double {
        let d = o - self
        return (d.r * d.r + d.g * d.g + d.b * d.b + d.a * d.a).squareRoot()
    }
}
