import Engine
import Geometry

// The pads' sticks and triggers on the board: the left stick steps like the d-pad, the right
// one scrolls both panels, a trigger pulled past half-way transposes once.
extension BoardKeys {
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
                // While a line has the caret, a step leaves the text, and only that, as a
                // button does (it moved the card focus under the caret, the bar offering
                // "A lifts a copy" where A would leave the text: a tour).
                if board.lyric != nil { board.endLyric() } else { command(dir, from: .gamepad, pad: pad.id) }
            }
            let right = pad.stick(false)
            if right != .zero {
                padHeld = true
                if right.y != 0 { board.dragDrop.spaces[panel: board.sheetSpace].scroll(by: right.y * BoardScene.padScrollSpeed * ctx.dt) }
                if right.x != 0 { board.dragDrop.spaces[panel: board.stripSpace].scroll(by: right.x * BoardScene.padScrollSpeed * ctx.dt) }
            }
        }
    }

    /// A trigger pulled past half-way transposes once (right up, left down); it must be let
    /// go under a third before it does again.
    func trigger(_ pad: Int, right: Bool, value: Double) {
        let key = PulledTrigger(pad: pad, right: right)
        if value > 0.5, !pulledTriggers.contains(key) {
            pulledTriggers.insert(key)
            board.edits.transpose(by: right ? 1 : -1)
        } else if value < 1.0 / 3, pulledTriggers.contains(key) {
            pulledTriggers.remove(key)
        }
    }

    /// Triggers let go where the board did not see it (under the songs panel, which takes
    /// the pad's events, or on another tab) are let go by `input` as it stands.
    func forgetTriggersLetGo(_ input: InputState) {
        guard !pulledTriggers.isEmpty else { return }
        pulledTriggers = pulledTriggers.filter { t in
            input.pads.first { $0.id == t.pad }.map { $0.axis(t.right ? .righttrigger : .lefttrigger) >= 1.0 / 3 } ?? true
        }
    }

    /// A trigger's axis event `e` under the third lets that trigger go.
    func triggerLetGo(_ e: InputEvent) {
        if case .gamepadAxis(let pad, let axis, let v) = e, axis == .lefttrigger || axis == .righttrigger, v < 1.0 / 3 {
            pulledTriggers.remove(PulledTrigger(pad: pad, right: axis == .righttrigger))
        }
    }

    /// A pad pulled out, whatever is open: what it carried flies back, and its sticks and
    /// triggers are forgotten (a trigger held as it went was still "pulled" when it came back,
    /// and its first pull did not transpose: a hostile tour).
    func padRemoved(_ pad: Int) {
        if board.dragDrop.keyCarry?.carrier == .pad(pad) { command(.cancel, from: .gamepad) }
        stickSteps.remove(pad: pad)
        pulledTriggers = pulledTriggers.filter { $0.pad != pad }
    }
}
