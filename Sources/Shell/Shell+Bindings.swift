import Engine

// The shell's own controls, in every scene: switching scenes, the help, the graph, quitting.
// Its key and button presses are looked up here, and the help's first rows are written from it.
extension Shell {
    /// An action of the shell, or (mode "In the help") of the help overlay.
    enum Action: Sendable, Equatable {
        case tab, sceneNumber, nextScene, previousScene, help, fullscreen, graph, quit, closeWindow
        case scrollHelp, lineUp, lineDown, pageUp, pageDown, top, bottom, closeHelp
    }

    static let helpMode = "In the help"

    static let bindings = Bindings<Action>([
        Binding(.tab, "switch scene", mouse: "Click a tab", touch: "Tap a tab", brief: "switch scene"),
        Binding(.sceneNumber, "switch to that scene", keys: (1...9).map { Key(String($0)) }, keyLabel: "1–9", brief: "switch scene"),
        Binding(.nextScene, "next scene", keys: [.tab], keyLabel: "Tab (Shift+Tab: the one before)",
                buttons: [.rightshoulder], brief: "next scene"),
        Binding(.previousScene, "previous scene", buttons: [.leftshoulder], brief: "previous scene"),
        Binding(.help, "show or hide this help", mouse: "Click ?", touch: "Tap ?", keys: [.f1, .question],
                keyLabel: "F1 or ?", buttons: [.back], brief: "help"),
        Binding(.fullscreen, "fullscreen on and off (a window's own key)", keyLabel: "F11", brief: "fullscreen"),
        Binding(.graph, "frame-time graph at the bottom (lines at 8.3, 16.7, 33.3 ms)", keys: [Key("G")], brief: "frame-time graph"),
        Binding(.quit, "close help, cancel a carry or a drag, or quit (not while anything is held; twice over edits saved nowhere)", keys: [.escape], brief: "closes, cancels or quits"),
        Binding(.closeWindow, "quit (twice over edits saved nowhere: the app asks first, and shows the window)",
                mouse: "The window's close button", touch: "The window's close button"),
        Binding(.scrollHelp, "scroll it", mode: helpMode, mouse: "Wheel or drag", touch: "Drag"),
        Binding(.closeHelp, "close it", mode: helpMode, mouse: "Click", touch: "Tap", keys: [.escape, .enter],
                keyLabel: "Escape or Return", buttons: [.b, .a], padLabel: "B or A"),
        Binding(.lineUp, "scroll it up a line", mode: helpMode, keys: [.up], keyLabel: "↑", buttons: [.dpup]),
        Binding(.lineDown, "scroll it down a line", mode: helpMode, keys: [.down], keyLabel: "↓", buttons: [.dpdown]),
        Binding(.pageUp, "scroll it up a page", mode: helpMode, keys: [Key("PageUp")], keyLabel: "Page Up"),
        Binding(.pageDown, "scroll it down a page", mode: helpMode, keys: [Key("PageDown"), .space], keyLabel: "Page Down or Space"),
        Binding(.top, "to its top", mode: helpMode, keys: [Key("Home")]),
        Binding(.bottom, "to its end", mode: helpMode, keys: [Key("End")]),
    ])

    /// The rows every scene shares, before its own, in the help and docs/controls.md.
    public static let globalControls: [Control] = bindings.controls

    /// The controls table (global rows, then each scene's) as Markdown, for docs/controls.md.
    public func controlsMarkdown() -> String {
        var out = ""
        for input in Control.Input.allCases {
            out += "### \(input.rawValue)\n\n| Scene | Input | Action |\n| --- | --- | --- |\n"
            for (name, rows) in controlSections() {
                for c in rows where c.input == input { out += "| \(name) | \(c.trigger) | \(c.action) |\n" }
            }
            out += "\n"
        }
        return out
    }

    /// The README's "Controls in short": per device, per scene, each row with a brief as
    /// "trigger: brief", from the same tables.
    public func controlsBrief() -> String {
        var out = ""
        for input in Control.Input.allCases {
            let parts = controlSections().compactMap { name, rows -> String? in
                var mode: String?
                let briefs = rows.filter { $0.input == input && $0.brief != nil }.map { c in
                    // A mode is named once, before its first row.
                    defer { mode = c.mode }
                    let trigger = c.mode != nil && c.mode == mode ? String(c.trigger.dropFirst(c.mode!.count + 2)) : c.trigger
                    return "\(trigger): \(c.brief!)"
                }
                guard !briefs.isEmpty else { return nil }
                return "\(name == "all" ? "Everywhere" : scenes.first { $0.name == name }?.title ?? name) — \(briefs.joined(separator: "; "))."
            }
            out += "- **\(input.rawValue)**: " + parts.joined(separator: " ") + "\n"
        }
        return out
    }

    /// "all" and the global rows, then each scene's name and rows.
    private func controlSections() -> [(String, [Control])] {
        [("all", Self.globalControls)] + scenes.map { ($0.name, $0.controls) }
    }
}

extension Shell {
    /// A key other than a modifier pressed or repeating, or a pointer pressed: what reads
    /// Ctrl, Shift and Alt (a Shift+click extends a selection, an Alt+drag moves one handle
    /// of a path's pair; a fast Shift+click read as a plain click: a review).
    static func pressesAKey(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k, true): !modifierKeys.contains(k)
        case .keyRepeat, .pointerDown: true
        default: false
        }
    }

    /// A modifier pressed or let go, or the focus lost (which lets go of every key).
    static func changesModifiers(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k, _): modifierKeys.contains(k)
        case .focusLost: true
        default: false
        }
    }

    static let modifierKeys = Set(["Left Ctrl", "Right Ctrl", "Left Shift", "Right Shift", "Left Alt", "Right Alt"].map(Key.init))
}

extension Shell {
    /// Escape with nothing held: the app quits, unless a scene would lose what it holds (the
    /// board's edits saved nowhere: Escape, pressed once to leave the text and once more by
    /// habit, quit with them); that scene is shown, saying so, and a second Escape (or a
    /// close: the window's close button asks the same way) within `quitConfirmTime` quits
    /// all the same.
    ///
    /// The question is made to be seen: the help put away, the window shown and raised (a
    /// close from the taskbar of a minimised window asked where nobody could see it: a
    /// tour), and what waited for the user's next press (an armed Delete) taken back. An
    /// answer sooner than `quitConfirmDelay` after it is no answer (two closes in one frame
    /// quit before the question was drawn: a tour); time does not pass while the window is
    /// hidden.
    ///
    /// The question is answered only while it shows: a message put over it, the help over
    /// it, or another tab shown, and the next Escape or close asks again. (The bounds are
    /// the steps' sums, forgiven their rounding: 60 steps of 1/120 s fall short of 0.5 s.)
    func quitUnlessAsked() {
        if let asked = quitAsked, simulatedTime - asked.at <= Self.quitConfirmTime + 1e-9,
           asked.scene == activeIndex, !helpVisible, activeScene.showsQuitQuestion {
            if simulatedTime - asked.at >= Self.quitConfirmDelay - 1e-9 { wantsQuit = true }
            return
        }
        quitAsked = nil
        guard let i = scenes.firstIndex(where: { $0.asksBeforeQuitting() }) else { return wantsQuit = true }
        quitAsked = (simulatedTime, i)
        if i != activeIndex { activate(i) }
        if helpVisible { toggleHelp() }
        scenes[i].pressTakenByTheApp()
        attentionRequested = true
    }

    /// Seconds after a scene asked in which a second Escape quits.
    public static let quitConfirmTime = 4.0
    /// Seconds after a scene asked before a second Escape or close counts as the answer.
    public static let quitConfirmDelay = 0.5

    /// Whether a question the user must see was asked since the frame driver last looked.
    public func takeAttentionRequest() -> Bool {
        defer { attentionRequested = false }
        return attentionRequested
    }

    /// A cancel for each pointer down in the scene; the rest of each gesture then belongs to nobody.
    func sceneHeldPointerCancels() -> [InputEvent] {
        let cancels = scenePointers.map { InputEvent.pointerCancel(pointer: $0.id, device: $0.device) }
        chromePointers += scenePointers.map(\.id)
        scenePointers.removeAll()
        return cancels
    }

    /// Escape while the mouse or fingers hold something in the scene (a ring, the picture, a
    /// ball, the arrow's scrub): the gestures are cancelled, as a press the system takes
    /// away is, rather than the app quitting from under the hand. Returns whether there were any.
    func cancelHeldPointers() -> Bool {
        let cancels = sceneHeldPointerCancels()
        sceneEvents += cancels
        return !cancels.isEmpty
    }
}
