import Engine
import Geometry

/// The app around the scenes: the scene registry and tab bar, the HUD, the help overlay, and
/// the routing of input to the active scene at fixed-step boundaries.
///
/// Events go in with `enqueue` at any time; `step` hands those that arrived since the last
/// step to the active scene (so input always applies at the start of a step, which keeps
/// runs deterministic), but for a modifier changed after a key's press, which waits for the
/// next step. The shell keeps what is its own: tab bar and help button presses
/// (and the rest of those pointers' gestures), the scene-switch and help keys, resizes.
public final class Shell: FrameContent {
    public private(set) var scenes: [any Scene]
    public private(set) var activeIndex = 0
    public private(set) var size: Vec2
    public internal(set) var helpVisible = false
    public internal(set) var graphVisible = false
    public internal(set) var wantsQuit = false
    /// When a scene last asked before quitting (`asksBeforeQuitting`), in simulated seconds,
    /// and which.
    var quitAsked: (at: Double, scene: Int)?
    /// A quit asked for in this step (Escape with nothing held, the window's close button),
    /// answered after the scene's step, so that what came before it in the step (typing) is
    /// the scene's first (a close in the step of the first unsaved keystroke quit without
    /// asking: a tour).
    var quitRequested = false
    /// A question the user must see was asked (`takeAttentionRequest`).
    var attentionRequested = false
    public let font: BitmapFont
    public private(set) var input = InputState()
    /// Simulated seconds stepped so far (steps × their duration).
    public private(set) var simulatedTime = 0.0
    public var hud = HUDStats()
    /// The pixels per point the HUD's number pieces were last readied at (`drawHUD`).
    var hudReadiedAt = 0.0

    /// Where the tabs, help button, HUD and graph are for the current size and scene.
    public private(set) var chrome: ChromeLayout
    /// Whether the user asked for reduced motion (`--reduce-motion`, the desktop's setting):
    /// every scene hears of it (`Scene.setReducedMotion`).
    public var reducedMotion = false {
        didSet { for s in scenes { s.setReducedMotion(reducedMotion) } }
    }
    /// Window units per point, as the platform draws (the state dump's `chrome.uiScale`):
    /// every frame the chrome lists is in points, this many window units each.
    public var uiScale = 1.0
    /// How far the help panel's text is scrolled (points).
    public internal(set) var helpScroll = 0.0

    /// Input queued for the next step, as it came, and when (`enqueue`); those before
    /// `queuedHead` are stepped.
    private var queued: [(event: InputEvent, time: Double?)] = []
    private var queuedHead = 0
    /// The number of the last step run.
    private var lastStep = 0
    /// What `input` made of one queued event (it, or cancels before it, or nothing).
    private var processed: [InputEvent] = []
    var sceneEvents: [InputEvent] = []
    /// The step whose queued input is being routed (`sceneEvents` is that step's so far), or nil.
    private var routing: Int?
    /// Pointers whose gesture began on the shell's own chrome.
    var chromePointers: [Int] = []
    /// Pointers whose down the scene has been handed and whose up it has not: what Escape and
    /// a switch of scene cancel. (The input state knows of a down routed to the shell's own
    /// chrome or the help as well, which the scene never sees.)
    var scenePointers: [(id: Int, device: PointerDevice)] = []
    /// A press while the help shows: where it began and where it is, to tell a tap (closes
    /// the help) from a drag (scrolls it).
    var helpPress: (pointer: Int, start: Vec2, last: Vec2, dragging: Bool)?

    public init(scenes: [any Scene], size: Vec2, font: BitmapFont) {
        precondition(!scenes.isEmpty, "the shell needs at least one scene")
        self.scenes = scenes
        self.size = size
        self.font = font
        chrome = ChromeLayout(size: size, titles: scenes.map(\.title), active: 0, font: font,
                              hudWidths: HUDStats.templates.map { font.width(of: $0) }, graphVisible: false)
        for s in scenes {
            s.setFont(font)
            s.layout(bounds: sceneBounds)
        }
    }

    /// Lays the chrome out again (size, active scene or graph changed) and, when the scenes'
    /// area moved or `layingOutScenes` says so (a resize), every scene with it.
    func relayout(layingOutScenes always: Bool = false) {
        let before = chrome.sceneBounds
        chrome = ChromeLayout(size: size, titles: scenes.map(\.title), active: activeIndex, font: font,
                              hudWidths: HUDStats.templates.map { font.width(of: $0) }, graphVisible: graphVisible)
        if always || chrome.sceneBounds != before {
            for s in scenes { s.layout(bounds: sceneBounds) }
        }
        clampHelpScroll()
    }

    public var activeScene: any Scene { scenes[activeIndex] }

    /// The area scenes own: the window below the tab bar (and above the frame graph).
    public var sceneBounds: Rect { chrome.sceneBounds }

    /// Selects a scene by name. Returns false if there is none of that name.
    @discardableResult
    public func select(sceneNamed name: String) -> Bool {
        guard let i = scenes.firstIndex(where: { $0.name == name }) else { return false }
        activate(i)
        return true
    }

    /// Queues an event for the next step.
    public func enqueue(_ event: InputEvent, at time: Double?) {
        queued.append((event, time))
    }

    /// One fixed step: routes the queued input and runs the active scene's systems.
    ///
    /// A scene reads what is held down (Ctrl, Shift) as of the end of its step's events, so a
    /// step's events stop before a modifier that changes after a key was pressed: the rest
    /// wait for the next step. (A fast Ctrl+O — O down, Ctrl up, O up in one frame, as
    /// xdotool, VNC or a quick roll-off send them — read as a plain O: a tour.)
    public func step(dt: Double, step: Int) {
        simulatedTime += dt
        lastStep = step
        sceneEvents.removeAll(keepingCapacity: true)
        routing = step
        var pressed = false
        while queuedHead < queued.count {
            let (event, time) = queued[queuedHead]
            if pressed, Self.changesModifiers(event) { break }
            if Self.pressesAKey(event) { pressed = true }
            queuedHead += 1
            processed.removeAll(keepingCapacity: true)
            input.process(event, at: time, into: &processed)
            for e in processed { route(e) }
        }
        routing = nil
        if queuedHead == queued.count {
            queued.removeAll(keepingCapacity: true)
            queuedHead = 0
        } else if queuedHead > 4096, queuedHead * 2 > queued.count {
            queued.removeFirst(queuedHead)
            queuedHead = 0
        }
        var context = StepContext(dt: dt, step: step, events: sceneEvents, input: input)
        activeScene.step(&context)
        if quitRequested {
            quitRequested = false
            quitUnlessAsked()
        }
    }

    private func route(_ event: InputEvent) {
        if helpVisible, routeHelp(event) || helpCoversText(event) { return }
        switch event {
        case .resize(let w, let h):
            size = Vec2(w, h)
            // Every scene hears of a resize, even when its area came out the same.
            relayout(layingOutScenes: true)
            sceneEvents.append(event)
        case .closeRequested:
            // (Unlike Escape, nothing held is cancelled first: the window goes either way.)
            quitRequested = true
        case .pointerDown(let id, let device, let at):
            if at.y < chrome.barHeight {
                chromePointers.append(id)
                activeScene.pressTakenByTheApp()
                switch chrome.target(at: at, device: device) {
                case .tab(let i): activate(i)
                case .help: toggleHelp()
                case nil: break
                }
                return
            }
            if let g = chrome.graph, g.contains(at) {
                chromePointers.append(id)
                activeScene.pressTakenByTheApp()
                return
            }
            sceneEvents.append(event)
            scenePointers.removeAll { $0.id == id }
            scenePointers.append((id, device))
        case .pointerMove(let id, _, _):
            if !chromePointers.contains(id) { sceneEvents.append(event) }
        case .pointerUp(let id, _, _), .pointerCancel(let id, _):
            if let i = chromePointers.firstIndex(of: id) { chromePointers.remove(at: i); return }
            sceneEvents.append(event)
            scenePointers.removeAll { $0.id == id }
        case .key(let k, true) where activeScene.textInputRect != nil && k != .f1:
            // Typing: every key is the text field's (Escape leaves it, Tab and digits are
            // text), but F1 still shows the help.
            sceneEvents.append(event)
        case .key(let k, true) where activeScene.claims(k):
            // A key the scene needs for what it is in the middle of (Escape during a carry;
            // Tab, G and Escape in the path editor).
            sceneEvents.append(event)
        default:
            switch Self.bindings.action(for: event) {
            case .help: toggleHelp()
            case .quit: if !cancelHeldPointers() { quitRequested = true }
            case .graph: toggleGraph()
            case .nextScene:
                var back = false
                if case .key = event { back = input.shift }
                activate(positiveModulo(activeIndex + (back ? -1 : 1), scenes.count))
            case .previousScene: activate(positiveModulo(activeIndex - 1, scenes.count))
            case .sceneNumber:
                if case .key(let k, _) = event, let i = Int(k.name).map({ $0 - 1 }), i < scenes.count { activate(i) }
            default: sceneEvents.append(event)
            }
        }
    }

    /// The scene sees every pointer it holds cancelled, at once (a scene switch, the help
    /// opened); the rest of their gestures then belong to nobody. What this step had already
    /// routed to the scene reaches it first: a press in the same frame as a tap on a tab went
    /// to the next scene, its cancel to this one, and its release to nobody, so a card stayed
    /// carried for good (a tour). A resize stays for whichever scene steps.
    func cancelScenePointers() {
        var routed: [InputEvent] = []
        if routing != nil {
            routed = sceneEvents.filter { !$0.isResize }
            sceneEvents.removeAll { !$0.isResize }
        }
        let cancels = sceneHeldPointerCancels()
        guard !(routed.isEmpty && cancels.isEmpty) else { return }
        // Numbered as the step it is part of: a ball added in it was stamped step -1, the
        // oldest of all (a review).
        var context = StepContext(dt: 0, step: routing ?? -1, events: routed + cancels, input: input)
        activeScene.step(&context)
    }

    /// Switches scene; the old scene first sees every pointer it held cancelled.
    func activate(_ i: Int) {
        guard i != activeIndex else { return }
        cancelScenePointers()
        activeScene.settle()
        activeIndex = i
        helpScroll = 0
        relayout()
    }

    /// Minimised or hidden: the scene shown saves what waits to be saved (typing waits half a
    /// second after its last keystroke, and no step runs while the window is away); what the
    /// hands do is left to the focus loss that comes with it.
    public func didPause() { activeScene.saveNow() }

    /// The run is ending: what input still waits is stepped (in steps of no time), then
    /// every scene settles what its hands were doing and saves it.
    public func settle() {
        while hasQueuedInput { step(dt: 0, step: lastStep) }
        for scene in scenes { scene.settle() }
    }

    public var hasQueuedInput: Bool { queuedHead < queued.count }

    /// Records the frame in the HUD.
    public func frameDidEnd(_ report: FrameReport) {
        hud.record(frameTime: report.frameTime, workTime: report.workTime, steps: report.steps, droppedTime: report.droppedTime)
        hud.atRest = report.atRest
        hud.inputLatency = input.pointers.isEmpty ? nil : report.inputLatency
    }

    /// Whether anything is due (`Due`): now while input waits for its step or a stick is held
    /// off centre (it drives motion every step without sending events); else the active
    /// scene's answer. The other scenes are not stepped, so they wait.
    public var textInputRect: Rect? { helpVisible ? nil : activeScene.textInputRect }

    public var due: Due {
        if hasQueuedInput { return .now }
        if input.pads.contains(where: { $0.stick(true) != .zero || $0.stick(false) != .zero }) { return .now }
        return activeScene.due
    }

    // MARK: Tab bar geometry

    public var helpButtonRect: Rect { chrome.helpButton }
    public func tabRect(_ i: Int) -> Rect { chrome.tabs[i] }

    // MARK: State dump

    /// The state dump: values of the last completed step.
    public func stateDump(frame: Int, step: Int, droppedTime: Double) -> JSONValue {
        .object([
            ("frame", JSONValue(frame)),
            ("step", JSONValue(step)),
            ("droppedTime", JSONValue(droppedTime)),
            ("window", .object([("w", JSONValue(size.x)), ("h", JSONValue(size.y))])),
            ("scene", .string(activeScene.name)),
            ("helpVisible", .bool(helpVisible)),
            ("rest", .bool(due != .now)),
            ("reduceMotion", .bool(reducedMotion)),
            ("chrome", chromeDump()),
            ("scenes", .object(scenes.map { ($0.name, $0.stateDump()) })),
        ])
    }
}

private extension InputEvent {
    var isResize: Bool { if case .resize = self { true } else { false } }
}
