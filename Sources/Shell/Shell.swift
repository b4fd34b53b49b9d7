import Engine
import Geometry
import Scenes

/// The app around the scenes: the scene registry and tab bar, the HUD, the help overlay, and
/// the routing of input to the active scene at fixed-step boundaries.
///
/// Events go in with `enqueue` at any time; `step` hands those that arrived since the last
/// step to the active scene (so input always applies at the start of a step, which keeps
/// runs deterministic). The shell keeps what is its own: tab bar and help button presses
/// (and the rest of those pointers' gestures), the scene-switch and help keys, resizes.
public final class Shell: FrameContent {
    public private(set) var scenes: [any Scene]
    public private(set) var activeIndex = 0
    public private(set) var size: Vec2
    public private(set) var helpVisible = false
    public private(set) var graphVisible = false
    public private(set) var wantsQuit = false
    public let font: BitmapFont
    public private(set) var input = InputState()
    public var hud = HUDStats()

    private var pending: [InputEvent] = []
    private var sceneEvents: [InputEvent] = []
    /// Pointers whose gesture began on the shell's own chrome.
    private var chromePointers: [Int] = []

    public static let tabBarHeight = 40.0
    public static let globalControls: [Control] = [
        Control(.mouse, "Click a tab", "switch scene"),
        Control(.mouse, "Click ?", "show or hide this help"),
        Control(.touch, "Tap a tab / ?", "switch scene / help"),
        Control(.keyboard, "1–9, Tab, Shift+Tab", "switch scene"),
        Control(.keyboard, "F1 or ?", "show or hide this help"),
        Control(.keyboard, "G", "frame-time graph in the HUD"),
        Control(.keyboard, "Escape", "close help, cancel a carry, or quit"),
        Control(.gamepad, "LB / RB", "previous / next scene"),
        Control(.gamepad, "Back", "show or hide this help"),
    ]

    public init(scenes: [any Scene], size: Vec2, font: BitmapFont) {
        precondition(!scenes.isEmpty, "the shell needs at least one scene")
        self.scenes = scenes
        self.size = size
        self.font = font
        for s in scenes { s.layout(bounds: sceneBounds) }
    }

    public var activeScene: any Scene { scenes[activeIndex] }

    /// The area scenes own: the window below the tab bar.
    public var sceneBounds: Rect {
        Rect(x: 0, y: Self.tabBarHeight, w: size.x, h: max(1, size.y - Self.tabBarHeight))
    }

    /// Selects a scene by name. Returns false if there is none of that name.
    @discardableResult
    public func select(sceneNamed name: String) -> Bool {
        guard let i = scenes.firstIndex(where: { $0.name == name }) else { return false }
        activate(i)
        return true
    }

    /// Queues an event for the next step.
    public func enqueue(_ event: InputEvent) {
        input.process(event, into: &pending)
    }

    /// One fixed step: routes the queued input and runs the active scene's systems.
    public func step(dt: Double, step: Int) {
        sceneEvents.removeAll(keepingCapacity: true)
        for event in pending { route(event) }
        pending.removeAll(keepingCapacity: true)
        var context = StepContext(dt: dt, step: step, events: sceneEvents, input: input)
        activeScene.step(&context)
    }

    private func route(_ event: InputEvent) {
        switch event {
        case .resize(let w, let h):
            size = Vec2(w, h)
            for s in scenes { s.layout(bounds: sceneBounds) }
            sceneEvents.append(event)
        case .pointerDown(let id, let device, let at):
            if helpVisible {
                // Any press closes the help (the ? button too); the gesture is the shell's.
                chromePointers.append(id)
                helpVisible = false
                return
            }
            if at.y < Self.tabBarHeight {
                chromePointers.append(id)
                if helpButtonRect.insetBy(dx: -device.hitSlop, dy: -device.hitSlop).contains(at) {
                    helpVisible.toggle()
                } else if let i = tabIndex(at: at) {
                    activate(i)
                }
                return
            }
            sceneEvents.append(event)
        case .pointerMove(let id, _, _):
            if !chromePointers.contains(id) { sceneEvents.append(event) }
        case .pointerUp(let id, _, _), .pointerCancel(let id, _):
            if let i = chromePointers.firstIndex(of: id) { chromePointers.remove(at: i); return }
            sceneEvents.append(event)
        case .key(let k, true):
            switch k.name {
            case "F1", "?": helpVisible.toggle()
            case "Escape":
                if helpVisible {
                    helpVisible = false
                } else if activeScene.claims(k) {
                    sceneEvents.append(event)
                } else {
                    wantsQuit = true
                }
            case "G": graphVisible.toggle()
            case "Tab":
                let back = input.isDown(Key("Left Shift")) || input.isDown(Key("Right Shift"))
                activate(positiveModulo(activeIndex + (back ? -1 : 1), scenes.count))
            case "1", "2", "3", "4", "5", "6", "7", "8", "9":
                let i = Int(k.name)! - 1
                if i < scenes.count { activate(i) }
            default: sceneEvents.append(event)
            }
        case .gamepadButton(_, .leftshoulder, true): activate(positiveModulo(activeIndex - 1, scenes.count))
        case .gamepadButton(_, .rightshoulder, true): activate(positiveModulo(activeIndex + 1, scenes.count))
        case .gamepadButton(_, .back, true): helpVisible.toggle()
        default:
            sceneEvents.append(event)
        }
    }

    /// Switches scene; the old scene first sees every pointer it held cancelled.
    private func activate(_ i: Int) {
        guard i != activeIndex else { return }
        var cancels: [InputEvent] = []
        for p in input.pointers where !chromePointers.contains(p.id) {
            cancels.append(.pointerCancel(pointer: p.id, device: p.device))
            chromePointers.append(p.id)  // the rest of that gesture belongs to nobody
        }
        if !cancels.isEmpty {
            var context = StepContext(dt: 0, step: -1, events: cancels, input: input)
            activeScene.step(&context)
        }
        activeIndex = i
    }

    /// Records the frame in the HUD.
    public func frameDidEnd(_ report: FrameReport) {
        hud.record(frameTime: report.frameTime, workTime: report.workTime, steps: report.steps, droppedTime: report.droppedTime)
    }

    // MARK: Tab bar geometry

    public var helpButtonRect: Rect { Rect(x: size.x - 44, y: 4, w: 36, h: Self.tabBarHeight - 8) }

    public func tabRect(_ i: Int) -> Rect {
        Rect(x: 8 + Double(i) * 112, y: 4, w: 104, h: Self.tabBarHeight - 8)
    }

    func tabIndex(at p: Vec2) -> Int? {
        scenes.indices.first { tabRect($0).contains(p) }
    }

    // MARK: Drawing

    /// Draws the active scene and the chrome over it.
    public func draw(into list: inout DrawList, alpha: Double) {
        list.reset()
        let bounds = sceneBounds
        let context = DrawContext(font: font, alpha: alpha, bounds: bounds)
        list.pushClip(bounds)
        activeScene.draw(into: &list, context: context)
        list.popClip()
        drawTabBar(into: &list)
        drawHUD(into: &list)
        activeScene.drawOverlay(into: &list, context: context)
        if helpVisible { drawHelp(into: &list) }
    }

    private func drawTabBar(into list: inout DrawList) {
        list.fillRect(Rect(x: 0, y: 0, w: size.x, h: Self.tabBarHeight), color: Color(hex: 0x11151d))
        for (i, s) in scenes.enumerated() {
            let r = tabRect(i)
            let active = i == activeIndex
            list.fillRect(r, color: active ? Color.accent : Color.panel)
            let label = "\(i + 1) \(s.title)"
            let w = font.width(of: label)
            list.text(label, at: Vec2(r.midX - w / 2, r.midY - font.cellHeight / 2), font: font, color: active ? .black : .text)
        }
        let h = helpButtonRect
        list.fillRect(h, color: helpVisible ? Color.accent : Color.panel)
        list.text("?", at: Vec2(h.midX - font.cellWidth / 2, h.midY - font.cellHeight / 2), font: font, color: helpVisible ? .black : .text)
    }

    /// The HUD sits in the tab bar, right of the tabs, so it covers no scene; a window too
    /// narrow for that gets it just below the bar.
    private func drawHUD(into list: inout DrawList) {
        let line = hud.line(scene: activeScene.name)
        let w = font.width(of: line)
        let tabsEnd = tabRect(scenes.count - 1).maxX + 16
        var origin = Vec2(helpButtonRect.minX - 12 - w, Self.tabBarHeight / 2 - font.cellHeight / 2)
        if origin.x < tabsEnd {
            origin = Vec2(size.x - w - 12, Self.tabBarHeight + 6)
            list.fillRect(Rect(x: origin.x - 6, y: origin.y - 3, w: w + 12, h: font.cellHeight + 6), color: Color(0, 0, 0, 150))
        }
        list.text(line, at: origin, font: font, color: .dimText)
        if graphVisible { hud.drawGraph(into: &list, in: Rect(x: size.x - 256, y: Self.tabBarHeight + 28, w: 240, h: 64)) }
    }

    private func drawHelp(into list: inout DrawList) {
        list.fillRect(Rect(x: 0, y: 0, w: size.x, h: size.y), color: Color(0, 0, 0, 170))
        let rows = Self.globalControls + activeScene.controls
        let lineH = font.cellHeight + 4
        let panel = Rect(x: 40, y: Self.tabBarHeight + 20, w: min(size.x - 80, 860), h: min(size.y - Self.tabBarHeight - 40, Double(rows.count + 4) * lineH + 24))
        list.fillRect(panel, color: Color.panel.withAlpha(245))
        var y = panel.minY + 12
        list.text("Controls — \(activeScene.title)   (F1, ? or Back to close)", at: Vec2(panel.minX + 16, y), font: font, color: .accent)
        y += lineH * 1.5
        for input in Control.Input.allCases {
            for c in rows where c.input == input {
                guard y + lineH < panel.maxY else { break }
                list.text(input.rawValue, at: Vec2(panel.minX + 16, y), font: font, color: .dimText)
                list.text(c.trigger, at: Vec2(panel.minX + 120, y), font: font, color: .text)
                list.text(c.action, at: Vec2(panel.minX + 360, y), font: font, color: .text)
                y += lineH
            }
        }
    }

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
            ("scenes", .object(scenes.map { ($0.name, $0.stateDump()) })),
        ])
    }

    /// The controls table (global rows, then each scene's) as Markdown, for the README.
    public func controlsMarkdown() -> String {
        var out = ""
        for input in Control.Input.allCases {
            out += "### \(input.rawValue)\n\n| Scene | Input | Action |\n| --- | --- | --- |\n"
            for c in Self.globalControls where c.input == input { out += "| all | \(c.trigger) | \(c.action) |\n" }
            for s in scenes {
                for c in s.controls where c.input == input { out += "| \(s.name) | \(c.trigger) | \(c.action) |\n" }
            }
            out += "\n"
        }
        return out
    }
}
