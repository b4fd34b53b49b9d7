import Foundation
@testable import Geometry
import Testing

@Suite struct RoundingTests {
    /// Edge cases first (halves, signed zeros, the ends of the exact range, non-finite), then
    /// random values across many magnitudes.
    static let values: [Double] = {
        var v: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                           1, -1, 0.3, -0.3, 1e-300, -1e-300, 0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52, -0x1p52,
                           0x1p53 + 2, 1e300, -1e300, .infinity, -.infinity, .nan,
                           Double(Int64.max), Double(Int64.min), .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        v += [0x1p51 + 0.5, -(0x1p51 + 0.5), 0x1p51 + 1.5, 2.4999999999999996, -2.4999999999999996,
              0x1p52 - 1, 1 - 0x1p-53, -(1 - 0x1p-53)]
        var rng = SplitMix64(seed: 7)
        // Halves and their neighbours at many magnitudes: where rounding tricks go wrong.
        for _ in 0..<5_000 {
            let half = (rng.uniform(-1, 1) * Double.pow2(rng.uniform(0, 51))).rounded(.down) + 0.5
            v += [half, half.nextUp, half.nextDown]
        }
        for _ in 0..<20_000 {
            let magnitude = rng.uniform(-8, 60)
            v.append(rng.uniform(-1, 1) * Double.pow2(magnitude))
        }
        return v
    }()

    @Test func fastFloorAgreesWithRoundedDown() {
        for x in Self.values {
            let want = x.rounded(.down), got = floorFast(x)
            #expect(got.bitPattern == want.bitPattern || (got.isNaN && want.isNaN), "floor(\(x)): \(got) vs \(want)")
        }
    }

    @Test func fastRoundAgreesWithRounded() {
        for x in Self.values {
            let want = x.rounded(), got = roundFast(x)
            #expect(got.bitPattern == want.bitPattern || (got.isNaN && want.isNaN), "round(\(x)): \(got) vs \(want)")
        }
    }

    @Test func positiveModuloWrapsIntoTheRange() {
        #expect(positiveModulo(-1.0, 5) == 4)
        #expect(positiveModulo(5.0, 5) == 0)
        #expect(positiveModulo(12.5, 5) == 2.5)
        #expect(positiveModulo(2.0, 5) == 2)
        #expect(positiveModulo(-1, 5) == 4)
        #expect(positiveModulo(-10, 5) == 0)
    }
}

private extension Double {
    static func pow2(_ e: Double) -> Double { pow(2, e) }
}
