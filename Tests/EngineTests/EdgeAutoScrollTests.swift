@testable import Engine
@testable import Geometry
import TestSupport
import Testing

@Suite struct EdgeAutoScrollTests {
    let dt = 1.0 / 120
    // A vertical panel from y = 100 to y = 600: zones 90 pt deep (18 % of 500).
    let lo = 100.0, hi = 600.0

    /// Feeds `points` one step each and returns the velocities.
    func feed(_ a: inout EdgeAutoScroll, _ points: [Double]) -> [Double] {
        points.map { a.velocity(along: $0, inside: true, span: lo, hi, maxSpeed: 900, dt: dt) }
    }

    @Test func zonesScaleWithThePanelBetween24And96AndNeverMeet() {
        #expect(EdgeAutoScroll.zone(forExtent: 500) == 90)
        #expect(EdgeAutoScroll.zone(forExtent: 2000) == 96)
        #expect(EdgeAutoScroll.zone(forExtent: 100) == 24)
        #expect(EdgeAutoScroll.zone(forExtent: 60) == 20)
    }

    @Test func passingThroughTheNearZoneAwayFromItsEdgeNeverScrolls() {
        var a = EdgeAutoScroll()
        // From above the panel, down through the top zone, 3 pt a step, pausing 0.2 s inside.
        let path = Array(stride(from: 60.0, through: 250, by: 3))
        var v = feed(&a, Array(path[..<20]))
        v += feed(&a, Array(repeating: path[19], count: 24))
        v += feed(&a, Array(path[20...]))
        #expect(v.allSatisfy { $0 == 0 })
    }

    @Test func movingTowardAnEdgeScrollsAtOnceFasterWithDepth() {
        var a = EdgeAutoScroll()
        let v = feed(&a, [400, 530, 540])
        #expect(v[0] == 0)
        #expect(v[1] > 0 && v[2] > v[1])
        // Quadratic in depth: at (530 − 510)/90 and (540 − 510)/90.
        #expect(approx(v[2] / v[1], (30.0 * 30) / (20 * 20), 1e-2))
    }

    @Test func restingInAZoneScrollsAfterTheDwellTimeAndRetreatingStopsIt() {
        var a = EdgeAutoScroll()
        _ = feed(&a, [300, 300])
        // Jump into the top zone moving up (toward it): arms; then retreat 5 pt: stops.
        #expect(feed(&a, [150])[0] < 0)
        #expect(feed(&a, [155])[0] == 0)
        // Rest: nothing until half a second has passed, then it scrolls up.
        let rest = feed(&a, Array(repeating: 155, count: 70))
        let first = rest.firstIndex { $0 != 0 }
        #expect(first != nil)
        #expect(Double(first! + 1) * dt >= EdgeAutoScroll.dwellTime - 1e-9)
        #expect(Double(first!) * dt <= EdgeAutoScroll.dwellTime + dt)
        #expect(rest.last! < 0)
    }

    @Test func theSpeedGrowsGentlyWithTimeAndIsCapped() {
        var a = EdgeAutoScroll()
        let v = feed(&a, [400] + Array(repeating: 590, count: 600))
        let start = v[1], end = v.last!
        #expect(end > start * 1.5)
        #expect(end <= 900 * (1 + EdgeAutoScroll.timeBoost) + 1e-9)
        #expect(approx(v[400], v[599]))
    }

    @Test func outsideAcrossOrFarBeyondOrNonFiniteGivesNothing() {
        var a = EdgeAutoScroll()
        _ = feed(&a, [400])
        #expect(a.velocity(along: 590, inside: false, span: lo, hi, maxSpeed: 900, dt: dt) == 0)
        #expect(a.velocity(along: .nan, inside: true, span: lo, hi, maxSpeed: 900, dt: dt) == 0)
        #expect(a.velocity(along: 1e308, inside: true, span: lo, hi, maxSpeed: 900, dt: dt) == 0)
        // Just past the edge scrolls at full depth.
        _ = feed(&a, [400])
        let past = feed(&a, [610])[0]
        #expect(approx(past, 900, 3))
    }
}
