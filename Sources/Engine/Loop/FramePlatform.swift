import Geometry

/// What the frame driver needs from a window system: events in, a draw list out. MotionSDL's
/// `Platform` is the real one; `NullPlatform` runs the same loop with no window at all.
public protocol FramePlatform: AnyObject {
    /// The window's size in points.
    var windowSize: Vec2 { get }
    /// The window is minimised or hidden: nothing to show, the loop pauses.
    var isPaused: Bool { get }
    /// The process was asked to end (a signal): the run ends at once. (The window's close
    /// button is an input event, `closeRequested`, that the content answers.)
    var quitRequested: Bool { get }
    /// Appends every input event since the last call, in order.
    func poll(into events: inout [InputEvent])
    /// Appends every input event since the last call, in order, and to `times` when each
    /// happened, in seconds on the monotonic clock (`MonotonicClock.seconds()`; `now` is that
    /// clock at the call). The default stamps every event `now`; a platform that knows its
    /// events' times (SDL's timestamps) says them, so a hand's velocity does not depend on
    /// when frames poll.
    func poll(into events: inout [InputEvent], times: inout [Double], now: Double)
    /// Resizes the window (a scripted resize); whatever depends on the size follows it here.
    /// The size asked for is within `InputLimits` (`InputLimits.windowSize(w:h:)`).
    func setWindowSize(w: Double, h: Double)
    /// Draws the list (not yet on screen).
    func render(_ list: DrawList)
    /// Shows what was rendered.
    func present()
    /// Pixels per point on the display (2 on a Retina-class one): how fine a pixel is for
    /// anti-aliasing and tessellation.
    var pixelsPerPoint: Double { get }
    /// Whether the renderer truncates vertex positions to whole pixels (SDL's software one).
    var truncatesVertices: Bool { get }
    /// Blocks until input arrives (an event of any kind: a key, a pointer, a resize, the
    /// window shown again) or `timeout` seconds pass (nil: no timeout), taking nothing from
    /// the queue: the frame driver rests here while nothing moves.
    func waitForInput(timeout: Double?)
    /// Text input on where a text field has the keyboard (`rect`, in window points, is its
    /// caret: an input method puts its candidates by it), or off (nil): key presses then
    /// send no `text` events, and on-screen keyboards close. Called after every frame.
    func setTextInput(_ rect: Rect?)
    /// Shows the window if it is minimised or hidden, and raises it: the content asks
    /// something the user must see (`FrameContent.takeAttentionRequest`).
    func showAndRaise()
}

extension FramePlatform {
    public func poll(into events: inout [InputEvent], times: inout [Double], now: Double) {
        poll(into: &events)
        times.append(contentsOf: repeatElement(now, count: events.count - times.count))
    }

    /// One pixel per point, unless the platform knows better.
    public var pixelsPerPoint: Double { 1 }
    /// Vertices land where they are put, unless the platform says otherwise.
    public var truncatesVertices: Bool { false }
    /// Returns at once: a platform without events to wait for never rests.
    public func waitForInput(timeout: Double?) {}
    public func setTextInput(_ rect: Rect?) {}
    public func showAndRaise() {}
}

/// What the frame driver steps and draws: the shell with its scenes, or a single scene
/// (`SceneHost`), e.g. for the benchmark.
public protocol FrameContent: AnyObject {
    /// The size the content is laid out for (it follows `.resize` events at the next step).
    var size: Vec2 { get }
    /// The content asks the run to end (Escape in the shell).
    var wantsQuit: Bool { get }
    /// Queues an input event for the next step; it happened at `time` (seconds on the
    /// frame driver's input timeline: the frame's time in a scripted run, the event's own on
    /// the real clock; nil: no later than the one before).
    func enqueue(_ event: InputEvent, at time: Double?)
    /// One fixed step of `dt` seconds, the `step`-th of the run.
    func step(dt: Double, step: Int)
    /// Whether input waits for a step (a step may leave some for the next: the shell's
    /// does, after a modifier changed behind a press). The driver runs steps of no time
    /// until none waits when the run ends or the window goes away.
    var hasQueuedInput: Bool { get }
    /// Fills `list` anew for the picture `alpha` of the way from the previous step to the last.
    func draw(into list: inout DrawList, alpha: Double)
    /// The frame is on screen; `report` says what it took (for a HUD).
    func frameDidEnd(_ report: FrameReport)
    /// Whether anything moves or is timed, as of the last step (`Due`): the driver rests
    /// while nothing is. The default, `now`, never rests.
    var due: Due { get }
    /// Where a text field takes typing now (its caret, in window points), or nil.
    var textInputRect: Rect? { get }
    /// The window was minimised or hidden: no time passes until it is shown again (input that
    /// comes meanwhile, such as a close from the taskbar, is stepped with `dt` 0), so what
    /// waits on a timer to be saved is saved now. (The input that came with the hide has just
    /// been stepped, with `dt` 0.)
    func didPause()
    /// Whether the content asks, since it was last asked, for the window to be shown and
    /// raised (a question the user must see before the app quits, even from a minimised
    /// window). Read once a frame; the default, never.
    func takeAttentionRequest() -> Bool
}

extension FrameContent {
    public func takeAttentionRequest() -> Bool { false }
    public func frameDidEnd(_ report: FrameReport) {}
    public var due: Due { .now }
    public var textInputRect: Rect? { nil }
    public func didPause() {}
    public var hasQueuedInput: Bool { false }

    /// Queues an input event whose time is not known (no later than the one before).
    public func enqueue(_ event: InputEvent) { enqueue(event, at: nil) }
}

/// A platform with no window: it reports the events given to it and draws nothing. For runs
/// and tests that need the loop but not the pixels.
public final class NullPlatform: FramePlatform {
    public private(set) var windowSize: Vec2
    public var isPaused = false
    public var quitRequested = false
    /// Events the next `poll` hands out.
    public var pending: [InputEvent] = []

    /// A platform whose absent window is `size` points large.
    public init(size: Vec2) { windowSize = size }

    public func poll(into events: inout [InputEvent]) {
        events.append(contentsOf: pending)
        pending.removeAll()
    }

    /// Resizes the (absent) window, within `InputLimits` as a real one is.
    public func setWindowSize(w: Double, h: Double) {
        let size = InputLimits.windowSize(w: w, h: h)
        windowSize = Vec2(size.w, size.h)
    }
    public func render(_ list: DrawList) {}
    public func present() {}
    /// How many times the content asked for the (absent) window to be shown and raised.
    public private(set) var raised = 0
    public func showAndRaise() { raised += 1 }
}

/// A platform that hands every call on to another, `base`: subclass it and override the
/// calls to watch or change (a benchmark's input arriving at its own times, a test that
/// reads every frame back).
open class ForwardingPlatform: FramePlatform {
    /// The platform every call goes to.
    public let base: any FramePlatform

    /// A platform forwarding to `base`.
    public init(base: any FramePlatform) { self.base = base }

    /// `base`'s.
    open var windowSize: Vec2 { base.windowSize }
    /// `base`'s.
    open var isPaused: Bool { base.isPaused }
    /// `base`'s.
    open var quitRequested: Bool { base.quitRequested }
    /// `base`'s.
    open var pixelsPerPoint: Double { base.pixelsPerPoint }
    /// `base`'s.
    open var truncatesVertices: Bool { base.truncatesVertices }
    /// `base`'s events.
    open func poll(into events: inout [InputEvent]) { base.poll(into: &events) }
    /// `base`'s events and their times.
    open func poll(into events: inout [InputEvent], times: inout [Double], now: Double) {
        base.poll(into: &events, times: &times, now: now)
    }
    /// Resizes `base`'s window.
    open func setWindowSize(w: Double, h: Double) { base.setWindowSize(w: w, h: h) }
    /// Draws on `base`.
    open func render(_ list: DrawList) { base.render(list) }
    /// Presents on `base`.
    open func present() { base.present() }
    /// Waits as `base` does.
    open func waitForInput(timeout: Double?) { base.waitForInput(timeout: timeout) }
    /// Text input on `base`.
    open func setTextInput(_ rect: Rect?) { base.setTextInput(rect) }
    /// Shows and raises `base`'s window.
    open func showAndRaise() { base.showAndRaise() }
}
