import Entities

/// What a fixed step hands to a scene: its duration, its number, the input events that
/// belong to it (already made consistent by `InputState`) and what is held down.
public struct StepContext {
    /// The step's duration in seconds: the loop's fixed step (1/120 s by default); 0 for the
    /// shell's cancel step when it switches tabs.
    public var dt: Double
    /// Steps run so far, this frame's included (the same for every step of one frame); −1
    /// for the shell's cancel step.
    public var step: Int
    /// The input events of this step, in order.
    public var events: [InputEvent]
    /// What is held down after those events.
    public var input: InputState

    /// A step's context.
    public init(dt: Double, step: Int, events: [InputEvent], input: InputState) {
        self.dt = dt; self.step = step; self.events = events; self.input = input
    }
}

/// The systems of one scene, in their declared order, each handed the step's context.
public typealias SceneSchedule<Owner: AnyObject> = SystemSchedule<Owner, StepContext>
