import Foundation
@testable import Geometry
@testable import Paths
import Testing

/// The nearest point on the curve as an arc length (Godot's get_closest_offset), at the
/// places Godot's Curve2D got it wrong.
@Suite struct NearestDistanceTests {
    @Test func alongAnOpenLineIncludingItsLastStretchAndBeyondItsEnds() throws {
        let t = SampleTable(path: try Path(svg: "M0 0 L100 0"), spacing: 7)
        for x in stride(from: 0.0, through: 100, by: 0.37) {
            #expect(abs(t.nearestDistance(to: Vec2(x, 5))! - x) < 1e-9, "x \(x)")
        }
        // Godot #39728: between the last two samples (here 92.86 and 100) it got stuck.
        #expect(abs(t.nearestDistance(to: Vec2(97.5, -3))! - 97.5) < 1e-9)
        #expect(t.nearestDistance(to: Vec2(130, 10)) == 100)
        #expect(t.nearestDistance(to: Vec2(-20, 10)) == 0)
        #expect(t.nearestDistance(to: Vec2(.nan, 0)) == 0)
        #expect(SampleTable(path: Path()).nearestDistance(to: .zero) == nil)
    }

    @Test func eitherSideOfAClosedPathsSeam() {
        let t = SampleTable(path: .ellipse(in: Rect(x: -100, y: -100, w: 200, h: 200)), spacing: 9)
        let before = t.nearestDistance(to: Vec2(120 * cos(-0.001), 120 * sin(-0.001)))!
        let after = t.nearestDistance(to: Vec2(120 * cos(0.001), 120 * sin(0.001)))!
        #expect(abs(before - (t.length - 0.1)) < 1e-6)
        #expect(abs(after - 0.1) < 1e-6)
    }

    @Test func repeatedPointsAtTheStartGiveTheRightAnswerNotZeroOrNaN() throws {
        // Godot #94872 and #109930.
        let t = SampleTable(path: try Path(svg: "M100 100 L100 100 L200 200"), spacing: 1)
        #expect(abs(t.nearestDistance(to: Vec2(200, 200))! - 100 * 2.0.squareRoot()) < 1e-9)
        #expect(abs(t.nearestDistance(to: Vec2(150, 140))! - 45 * 2.0.squareRoot()) < 1e-9)
    }

    @Test func agreesWithAFineScanOfTheCurveOnTheHeart() {
        let t = SampleTable(path: .heart(in: Rect(x: 0, y: 0, w: 300, h: 300)), spacing: 5)
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20 {
            let p = Vec2(rng.uniform(-20, 320), rng.uniform(-20, 320))
            var best = (d: Double.infinity, s: 0.0)
            var s = 0.0
            while s < t.length {
                let d = t.point(atDistance: s).distance(to: p)
                if d < best.d { best = (d, s) }
                s += 0.05
            }
            let at = t.nearestDistance(to: p)!
            let found = t.point(atDistance: at).distance(to: p)
            // The scan's step limits it to about (0.025)²/(2d) short of the true minimum.
            #expect(found <= best.d + 1e-9 && found > best.d - 1e-3, "p \(p): found \(found) at \(at), scan \(best.d) at \(best.s)")
        }
    }
}
