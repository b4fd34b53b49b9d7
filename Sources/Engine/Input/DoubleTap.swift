import Geometry

/// A double click or double tap: a second press on the same target within `interval`
/// seconds of the first, and near where the first was. Keeps the last first press.
public struct DoubleTap<Target: Equatable & Sendable>: Sendable {
    /// Seconds a second press may follow the first.
    public var interval: Double
    private var last: (time: Double, target: Target, at: Vec2)?

    /// A recogniser for presses at most `interval` seconds apart.
    public init(interval: Double) { self.interval = interval }

    /// A press on `target` at `at` (`time` in seconds): true when it is the second of a double
    /// tap — the same target, at most `interval` after the first and within `reach` points of
    /// it — and the recogniser starts afresh; else it is remembered as a first press.
    public mutating func press(_ target: Target, at: Vec2, time: Double, reach: Double) -> Bool {
        if let last, last.target == target, time - last.time <= interval, last.at.distance(to: at) <= reach {
            self.last = nil
            return true
        }
        last = (time, target, at)
        return false
    }

    /// Forgets the first press (its target changed or went).
    public mutating func forget() { last = nil }

    /// Seconds a first press can still be doubled, at `time`: when a resting scene must next
    /// look (nil with none waiting).
    public func secondsLeft(at time: Double) -> Double? {
        last.map { interval - (time - $0.time) }
    }
}
