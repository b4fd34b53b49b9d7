import Engine
import Geometry
import Songs

/// The keyboard and the gamepads on the board: one focus (`BoardScene.focus`, a card in the
/// strip or a placed chord), steered and carried with, in the conventions of dnd-kit's
/// keyboard sensor and react-beautiful-dnd: lift, move line by line and slot by slot, drop
/// or cancel, each step announced. A pad's sticks step and scroll, its triggers transpose.
/// Where a chord carried so goes: slots along a line, a slot step apart, each showing where
/// its chord would land, and the carried chord gliding there.
final class BoardKeys {
    typealias ChordRef = BoardScene.ChordRef
    typealias Card = BoardScene.Card
    typealias FocusDevice = BoardScene.FocusDevice

    unowned let board: BoardScene
    /// Which device moved the focus last, for the hints in announcements.
    var device = FocusDevice.keyboard
    /// Whether the focus ring shows: after keyboard or gamepad use, until the next press.
    var ring = FocusVisibility()
    /// The left sticks' steps and repeats.
    var stickSteps = StickSteps()
    /// Whether a pad's stick was held in the last step: a left stick past its step threshold
    /// (it repeats), or a right stick off centre (it scrolls). For `due`.
    var padHeld = false
    /// The pads' triggers held past half-way.
    var pulledTriggers = Set<PulledTrigger>()
    /// A pad's left or right trigger.
    struct PulledTrigger: Hashable {
        var pad: Int
        var right: Bool
    }

    init(board: BoardScene) { self.board = board }

    /// A key press (`event`, or a held arrow's repeat as its press) off the text and the songs panel.
    func key(_ event: InputEvent, input: InputState) {
        guard let action = BoardControls.bindings.action(for: event, ctrl: input.ctrl) else { return }
        switch action {
        case .transposeUp: board.edits.transpose(by: 1)
        case .transposeDown: board.edits.transpose(by: -1)
        case .edit: beginLyricFromFocus()
        case .songs: openSongsFromKeys()
        case .move: if case .key(let k, _) = event, let cmd = FocusCommand(key: k, input: input) { command(cmd, from: .keyboard) }
        case .undo where input.shift: command(.redo, from: .keyboard)
        default: if let cmd = BoardControls.focusCommand(action) { command(cmd, from: .keyboard) }
        }
    }

    /// F2: types in the line of the focused chord, before its character, or else in the
    /// first line in view, at its end.
    func beginLyricFromFocus() {
        guard !board.document.lines.isEmpty else { return }
        // (The carry goes back first: the focus it leaves picks the line.)
        if board.dragDrop.keyCarry != nil { command(.cancel, from: .keyboard) }
        if case .chord(let r) = board.focus {
            board.beginLyric(line: r.line, caret: board.document.lines[r.line].chords[r.index].at)
        } else {
            let l = board.firstVisibleLine
            board.beginLyric(line: l, caret: board.document.lines[l].text.count)
        }
    }

    /// A pad's button press (`event`) off the songs panel.
    func padButton(_ event: InputEvent) {
        guard case .gamepadButton(let pad, let b, _) = event, let action = BoardControls.bindings.action(for: event) else { return }
        if action == .songs { return openSongsFromKeys(from: .gamepad) }
        if action == .move, let cmd = FocusCommand(padButton: b) { return command(cmd, from: .gamepad, pad: pad) }
        if let cmd = BoardControls.focusCommand(action) { command(cmd, from: .gamepad, pad: pad) }
    }

    /// Ctrl+O or the left stick's press: the songs panel, where the songs' folder is (a run
    /// with `--sheet` has none).
    func openSongsFromKeys(from device: FocusDevice = .keyboard) {
        if board.dragDrop.keyCarry != nil { command(.cancel, from: device) }
        guard board.songShelf != nil else { return board.announce("No songs' folder in this run: play in a window without --sheet, or with --song NAME") }
        board.songs.open(from: device)
    }

    /// Carries out one focus command from the keyboard or a pad.
    func command(_ cmd: FocusCommand, from device: FocusDevice, pad: Int = 0) {
        self.device = device
        switch cmd {
        case .undo: return board.edits.undo()
        case .redo: return board.edits.redo()
        default: break
        }
        if let carry = board.dragDrop.keyCarry, let k = board.dragDrop.index(carriedBy: carry.carrier) {
            carrying(cmd, carry, k)
            return
        }
        board.dragDrop.keyCarry = nil
        switch (cmd, board.focus) {
        case (.left, .card(let i)), (.right, .card(let i)):
            focusCard(i + (cmd == .left ? -1 : 1))
        case (.down, .card):
            guard let r = chordsInReadingOrder().first(where: { $0.line >= board.firstVisibleLine }) ?? chordsInReadingOrder().first else {
                board.announce("No chords on the sheet yet · \(hint(.activate)) lifts a copy of \(board.stripNames[board.focusIndex])")
                return
            }
            focusChord(r)
        case (.up, .card): announceFocus()
        case (.left, .chord(let r)), (.right, .chord(let r)):
            let order = chordsInReadingOrder()
            guard let at = order.firstIndex(of: r) else { return focusCard(board.focusIndex) }
            focusChord(order[clamp(at + (cmd == .left ? -1 : 1), 0, order.count - 1)])
        case (.up, .chord(let r)), (.down, .chord(let r)):
            let x = board.chordXs(line: r.line)[r.index]
            let lines = cmd == .up ? Array(board.document.lines.indices[..<r.line].reversed()) : Array(board.document.lines.indices[(r.line + 1)...])
            if let line = lines.first(where: { !board.document.lines[$0].chords.isEmpty }) {
                let xs = board.chordXs(line: line)
                let nearest = xs.indices.min { abs(xs[$0] - x) < abs(xs[$1] - x) }!
                focusChord(ChordRef(line: line, index: nearest))
            } else if cmd == .up {
                focusCard(board.focusIndex)
            } else {
                announceFocus()
            }
        case (.activate, .card(let i)):
            board.revealLine(board.firstVisibleLine)
            keyLift(.strip(item: i, name: board.stripNames[i]), line: board.firstVisibleLine, slot: nil, device: device, pad: pad)
        case (.activate, .chord(let r)):
            let slot = Int((board.chordXs(line: r.line)[r.index] / board.slotStep).rounded())
            let c = board.document.lines[r.line].chords[r.index]
            keyLift(.placed(r, name: c.name, at: c.at), line: r.line, slot: slot, device: device, pad: pad)
        case (.delete, .chord(let r)): board.edits.deleteChord(r)
        case (.delete, .card): board.announce("Only placed chords can be deleted · ↓ focuses them")
        // Escape (or B) with no carry of the keys': what the mouse or fingers carry flies back.
        case (.cancel, _): if board.dragDrop.pointersCarrying.isEmpty { announceFocus() } else { board.drops.cancelPointerCarries() }
        default: break
        }
    }

    /// While carrying: move line by line and slot by slot, drop, or cancel.
    private func carrying(_ cmd: FocusCommand, _ carry: KeyCarry, _ k: Int) {
        var carry = carry
        switch cmd {
        case .up, .down:
            carry.zone = clamp(carry.zone + (cmd == .up ? -1 : 1), 0, board.document.lines.count - 1)
            carry.slot = min(carry.slot, slotCount(carry.zone) - 1)
        case .left, .right:
            carry.slot = clamp(carry.slot + (cmd == .left ? -1 : 1), 0, slotCount(carry.zone) - 1)
        case .activate:
            board.dragDrop.keyCarry = nil
            let name = board.ghosts[k].name
            let fromCard: Int? = if case .strip(let i, _) = board.ghosts[k].item { i } else { nil }
            board.drops.place(k, line: carry.zone, x: slotX(carry.slot, line: carry.zone))
            if let fromCard {
                board.focus = .card(fromCard)
                board.revealCard(fromCard)
            } else {
                board.revealLine(carry.zone)
            }
            board.announcement += " · \(hint(.activate)) \(fromCard != nil ? "lifts another \(name)" : "lifts it again")"
            return
        case .cancel:
            board.dragDrop.keyCarry = nil
            let name = board.ghosts[k].name
            board.drops.sendBack(k)
            board.announce("Cancelled · \(name) went back")
            return
        case .delete:
            board.announce("\(board.ghosts[k].name) is being carried · \(hint(.activate)) drops it, \(hint(.cancel)) cancels")
            return
        case .undo, .redo: return
        }
        board.dragDrop.keyCarry = carry
        board.revealLine(carry.zone)
        board.announce("\(board.ghosts[k].name) · line \(carry.zone + 1) of \(board.document.lines.count), \(board.quote(carry.zone)) · slot \(carry.slot + 1) of \(slotCount(carry.zone))")
    }

    private func keyLift(_ card: Card, line: Int, slot: Int?, device: FocusDevice, pad: Int) {
        guard !board.document.lines.isEmpty else { return board.announce("The sheet has no lines to drop on") }
        guard !board.dragDrop.isTaken(card) else { return board.announce("\(card.name) is in another hand") }
        let carrier: Hand = device == .keyboard ? .keyboard : .pad(pad)
        let slot = clamp(slot ?? firstFreeSlot(line), 0, slotCount(line) - 1)
        board.dragDrop.keyLift(card, carrier: carrier, frame: board.drops.rootFrame(of: card), size: board.cardBox, zone: line, slot: slot,
                         removableFrom: card.placed != nil ? board.sheetSpace : nil)
        board.announce("Lifted \(card.name) · line \(line + 1) of \(board.document.lines.count), \(board.quote(line)) · \(hint(.activate)) drops, \(hint(.cancel)) cancels")
    }

    // MARK: Focus moves

    /// Every placed chord, line by line, left to right.
    func chordsInReadingOrder() -> [ChordRef] {
        board.document.lines.indices.flatMap { l -> [ChordRef] in
            let xs = board.chordXs(line: l)
            return xs.indices.sorted { xs[$0] < xs[$1] }.map { ChordRef(line: l, index: $0) }
        }
    }

    /// Moves the focus to strip card `i` (clamped) and scrolls it into view.
    func focusCard(_ i: Int) {
        board.focusIndex = clamp(i, 0, board.stripNames.count - 1)
        board.focus = .card(board.focusIndex)
        board.revealCard(board.focusIndex)
        announceFocus()
    }

    func focusChord(_ r: ChordRef) {
        board.focus = .chord(r)
        board.revealLine(r.line)
        announceFocus()
    }

    // MARK: Announcements

    private func announceFocus() {
        switch board.focus {
        case .card(let i):
            board.announce("\(board.stripNames[i]) · card \(i + 1) of \(board.stripNames.count) · \(hint(.activate)) lifts a copy")
        case .chord(let r):
            let c = board.document.lines[r.line].chords[r.index]
            board.announce("\(c.name) on line \(r.line + 1), \(board.quote(r.line)) · \(hint(.activate)) lifts it, \(hint(.delete)) deletes it")
        }
    }

    /// The key or button for a command, as the device in use names it.
    private func hint(_ cmd: FocusCommand) -> String {
        switch (cmd, device) {
        case (.activate, .keyboard): "Space"
        case (.activate, .gamepad): "A"
        case (.cancel, .keyboard): "Escape"
        case (.cancel, .gamepad): "B"
        case (.delete, .keyboard): "Delete"
        case (.delete, .gamepad): "Y"
        default: ""
        }
    }

    /// The keys for the state dump: the focus (`{"card":i}`, `{"line":l,"chord":c}`, or while
    /// carrying `{"line":l,"slot":s}`), what they carry and from which device, and whether the
    /// focus ring shows.
    var stateDump: JSONValue {
        .object([
            ("focus", focusDump),
            ("carrying", board.keyCarry.flatMap { c in board.dragDrop.index(carriedBy: c.carrier).map { .string(board.ghosts[$0].name) } } ?? .null),
            ("carriedBy", board.keyCarry.map { $0.carrier.json } ?? .null),
            ("focusVisible", .bool(board.focusVisible)),
        ])
    }

    private var focusDump: JSONValue {
        if let c = board.keyCarry { return .object([("line", JSONValue(c.zone)), ("slot", JSONValue(c.slot))]) }
        switch board.focus {
        case .card(let i): return .object([("card", JSONValue(i))])
        case .chord(let r): return .object([("line", JSONValue(r.line)), ("chord", JSONValue(r.index))])
        }
    }
}
