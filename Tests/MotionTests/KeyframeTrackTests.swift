@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
import Testing

@Suite struct KeyframeTrackTests {
    @Test func linearInterpolatesAtTheKeyTimesWithPerSegmentTiming() throws {
        let t = try KeyframeTrack(values: [0.0, 10, 20], keyTimes: [0, 0.8, 1], timingFunctions: [.linear, .easeIn])
        #expect(t.value(at: 0.4) == 5)
        #expect(t.value(at: 0.8) == 10)
        #expect(abs(t.value(at: 0.9) - (10 + 10 * TimingFunction.easeIn(0.5))) < 1e-12)
        #expect(t.value(at: 1) == 20)
    }

    @Test func discreteJumpsAndTakesOneMoreKeyTime() throws {
        let t = try KeyframeTrack(values: [1.0, 2, 3], keyTimes: [0, 0.5, 0.9, 1], mode: .discrete)
        #expect(t.value(at: 0.49) == 1)
        #expect(t.value(at: 0.5) == 2)
        #expect(t.value(at: 0.95) == 3)
        #expect(throws: TrackError.self) { try KeyframeTrack(values: [1.0, 2], keyTimes: [0, 1], mode: .discrete) }
    }

    @Test func pacedIgnoresKeyTimesAndMovesAtConstantSpeed() throws {
        let pts = [Vec2(0, 0), Vec2(100, 0), Vec2(100, 10)]
        let t = try KeyframeTrack(values: pts, keyTimes: [0, 0.1, 1], mode: .paced, timingFunctions: [.easeIn])
        #expect(t.value(at: 0.5).distance(to: Vec2(55, 0)) < 1e-9)
        #expect(t.value(at: 100.0 / 110).distance(to: Vec2(100, 0)) < 1e-9)
    }

    @Test func cubicPassesThroughItsKeyframes() throws {
        let v = [Vec2(0, 0), Vec2(50, 80), Vec2(120, 20), Vec2(200, 100)]
        let t = try KeyframeTrack(values: v, mode: .cubic, tcb: [TCB(), TCB(tension: 0.5), TCB(continuity: -0.5), TCB(bias: 0.3)])
        for (i, p) in v.enumerated() { #expect(t.value(at: Double(i) / 3).distance(to: p) < 1e-9) }
        // Catmull–Rom (all zero) bends smoothly between them instead of cornering.
        let cr = try KeyframeTrack(values: v, mode: .cubic)
        #expect(cr.value(at: 1.0 / 6).distance(to: Vec2(25, 40)) > 1)
    }

    @Test func cubicPacedKeepsSpeedConstantWithinOnePercent() throws {
        let v = [Vec2(0, 0), Vec2(10, 200), Vec2(300, 220), Vec2(320, 0)]
        let t = try KeyframeTrack(values: v, mode: .cubicPaced)
        var steps: [Double] = []
        var prev = t.value(at: 0)
        for k in 1...400 {
            let p = t.value(at: Double(k) / 400)
            steps.append(p.distance(to: prev))
            prev = p
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        let worst = steps.map { abs($0 - mean) / mean }.max()!
        #expect(worst < 0.01, "worst \(worst) at \(steps.firstIndex { abs($0 - mean) / mean == worst }!)")
    }

    @Test func coloursBlendPerChannel() throws {
        let t = try KeyframeTrack(values: [ColorValue(Color(0, 0, 0)), ColorValue(Color(255, 100, 50))])
        #expect(t.value(at: 0.5).color == Color(128, 50, 25))
    }

    @Test(arguments: [
        (["values": 0], "at least one value"),
        (["count": 1], "keyTimes has 2 entries for 3 values"),
        (["decreasing": 1], "must not decrease"),
        (["range": 1], "from 0 to 1"),
        (["timing": 1], "timingFunctions has 3 entries"),
        (["tcb": 1], "tcb has 1 entries"),
    ])
    func invalidTracksAreErrorsNamingTheProblem(kind: [String: Int], message: String) {
        #expect {
            switch kind.keys.first! {
            case "values": _ = try KeyframeTrack<Double>(values: [])
            case "count": _ = try KeyframeTrack(values: [1.0, 2, 3], keyTimes: [0, 1])
            case "decreasing": _ = try KeyframeTrack(values: [1.0, 2, 3], keyTimes: [0, 0.7, 0.5])
            case "range": _ = try KeyframeTrack(values: [1.0, 2, 3], keyTimes: [0.1, 0.5, 1])
            case "timing": _ = try KeyframeTrack(values: [1.0, 2, 3], timingFunctions: [.linear, .linear, .linear])
            default: _ = try KeyframeTrack(values: [1.0, 2, 3], mode: .cubic, tcb: [TCB()])
            }
        } throws: { ($0 as? TrackError)?.description.contains(message) == true }
    }
}
