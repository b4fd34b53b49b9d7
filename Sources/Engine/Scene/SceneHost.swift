import Geometry

/// One scene filling the window, without the shell's tabs and HUD: what the benchmark runs.
/// It routes input and resizes to the scene the way the shell does for its active scene.
public final class SceneHost: FrameContent {
    /// The scene it runs.
    public let scene: any Scene
    public private(set) var size: Vec2
    /// The font the scene draws its text with.
    public let font: BitmapFont
    /// The window's close button was pressed: the run ends (a hosted scene has nothing to
    /// ask first).
    public private(set) var wantsQuit = false
    private var input = InputState()
    private var pending: [InputEvent] = []

    /// Hosts `scene` in a window of `size` points, laying it out for that size.
    public init(scene: any Scene, size: Vec2, font: BitmapFont) {
        self.scene = scene
        self.size = size
        self.font = font
        scene.setFont(font)
        scene.layout(bounds: bounds)
    }

    /// The whole window.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public func enqueue(_ event: InputEvent, at time: Double?) {
        if case .closeRequested = event { wantsQuit = true }
        input.process(event, at: time, into: &pending)
    }

    public func step(dt: Double, step: Int) {
        for case .resize(let w, let h) in pending {
            size = Vec2(w, h)
            scene.layout(bounds: bounds)
        }
        do {
            var context = StepContext(dt: dt, step: step, events: pending, input: input)
            scene.step(&context)
        }
        // Emptied once the step's context has let go of it, so its buffer is reused.
        pending.removeAll(keepingCapacity: true)
    }

    /// The scene's answer, or now while input waits for its step.
    public var due: Due { pending.isEmpty ? scene.due : .now }
    public var textInputRect: Rect? { scene.textInputRect }

    public func draw(into list: inout DrawList, alpha: Double) {
        list.reset()
        let context = DrawContext(font: font, alpha: alpha, bounds: bounds)
        scene.draw(into: &list, context: context)
        scene.drawOverlay(into: &list, context: context)
    }
}
