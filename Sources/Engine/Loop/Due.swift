/// When something next needs the frame loop: each system's one answer to "is anything due,
/// and when?", which lets the frame driver rest when nothing moves.
///
/// A system that moves something this step (an animation, a coast, a spring, scroll
/// inertia, a stick held off centre) answers `now`; one waiting on a timer (a banner that
/// goes, a hold that completes, a caret that blinks) answers `after` the seconds left;
/// one with nothing going on answers `never`, and only input wakes it. Answers combine with
/// `soonest`. When everything answers other than `now`, the driver draws one more frame
/// (the HUD then says "at rest") and waits for input or the soonest timer.
public enum Due: Equatable, Sendable {
    /// Something moves: run the next frame.
    case now
    /// Nothing moves, but something changes by itself after this many seconds.
    case after(Double)
    /// Nothing moves or is timed: only input changes anything.
    case never

    /// The sooner of two answers.
    public func soonest(_ other: Due) -> Due {
        switch (self, other) {
        case (.now, _), (_, .now): .now
        case (.never, let x), (let x, .never): x
        case (.after(let a), .after(let b)): .after(min(a, b))
        }
    }

    /// `now` when `moving`, else `never`: the answer of a system with no timers.
    public static func moving(_ moving: Bool) -> Due { moving ? .now : .never }

    /// A timer `seconds` away (`now` when it is already due, or not finite).
    public static func timer(_ seconds: Double) -> Due { seconds > 0 && seconds.isFinite ? .after(seconds) : .now }
}
