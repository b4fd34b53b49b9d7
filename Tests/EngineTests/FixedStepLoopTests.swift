@testable import Engine
import TestSupport
import Testing

@Suite struct FixedStepLoopTests {
    @Test func sixtyHertzFramesRunExactlyTwoStepsAt120Hz() {
        var loop = FixedStepLoop(hz: 120)
        for _ in 0..<600 { #expect(loop.advance(by: 1.0 / 60.0) == 2) }
        #expect(loop.step == 1200)
        #expect(loop.droppedTime == 0)
    }

    @Test func a144HzDisplayAlternatesZeroAndOneStepWithAlphaInRange() {
        var loop = FixedStepLoop(hz: 120)
        var total = 0
        for _ in 0..<144 {
            total += loop.advance(by: 1.0 / 144.0)
            #expect(loop.alpha >= 0 && loop.alpha < 1)
        }
        // One second of frames is 120 steps, give or take the one still accumulating.
        #expect((119...120).contains(total))
    }

    @Test func alphaIsTheFractionOfAStepLeftOver() {
        var loop = FixedStepLoop(hz: 100)
        #expect(loop.advance(by: 0.025) == 2)
        #expect(approx(loop.alpha, 0.5, 1e-6))
    }

    @Test func aFiveSecondHitchIsClampedAndTheDropCounted() {
        var loop = FixedStepLoop(hz: 120, maxFrameTime: 0.25, maxStepsPerFrame: 8)
        let steps = loop.advance(by: 5)
        #expect(steps == 8)
        // 4.75 s clamped away, and of the remaining 0.25 s only 8 steps ran.
        #expect(approx(loop.droppedTime, 5 - 8.0 / 120.0, 1e-6))
        // The next normal frame runs a normal number of steps: no spiral.
        #expect(loop.advance(by: 1.0 / 60.0) == 2)
    }

    /// At any step rate a 60 fps frame runs all its steps: at 1,000 Hz, 16 or 17 a frame and
    /// nothing dropped (the cap of 8 ran the simulation at half speed); a hitch still drops.
    @Test(arguments: [60.0, 120, 240, 480, 500, 1000])
    func everyRateKeepsUpWithSixtyFramesASecond(hz: Double) {
        var loop = FixedStepLoop(hz: hz)
        var steps = 0
        for _ in 0..<60 { steps += loop.advance(by: 1.0 / 60.0) }
        #expect(abs(steps - Int(hz)) <= 1, "\(steps) steps in a second at \(hz) Hz")
        #expect(loop.droppedTime == 0)
        _ = loop.advance(by: 5)
        #expect(loop.droppedTime > 4.7)
    }

    /// Any finite rate makes a loop (the cap's arithmetic does not trap), capped as at 15 MHz.
    @Test func aHugeRateMakesALoop() {
        #expect(FixedStepLoop(hz: 1e300).maxStepsPerFrame == 1_000_000)
    }

    @Test func pausingStopsTimeAndResumingDoesNotBurst() {
        var loop = FixedStepLoop(hz: 120)
        _ = loop.advance(by: 0.004)
        loop.pause()
        #expect(loop.advance(by: 3) == 0)
        loop.resume()
        #expect(loop.accumulator == 0)
        #expect(loop.advance(by: 1.0 / 60.0) == 2)
        #expect(loop.droppedTime == 0)
    }

    @Test func nonFiniteOrNegativeFrameTimesRunNothing() {
        var loop = FixedStepLoop(hz: 120)
        #expect(loop.advance(by: .nan) == 0)
        #expect(loop.advance(by: -1) == 0)
        #expect(loop.advance(by: .infinity) == 0)
    }

    @Test func theVirtualClockAdvancesExactlyOneFramePerCall() {
        var clock = VirtualClock(frameTime: 0.02)
        for _ in 0..<50 { #expect(clock.nextFrameTime() == 0.02) }
        #expect(approx(clock.now, 1.0, 1e-12))
    }
}
