#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
@testable import Geometry
@testable import Motion
import Testing

@Suite struct CoastTests {
    @Test func theProjectionIsApplesFormula() {
        // 1000 pt/s at 0.998 per ms: 1000·0.998 / (1000·0.002) = 499 pt.
        #expect(abs(Coast.normal.projectedDistance(1000) - 499) < 1e-9)
        // At 0.99: 1000·0.99 / 10 = 99 pt.
        #expect(abs(Coast.fast.projectedDistance(1000) - 99) < 1e-9)
        let p = Coast.normal.projectedDistance(Vec2(-1000, 2000))
        #expect(abs(p.x + 499) < 1e-9 && abs(p.y - 998) < 1e-9)
    }

    @Test(arguments: [Coast.normal, .fast])
    func aLongCoastEndsAtTheProjection(_ c: Coast) {
        let end = c.evolve(velocity: 1800, by: 1000)
        #expect(abs(end.offset - c.projectedDistance(1800)) < 1e-9 && abs(end.v) < 1e-9)
        #expect(c.evolve(velocity: -1800, by: 1e308) == (-c.projectedDistance(1800), -0.0))
    }

    @Test(arguments: [Coast.normal, .fast])
    func everyWholeMillisecondIsWhereTheDiscreteModelIs(_ c: Coast) {
        // Each millisecond the velocity is multiplied by r and the object moves a thousandth of it.
        var v = 1200.0, offset = 0.0
        for ms in 1...3000 {
            v *= c.rate
            offset += v / 1000
            #expect(abs(c.evolve(velocity: 1200, by: Double(ms) / 1000).offset - offset) < 1e-9, "\(ms) ms")
        }
    }

    @Test func itsVelocityIsTheOffsetsDerivativeAndSlowsToMinSpeedAtTheDuration() {
        let c = Coast.normal
        let h = 1e-6
        for t in [0.0, 0.1, 0.5, 2] {
            let slope = (c.evolve(velocity: 900, by: t + h).offset - c.evolve(velocity: 900, by: t).offset) / h
            #expect(abs(slope - c.evolve(velocity: 900, by: t + h / 2).v) < 1e-5)
        }
        // It starts at v·r·ln(1/r)/(1 − r): 0.999 of the release speed at .normal.
        #expect(abs(c.evolve(velocity: 900, by: 0).v - 900 * 0.998 * log(1 / 0.998) / 0.002) < 1e-9)
        let d = c.duration(velocity: 900, minSpeed: 5)
        #expect(abs(c.evolve(velocity: 900, by: d).v - 5) < 1e-9)
        #expect(c.duration(velocity: 0.5) == 0)
    }
}
