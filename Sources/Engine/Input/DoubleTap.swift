import Geometry

/// A double or triple click or tap: presses in a row on the same target, each within
/// `interval` seconds of the one before, and near where the first was (`count`; `press` for
/// a double alone). Keeps the row's first press.
public struct DoubleTap<Target: Equatable & Sendable>: Sendable {
    /// Seconds a second press may follow the first.
    public var interval: Double
    private var last: (time: Double, target: Target, at: Vec2, count: Int)?

    /// A recogniser for presses at most `interval` seconds apart.
    public init(interval: Double) { self.interval = interval }

    /// A press on `target` at `at` (`time` in seconds): true when it is the second of a double
    /// tap — the same target, at most `interval` after the first and within `reach` points of
    /// it — and the recogniser starts afresh; else it is remembered as a first press.
    public mutating func press(_ target: Target, at: Vec2, time: Double, reach: Double) -> Bool {
        count(target, at: at, time: time, reach: reach, most: 2) == 2
    }

    /// A press on `target` at `at` (`time` in seconds): how many it makes in a row — 1 a first
    /// press, 2 a double, 3 a triple —, each on the same target, at most `interval` after the
    /// one before and within `reach` points of the first. At `most` the recogniser starts
    /// afresh, so the press after a triple click (`most` 3) is a first again.
    public mutating func count(_ target: Target, at: Vec2, time: Double, reach: Double, most: Int = 3) -> Int {
        var n = 1, first = at
        if let last, last.target == target, time - last.time <= interval, last.at.distance(to: at) <= reach {
            n = last.count + 1
            first = last.at
        }
        last = n >= most ? nil : (time, target, first, n)
        return n
    }

    /// Forgets the first press (its target changed or went).
    public mutating func forget() { last = nil }

    /// Seconds a first press can still be doubled, at `time`: when a resting scene must next
    /// look (nil with none waiting).
    public func secondsLeft(at time: Double) -> Double? {
        last.map { interval - (time - $0.time) }
    }
}
