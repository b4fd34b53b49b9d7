import Geometry

/// How to find the true curve between one sample and the next, worked out once when the
/// table is built so that a query between samples costs little more than the chord did.
///
/// - `turn`: both samples lie on one line, or on one circular arc that turns by at most
///   `turnLimit` radians between them; c0 is that signed turn (zero on a line). The point
///   is the first sample's point and tangent carried along and turned through f·c0 —
///   short polynomials, no sine or cosine per query. Lines and circles share this kind so
///   that a query on a path of both does not branch unpredictably on the kind.
/// - `curve`: both lie on one segment and the curve parameter is a cubic in the fraction f
///   between them: t(f) = c0 + f(c1 + f(c2 + f·c3)), Hermite-interpolated from the two
///   samples' parameters and speeds, and checked when built against the arc length at
///   f = ¼, ½ and ¾ to within `SampleTable.exactTolerance` (exactly linear on lines and
///   circular arcs, so never checked there).
/// - `exact`: a corner, a join, a cusp, a closed run's seam, or a stretch where the cubic
///   missed the check; the query walks the segments and solves the arc-length equation by
///   Newton's method (`SampleTable.UnsafeView.exactPointAndTangent`). c0 and c1 are the
///   parameters at the two ends (on `segment` and `endSegment`), c2 the start's arc length
///   from its segment's start, c3 the run's `SampleTable.jointTolerance`. Every stretch that
///   reaches a joint is one of these, so that the leaving segment answers there.
public struct SampleBracket: Sendable, Equatable {
    /// How a query finds the curve between two samples (the list in `SampleBracket`'s comment).
    public enum Kind: UInt8, Sendable {
        /// On a line, or on a circular arc that turns by at most `turnLimit`: the first
        /// sample's point and tangent turned along.
        case turn
        /// On one segment, its parameter a cubic in the fraction between the samples.
        case curve
        /// Across a corner, join, cusp or seam, or where the cubic missed: solved on the
        /// segments themselves.
        case exact
    }

    @usableFromInline var c0, c1, c2, c3: Double
    @usableFromInline var segment: Int32
    @usableFromInline var endSegment: Int32
    /// For the `exact` stretch that ends at a closed run's seam, the run's first segment of
    /// some length, which leaves the seam; −1 on every other.
    @usableFromInline var seamSegment: Int32
    /// How a query finds the curve in this stretch.
    public let kind: Kind

    @usableFromInline init(kind: Kind, c: (Double, Double, Double, Double) = (0, 0, 0, 0), segment: Int, endSegment: Int,
                           seamSegment: Int = -1) {
        self.kind = kind
        (c0, c1, c2, c3) = c
        self.segment = Int32(segment)
        self.endSegment = Int32(endSegment)
        self.seamSegment = Int32(seamSegment)
    }

    /// The curve parameter at fraction f of a `curve` bracket.
    @inlinable @inline(__always)
    func parameter(_ f: Double) -> Double { c0 + f * (c1 + f * (c2 + f * c3)) }

    /// The largest turn a `turn` bracket may have: where the polynomials below are exact to
    /// rounding (their first omitted terms, φ¹⁰/11! and φ¹¹/12!, are below 3e-14 there).
    /// At 1 pt spacing that is every circle of radius 4 pt or more.
    public static let turnLimit = 0.25

    /// Point and unit tangent at fraction f of a `turn` bracket that starts at `p` with
    /// tangent `t` and is `step` long: on a circle, after arc length f·step the tangent has
    /// turned by φ = f·c0 and the point has moved f·step·(sin φ/φ, (1 − cos φ)/φ) in the
    /// frame of the starting tangent and its normal.
    @inlinable @inline(__always)
    func turned(_ p: Vec2, _ t: Vec2, _ f: Double, step: Double) -> (Vec2, Vec2) {
        let phi = f * c0, x = phi * phi
        // sin φ / φ and (1 − cos φ) / φ by their Taylor series, |φ| ≤ ¼, with
        // the coefficients written out (a divide per term would cost more than the rest).
        // Estrin's scheme: two short chains instead of one long one.
        let x2 = x * x
        let sinc = (1 - x * (1.0 / 6)) + x2 * ((1.0 / 120 - x * (1.0 / 5040)) + x2 * (1.0 / 362_880))
        let cosc = phi * ((0.5 - x * (1.0 / 24)) + x2 * ((1.0 / 720 - x * (1.0 / 40320)) + x2 * (1.0 / 3_628_800)))
        let n = t.perpendicular
        let along = f * step
        let point = p + (t * sinc + n * cosc) * along
        let tangent = t * (1 - phi * cosc) + n * (phi * sinc)
        return (point, tangent)
    }
}
