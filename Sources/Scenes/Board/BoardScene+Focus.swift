import Engine
import Geometry
import Songs

// The keyboard and the gamepad: one focus, and carrying with it, in the conventions of
// dnd-kit's keyboard sensor and react-beautiful-dnd (lift, move, drop or cancel, each step
// announced).
extension BoardScene {
    /// A key press (`event`, or a held arrow's repeat as its press) off the text and the songs panel.
    func key(_ event: InputEvent, input: InputState) {
        guard let action = Self.bindings.action(for: event, ctrl: input.ctrl) else { return }
        switch action {
        case .transposeUp: transpose(by: 1)
        case .transposeDown: transpose(by: -1)
        case .edit: beginLyricFromFocus()
        case .songs: openSongsFromKeys()
        case .move: if case .key(let k, _) = event, let cmd = FocusCommand(key: k, input: input) { command(cmd, from: .keyboard) }
        case .undo where input.shift: command(.redo, from: .keyboard)
        default: if let cmd = Self.focusCommand(action) { command(cmd, from: .keyboard) }
        }
    }

    /// F2: types in the line of the focused chord, before its character, or else in the
    /// first line in view, at its end.
    func beginLyricFromFocus() {
        guard !document.lines.isEmpty else { return }
        // (The carry goes back first: the focus it leaves picks the line.)
        if dragDrop.keyCarry != nil { command(.cancel, from: .keyboard) }
        if case .chord(let r) = focus {
            beginLyric(line: r.line, caret: document.lines[r.line].chords[r.index].at)
        } else {
            let l = firstVisibleLine
            beginLyric(line: l, caret: document.lines[l].text.count)
        }
    }

    /// A trigger pulled past half-way transposes once (right up, left down); it must be let
    /// go under a third before it does again.
    func trigger(_ pad: Int, right: Bool, value: Double) {
        let key = PulledTrigger(pad: pad, right: right)
        if value > 0.5, !pulledTriggers.contains(key) {
            pulledTriggers.insert(key)
            transpose(by: right ? 1 : -1)
        } else if value < 1.0 / 3, pulledTriggers.contains(key) {
            pulledTriggers.remove(key)
        }
    }

    /// A pad's button press (`event`) off the songs panel.
    func padButton(_ event: InputEvent) {
        guard case .gamepadButton(let pad, let b, _) = event, let action = Self.bindings.action(for: event) else { return }
        if action == .songs { return openSongsFromKeys(from: .gamepad) }
        if action == .move, let cmd = FocusCommand(padButton: b) { return command(cmd, from: .gamepad, pad: pad) }
        if let cmd = Self.focusCommand(action) { command(cmd, from: .gamepad, pad: pad) }
    }

    /// Ctrl+O or the left stick's press: the songs panel, where the songs' folder is (a run
    /// with `--sheet` has none).
    func openSongsFromKeys(from device: FocusDevice = .keyboard) {
        if dragDrop.keyCarry != nil { command(.cancel, from: device) }
        guard songShelf != nil else { return announce("No songs' folder in this run: play in a window without --sheet, or with --song NAME") }
        openSongPanel(from: device)
    }

    /// The left stick steps like the d-pad (`StickSteps`); the right stick scrolls the
    /// strip sideways and the sheet up and down, whatever has the focus (it scrolled only the
    /// focused panel, so a sheet with no chords yet could not be scrolled from a pad: a tour).
    func gamepad(_ ctx: StepContext) {
        padHeld = false
        for pad in ctx.input.pads {
            let left = pad.stick(true)
            // (`StickSteps` steps, and repeats, past half deflection.)
            if max(abs(left.x), abs(left.y)) > 0.5 { padHeld = true }
            if let dir = stickSteps.step(pad: pad.id, stick: left, dt: ctx.dt) {
                command(dir, from: .gamepad, pad: pad.id)
            }
            let right = pad.stick(false)
            if right != .zero {
                padHeld = true
                if right.y != 0 { dragDrop.spaces[panel: sheetSpace].scroll(by: right.y * Self.padScrollSpeed * ctx.dt) }
                if right.x != 0 { dragDrop.spaces[panel: stripSpace].scroll(by: right.x * Self.padScrollSpeed * ctx.dt) }
            }
        }
    }

    /// Carries out one focus command from the keyboard or a pad.
    func command(_ cmd: FocusCommand, from device: FocusDevice, pad: Int = 0) {
        focusDevice = device
        switch cmd {
        case .undo: return undo()
        case .redo: return redo()
        default: break
        }
        if let carry = dragDrop.keyCarry, let k = dragDrop.index(carriedBy: carry.carrier) {
            carrying(cmd, carry, k)
            return
        }
        dragDrop.keyCarry = nil
        switch (cmd, focus) {
        case (.left, .card(let i)), (.right, .card(let i)):
            focusCard(i + (cmd == .left ? -1 : 1))
        case (.down, .card):
            guard let r = chordsInReadingOrder().first(where: { $0.line >= firstVisibleLine }) ?? chordsInReadingOrder().first else {
                announce("No chords on the sheet yet · \(hint(.activate)) lifts a copy of \(stripNames[focusIndex])")
                return
            }
            focusChord(r)
        case (.up, .card): announceFocus()
        case (.left, .chord(let r)), (.right, .chord(let r)):
            let order = chordsInReadingOrder()
            guard let at = order.firstIndex(of: r) else { return focusCard(focusIndex) }
            focusChord(order[clamp(at + (cmd == .left ? -1 : 1), 0, order.count - 1)])
        case (.up, .chord(let r)), (.down, .chord(let r)):
            let x = chordXs(line: r.line)[r.index]
            let lines = cmd == .up ? Array(document.lines.indices[..<r.line].reversed()) : Array(document.lines.indices[(r.line + 1)...])
            if let line = lines.first(where: { !document.lines[$0].chords.isEmpty }) {
                let xs = chordXs(line: line)
                let nearest = xs.indices.min { abs(xs[$0] - x) < abs(xs[$1] - x) }!
                focusChord(ChordRef(line: line, index: nearest))
            } else if cmd == .up {
                focusCard(focusIndex)
            } else {
                announceFocus()
            }
        case (.activate, .card(let i)):
            revealLine(firstVisibleLine)
            keyLift(.strip(item: i, name: stripNames[i]), line: firstVisibleLine, slot: nil, device: device, pad: pad)
        case (.activate, .chord(let r)):
            let slot = Int((chordXs(line: r.line)[r.index] / slotStep).rounded())
            let c = document.lines[r.line].chords[r.index]
            keyLift(.placed(r, name: c.name, at: c.at), line: r.line, slot: slot, device: device, pad: pad)
        case (.delete, .chord(let r)): deleteChord(r)
        case (.delete, .card): announce("Only placed chords can be deleted · ↓ focuses them")
        // Escape (or B) with no carry of the keys': what the mouse or fingers carry flies back.
        case (.cancel, _): if dragDrop.pointersCarrying.isEmpty { announceFocus() } else { cancelPointerCarries() }
        default: break
        }
    }

    /// While carrying: move line by line and slot by slot, drop, or cancel.
    private func carrying(_ cmd: FocusCommand, _ carry: KeyCarry, _ k: Int) {
        var carry = carry
        switch cmd {
        case .up, .down:
            carry.zone = clamp(carry.zone + (cmd == .up ? -1 : 1), 0, document.lines.count - 1)
            carry.slot = min(carry.slot, slotCount(carry.zone) - 1)
        case .left, .right:
            carry.slot = clamp(carry.slot + (cmd == .left ? -1 : 1), 0, slotCount(carry.zone) - 1)
        case .activate:
            dragDrop.keyCarry = nil
            let name = ghosts[k].name
            let fromCard: Int? = if case .strip(let i, _) = ghosts[k].item { i } else { nil }
            place(k, line: carry.zone, x: slotX(carry.slot, line: carry.zone))
            if let fromCard {
                focus = .card(fromCard)
                revealCard(fromCard)
            } else {
                revealLine(carry.zone)
            }
            announcement += " · \(hint(.activate)) \(fromCard != nil ? "lifts another \(name)" : "lifts it again")"
            return
        case .cancel:
            dragDrop.keyCarry = nil
            let name = ghosts[k].name
            sendBack(k)
            announce("Cancelled · \(name) went back")
            return
        case .delete:
            announce("\(ghosts[k].name) is being carried · \(hint(.activate)) drops it, \(hint(.cancel)) cancels")
            return
        case .undo, .redo: return
        }
        dragDrop.keyCarry = carry
        revealLine(carry.zone)
        announce("\(ghosts[k].name) · line \(carry.zone + 1) of \(document.lines.count), \(quote(carry.zone)) · slot \(carry.slot + 1) of \(slotCount(carry.zone))")
    }

    private func keyLift(_ card: Card, line: Int, slot: Int?, device: FocusDevice, pad: Int) {
        guard !document.lines.isEmpty else { return announce("The sheet has no lines to drop on") }
        guard !dragDrop.isTaken(card) else { return announce("\(card.name) is in another hand") }
        let carrier: Hand = device == .keyboard ? .keyboard : .pad(pad)
        let slot = clamp(slot ?? firstFreeSlot(line), 0, slotCount(line) - 1)
        dragDrop.keyLift(card, carrier: carrier, frame: rootFrame(of: card), size: cardBox, zone: line, slot: slot,
                         removableFrom: card.placed != nil ? sheetSpace : nil)
        announce("Lifted \(card.name) · line \(line + 1) of \(document.lines.count), \(quote(line)) · \(hint(.activate)) drops, \(hint(.cancel)) cancels")
    }

    // MARK: Focus moves

    /// Every placed chord, line by line, left to right.
    func chordsInReadingOrder() -> [ChordRef] {
        document.lines.indices.flatMap { l -> [ChordRef] in
            let xs = chordXs(line: l)
            return xs.indices.sorted { xs[$0] < xs[$1] }.map { ChordRef(line: l, index: $0) }
        }
    }

    /// Moves the focus to strip card `i` (clamped) and scrolls it into view.
    public func focusCard(_ i: Int) {
        focusIndex = clamp(i, 0, stripNames.count - 1)
        focus = .card(focusIndex)
        revealCard(focusIndex)
        announceFocus()
    }

    func focusChord(_ r: ChordRef) {
        focus = .chord(r)
        revealLine(r.line)
        announceFocus()
    }

    // MARK: Announcements

    func announce(_ text: String) { announcement = text }

    private func announceFocus() {
        switch focus {
        case .card(let i):
            announce("\(stripNames[i]) · card \(i + 1) of \(stripNames.count) · \(hint(.activate)) lifts a copy")
        case .chord(let r):
            let c = document.lines[r.line].chords[r.index]
            announce("\(c.name) on line \(r.line + 1), \(quote(r.line)) · \(hint(.activate)) lifts it, \(hint(.delete)) deletes it")
        }
    }

    /// The key or button for a command, as the device in use names it.
    private func hint(_ cmd: FocusCommand) -> String {
        switch (cmd, focusDevice) {
        case (.activate, .keyboard): "Space"
        case (.activate, .gamepad): "A"
        case (.cancel, .keyboard): "Escape"
        case (.cancel, .gamepad): "B"
        case (.delete, .keyboard): "Delete"
        case (.delete, .gamepad): "Y"
        default: ""
        }
    }

    /// The start of line `i`'s lyric in quotes: its first words, up to about 16 characters.
    func quote(_ i: Int) -> String {
        let text = document.lines.indices.contains(i) ? document.lines[i].text : ""
        var out = ""
        for word in text.split(separator: " ") {
            if !out.isEmpty && out.count + word.count + 1 > 16 { break }
            out += (out.isEmpty ? "" : " ") + word
            if out.count >= 16 { break }
        }
        let cut = out.count < text.count
        while let last = out.last, cut, ",;:.!?".contains(last) { out.removeLast() }
        if out.count > 24 { out = String(out.prefix(23)) }
        return "'\(out)\(cut || out.count < text.count ? "…" : "")'"
    }
}
