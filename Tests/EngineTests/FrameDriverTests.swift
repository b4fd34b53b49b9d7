@testable import Engine
import Geometry
import Testing

/// Content that logs what the driver does to it.
private final class LogContent: FrameContent {
    var size: Vec2
    var wantsQuit = false
    var enqueued: [InputEvent] = []
    var steps: [Int] = []
    var resizes: [Vec2] = []
    var drawnAtStep: [Int] = []
    var reports: [FrameReport] = []
    var pauses = 0
    /// Steps the content says it still has input waiting for.
    var waiting = 0
    var hasQueuedInput: Bool { waiting > 0 }
    /// At each `didPause`, the events the content had been given and its steps so far.
    var atPause: [(enqueued: Int, steps: Int)] = []
    func didPause() {
        pauses += 1
        atPause.append((enqueued.count, steps.count))
    }
    /// A stand-in for heap allocations: each step "allocates" this many.
    var allocationsPerStep: UInt64 = 0
    var allocations: UInt64 = 0

    init(size: Vec2) { self.size = size }

    func enqueue(_ event: InputEvent, at time: Double?) {
        enqueued.append(event)
        if case .resize(let w, let h) = event { resizes.append(Vec2(w, h)) }
    }

    func step(dt: Double, step: Int) {
        steps.append(step)
        waiting = max(0, waiting - 1)
        allocations += allocationsPerStep
        if let last = resizes.last { size = last }
    }

    func draw(into list: inout DrawList, alpha: Double) {
        list.reset()
        drawnAtStep.append(steps.last ?? 0)
        list.fillRect(Rect(x: 0, y: 0, w: Double(steps.count), h: 1), color: .white)
    }

    func frameDidEnd(_ report: FrameReport) { reports.append(report) }
}

/// A window that, like SDL, reports a scripted resize back as an event at the next poll.
private final class EchoingPlatform: FramePlatform {
    var windowSize: Vec2
    var isPaused = false
    var quitRequested = false
    var echo: [InputEvent] = []
    var rendered = 0, presented = 0

    init(size: Vec2) { windowSize = size }
    func poll(into events: inout [InputEvent]) { events += echo; echo.removeAll() }
    func setWindowSize(w: Double, h: Double) { windowSize = Vec2(w, h); echo.append(.resize(w: w, h: h)) }
    func render(_ list: DrawList) { rendered += 1 }
    func present() { presented += 1 }
}

/// Runs the job on the calling thread at `start`: the pipeline's hand-over order, without
/// a second thread.
private final class InlineWorker: FrameWorker {
    let job: () -> Void
    init(job: @escaping () -> Void) { self.job = job }
    func start() { job() }
    func wait() {}
    func stop() {}
}

@Suite struct FrameDriverTests {
    @Test func aFrameOfTheVirtualClockRunsItsStepsDrawsSubmitsAndPresents() throws {
        let content = LogContent(size: Vec2(800, 600))
        let platform = EchoingPlatform(size: Vec2(800, 600))
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        driver.frameLimit = 10
        try driver.run()
        #expect(driver.frame == 10)
        #expect(content.steps.count == 20 && content.steps.last == 20)
        #expect(content.drawnAtStep == stride(from: 2, through: 20, by: 2).map { $0 })
        #expect(platform.rendered == 10 && platform.presented == 10)
        #expect(content.reports.map(\.steps) == Array(repeating: 2, count: 10))
        #expect(content.reports.allSatisfy { $0.frameTime == 1.0 / 60 })
    }

    @Test func aScriptedResizeReachesTheContentOnceThoughTheWindowEchoesIt() throws {
        let content = LogContent(size: Vec2(800, 600))
        let platform = EchoingPlatform(size: Vec2(800, 600))
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60,
                                 script: [ScriptedEvent(frame: 3, event: .resize(w: 640, h: 480))])
        var recorded: [ScriptedEvent] = []
        driver.record = { recorded.append($0) }
        driver.frameLimit = 6
        try driver.run()
        #expect(platform.windowSize == Vec2(640, 480))
        #expect(content.resizes == [Vec2(640, 480)])
        #expect(recorded == [ScriptedEvent(frame: 3, event: .resize(w: 640, h: 480))])
    }

    @Test func scriptEventsApplyAtTheStartOfTheirFrameInOrder() throws {
        let content = LogContent(size: Vec2(800, 600))
        let a = InputEvent.key(.space, down: true), b = InputEvent.key(.space, down: false)
        let driver = FrameDriver(platform: NullPlatform(size: content.size), content: content, hz: 120, virtualFrameTime: 1.0 / 60,
                                 script: [ScriptedEvent(frame: 2, event: a), ScriptedEvent(frame: 2, event: b)])
        driver.prepareFrame()
        #expect(content.enqueued.isEmpty)
        driver.presentFrame()
        driver.prepareFrame()
        #expect(content.enqueued == [a, b])
        #expect(driver.events == [a, b])
    }

    @Test func thePipelineShowsEachFrameOneFrameLateWithTheSameSteps() throws {
        let serial = LogContent(size: Vec2(100, 100)), piped = LogContent(size: Vec2(100, 100))
        let d1 = FrameDriver(platform: NullPlatform(size: serial.size), content: serial, hz: 120, virtualFrameTime: 1.0 / 120)
        let d2 = FrameDriver(platform: NullPlatform(size: piped.size), content: piped, hz: 120, virtualFrameTime: 1.0 / 120,
                             makeWorker: { InlineWorker(job: $0) })
        var shown1: [Double] = [], shown2: [Double] = []
        for _ in 0..<5 {
            try d1.runFrame(); shown1.append(Double(d1.list.vertices[1].x).rounded())
            try d2.runFrame(); shown2.append(Double(d2.list.vertices[1].x).rounded())
        }
        // Frame n shows step n serially; pipelined it shows step n while step n + 1 is built.
        #expect(shown1 == [1, 2, 3, 4, 5].map { Double($0) })
        #expect(shown2 == shown1)
        #expect(piped.steps == Array(1...6))
    }

    /// A driver on the virtual clock that ran one frame, its window then hidden.
    private func hiddenAfterAFrame() throws -> (LogContent, NullPlatform, FrameDriver) {
        let content = LogContent(size: Vec2(100, 100))
        let platform = NullPlatform(size: content.size)
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        try driver.runFrame()
        platform.isPaused = true
        return (content, platform, driver)
    }

    @Test func aPausedWindowRunsNoStepsAndThePausedTimeIsNotSimulated() throws {
        let (content, platform, driver) = try hiddenAfterAFrame()
        // A keystroke in the same poll as the hide.
        platform.pending = [.key(Key("K"), down: true)]
        for _ in 0..<3 { try driver.runFrame() }
        // Told once, as it went away (to save what waits on a timer), after a step of no
        // time that took the keystroke; no step after.
        #expect(content.pauses == 1)
        #expect(content.steps.count == 3)
        #expect(content.atPause.map(\.enqueued) == [1] && content.atPause.map(\.steps) == [3])
        platform.isPaused = false
        // Back: one frame's steps, not the three paused frames' as well.
        try driver.runFrame()
        #expect(content.steps.count == 5)
        #expect(driver.loop.droppedTime == 0)
        platform.isPaused = true
        try driver.runFrame()
        #expect(content.pauses == 2)
    }

    /// Input that comes while the window is hidden (a close from the taskbar) is stepped in
    /// steps of no time, not left until the window is shown again.
    @Test func inputWhileHiddenIsSteppedWithoutTime() throws {
        let (content, platform, driver) = try hiddenAfterAFrame()
        try driver.runFrame()
        let steps = content.steps.count
        platform.pending = [.closeRequested]
        content.waiting = 1
        try driver.runFrame()
        #expect(content.enqueued.last == .closeRequested)
        #expect(content.steps.count == steps + 1 && content.waiting == 0 && content.pauses == 1)
        try driver.runFrame()
        #expect(content.steps.count == steps + 1, "nothing waiting: no step")
    }

    /// Input left waiting by a step (the shell's, behind a modifier change) is stepped, in
    /// steps of no time, as the window goes away and in the run's last frame.
    @Test func inputLeftWaitingIsSteppedAtAPauseAndAtTheEnd() throws {
        let content = LogContent(size: Vec2(100, 100))
        let platform = NullPlatform(size: content.size)
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        driver.frameLimit = 3
        try driver.runFrame()
        content.waiting = 5
        platform.isPaused = true
        try driver.runFrame()
        #expect(content.steps.count == 2 + 5 && content.waiting == 0)
        #expect(content.atPause.map(\.steps) == [7])
        platform.isPaused = false
        content.waiting = 6
        #expect(try !driver.runFrame())
        // The frame's two steps, then four more of no time.
        #expect(content.steps.count == 7 + 6 && content.waiting == 0)
    }

    @Test func theRunEndsWhenTheContentOrTheWindowAsksAndAtTheFrameLimit() throws {
        let content = LogContent(size: Vec2(100, 100))
        let platform = NullPlatform(size: content.size)
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        var shots = 0
        driver.beforeLastPresent = { shots += 1 }
        #expect(try driver.runFrame())
        content.wantsQuit = true
        #expect(try !driver.runFrame())
        #expect(shots == 1)
        content.wantsQuit = false
        platform.quitRequested = true
        #expect(try !driver.runFrame())
        platform.quitRequested = false
        driver.frameLimit = 5
        #expect(try driver.runFrame())
        #expect(try !driver.runFrame())
    }

    @Test func allocationsAreCountedPerPhase() throws {
        let content = LogContent(size: Vec2(100, 100))
        content.allocationsPerStep = 3
        let driver = FrameDriver(platform: NullPlatform(size: content.size), content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        driver.countAllocations = { content.allocations }
        try driver.runFrame()
        #expect(driver.report.allocations.sim == 6)
        #expect(driver.report.allocations.build == 0)
        #expect(driver.report.allocations.frame == 6)
        #expect(driver.report.nanoseconds.frame >= driver.report.nanoseconds.sim + driver.report.nanoseconds.build)
    }

    /// Another thread allocating meanwhile (SDL's band threads, the main thread's submit
    /// while the worker builds) is not counted in a phase when the thread's own count is given,
    /// and is in the frame's.
    @Test func aPhaseCountsItsOwnThreadsAllocationsWhenItCan() throws {
        let content = LogContent(size: Vec2(100, 100))
        content.allocationsPerStep = 3
        let driver = FrameDriver(platform: NullPlatform(size: content.size), content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        var others: UInt64 = 0
        driver.countAllocations = {
            others += 100
            return content.allocations + others
        }
        driver.countThreadAllocations = { content.allocations }
        try driver.runFrame()
        #expect(driver.report.allocations.sim == 6)
        #expect(driver.report.allocations.build == 0)
        #expect(driver.report.allocations.submit == 0 && driver.report.allocations.present == 0)
        #expect(driver.report.allocations.frame == 106)
    }

    @Test("A scripted 16384x16384 resize is scaled to InputLimits.maxWindowPixels, aspect ratio kept")
    func aScriptedResizePastThePixelBudgetIsScaledDown() throws {
        let content = LogContent(size: Vec2(800, 600))
        let platform = EchoingPlatform(size: Vec2(800, 600))
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60,
                                 script: [ScriptedEvent(frame: 2, event: .resize(w: 16384, h: 16384))])
        driver.frameLimit = 4
        try driver.run()
        let size = platform.windowSize
        #expect(size.x * size.y <= InputLimits.maxWindowPixels)
        #expect(size.x * size.y > InputLimits.maxWindowPixels * 0.999)
        #expect(size.x == size.y)
        // The window and the content agree, and the resize was laid out once.
        #expect(content.resizes == [size])
    }

    @Test("A window the system makes larger than the pixel budget is brought back within it")
    func aPlatformResizePastThePixelBudgetShrinksTheWindow() throws {
        let content = LogContent(size: Vec2(800, 600))
        let platform = EchoingPlatform(size: Vec2(800, 600))
        platform.echo = [.resize(w: 16384, h: 8192)]
        let driver = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        driver.frameLimit = 3
        try driver.run()
        let size = platform.windowSize
        #expect(size.x * size.y <= InputLimits.maxWindowPixels)
        #expect(abs(size.x / size.y - 2) < 0.01)
        #expect(content.resizes == [size])
    }
}

/// A clock whose time the test moves.
private final class ManualTime { var now = 0.0 }
private struct ManualClock: FrameClock {
    let time: ManualTime
    var last = 0.0
    mutating func nextFrameTime() -> Double {
        defer { last = time.now }
        return time.now - last
    }
}

/// A window whose wait for input the test scripts: each wait moves the clock by `arriveAfter`
/// (or the timeout, when sooner) and then queues `arriving`.
private final class WaitingPlatform: FramePlatform {
    let time: ManualTime
    var windowSize = Vec2(320, 240)
    var isPaused = false
    var quitRequested = false
    var waits: [Double?] = []
    var arriveAfter: Double?
    var arriving: [InputEvent] = []
    private var queued: [InputEvent] = []
    init(time: ManualTime) { self.time = time }
    func poll(into events: inout [InputEvent]) {
        events += queued
        queued.removeAll()
    }
    func setWindowSize(w: Double, h: Double) { windowSize = Vec2(w, h) }
    func render(_ list: DrawList) {}
    func present() { time.now += 1.0 / 60 }
    func waitForInput(timeout: Double?) {
        waits.append(timeout)
        let until = [timeout, arriveAfter].compactMap { $0 }.min() ?? 0
        time.now += until
        if let a = arriveAfter, a <= (timeout ?? .infinity) {
            queued += arriving
            arriving.removeAll()
            arriveAfter = nil
        }
    }
}

/// Content at rest but for a timer: `timer` seconds of steps after `start`, it fires.
private final class TimerContent: FrameContent {
    var size = Vec2(320, 240)
    var wantsQuit = false
    var simulated = 0.0
    var timer: Double?
    var firedAt: Double?
    var enqueued: [(InputEvent, step: Int)] = []
    var steps = 0
    var drawnAfterSteps: [Int] = []
    func enqueue(_ event: InputEvent, at time: Double?) { enqueued.append((event, steps)) }
    func step(dt: Double, step: Int) {
        steps += 1
        simulated += dt
        if let t = timer, firedAt == nil, simulated >= t - 1e-9 { firedAt = simulated }
    }
    func draw(into list: inout DrawList, alpha: Double) { drawnAfterSteps.append(steps) }
    var due: Due {
        guard let t = timer, firedAt == nil else { return .never }
        return .timer(t - simulated)
    }
}

@Suite struct FrameDriverRestTests {
    @Test func atRestTheDriverWaitsAndAnEventArrivingDuringTheWaitIsDrawnInTheNextFrame() throws {
        let time = ManualTime()
        let platform = WaitingPlatform(time: time), content = TimerContent()
        let driver = FrameDriver(platform: platform, content: content, hz: 120, realClock: ManualClock(time: time))
        driver.restsWhenIdle = true
        platform.arriveAfter = 5
        platform.arriving = [.pointerDown(pointer: 0, device: .mouse, at: Vec2(10, 10))]
        // Frame 1 is still (no input, nothing due): drawn once more to say so; after frame 2
        // the driver waits, without a timeout, until the press arrives 5 s later.
        try driver.runFrame()
        #expect(platform.waits.isEmpty && driver.isAtRest)
        try driver.runFrame()
        #expect(platform.waits == [nil])
        let before = content.steps
        try driver.runFrame()
        // The press went in, at least one step ran after it, and that frame drew it.
        #expect(content.enqueued.count == 1 && content.enqueued[0].step == before)
        #expect(content.steps > before && content.drawnAfterSteps.last == content.steps)
        #expect(!driver.isAtRest)
        // The 5 s of rest were not simulated, nor counted as dropped.
        #expect(content.steps - before <= 2 && driver.loop.droppedTime == 0)
    }

    @Test func aTimerDueDuringRestFiresOnTimeAndItsWaitIsSimulated() throws {
        let time = ManualTime()
        let platform = WaitingPlatform(time: time), content = TimerContent()
        content.timer = 3
        let driver = FrameDriver(platform: platform, content: content, hz: 120, realClock: ManualClock(time: time))
        driver.restsWhenIdle = true
        try driver.runFrame()
        try driver.runFrame()
        // Waited for the timer, no longer.
        #expect(platform.waits.count == 1)
        let timeout = try #require(platform.waits.first ?? nil)
        #expect(abs(timeout - (3 - content.simulated)) < 1e-9 && timeout > 2.9)
        try driver.runFrame()
        // The next frame ran the waited time's steps (not clamped to 0.25 s) and the timer fired.
        let fired = try #require(content.firedAt)
        #expect(abs(fired - 3) < 1.0 / 120 + 1e-9)
        #expect(driver.loop.droppedTime == 0)
        // That frame drew the timer's change; then nothing is due: it rests without a timeout.
        #expect(platform.waits.count == 2 && platform.waits.last! == nil)
    }

    /// Minimised, a window waits for the event that shows it again, whatever its content
    /// does (it drew 60 frames a second, moving content or not: a tour); shown, it runs on.
    @Test func aPausedWindowWaitsForInputEvenWithMovingContent() throws {
        let time = ManualTime()
        let platform = WaitingPlatform(time: time), content = LogContent(size: Vec2(320, 240))
        let driver = FrameDriver(platform: platform, content: content, hz: 120, realClock: ManualClock(time: time))
        driver.restsWhenIdle = true
        try driver.runFrame()
        let steps = content.steps.count
        platform.isPaused = true
        for _ in 0..<3 { try driver.runFrame() }
        #expect(platform.waits == [nil, nil, nil])
        // (One step of no time, as it went away, for the input that came with the hide.)
        #expect(content.steps.count == steps + 1)
        platform.isPaused = false
        for _ in 0..<3 { try driver.runFrame() }
        #expect(platform.waits.count == 3 && content.steps.count > steps)
        // A quit while minimised (SIGTERM, the window closed) ends the run at once; it
        // waited again, until the window was shown.
        platform.isPaused = true
        try driver.runFrame()
        platform.quitRequested = true
        #expect(try !driver.runFrame())
        #expect(platform.waits.count == 4)
        // A run of so many frames never waits while minimised: it ends on time.
        let limited = FrameDriver(platform: platform, content: LogContent(size: Vec2(320, 240)), hz: 120, realClock: ManualClock(time: time))
        platform.quitRequested = false
        limited.restsWhenIdle = true
        limited.frameLimit = 3
        try limited.run()
        #expect(limited.frame == 3 && platform.waits.count == 4)
    }

    @Test func runsOnTheVirtualClockNeverRestAndMovingContentNeverRests() throws {
        let time = ManualTime()
        let platform = WaitingPlatform(time: time), content = TimerContent()
        let scripted = FrameDriver(platform: platform, content: content, hz: 120, virtualFrameTime: 1.0 / 60)
        scripted.restsWhenIdle = true
        for _ in 0..<5 { try scripted.runFrame() }
        #expect(platform.waits.isEmpty)
        let moving = LogContent(size: Vec2(320, 240))
        let driver = FrameDriver(platform: platform, content: moving, hz: 120, realClock: ManualClock(time: time))
        driver.restsWhenIdle = true
        for _ in 0..<5 { try driver.runFrame() }
        #expect(platform.waits.isEmpty && !driver.isAtRest)
    }
}

/// A window whose events carry the times the test gives them (seconds on the monotonic
/// clock), and whose presents move the manual clock by `presentAdvances`.
private final class StampedPlatform: FramePlatform {
    let time: ManualTime
    var windowSize = Vec2(320, 240)
    var isPaused = false
    var quitRequested = false
    var queued: [(InputEvent, Double)] = []
    var presentAdvances = 1.0 / 60
    init(time: ManualTime) { self.time = time }
    func poll(into events: inout [InputEvent]) {}
    func poll(into events: inout [InputEvent], times: inout [Double], now: Double) {
        for (e, t) in queued { events.append(e); times.append(t) }
        queued.removeAll()
    }
    func setWindowSize(w: Double, h: Double) {}
    func render(_ list: DrawList) {}
    func present() { time.now += presentAdvances }
}

@Suite struct InputLatencyTests {
    let press = InputEvent.pointerDown(pointer: 0, device: .mouse, at: Vec2(5, 5))

    @Test func anEventCountsFromItsOwnTimeToTheEndOfThePresentOfTheFrameThatStepsIt() throws {
        let time = ManualTime()
        let platform = StampedPlatform(time: time)
        let driver = FrameDriver(platform: platform, content: TimerContent(), hz: 120, realClock: ManualClock(time: time))
        driver.latency = InputLatency()
        try driver.runFrame()
        #expect(driver.latency?.recorded == 0)
        let happened = MonotonicClock.seconds() - 0.004
        platform.queued = [(press, happened)]
        try driver.runFrame()
        let sample = try #require(driver.latency?.samples.first)
        #expect(driver.latency?.recorded == 1)
        #expect(sample >= 0.004 && sample < 0.004 + (MonotonicClock.seconds() - happened))
        // The HUD's running median is the sample, while it is fresh.
        #expect(driver.report.inputLatency == sample)
    }

    @Test func aFrameThatRunsNoStepDoesNotShowTheEventTheNextOneDoes() throws {
        let time = ManualTime()
        let platform = StampedPlatform(time: time)
        let content = TimerContent()
        let driver = FrameDriver(platform: platform, content: content, hz: 120, realClock: ManualClock(time: time))
        driver.latency = InputLatency()
        platform.presentAdvances = 0
        platform.queued = [(press, MonotonicClock.seconds())]
        try driver.runFrame()
        #expect(content.steps == 0 && driver.latency?.recorded == 0)
        time.now += 1.0 / 60  // a frame's time passes: the next frame steps
        try driver.runFrame()
        #expect(content.steps > 0 && driver.latency?.recorded == 1)
    }

    @Test func pipelinedAnEventIsShownTheFrameAfterItIsStepped() throws {
        let time = ManualTime()
        let platform = StampedPlatform(time: time)
        let driver = FrameDriver(platform: platform, content: TimerContent(), hz: 120, virtualFrameTime: nil, script: [],
                                 makeWorker: { InlineWorker(job: $0) }, realClock: ManualClock(time: time))
        driver.latency = InputLatency()
        try driver.runFrame()
        platform.queued = [(press, MonotonicClock.seconds())]
        try driver.runFrame()
        // Frame 2 showed what frame 1's worker built; its own worker took the press in.
        #expect(driver.latency?.recorded == 0)
        try driver.runFrame()
        #expect(driver.latency?.recorded == 1)
    }

    @Test func runsOnTheVirtualClockRecordNothing() throws {
        let driver = FrameDriver(platform: NullPlatform(size: Vec2(320, 240)), content: TimerContent(), hz: 120,
                                 virtualFrameTime: 1.0 / 60, script: [ScriptedEvent(frame: 1, event: press)])
        driver.latency = InputLatency()
        try driver.runFrame()
        try driver.runFrame()
        #expect(driver.latency?.recorded == 0 && driver.report.inputLatency == nil)
    }

    @Test func quantilesAreNearestRankOverTheNewestSamplesAndTheRingKeepsTheNewest() {
        var l = InputLatency(capacity: 4)
        #expect(l.quantile(0.5) == nil)
        for s in [0.010, 0.020, 0.030, 0.040, 0.050, 0.060] { l.record(s) }
        #expect(l.recorded == 6 && l.samples.count == 4)
        // Kept: 0.03…0.06.
        #expect(l.quantile(0) == 0.030 && l.quantile(1) == 0.060)
        #expect(l.quantile(0.5) == 0.040)
        #expect(l.quantile(0.5, last: 2) == 0.050)
        l.record(.nan)
        #expect(l.recorded == 6)
    }
}
