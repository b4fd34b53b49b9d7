/// The fixed-timestep loop: how many simulation steps a frame runs, and how far between
/// the last two steps the picture is.
///
/// Simulation runs in steps of exactly `dt` so that a run is deterministic whatever the
/// display does. Each frame adds the real time that passed to an accumulator and runs as
/// many whole steps as fit; what is left over (`alpha`, in [0, 1)) is how far the drawn
/// picture sits between the previous step and the current one, so motion is smooth at any
/// refresh rate.
///
/// Two guards keep a hitch (a debugger pause, a slow disk, a dragged window) from turning
/// into a spiral of catch-up work: a frame's time is clamped to `maxFrameTime`, and at most
/// `maxStepsPerFrame` steps run; time beyond either is dropped, counted in `droppedTime` so
/// that a person sees it in the HUD and the state dump. While paused (window minimised or
/// hidden) no time accumulates, so resuming starts clean instead of bursting.
///
/// The default rate, 120 Hz, divides the common refresh rates (60, 120, 240 Hz) evenly,
/// and keeps a fast flick's travel per step small enough for the path walk to follow.
public struct FixedStepLoop: Sendable {
    /// Seconds per step.
    public let dt: Double
    /// The longest frame time counted; anything longer is dropped.
    public var maxFrameTime: Double
    /// The most steps one frame may run.
    public var maxStepsPerFrame: Int
    /// Time waiting to be simulated, always in [0, dt) after `advance`.
    public private(set) var accumulator: Double = 0
    /// Steps run since the start.
    public private(set) var step: Int = 0
    /// Seconds of real time never simulated because of the clamp or the cap.
    public private(set) var droppedTime: Double = 0
    /// Whether the loop is paused (no time accumulates).
    public private(set) var isPaused = false

    /// A loop at step zero with nothing accumulated.
    ///
    /// - Parameters:
    ///   - hz: steps per second (default 120).
    ///   - maxFrameTime: the frame-time clamp in seconds (default 0.25 s).
    ///   - maxStepsPerFrame: the cap on steps per frame (default: `defaultMaxSteps(hz:)`).
    public init(hz: Double = 120, maxFrameTime: Double = 0.25, maxStepsPerFrame: Int? = nil) {
        precondition(hz > 0 && hz.isFinite, "hz must be positive")
        dt = 1 / hz
        self.maxFrameTime = maxFrameTime
        self.maxStepsPerFrame = max(1, maxStepsPerFrame ?? Self.defaultMaxSteps(hz: hz))
    }

    /// The steps a frame may catch up by default: 1/15 s of them (8 at 120 Hz), and never
    /// fewer than 8. A fixed 8 capped the simulation at 480 steps a second at 60 frames a
    /// second: at `--hz 1000` a hostile tour saw everything move at half speed.
    public static func defaultMaxSteps(hz: Double) -> Int { max(8, Int(min(hz / 15, 1e6).rounded(.up))) }

    /// Adds a frame's elapsed time and returns how many steps to run now. Call `alpha` after.
    public mutating func advance(by elapsed: Double) -> Int {
        guard !isPaused else { return 0 }
        var frame = elapsed.isFinite ? max(0, elapsed) : 0
        if frame > maxFrameTime {
            droppedTime += frame - maxFrameTime
            frame = maxFrameTime
        }
        accumulator += frame
        // A tiny epsilon keeps 1/60 s frames at 120 Hz from alternating 1 and 3 steps
        // through floating-point rounding of the accumulator.
        var steps = Int((accumulator + 1e-9) / dt)
        accumulator = max(0, accumulator - Double(steps) * dt)
        if steps > maxStepsPerFrame {
            droppedTime += Double(steps - maxStepsPerFrame) * dt
            steps = maxStepsPerFrame
        }
        step += steps
        return steps
    }

    /// Adds time that passed while the frame driver rested (nothing moved, it waited for
    /// input or a timer) and returns the steps to run for it, without the clamp or the cap:
    /// it is at most the wait for a timer, a few hundred steps of a world where nothing moves,
    /// and a timer due in it (a banner, a hold) must fire on time. Bounded at 60 s all the same.
    public mutating func catchUp(_ rested: Double) -> Int {
        guard !isPaused, rested.isFinite, rested > 0 else { return 0 }
        accumulator += min(rested, 60)
        let steps = Int((accumulator + 1e-9) / dt)
        accumulator = max(0, accumulator - Double(steps) * dt)
        step += steps
        return steps
    }

    /// How far the picture is from the previous step toward the current one, in [0, 1).
    public var alpha: Double { min(max(accumulator / dt, 0), 0.999_999) }

    /// Stops accumulating time (window hidden or minimised).
    public mutating func pause() { isPaused = true }

    /// Starts accumulating again from a clean slate: no catch-up burst for the paused time.
    public mutating func resume() {
        isPaused = false
        accumulator = 0
    }
}
