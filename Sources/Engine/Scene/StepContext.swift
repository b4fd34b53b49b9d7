import Entities

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

/// The systems of one scene, in their declared order, each handed the step's context.
public typealias SceneSchedule<Owner: AnyObject> = SystemSchedule<Owner, StepContext>
