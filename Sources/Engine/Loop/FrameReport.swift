/// A thread that runs one job per `start`; `wait` blocks until that run is done.
public protocol FrameWorker: AnyObject {
    /// Runs the job once on the thread, returning at once.
    func start()
    /// Blocks until the run `start` began is done; called once per `start`.
    func wait()
    /// Ends the thread once any run under way is done.
    func stop()
}

/// A draw list shared between the pipeline's two threads by reference.
final class DrawListBox: @unchecked Sendable {
    var list = DrawList()
}

/// What one frame took.
public struct FrameReport: Sendable {
    /// A figure for each phase of a frame, and for the whole frame.
    public struct Phases: Sendable, Equatable {
        /// Simulating: the fixed steps of the content.
        public var sim: UInt64 = 0
        /// Building the draw list.
        public var build: UInt64 = 0
        /// Handing the draw list to the renderer.
        public var submit: UInt64 = 0
        /// Presenting the picture (waiting for vsync, where it is on, and, pipelined, for
        /// the worker).
        public var present: UInt64 = 0
        /// The whole frame.
        public var frame: UInt64 = 0
    }
    /// The frame's number, from 1 (0 before the first frame).
    public var frame = 0
    /// Fixed steps run.
    public var steps = 0
    /// The time the frame stands for: the virtual clock's frame time, or `workTime`.
    public var frameTime = 0.0
    /// Real seconds from the frame's start until it was shown.
    public var workTime = 0.0
    /// Time the loop has dropped so far (frames longer than its clamp).
    public var droppedTime = 0.0
    /// Whether nothing was due after this frame and no input came: the driver rests (or,
    /// the first such frame, draws once more to say so).
    public var atRest = false
    /// The median input latency of the newest events shown (seconds), while some were shown
    /// in the last half second and the driver records latency; else nil.
    public var inputLatency: Double?
    /// Nanoseconds per phase. Pipelined, `sim` and `build` ran on the worker during the
    /// previous frame.
    public var nanoseconds = Phases()
    /// When each phase began (`MonotonicClock.nanoseconds()`; `frame`: the frame's start), for
    /// traces. Pipelined, `sim` and `build` began on the worker during the previous frame.
    public var starts = Phases()
    /// Heap allocations per phase (zero unless the driver counts them). Pipelined, the
    /// worker's counts run alongside submit and present, so each side may include the
    /// other's; the frame's total is exact either way.
    public var allocations = Phases()
}
