@testable import Engine
import Geometry
import Testing

struct DoubleTapTests {
    /// Presses in a row count up to a triple, then start again; another target, a pause past
    /// the interval or a press out of reach of the first start a new row.
    @Test func pressesInARowCountToATripleThenStartAgain() {
        var taps = DoubleTap<Int>(interval: 0.4), n = 0
        let p = Vec2(100, 100)
        var counts: [Int] = []
        for t in [0.0, 0.2, 0.4, 0.6] { counts.append(taps.count(1, at: p, time: t, reach: 8)) }
        #expect(counts == [1, 2, 3, 1])
        n = taps.count(1, at: p, time: 0.7, reach: 8)
        #expect(n == 2)
        n = taps.count(2, at: p, time: 0.8, reach: 8)
        #expect(n == 1, "another target")
        n = taps.count(2, at: p, time: 1.3, reach: 8)
        #expect(n == 1, "too late")
        n = taps.count(2, at: p + Vec2(6, 0), time: 1.4, reach: 8)
        #expect(n == 2)
        // (Reach is from the first press: this one is 6 + 6 from it.)
        n = taps.count(2, at: p + Vec2(12, 0), time: 1.5, reach: 8)
        #expect(n == 1)
    }

    /// A double tap (`press`) starts afresh: its third press is a first, and nothing waits
    /// after it (a resting scene need not look again).
    @Test func aDoubleTapStartsAfresh() {
        var taps = DoubleTap<String>(interval: 0.4), d = false
        let p = Vec2(5, 5)
        d = taps.press("a", at: p, time: 0, reach: 8)
        #expect(!d)
        #expect(abs((taps.secondsLeft(at: 0.1) ?? 0) - 0.3) < 1e-9)
        d = taps.press("a", at: p, time: 0.2, reach: 8)
        #expect(d)
        #expect(taps.secondsLeft(at: 0.2) == nil)
        d = taps.press("a", at: p, time: 0.3, reach: 8)
        #expect(!d)
    }
}
