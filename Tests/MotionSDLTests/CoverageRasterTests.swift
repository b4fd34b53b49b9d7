@testable import MotionSDL
import Engine
@testable import Geometry
import Testing

@Suite struct CoverageRasterTests {
    @Test func twoTrianglesOfARectangleCoverExactlyThePixelsWhoseCentresAreInside() {
        var r = CoverageRaster()
        r.reset(width: 10, height: 10)
        // x 2.3…7.6, y 1.4…6.6: the centres 2.5…7.5 across and 1.5…6.5 down, every one once.
        let a = Vec2(2.3, 1.4), b = Vec2(7.6, 1.4), c = Vec2(7.6, 6.6), d = Vec2(2.3, 6.6)
        r.fill(a, b, c, alpha: 1, 1, 1)
        r.fill(a, c, d, alpha: 1, 1, 1)
        for y in 0..<10 {
            for x in 0..<10 {
                let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let inside = centre.x >= 2.3 && centre.x <= 7.6 && centre.y >= 1.4 && centre.y <= 6.6
                #expect(r.coverage(x: x, y: y) == (inside ? 1 : 0), "pixel \(x), \(y)")
            }
        }
    }

    @Test func alphaIsInterpolatedAtPixelCentresAndLaterTrianglesOverwrite() {
        var r = CoverageRaster()
        r.reset(width: 8, height: 2)
        // A ramp from alpha 1 at x = 0 to 0 at x = 8, over the whole strip.
        r.fill(Vec2(0, 0), Vec2(8, 0), Vec2(8, 2), alpha: 1, 0, 0)
        r.fill(Vec2(0, 0), Vec2(8, 2), Vec2(0, 2), alpha: 1, 0, 1)
        for x in 0..<8 { #expect(abs(r.coverage(x: x, y: 1) - (1 - (Double(x) + 0.5) / 8)) <= 0.5 / 255 + 1e-12) }
        r.fill(Vec2(0, 0), Vec2(4, 0), Vec2(0, 4), alpha: 0, 0, 0)
        #expect(r.coverage(x: 0, y: 0) == 0)
        // Outside the buffer, degenerate or non-finite: nothing, no trap.
        r.fill(Vec2(-5, -5), Vec2(-1, -5), Vec2(-1, -1), alpha: 1, 1, 1)
        r.fill(Vec2(1, 1), Vec2(2, 2), Vec2(3, 3), alpha: 1, 1, 1)
        r.fill(Vec2(.nan, 0), Vec2(1e308, 0), Vec2(0, 1), alpha: 1, 1, 1)
        #expect(r.coverage(x: 7, y: 1) < 0.1)
    }

    /// Each pixel of the triangle's bounding box tested on its own, the weights at its
    /// centre worked out directly: what `fill` computes, without its row runs.
    static func reference(_ r: inout [UInt8], width: Int, height: Int, _ a: Vec2, _ b: Vec2, _ c: Vec2, _ aa: Double, _ ab: Double, _ ac: Double) {
        let area = (b - a).cross(c - a)
        guard area != 0, area.isFinite else { return }
        let x0 = max(0, Int((min(a.x, b.x, c.x) - 0.5).rounded(.up))), x1 = min(width - 1, Int((max(a.x, b.x, c.x) - 0.5).rounded(.down)))
        let y0 = max(0, Int((min(a.y, b.y, c.y) - 0.5).rounded(.up))), y1 = min(height - 1, Int((max(a.y, b.y, c.y) - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return }
        let inv = 1 / area
        let p = Vec2(Double(x0) + 0.5, Double(y0) + 0.5)
        let rowA = (c - b).cross(p - b), rowB = (a - c).cross(p - c), rowC = (b - a).cross(p - a)
        for y in y0...y1 {
            let j = Double(y - y0)
            let ea = rowA + j * (c.x - b.x), eb = rowB + j * (a.x - c.x), ec = rowC + j * (b.x - a.x)
            for x in x0...x1 {
                let d = Double(x - x0)
                let la = (ea + d * -(c.y - b.y)) * inv, lb = (eb + d * -(a.y - c.y)) * inv, lc = (ec + d * -(b.y - a.y)) * inv
                guard la >= 0, lb >= 0, lc >= 0 else { continue }
                r[y * width + x] = UInt8(min(255, max(0, ((la * aa + lb * ab + lc * ac) * 255).rounded())))
            }
        }
    }

    @Test func rowRunsCoverWhatTestingEveryPixelOfTheBoxCovers() {
        // Thin and long (the arrow's strip), slivers, big, tiny, off the edges, both windings,
        // opaque and with a fringe's alphas: the same coverage, byte for byte.
        var rng = SplitMix64(seed: 43)
        let w = 97, h = 83
        var raster = CoverageRaster()
        for round in 0..<400 {
            raster.reset(width: w, height: h)
            var expected = [UInt8](repeating: 0, count: w * h)
            for _ in 0..<6 {
                let spread = [2.0, 20, 120][round % 3]
                let a = Vec2(rng.uniform(-10, Double(w) + 10), rng.uniform(-10, Double(h) + 10))
                let b = a + Vec2(rng.uniform(-spread, spread), rng.uniform(-spread, spread))
                // Often nearly on the line from a to b: a sliver.
                let t = rng.uniform(0, 1)
                let c = round % 2 == 0 ? a + (b - a) * t + Vec2(rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5))
                    : Vec2(rng.uniform(-10, Double(w) + 10), rng.uniform(-10, Double(h) + 10))
                let alphas = round % 4 < 2 ? (1.0, 1.0, 1.0) : (rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1))
                raster.fill(a, b, c, alpha: alphas.0, alphas.1, alphas.2)
                Self.reference(&expected, width: w, height: h, a, b, c, alphas.0, alphas.1, alphas.2)
            }
            let differing = zip(raster.alpha.prefix(w * h), expected).filter { $0 != $1 }.count
            #expect(differing == 0, "round \(round): \(differing) pixels differ")
        }
    }
}
