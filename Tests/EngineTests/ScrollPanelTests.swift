@testable import Engine
import Foundation
@testable import Geometry
import Testing

@Suite struct ScrollPanelTests {
    let dt = 1.0 / 120

    @Test func theRubberBandFollowsUIScrollViewsFormula() {
        for (x, d) in [(10.0, 300.0), (100, 300), (1000, 300), (50, 800)] {
            let expected = (1 - 1 / (x * 0.55 / d + 1)) * d
            #expect(abs(ScrollPanel.rubberBanded(x, viewport: d) - expected) < 1e-12)
        }
        var p = ScrollPanel(axis: .vertical, viewport: 300, contentLength: 1000)
        p.beginDrag()
        p.drag(by: 120)  // pulling down at the top: 120 pt past the edge
        #expect(abs(p.offset - -ScrollPanel.rubberBanded(120, viewport: 300)) < 1e-9)
        #expect(p.offset > -120 && p.offset < 0)
    }

    @Test func momentumDecaysExponentiallyAtTheDecelerationRate() {
        var p = ScrollPanel(axis: .horizontal, viewport: 300, contentLength: 100_000)
        p.setOffset(50_000)
        p.beginDrag()
        for _ in 0..<5 { p.drag(by: -10) }
        p.endDrag(fingerVelocity: -1200)  // 1200 pt/s to the left: the offset increases
        #expect(p.velocity == 1200)
        let v0 = p.velocity, x0 = p.offset
        #expect(v0 > 1000)
        for _ in 0..<120 { p.step(dt: dt) }
        // v(t) = v0 · 0.998^(t/ms); x(t) = x0 + v0 (0.998^(t/ms) − 1) / (1000 ln 0.998).
        let k = 1000 * log(0.998)
        #expect(abs(p.velocity - v0 * pow(0.998, 1000)) < 1e-6 * v0)
        #expect(abs(p.offset - (x0 + v0 * (exp(k * 1) - 1) / k)) < 1e-6 * v0)
        var fast = ScrollPanel(axis: .horizontal, viewport: 300, contentLength: 100_000)
        fast.decelerationRate = ScrollPanel.fastRate
        fast.setOffset(50_000)
        fast.beginDrag()
        for _ in 0..<5 { fast.drag(by: -10) }
        fast.endDrag(fingerVelocity: -1200)
        for _ in 0..<120 { fast.step(dt: dt) }
        #expect(fast.phase == .idle)  // 0.99 per ms stops within a second
    }

    @Test func releasedPastAnEdgeItSpringsBackAndStops() {
        var p = ScrollPanel(axis: .vertical, viewport: 300, contentLength: 1000)
        p.beginDrag()
        p.drag(by: 200)
        p.endDrag()
        #expect(p.phase == .springing)
        var steps = 0
        while p.phase != .idle && steps < 600 { p.step(dt: dt); steps += 1 }
        #expect(p.offset == 0)
        #expect(steps < 120)  // settles within a second
        // A fling toward the end overshoots, then springs back to the last offset.
        var q = ScrollPanel(axis: .vertical, viewport: 300, contentLength: 1000)
        q.setOffset(650)
        q.beginDrag()
        for _ in 0..<4 { q.drag(by: -20) }
        q.endDrag(fingerVelocity: -2400)
        var overshoot = 0.0
        for _ in 0..<600 { q.step(dt: dt); overshoot = max(overshoot, q.offset - q.maxOffset) }
        #expect(overshoot > 0)
        #expect(q.offset == q.maxOffset && q.phase == .idle)
    }

    @Test func aDragStartingPastTheEdgeContinuesFromWhereTheContentIs() {
        var p = ScrollPanel(axis: .vertical, viewport: 300, contentLength: 1000)
        p.beginDrag()
        p.drag(by: 100)
        p.endDrag()
        p.step(dt: dt)
        let shown = p.offset
        p.beginDrag()
        p.drag(by: 0.0001)
        #expect(abs(p.offset - shown) < 0.01)
    }

    @Test func wheelScrollingClampsAndTheIndicatorTracksTheOffset() {
        var p = ScrollPanel(axis: .vertical, viewport: 200, contentLength: 800)
        p.scroll(by: -50)
        #expect(p.offset == 0)
        p.scroll(by: 10_000)
        #expect(p.offset == 600)
        let ind = p.indicator()!
        #expect(abs(ind.length - 50) < 1e-9)
        #expect(abs(ind.start + ind.length - 200) < 1e-9)
        #expect(ScrollPanel(axis: .vertical, viewport: 200, contentLength: 100).indicator() == nil)
    }
}
