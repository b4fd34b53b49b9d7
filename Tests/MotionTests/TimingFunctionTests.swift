import Foundation
@testable import Geometry
@testable import Motion
@testable import Paths
import Testing

/// y at x for a cubic Bézier timing curve by plain bisection on t: slow, simple, and
/// independent of the Newton solver under test.
func referenceBezier(_ x: Double, _ c: (Double, Double, Double, Double)) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let m = (lo + hi) / 2
        if b(m, c.0, c.2) < x { lo = m } else { hi = m }
    }
    return b((lo + hi) / 2, c.1, c.3)
}

@Suite struct TimingFunctionTests {
    @Test(arguments: [
        ("easeIn", TimingFunction.easeIn, (0.42, 0.0, 1.0, 1.0)),
        ("easeOut", TimingFunction.easeOut, (0.0, 0.0, 0.58, 1.0)),
        ("easeInEaseOut", TimingFunction.easeInEaseOut, (0.42, 0.0, 0.58, 1.0)),
        ("default", TimingFunction.default, (0.25, 0.1, 0.25, 1.0)),
    ])
    func presetsMatchAnIndependentSolutionTo1e5(name: String, f: TimingFunction, c: (Double, Double, Double, Double)) {
        for k in 0...40 {
            let x = Double(k) / 40
            #expect(abs(f(x) - referenceBezier(x, c)) < 1e-5, "\(name) at \(x)")
        }
    }

    @Test func publishedValuesOfTheCSSCurves() {
        // CSS `ease` (Core Animation's default) at 0.5, and ease-in-out's symmetry.
        #expect(abs(TimingFunction.default(0.5) - 0.8024033877399112) < 1e-5)
        #expect(abs(TimingFunction.easeInEaseOut(0.5) - 0.5) < 1e-9)
        #expect(abs(TimingFunction.easeIn(0.3) + TimingFunction.easeOut(0.7) - 1) < 1e-9)
        #expect(TimingFunction.linear(0.37) == 0.37)
    }

    @Test func steepCurvesFallBackToBisectionAndStayAccurate() {
        // Control points at x = 0 and x = 1 make dx/dt vanish at the ends.
        let c = (0.0, 1.0, 1.0, 0.0)
        let f = TimingFunction.cubicBezier(c.0, c.1, c.2, c.3)
        for k in 0...100 {
            let x = Double(k) / 100
            #expect(abs(f(x) - referenceBezier(x, c)) < 1e-6)
        }
    }

    @Test(arguments: Easing.allCases)
    func everyEasingStartsAtZeroEndsAtOneAndOutMirrorsIn(e: Easing) {
        for mode in EasingMode.allCases {
            #expect(abs(e.value(0, mode)) < 1e-9, "\(e) \(mode)")
            #expect(abs(e.value(1, mode) - 1) < 1e-9, "\(e) \(mode)")
        }
        for k in 0...20 {
            let x = Double(k) / 20
            #expect(abs(e.value(x, .out) - (1 - e.value(1 - x, .in))) < 1e-12)
            #expect(abs(e.value(x, .inOut) - (1 - e.value(1 - x, .inOut))) < 1e-12)
        }
    }

    @Test func easingsHaveTheirCharacteristicShapes() {
        #expect(Easing.quad.value(0.5, .in) == 0.25)
        #expect(Easing.cubic.value(0.5, .out) == 0.875)
        #expect(abs(Easing.sine.value(0.5, .inOut) - 0.5) < 1e-12)
        // back dips below zero before leaving; elastic overshoots past one.
        #expect((0...20).map { Easing.back.value(Double($0) / 20, .in) }.min()! < -0.05)
        #expect((0...50).map { Easing.elastic.value(Double($0) / 50, .out) }.max()! > 1.05)
        // bounce touches 1 at its bounces and never exceeds it.
        #expect((0...200).map { Easing.bounce.value(Double($0) / 200, .out) }.max()! <= 1 + 1e-12)
        #expect(abs(Easing.expo.value(0.5, .in) - pow(2, -5)) < 1e-12)
    }
}
