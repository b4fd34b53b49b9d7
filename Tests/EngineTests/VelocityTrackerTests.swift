@testable import Engine
@testable import Geometry
import Testing

@Suite struct VelocityTrackerTests {
    /// A hand moving at `v` sampled `rate` times a second for `duration`, starting at t = 10.
    func steady(_ v: Vec2, rate: Double, duration: Double = 0.3) -> (VelocityTracker, Double) {
        var t = VelocityTracker()
        let n = Int((duration * rate).rounded())
        for k in 0...n { t.add(Vec2(100, 200) + v * (Double(k) / rate), at: 10 + Double(k) / rate) }
        return (t, 10 + Double(n) / rate)
    }

    @Test(arguments: [30.0, 60, 120, 240, 1000])
    func aSteadyDragReadsAtTheHandsSpeedAtAnySampleRate(rate: Double) {
        let v = Vec2(1200, -350)
        let (t, last) = steady(v, rate: rate)
        #expect(t.velocity(at: last).distance(to: v) < 1e-6 * v.length)
        // Let go one sample interval later (no new place): still moving, when under 40 ms.
        if 1 / rate <= VelocityTracker.assumeStopped {
            #expect(t.velocity(at: last + 1 / rate).distance(to: v) < 1e-6 * v.length)
        }
    }

    /// A track taken into a space scaled by k around a point that moved (a path ring's, when
    /// its path is laid out anew mid-drag) reads k times the speed, and its newest point is
    /// where the point went; a scale that is not finite forgets it.
    @Test func aRebasedTrackReadsTheScaledSpeed() {
        var (t, last) = steady(Vec2(600, 0), rate: 60)
        let here = t.newestPoint!
        t.rebase(scale: 1.5, from: here, to: Vec2(5000, 0))
        #expect(abs(t.velocity(at: last).x - 900) < 1e-6)
        #expect(t.newestPoint == Vec2(5000, 0))
        t.rebase(scale: .nan, from: here, to: here)
        #expect(t.lastTime == nil && t.velocity(at: last) == .zero)
    }

    @Test func aHandThatRestedBeforeLettingGoThrowsNothing() {
        let (t, last) = steady(Vec2(1800, 0), rate: 120)
        #expect(t.velocity(at: last + 0.05) == .zero)
        #expect(t.velocity(at: last + 0.039).x > 1700)
    }

    @Test func aPauseMidDragLeavesOnlyTheMotionAfterIt() {
        var t = VelocityTracker()
        // Fast, then still for 60 ms, then slow: only the slow stretch counts.
        for k in 0..<10 { t.add(Vec2(Double(k) * 20, 0), at: Double(k) / 100) }
        let resume = 0.09 + 0.06
        for k in 0..<4 { t.add(Vec2(180 + Double(k) * 1, 0), at: resume + Double(k) / 100) }
        let v = t.velocity(at: resume + 0.03)
        #expect(abs(v.x - 100) < 1e-6)
    }

    @Test func anAcceleratingHandReadsItsSpeedAtTheLastSampleNotTheAverage() {
        // x = 3000 t² from rest: at t = 0.08 the hand moves at 480 pt/s; the average is 240.
        var t = VelocityTracker()
        for k in 0...8 { let s = Double(k) / 100; t.add(Vec2(3000 * s * s, 0), at: s) }
        #expect(abs(t.velocity(at: 0.08).x - 480) < 1e-6)
    }

    @Test func onlyTheLastHundredMillisecondsAndTwentySamplesCount() {
        var t = VelocityTracker()
        // 0.5 s at 500 pt/s, then 60 ms at 2000 pt/s sampled at 1 kHz: the newest 20 samples
        // (19 ms) are all fast.
        var x = 0.0, time = 0.0
        for _ in 0..<50 { time += 0.01; x += 5; t.add(Vec2(x, 0), at: time) }
        for _ in 0..<60 { time += 0.001; x += 2; t.add(Vec2(x, 0), at: time) }
        #expect(abs(t.velocity(at: time).x - 2000) < 1e-6)
    }

    @Test func nonsenseInGivesAFiniteBoundedAnswer() {
        var t = VelocityTracker()
        t.add(Vec2(.nan, 0), at: 0)
        t.add(Vec2(0, 0), at: .infinity)
        #expect(t.velocity(at: 0) == .zero)
        t.add(Vec2(0, 0), at: 0)
        t.add(Vec2(1e308, -1e308), at: 0.001)
        let v = t.velocity(at: 0.001)
        #expect(v.x.isFinite && v.y.isFinite && v.length <= VelocityTracker.maxSpeed * (1 + 1e-12))
        // Samples at one instant (a script's frame) and one out of order.
        var same = VelocityTracker()
        for k in 0..<5 { same.add(Vec2(Double(k), 0), at: 1) }
        same.add(Vec2(9, 9), at: 0.5)
        #expect(same.velocity(at: 1) == .zero)
        // A single sample.
        var one = VelocityTracker()
        one.add(Vec2(5, 5), at: 3)
        #expect(one.velocity(at: 3) == .zero)
    }

    /// Each pointer's velocity as it let go, or as its gesture was taken away (a cancel: the
    /// scenes that let go at the hand's speed read it; those that stop on a cancel do not).
    @Test func inputStateKeepsEachPointersVelocityAsItLetGoOrWasCancelled() {
        var s = InputState()
        var out: [InputEvent] = []
        s.process(.pointerDown(pointer: 1, device: .touch, at: Vec2(0, 0)), at: 0, into: &out)
        s.process(.pointerDown(pointer: 2, device: .touch, at: Vec2(0, 0)), at: 0, into: &out)
        for k in 1...6 {
            s.process(.pointerMove(pointer: 1, device: .touch, at: Vec2(Double(k) * 10, 0)), at: Double(k) / 100, into: &out)
            s.process(.pointerMove(pointer: 2, device: .touch, at: Vec2(0, Double(k) * 5)), at: Double(k) / 100, into: &out)
        }
        #expect(abs(s.velocity(of: 1).x - 1000) < 1e-6)  // while down
        s.process(.pointerUp(pointer: 1, device: .touch, at: Vec2(60, 0)), at: 0.07, into: &out)
        s.process(.pointerCancel(pointer: 2, device: .touch), at: 0.07, into: &out)
        #expect(abs(s.velocity(of: 1).x - 1000) < 1e-6)  // as it let go
        #expect(abs(s.velocity(of: 2).y - 500) < 1e-6)
        #expect(s.velocity(of: 3) == .zero)  // never seen
        // The same id pressed again starts a new gesture.
        s.process(.pointerDown(pointer: 1, device: .touch, at: Vec2(60, 0)), at: 0.2, into: &out)
        #expect(s.velocity(of: 1) == .zero)
    }
}
