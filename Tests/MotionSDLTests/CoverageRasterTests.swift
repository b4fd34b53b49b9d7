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
}
