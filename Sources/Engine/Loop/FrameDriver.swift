#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// The one frame loop: events in, fixed steps, a draw list out, pixels on screen. Play,
/// scripted headless runs, the benchmark and the tests all run it.
///
/// A frame:
/// 1. **Input.** The platform's events and the script's events for this frame (a scripted
///    resize resizes the window first), brought within `InputLimits`, go to the content,
///    stamped for its next step. This is the one place a resize is passed on: the window's
///    own echo of a size the content already has is dropped, so a resize is laid out once.
///    The work per event is bounded (at most `InputLimits.maxPointers` pointers are down),
///    so a frame's input costs time linear in its events.
/// 2. **Simulate.** The clock's elapsed time advances the fixed-step loop, which runs as many
///    steps of the content as fit (clamped; see `FixedStepLoop`).
/// 3. **Build.** The content fills the draw list, interpolated by the loop's leftover fraction.
/// 4. **Submit** the list to the platform, then **present** it.
///
/// Pipelined (`worker` given), steps 2 and 3 of the next frame run on the worker while this
/// thread submits and presents the current one: a frame then costs the longer of the two, not
/// their sum, and input shows one frame later. Input is handed over only while the worker is
/// idle, so the content is never touched by two threads at once.
///
/// **Rest.** With `restsWhenIdle` (a window on the real clock), a frame with no input after
/// which the content answers that nothing is due now (`FrameContent.due`) is followed by one
/// more (the HUD then says "at rest"), and then the driver blocks in the platform's
/// `waitForInput` until input comes or the soonest timer is due: a window at rest does no
/// work. The time waited is not simulated step by step while waiting; when a timer was due in
/// it, the next frame runs its steps unclamped (`FixedStepLoop.catchUp`), so the timer fires
/// on time; untimed, it is dropped as a paused window's is. Headless and scripted runs never
/// rest: their frames stay as they were.
///
/// Each phase is timed, and heap allocations counted when `countAllocations` is set; the
/// figures are in `report` after every frame (the benchmark's table comes from them).
public final class FrameDriver {
    /// The window (or the headless stand-in) the frames are shown in.
    public let platform: any FramePlatform
    /// What is run and drawn: a scene in a `SceneHost`, or the demo's shell.
    public let content: any FrameContent
    /// The fixed-step loop that turns real time into steps.
    public private(set) var loop: FixedStepLoop
    /// Frames run so far (the current one included, once it has started).
    public private(set) var frame = 0
    /// The input handed to the content this frame.
    public internal(set) var events: [InputEvent] = []
    /// When each of `events` happened (seconds on the input timeline: simulated time on the
    /// virtual clock, the monotonic clock's on the real one).
    public internal(set) var eventTimes: [Double] = []
    /// The run stops after this many frames (nil: until the user quits).
    public var frameLimit: Int?
    /// Called with every input event as it is handed to the content (`--record`).
    public var record: ((ScriptedEvent) -> Void)?
    /// Called on the last frame between submit and present (`--screenshot`).
    public var beforeLastPresent: (() throws -> Void)?
    /// Called on every frame between submit and present, with the frame's number
    /// (`--capture`).
    public var beforePresent: ((Int) throws -> Void)?
    /// Reads a running count of heap allocations, for the report's per-phase counts.
    public var countAllocations: (() -> UInt64)?
    /// Reads the calling thread's running count, for the phases (the pipeline's worker builds
    /// while the main thread submits); nil: `countAllocations`. The frame counts every thread.
    public var countThreadAllocations: (() -> UInt64)?

    /// The phases' count. (Not `a ?? b`: that reabstracts a closure, allocating every call.)
    private func phaseAllocations() -> UInt64 {
        if let count = countThreadAllocations { return count() }
        return countAllocations?() ?? 0
    }
    /// What the last frame took.
    public private(set) var report = FrameReport()
    /// Set once the run should stop: the frame limit, the window closed, or the content quit.
    public private(set) var isDone = false
    /// This frame is the run's last (its frame limit, or a quit asked): its input is all stepped.
    private var ending = false
    /// Whether the driver waits for input while the content is at rest (play in a window on
    /// the real clock). Runs on the virtual clock never rest, whatever this says.
    public var restsWhenIdle = false
    /// The shortest time between the starts of two frames on the real clock, in seconds (0:
    /// as fast as presenting lets it go). A renderer without vsync is paced to the display's
    /// refresh rate this way (`play --fps`); the wait comes before the frame's input is
    /// polled, so what the frame shows is as fresh as it can be.
    public var minimumFrameInterval = 0.0
    /// Input latency, recorded when set (a run on the real clock: `play`'s HUD, `bench
    /// --latency`): from each event's time to the end of the present of the first frame
    /// whose steps took it in (`InputLatency`).
    public var latency: InputLatency?
    /// When the last paced frame started (0: none yet, or the driver just rested).
    var pacedStart: UInt64 = 0
    /// Frames in a row with no input after which nothing was due now.
    var stillFrames = 0
    /// Seconds rested while a timer was pending, for the next frame to simulate.
    var rested = 0.0
    /// Whether the driver would rest after the last frame (nothing due now, no input): the
    /// HUD's "at rest" and the state dump's `rest`.
    public var isAtRest: Bool { stillFrames > 0 }

    var clock: any FrameClock
    /// The virtual clock's frame time; nil on the real-time clock.
    let virtualFrameTime: Double?
    let script: [ScriptedEvent]
    var scriptIndex = 0
    /// Seconds of scripted stall to add to this frame's time.
    var hitch = 0.0
    /// Simulated seconds the frames so far have advanced (the virtual clock's input time).
    var elapsed = 0.0
    /// One list, or two when pipelined: the worker fills one while the other is submitted.
    private let lists: [DrawListBox]
    private var shown = 0
    /// The pipeline's thread, if pipelined.
    var pipelineWorker: (any FrameWorker)?
    private var primed = false
    /// What the worker measured while building the next frame.
    private var ahead = FrameReport()
    /// The clock and the allocation count when this frame began.
    private var frameStart: (nanoseconds: UInt64, allocations: UInt64) = (0, 0)

    /// A driver of `content` on `platform` at `hz` steps per second. With `virtualFrameTime`
    /// every frame advances time by exactly that (deterministic runs); otherwise by the real
    /// time elapsed. `script` events apply at the start of the frame they name.
    /// `makeWorker`, if given, makes the thread that pipelines simulation and building.
    /// `startTime` is where the virtual clock's input timeline starts (a run that goes on
    /// from an earlier one's content starts after it).
    public convenience init(platform: any FramePlatform, content: any FrameContent, hz: Double,
                            virtualFrameTime: Double? = nil, script: [ScriptedEvent] = [], startTime: Double = 0,
                            makeWorker: ((@escaping () -> Void) -> any FrameWorker)? = nil) {
        self.init(platform: platform, content: content, hz: hz, virtualFrameTime: virtualFrameTime, script: script,
                  startTime: startTime, makeWorker: makeWorker, realClock: nil)
    }

    /// As above, with `realClock` standing in for the monotonic clock when there is no
    /// virtual frame time (tests of resting, which is the real clock's).
    package init(platform: any FramePlatform, content: any FrameContent, hz: Double,
                 virtualFrameTime: Double? = nil, script: [ScriptedEvent] = [], startTime: Double = 0,
                 makeWorker: ((@escaping () -> Void) -> any FrameWorker)? = nil, realClock: (any FrameClock)?) {
        elapsed = startTime
        self.platform = platform
        self.content = content
        self.loop = FixedStepLoop(hz: hz)
        self.virtualFrameTime = virtualFrameTime
        self.clock = virtualFrameTime.map { VirtualClock(frameTime: $0) as any FrameClock } ?? realClock ?? MonotonicClock()
        self.script = script
        lists = makeWorker == nil ? [DrawListBox()] : [DrawListBox(), DrawListBox()]
        events.reserveCapacity(64)
        eventTimes.reserveCapacity(64)
        if let makeWorker {
            pipelineWorker = makeWorker { [unowned self] in self.ahead = self.simulateAndBuild(into: self.lists[1 - self.shown]) }
        }
    }

    deinit { pipelineWorker?.stop() }

    /// The draw list submitted this frame.
    public var list: DrawList { lists[shown].list }

    /// Runs frames until the run is done.
    public func run() throws {
        while try runFrame() {}
    }

    /// Runs one whole frame. Returns false once the run is done.
    @discardableResult
    public func runFrame() throws -> Bool {
        pace()
        prepareFrame()
        try beforePresent?(frame)
        if isDone { try beforeLastPresent?() }
        presentFrame()
        if !isDone { restIfIdle() }
        return !isDone
    }

    /// Input, simulation, build and submit: everything but showing the frame. Tests read
    /// the pixels between this and `presentFrame`.
    public func prepareFrame() {
        let t0 = MonotonicClock.nanoseconds()
        let a0 = countAllocations?() ?? 0
        frame += 1
        takeInput()
        if platform.isPaused {
            // What came in with the hide (a last keystroke, the focus loss) is stepped first,
            // in steps of no time, so that what is saved holds it (a review: it waited,
            // unstepped, until the window came back); so is what comes while hidden (a close
            // from the taskbar, which would otherwise wait for the window to be shown).
            stepQueuedInput(atLeastOnce: !loop.isPaused)
            if !loop.isPaused { content.didPause() }
            loop.pause()
        } else if loop.isPaused {
            loop.resume()
            _ = clock.nextFrameTime()  // the paused time is not simulated
        }
        let lastFrame = frameLimit.map { frame >= $0 } ?? false
        ending = lastFrame || platform.quitRequested
        var measured: FrameReport
        if pipelineWorker != nil {
            // Show what the worker built during the last frame; build the next one meanwhile.
            if !primed {
                ahead = simulateAndBuild(into: lists[1 - shown])
                primed = true
            }
            measured = ahead
            shown = 1 - shown
        } else {
            measured = simulateAndBuild(into: lists[0])
        }
        latency?.showingLastBuilt()
        // Read while the worker is idle: the content as of its latest step.
        isDone = lastFrame || platform.quitRequested || content.wantsQuit
        platform.setTextInput(content.textInputRect)
        if content.takeAttentionRequest() { platform.showAndRaise() }
        pipelineWorker?.start()
        let t2 = MonotonicClock.nanoseconds(), a2 = phaseAllocations()
        platform.render(lists[shown].list)
        let t3 = MonotonicClock.nanoseconds(), a3 = phaseAllocations()
        measured.frame = frame
        measured.starts.frame = t0
        measured.starts.submit = t2
        measured.nanoseconds.submit = t3 - t2
        measured.allocations.submit = a3 - a2
        frameStart = (t0, a0)
        report = measured
    }

    /// Shows the frame, waits for the pipeline's worker, and reports the frame to the content.
    public func presentFrame() {
        let t3 = MonotonicClock.nanoseconds(), a3 = phaseAllocations()
        platform.present()
        pipelineWorker?.wait()
        let t4 = MonotonicClock.nanoseconds(), a4 = phaseAllocations()
        report.starts.present = t3
        report.nanoseconds.present = t4 - t3
        report.allocations.present = a4 - a3
        report.nanoseconds.frame = t4 - frameStart.nanoseconds
        report.allocations.frame = (countAllocations?() ?? 0) - frameStart.allocations
        report.workTime = Double(report.nanoseconds.frame) / 1e9
        report.frameTime = virtualFrameTime ?? report.workTime
        report.droppedTime = loop.droppedTime
        if restsWhenIdle, virtualFrameTime == nil {
            let still = events.isEmpty && !platform.isPaused && content.due != .now
            stillFrames = still ? stillFrames + 1 : 0
        }
        report.atRest = isAtRest
        if latency != nil {
            latency!.presented(at: Double(t4) / 1e9)
            // The HUD's running figure: the newest 64 samples, while they are fresh.
            report.inputLatency = Double(t4) / 1e9 - latency!.lastPresent < 0.5 ? latency!.runningMedian : nil
        }
        content.frameDidEnd(report)
        if platform.isPaused { waitWhilePaused() }
    }

    /// Steps the content as far as the clock says and fills `box`'s list.
    private func simulateAndBuild(into box: DrawListBox) -> FrameReport {
        var r = FrameReport()
        let a0 = phaseAllocations(), t0 = MonotonicClock.nanoseconds()
        let advance = clock.nextFrameTime() + hitch
        elapsed += advance
        let steps = loop.advance(by: advance) + loop.catchUp(rested)
        hitch = 0
        rested = 0
        for _ in 0..<steps { content.step(dt: loop.dt, step: loop.step) }
        // The run's last frame steps every event it was given, so none is lost to the end
        // (a review: a burst of shifted typing left its last keys queued).
        if ending || content.wantsQuit { stepQueuedInput(atLeastOnce: false) }
        latency?.built(steps: steps)
        let a1 = phaseAllocations(), t1 = MonotonicClock.nanoseconds()
        box.list.pixelsPerPoint = platform.pixelsPerPoint
        box.list.snapBias = platform.truncatesVertices ? 0.5 / platform.pixelsPerPoint : 0
        content.draw(into: &box.list, alpha: loop.alpha)
        let a2 = phaseAllocations(), t2 = MonotonicClock.nanoseconds()
        r.steps = steps
        r.starts.sim = t0
        r.starts.build = t1
        r.nanoseconds.sim = t1 - t0
        r.nanoseconds.build = t2 - t1
        r.allocations.sim = a1 - a0
        r.allocations.build = a2 - a1
        return r
    }
}

extension FrameDriver {
    /// Steps of no time until the content has no input waiting (at least one with
    /// `atLeastOnce`). Each step takes at least one event, so this ends.
    func stepQueuedInput(atLeastOnce: Bool) {
        if atLeastOnce || content.hasQueuedInput { content.step(dt: 0, step: loop.step) }
        while content.hasQueuedInput { content.step(dt: 0, step: loop.step) }
    }
}
