import Geometry

/// A scene owns its entities and systems. The shell steps only the active scene; the others
/// keep their state untouched until they are shown again.
public protocol Scene: AnyObject {
    /// Short lowercase name used by `--scene` and the state dump.
    var name: String { get }
    /// The tab's label.
    var title: String { get }
    /// Scene-specific controls for the help overlay and docs/controls.md.
    var controls: [Control] { get }
    /// The area the scene owns changed (start-up and every resize).
    func layout(bounds: Rect)
    /// One fixed step: runs the scene's systems in their declared order.
    func step(_ context: inout StepContext)
    /// Fills the draw list for the current frame, interpolating by `context.alpha`.
    func draw(into list: inout DrawList, context: DrawContext)
    /// Observable state for the state dump: values of the last completed step.
    func stateDump() -> JSONValue
    /// Draws what belongs above the app's chrome (a carried card over the tab bar).
    func drawOverlay(into list: inout DrawList, context: DrawContext)
    /// Whether the scene takes `key` now instead of the app (Escape cancels a carry rather
    /// than quitting; the path editor takes Tab, G and Escape).
    func claims(_ key: Key) -> Bool
    /// Ends whatever a hand is doing as if let go, and saves what it changed: called when the
    /// scene is switched away from and when the run ends, so an edit shown is an edit saved.
    func settle()
    /// Saves now what waits on a timer to be saved (the board's typing), touching nothing a
    /// hand does: the window went away, and no time passes until it is back. The default does
    /// nothing (a scene that saves each change as it is made, or has none).
    func saveNow()
    /// Escape or the window's close button asks the app to quit: true when quitting now
    /// would lose what the scene holds (the board's edits that could be saved nowhere),
    /// having said so where it shows it; the app then quits only on a second Escape or
    /// close soon after. The default, false.
    func asksBeforeQuitting() -> Bool
    /// Whether the question `asksBeforeQuitting` put up still shows. Another message put
    /// over it, or the question clicked away, and the next Escape or close asks again rather
    /// than answering a question nobody can see. The default, true.
    var showsQuitQuestion: Bool { get }
    /// The app took a press for itself (the help opened, the frame-time graph toggled or
    /// clicked): the scene never sees it, but what waits for the user's next press, such as
    /// the board's armed Delete, is taken back. The default does nothing.
    func pressTakenByTheApp()
    /// Whether anything in the scene moves or is timed, as of its last step (`Due`): the
    /// frame driver rests while nothing is. The default, `now`, never rests.
    var due: Due { get }
    /// The user asks for reduced motion (`--reduce-motion`, the desktop's setting): the
    /// scene's decorative flights and settles move on `Spring.reducedMotion`; what a hand
    /// drives stays as it is. The default does nothing (a scene with nothing decorative).
    func setReducedMotion(_ reduced: Bool)
    /// Where a text field of the scene takes typing (its caret, in window points), or nil
    /// when none has the keyboard: while it is set the platform sends `text` events, and the
    /// app leaves every key but F1 and F11 to the scene. The default is nil.
    var textInputRect: Rect? { get }
    /// The font the scene's text is drawn and measured with (the app's; a scene that lays
    /// text out in its step keeps it). The default does nothing.
    func setFont(_ font: BitmapFont)
}

extension Scene {
    public func drawOverlay(into list: inout DrawList, context: DrawContext) {}
    public func claims(_ key: Key) -> Bool { false }
    public func pressTakenByTheApp() {}
    public var showsQuitQuestion: Bool { true }
    public func asksBeforeQuitting() -> Bool { false }
    public func settle() {}
    public func saveNow() {}
    public var due: Due { .now }
    public var textInputRect: Rect? { nil }
    public func setFont(_ font: BitmapFont) {}
    public func setReducedMotion(_ reduced: Bool) {}
}
