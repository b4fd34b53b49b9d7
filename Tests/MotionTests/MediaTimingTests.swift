@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
import Testing

@Suite struct MediaTimingTests {
    func progress(_ t: MediaTiming, _ at: Double) -> Double? {
        switch t.phase(at: at) {
        case .before(let fill): fill ? 0 : nil
        case .active(let p): p
        case .after(let p, let fill): fill ? p : nil
        }
    }

    @Test func aPlainAnimationRunsItsDurationThenIsRemoved() {
        let t = MediaTiming(duration: 2)
        #expect(progress(t, 0) == 0)
        #expect(progress(t, 1) == 0.5)
        #expect(progress(t, 2) == nil)
        #expect(t.phase(at: 2) == .after(progress: 1, fill: false))
    }

    @Test func beginTimeDelaysAndFillBackwardsShowsTheStartBeforeIt() {
        var t = MediaTiming(duration: 1)
        t.beginTime = 0.5
        #expect(progress(t, 0.25) == nil)
        #expect(progress(t, 1.0) == 0.5)
        t.fillMode = .backwards
        #expect(progress(t, 0.25) == 0)
        #expect(progress(t, 1.6) == nil)
        t.fillMode = .both
        #expect(progress(t, 1.6) == 1)
    }

    @Test func speedAndTimeOffsetScaleAndShiftLocalTime() {
        var t = MediaTiming(duration: 2)
        t.speed = 2
        #expect(progress(t, 0.5) == 0.5)
        #expect(t.parentEnd == 1)
        t.timeOffset = 1
        #expect(progress(t, 0) == 0.5)
        #expect(t.parentEnd == 0.5)
        t.speed = 0
        #expect(progress(t, 100) == 0.5)  // frozen at its offset
    }

    @Test func fractionalRepeatCountStopsPartWay() {
        var t = MediaTiming(duration: 1)
        t.repeatCount = 2.5
        t.fillMode = .forwards
        #expect(abs(progress(t, 1.25)! - 0.25) < 1e-12)
        #expect(t.activeDuration == 2.5)
        #expect(abs(progress(t, 3)! - 0.5) < 1e-12)
    }

    @Test func autoreversesPlaysBackAndARepeatIsThereAndBack() {
        var t = MediaTiming(duration: 2)
        t.autoreverses = true
        t.fillMode = .forwards
        #expect(progress(t, 1) == 0.5)
        #expect(progress(t, 3) == 0.5)
        #expect(abs(progress(t, 3.5)! - 0.25) < 1e-12)
        #expect(t.activeDuration == 4)
        #expect(progress(t, 4) == 0)  // ends back at the start
        t.repeatCount = 2
        #expect(t.activeDuration == 8)
        #expect(abs(progress(t, 5)! - 0.5) < 1e-12)
    }

    @Test func repeatDurationAndInfiniteRepeats() {
        var t = MediaTiming(duration: 1)
        t.repeatDuration = 2.25
        t.fillMode = .forwards
        #expect(abs(progress(t, 2.25)! - 0.25) < 1e-9)
        var forever = MediaTiming(duration: 1)
        forever.repeatCount = .infinity
        #expect(forever.activeDuration == .infinity)
        #expect(abs(progress(forever, 1000.75)! - 0.75) < 1e-9)
    }

    @Test func conflictingAndInvalidSettingsAreRejectedWithAReason() {
        var t = MediaTiming(duration: 1)
        t.repeatCount = 2
        t.repeatDuration = 3
        #expect(throws: TimingError.self) { try t.validate() }
        do { try t.validate() } catch { #expect(error.description.contains("not both")) }
        #expect(throws: TimingError.self) { try MediaTiming(duration: 0).validate() }
        var s = MediaTiming(duration: 1)
        s.speed = -1
        #expect(throws: TimingError.self) { try s.validate() }
        #expect(throws: Never.self) { try MediaTiming(duration: 1).validate() }
    }
}
