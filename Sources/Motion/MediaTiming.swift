import Geometry

/// How an animation's value is held outside its active time, as `CAMediaTimingFillMode`.
public enum FillMode: String, Equatable, Sendable, CaseIterable {
    /// Nothing is held: outside its active time the animation shows nothing and the model
    /// value is drawn (`kCAFillModeRemoved`).
    case removed
    /// After its active time the animation holds its final value (`kCAFillModeForwards`).
    case forwards
    /// Before its active time the animation shows its first value (`kCAFillModeBackwards`).
    case backwards
    /// Both: the first value before, the final value after (`kCAFillModeBoth`).
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// A timing configuration that cannot be used, with what is wrong.
public struct TimingError: Error, Equatable, CustomStringConvertible {
    /// The error as a sentence for the user.
    public let description: String
}

/// Core Animation's media timing for one animation (`CAMediaTiming`): when it begins, how
/// long one pass lasts, how fast its clock runs, how often and how long it repeats, whether
/// it plays back after playing forward, and what shows before and after.
///
/// Given the time since the animation was added (its parent time), `phase(at:)` answers
/// which part of the animation shows: before it, inside it (with the progress 0…1 of the
/// current pass, already reversed on an autoreverse pass), or after it.
public struct MediaTiming: Equatable, Sendable {
    /// Parent time at which the animation starts.
    public var beginTime = 0.0
    /// Seconds for one pass (one way).
    public var duration = 0.25
    /// Local time runs this many times faster than parent time.
    public var speed = 1.0
    /// Added to local time: starts the animation part-way through.
    public var timeOffset = 0.0
    /// Passes to play; fractional counts stop part-way; `.infinity` repeats for ever. 0
    /// means 1 (unless `repeatDuration` is set).
    public var repeatCount = 0.0
    /// Seconds to keep repeating for, instead of a count. 0 means unset.
    public var repeatDuration = 0.0
    /// After each forward pass, play backward (a repeat is then forward and back).
    public var autoreverses = false
    /// What shows before and after the active time (`CAMediaTiming.fillMode`); `.removed`,
    /// nothing, by default.
    public var fillMode = FillMode.removed
    /// Whether the animation is removed when it completes. With `.forwards` fill the
    /// model takes the final value either way, so nothing stale is left behind.
    public var removedOnCompletion = true

    /// Timing for one pass of `duration` seconds, begun when the animation is added, at
    /// normal speed, played once and not filled.
    public init(duration: Double = 0.25) { self.duration = duration }

    /// Checks the settings: positive finite duration, finite non-negative speed, and not both
    /// a repeat count and a repeat duration (Core Animation leaves that undefined).
    public func validate() throws(TimingError) {
        guard duration.isFinite, duration > 0 else { throw TimingError(description: "duration must be a positive number of seconds, got \(duration)") }
        guard speed.isFinite, speed >= 0 else { throw TimingError(description: "speed must be finite and not negative, got \(speed)") }
        guard beginTime.isFinite, timeOffset.isFinite else { throw TimingError(description: "beginTime and timeOffset must be finite") }
        guard repeatCount >= 0, !repeatCount.isNaN else { throw TimingError(description: "repeatCount must be 0 or more, got \(repeatCount)") }
        guard repeatDuration >= 0, !repeatDuration.isNaN else { throw TimingError(description: "repeatDuration must be 0 or more, got \(repeatDuration)") }
        if repeatCount > 0 && repeatDuration > 0 {
            throw TimingError(description: "set repeatCount or repeatDuration, not both (repeatCount \(repeatCount), repeatDuration \(repeatDuration))")
        }
    }

    /// Seconds of one cycle: a pass, or a pass and its reverse.
    public var cycle: Double { autoreverses ? 2 * duration : duration }

    /// Local seconds the animation is active for (may be infinite).
    @inline(__always)
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? repeatCount : 1
        return count == .infinity ? .infinity : count * cycle
    }

    /// The local time for a parent time.
    @inline(__always)
    public func localTime(_ parent: Double) -> Double { (parent - beginTime) * speed + timeOffset }

    /// Parent seconds until the active time ends, from the animation's start.
    public var parentEnd: Double {
        guard speed > 0 else { return .infinity }
        return beginTime + (activeDuration - timeOffset) / speed
    }

    /// Which part of an animation shows at a moment: before, inside or after its active
    /// time (what `phase(at:)` answers).
    public enum Phase: Equatable, Sendable {
        /// Before the active time, and whether it fills backwards (shows its first value).
        case before(fill: Bool)
        /// Inside: the pass progress (0…1, reversed on a backward pass), before the timing function.
        case active(progress: Double)
        /// After: the progress the animation ended at, and whether it fills forwards.
        case after(progress: Double, fill: Bool)
    }

    /// Times closer than this (seconds) count as equal.
    static let epsilon = 1e-9

    /// Which part of the animation shows at time `parent` on its parent's clock.
    @inline(__always)
    public func phase(at parent: Double) -> Phase {
        let local = localTime(parent)
        if local < 0 { return .before(fill: fillMode.fillsBackwards) }
        let active = activeDuration
        // Parent time is a sum of fixed steps; forgive its rounding (120 steps of 1/120 s
        // add up to 0.9999999999999989, which is the end of a 1 s animation).
        if local >= active - Self.epsilon { return .after(progress: progress(atLocal: active, end: true), fill: fillMode.fillsForwards) }
        return .active(progress: progress(atLocal: local, end: false))
    }

    /// Pass progress at a local time inside [0, active]. At the very end of a whole number
    /// of cycles the last pass has finished, so it reports its end (1 forward, 0 after a reverse).
    @inline(__always)
    func progress(atLocal local: Double, end: Bool) -> Double {
        let c = cycle
        // floor instead of fmod: the same for non-negative times, and several times faster.
        var inCycle = local - floorFast(local / c) * c
        if end && inCycle < 1e-12 * max(1, local) && local > 0 { inCycle = c }
        if autoreverses && inCycle > duration {
            return clamp(1 - (inCycle - duration) / duration, 0, 1)
        }
        return clamp(inCycle / duration, 0, 1)
    }
}
