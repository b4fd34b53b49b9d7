import Geometry

/// Finds the curve parameter for an arc length within one segment: exact for lines and
/// circular arcs, Newton's method (with a bisection fallback) on the quadrature otherwise.
struct ArcLengthInverse {
    let segment: PathSegment
    let length: Double
    private var pieceT: [Double] = []
    private var pieceS: [Double] = []
    private var lastPiece = 0

    init(_ segment: PathSegment, length: Double) {
        self.segment = segment
        self.length = length
    }

    /// The coarse (t, s) table: built once for a segment, it can be handed to the next
    /// inverse of the same segment (`SegmentMeasurements`), which then skips its 16
    /// quadratures.
    struct Pieces: Sendable {
        var t: [Double]
        var s: [Double]
    }

    init(_ segment: PathSegment, length: Double, pieces: Pieces?) {
        self.init(segment, length: length)
        if let pieces { (pieceT, pieceS) = (pieces.t, pieces.s) }
    }

    /// The coarse table, if a sample has needed it.
    var pieces: Pieces? { pieceT.isEmpty ? nil : Pieces(t: pieceT, s: pieceS) }

    /// A coarse table of (t, s) that Newton starts from; 16 pieces keep every start close.
    /// Built by the first sample inside the segment, not for every segment: at a spacing
    /// longer than its segments most of a path's segments hold none, and the table (16
    /// quadratures) cost more than the rest of their measuring.
    private mutating func buildPieces() {
        let m = 16
        pieceT = (0...m).map { Double($0) / Double(m) }
        pieceT = Self.withKinks(pieceT, of: segment)
        pieceS = [0]
        for k in 0..<(pieceT.count - 1) { pieceS.append(pieceS[k] + segment.length(from: pieceT[k], to: pieceT[k + 1])) }
    }

    /// The ratio of an elliptical arc's radii past which its speed has kinks worth a piece
    /// boundary. (The demo's oval is 2:1 and keeps its 16 pieces.)
    static let kinkRatio = 8.0

    /// `ts` with, for a flat elliptical arc, the parameters where the angle passes a
    /// multiple of π/2 added: there the speed (rx|sin θ| against ry|cos θ|) turns sharply,
    /// and a quadrature across such a turn needs thousands of evaluations while one that
    /// starts at it needs a few. An arc of radii 1000:0.001 cost 1.5 ms a segment to lay out.
    static func withKinks(_ ts: [Double], of segment: PathSegment) -> [Double] {
        guard case .arc(_, let rx, let ry, _, let start, let sweep) = segment, sweep != 0,
              max(rx, ry) > kinkRatio * min(rx, ry) else { return ts }
        let quarter = Double.pi / 2
        let lo = min(start, start + sweep), hi = max(start, start + sweep)
        var k = (lo / quarter).rounded(.up)
        var out = ts
        // At most 4 per turn; a sweep past 2π is no SVG arc, but keep the count bounded.
        var added = 0
        while k * quarter < hi && added < 16 {
            let t = (k * quarter - start) / sweep
            // Not on (or within rounding of) a boundary already there.
            if t > 0 && t < 1 && !ts.contains(where: { abs($0 - t) < 1e-9 }) { out.append(t) }
            k += 1
            added += 1
        }
        out.sort()
        return out
    }

    mutating func parameter(at s: Double) -> Double {
        guard length > 0 else { return 0 }
        if segment.hasUniformSpeed { return clamp(s / length, 0, 1) }
        // The segment's start (where Newton from the first piece stops at once anyway).
        guard s > 0 else { return 0 }
        if pieceT.isEmpty { buildPieces() }
        let target = clamp(s, 0, pieceS[pieceS.count - 1])
        // Samples come in increasing order: resume the piece search where it stopped.
        if target < pieceS[lastPiece] { lastPiece = 0 }
        while lastPiece < pieceT.count - 2 && target > pieceS[lastPiece + 1] { lastPiece += 1 }
        var lo = pieceT[lastPiece], hi = pieceT[lastPiece + 1]
        let s0 = pieceS[lastPiece], s1 = pieceS[lastPiece + 1]
        var t = s1 > s0 ? lo + (hi - lo) * (target - s0) / (s1 - s0) : lo
        let anchor = lo
        // 1e-10 pt, or what a length this large can resolve (about 500 ulps): a segment
        // millions of points long never got within 1e-10 and spent all twelve iterations.
        let tolerance = max(1e-10, abs(target) * 1e-13)
        for _ in 0..<12 {
            let f = s0 + segment.length(from: anchor, to: t) - target
            if abs(f) < tolerance { break }
            if f > 0 { hi = t } else { lo = t }
            let d = segment.derivative(at: t).length
            var next = d > 1e-12 ? t - f / d : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            t = next
        }
        return t
    }
}

extension PathSegment {
    /// The parameter t in [lo, hi] whose arc length from lo is `target`: linear on lines and
    /// circular arcs, otherwise Newton's method on the arc-length function with a bisection
    /// fallback (so it converges at cusps, where the speed vanishes).
    func parameter(atLength target: Double, from lo: Double, upTo hi: Double, totalLength: Double) -> Double {
        guard target > 0, hi > lo else { return lo }
        if hasUniformSpeed { return totalLength > 0 ? min(hi, lo + target / totalLength) : lo }
        var a = lo, b = hi
        let whole = length(from: lo, to: hi)
        guard target < whole else { return hi }
        var t = lo + (hi - lo) * target / whole
        // Arc length is measured from the nearer known end, so each evaluation is short.
        for _ in 0..<60 {
            let f = length(from: lo, to: t) - target
            if abs(f) <= 1e-12 * max(1, whole) { break }
            if f > 0 { b = t } else { a = t }
            let speed = derivative(at: t).length
            var next = speed > 1e-300 ? t - f / speed : (a + b) / 2
            if !(next > a && next < b) { next = (a + b) / 2 }
            if next == t || b - a <= 1e-16 { break }
            t = next
        }
        return t
    }
}
