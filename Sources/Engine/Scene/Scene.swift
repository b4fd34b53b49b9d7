import Entities
import Geometry

/// What a fixed step hands to a scene: its duration, its number, the input events that
/// belong to it (already made consistent by `InputState`) and what is held down.
public struct StepContext {
    public var dt: Double
    public var step: Int
    public var events: [InputEvent]
    public var input: InputState

    public init(dt: Double, step: Int, events: [InputEvent], input: InputState) {
        self.dt = dt; self.step = step; self.events = events; self.input = input
    }
}

/// Shared things a scene draws with.
public struct DrawContext {
    public var font: BitmapFont
    /// How far between the previous and the current step the picture is, in [0, 1).
    public var alpha: Double
    /// The area the scene owns (the window below the tab bar).
    public var bounds: Rect

    public init(font: BitmapFont, alpha: Double, bounds: Rect) {
        self.font = font; self.alpha = alpha; self.bounds = bounds
    }
}

/// One row of the controls table: the help overlay and the README are made from these.
public struct Control: Sendable, Equatable {
    public enum Input: String, Sendable, CaseIterable { case mouse = "Mouse", touch = "Touch", keyboard = "Keyboard", gamepad = "Gamepad" }
    public var input: Input
    public var trigger: String
    public var action: String
    public init(_ input: Input, _ trigger: String, _ action: String) {
        self.input = input; self.trigger = trigger; self.action = action
    }
}

/// A scene owns its entities and systems. The shell steps only the active scene; the others
/// keep their state untouched until they are shown again.
public protocol Scene: AnyObject {
    /// Short lowercase name used by `--scene` and the state dump.
    var name: String { get }
    /// The tab's label.
    var title: String { get }
    /// Scene-specific controls for the help overlay and the README.
    var controls: [Control] { get }
    /// The area the scene owns changed (start-up and every resize).
    func layout(bounds: Rect)
    /// One fixed step: runs the scene's systems in their declared order.
    func step(_ context: inout StepContext)
    /// Fills the draw list for the current frame, interpolating by `context.alpha`.
    func draw(into list: inout DrawList, context: DrawContext)
    /// Observable state for the state dump: values of the last completed step.
    func stateDump() -> JSONValue
}

/// A position that interpolates between the previous step and the current one.
/// Systems write `current`; the schedule calls `beginStep()` first so `previous` holds the
/// last step's value; `teleport` sets both, so a jump is not smeared over a frame.
public struct Interpolated: Sendable, Equatable {
    public var previous: Vec2
    public var current: Vec2

    public init(_ p: Vec2) { previous = p; current = p }

    @inline(__always) public mutating func beginStep() { previous = current }
    public mutating func teleport(to p: Vec2) { previous = p; current = p }
    @inline(__always) public func at(_ alpha: Double) -> Vec2 { Vec2.lerp(previous, current, alpha) }
}

/// The systems of one scene, in their declared order, each handed the step's context.
public typealias SceneSchedule<Owner: AnyObject> = SystemSchedule<Owner, StepContext>
