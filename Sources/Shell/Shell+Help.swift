import Engine
import Geometry

// The help overlay: a panel centred in the window, its text wrapped to the panel and
// scrolled when taller than the window.
extension Shell {
    /// The help panel's geometry and its lines, for the current size and scene.
    struct HelpLayout {
        /// One line of text: its pieces, each at an x offset from the text's left edge.
        typealias Line = [(x: Double, text: String, color: Color)]
        var panel: Rect
        /// The scrolled part (below the title), in window points.
        var viewport: Rect
        var header: [Line]
        var lines: [Line]
        var lineHeight: Double
        var contentHeight: Double { Double(lines.count) * lineHeight }
        var maxScroll: Double { max(0, contentHeight - viewport.height) }
    }

    func toggleHelp() {
        // What hands held in the scene is let go as a scene switch lets it go: a press held
        // on an anchor went on to delete it under the help, and moves went on editing (a tour).
        if !helpVisible {
            cancelScenePointers()
            activeScene.pressTakenByTheApp()
        }
        helpVisible.toggle()
        helpScroll = 0
        helpPress = nil
    }

    func clampHelpScroll() {
        helpScroll = helpVisible ? clamp(helpScroll, 0, helpLayout().maxScroll) : 0
    }

    private func scrollHelp(by d: Double) {
        helpScroll += d
        clampHelpScroll()
    }

    /// Whether the help covers a text field and `event` is a key or text that would edit it:
    /// such keys edit nothing behind the help (Backspace, Ctrl+X and Ctrl+Z reached a hidden
    /// lyric, and the board saved it). F1 still closes the help.
    func helpCoversText(_ event: InputEvent) -> Bool {
        guard activeScene.textInputRect != nil else { return false }
        switch event {
        case .key(let k, true): return k != .f1
        case .keyRepeat, .text, .composition: return true
        default: return false
        }
    }

    /// Input while the help shows: a tap anywhere closes it, a drag, the wheel, the arrow and
    /// page keys or the d-pad scroll it. Returns whether the event was the help's.
    func routeHelp(_ event: InputEvent) -> Bool {
        let line = font.cellHeight + 6
        switch event {
        case .pointerDown(let id, let device, let at):
            chromePointers.append(id)
            if chrome.isOnHelpButton(at, device: device) {
                toggleHelp()
            } else {
                helpPress = (id, at, at, false)
            }
            return true
        case .pointerMove(let id, _, let at):
            guard var p = helpPress, p.pointer == id else { return chromePointers.contains(id) }
            if at.distance(to: p.start) >= 10 { p.dragging = true }
            if p.dragging { scrollHelp(by: p.last.y - at.y) }
            p.last = at
            helpPress = p
            return true
        case .pointerUp(let id, _, _), .pointerCancel(let id, _):
            guard chromePointers.contains(id) else { return false }
            chromePointers.removeAll { $0 == id }
            if let p = helpPress, p.pointer == id {
                helpPress = nil
                if case .pointerUp = event, !p.dragging { toggleHelp() }
            }
            return true
        case .wheel(_, let dy):
            scrollHelp(by: -dy)
            return true
        case .keyRepeat(let k) where ["Up", "Down", "PageUp", "PageDown"].contains(k.name):
            return routeHelp(.key(k, down: true))
        case .key(_, true), .gamepadButton(_, _, true):
            let page = max(line, helpLayout().viewport.height - line)
            switch Self.bindings.action(for: event, mode: Self.helpMode) {
            case .lineUp: scrollHelp(by: -line)
            case .lineDown: scrollHelp(by: line)
            case .pageUp: scrollHelp(by: -page)
            case .pageDown: scrollHelp(by: page)
            case .top: scrollHelp(by: -.infinity)
            case .bottom: scrollHelp(by: .infinity)
            case .closeHelp: toggleHelp()
            default: return false
            }
            return true
        default:
            return false
        }
    }

    /// The panel: at most 900 pt wide, 12 pt from the window's sides at the least, centred
    /// below the tab bar; two columns (trigger, action) when there is room, else each action
    /// under its trigger.
    func helpLayout() -> HelpLayout {
        let lineH = font.cellHeight + 6, pad = 16.0
        let w = max(1, min(size.x - 24, 900))
        let inner = max(font.cellWidth * 8, w - 2 * pad - 8)
        // The width a line holds: at least four bitmap cells, and never an infinity or a NaN,
        // whatever the font and the window.
        let least = 4 * max(1, font.cellWidth)
        let fit = { (width: Double) -> Double in width.isFinite ? max(least, width) : least }
        func lines(_ text: String, _ width: Double, x: Double, color: Color) -> [HelpLayout.Line] {
            wrap(text, width: fit(width), font: font).map { [(x, $0, color)] }
        }
        let header = lines("Controls — \(activeScene.title)", inner, x: 0, color: .accent)
            + lines("F1, ?, Escape or a tap closes · ↑ ↓, wheel or drag scrolls", inner, x: 0, color: .dimText)
        var body: [HelpLayout.Line] = []
        let rows = Self.globalControls + activeScene.controls
        let twoColumns = inner >= 520
        let triggerWidth = twoColumns ? (inner * 0.4).rounded(.down) : inner
        for input in Control.Input.allCases {
            let group = rows.filter { $0.input == input }
            guard !group.isEmpty else { continue }
            if !body.isEmpty { body.append([]) }
            body.append([(0, input.rawValue, .accent)])
            for c in group {
                if twoColumns {
                    let t = wrap(c.trigger, width: fit(triggerWidth - 16), font: font), a = wrap(c.action, width: fit(inner - triggerWidth), font: font)
                    for k in 0..<max(t.count, a.count) {
                        var l: HelpLayout.Line = []
                        if k < t.count { l.append((0, t[k], .text)) }
                        if k < a.count { l.append((triggerWidth, a[k], .dimText)) }
                        body.append(l)
                    }
                } else {
                    body += lines(c.trigger, inner, x: 0, color: .text)
                    body += lines(c.action, inner - 24, x: 24, color: .dimText)
                }
            }
        }
        let headerH = Double(header.count) * lineH + 8
        let room = max(lineH * 2, size.y - chrome.barHeight - 16)
        let h = min(room, headerH + Double(body.count) * lineH + 2 * pad)
        let panel = Rect(x: (size.x - w) / 2, y: chrome.barHeight + max(8, (size.y - chrome.barHeight - h) / 2), w: w, h: h)
        let viewport = Rect(x: panel.minX + pad, y: panel.minY + pad + headerH, w: inner, h: max(1, panel.height - 2 * pad - headerH))
        return HelpLayout(panel: panel, viewport: viewport, header: header, lines: body, lineHeight: lineH)
    }

    func drawHelp(into list: inout DrawList) {
        let layout = helpLayout()
        list.fillRect(Rect(x: 0, y: 0, w: size.x, h: size.y), color: Color(0, 0, 0, 170))
        // Opaque: the scene's words showed through the help's (a visual tour).
        list.fillRect(layout.panel, color: Color.panel)
        let left = layout.viewport.minX
        var y = layout.panel.minY + 16
        for line in layout.header {
            for piece in line { list.text(piece.text, at: Vec2(left + piece.x, y), font: font, color: piece.color) }
            y += layout.lineHeight
        }
        list.pushClip(layout.viewport)
        let above = helpScroll / layout.lineHeight
        let first = above.isFinite ? Int(clamp(above, 0, Double(layout.lines.count))) : 0
        for i in first..<layout.lines.count {
            let ly = layout.viewport.minY + Double(i) * layout.lineHeight - helpScroll
            if ly > layout.viewport.maxY { break }
            for piece in layout.lines[i] { list.text(piece.text, at: Vec2(left + piece.x, ly), font: font, color: piece.color) }
        }
        list.popClip()
        if layout.maxScroll > 0 {
            // Where the view is in the text.
            let track = layout.viewport.height
            let length = max(24, track * track / layout.contentHeight)
            let at = (track - length) * helpScroll / layout.maxScroll
            list.fillRect(Rect(x: layout.panel.maxX - 10, y: layout.viewport.minY + at, w: 4, h: length), color: .dimText)
        }
    }

    /// The chrome for the state dump, in window points as drawn.
    func chromeDump() -> JSONValue {
        .object([
            ("uiScale", JSONValue(uiScale)),
            ("tabStyle", .string(chrome.tabStyle.rawValue)),
            ("tabs", .array(scenes.indices.map { i in
                .object([("name", .string(scenes[i].name)), ("label", .string(chrome.labels[i])), ("frame", JSONValue(chrome.tabs[i]))])
            })),
            ("helpButton", JSONValue(chrome.helpButton)),
            ("hud", chrome.hud.map { JSONValue($0) } ?? .null),
            ("graph", chrome.graph.map { JSONValue($0) } ?? .null),
            ("helpPanel", helpVisible ? JSONValue(helpLayout().panel) : .null),
            ("helpScroll", JSONValue(helpScroll)),
        ])
    }
}

/// `text` broken into lines at most `width` points wide as `font` measures them, at spaces
/// where it can be; a word wider than a line is split as `BitmapFont.fittingStart` says (a
/// line holds one character at the least).
func wrap(_ text: String, width: Double, font: BitmapFont) -> [String] {
    let width = width.isFinite ? width : 0
    var out: [String] = [], line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        while word.count > 1, font.width(of: String(word)) > width {
            if !line.isEmpty { out.append(line); line = "" }
            let k = font.fittingStart(Array(word), width: width)
            out.append(String(word.prefix(k)))
            word = word.dropFirst(k)
        }
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if line.isEmpty || font.width(of: candidate) <= width {
            line = candidate
        } else {
            out.append(line)
            line = String(word)
        }
    }
    if !line.isEmpty || out.isEmpty { out.append(line) }
    return out
}
