import Engine
import Geometry
import Songs

/// Where each of a step's events on the board goes: to the songs panel while it is open;
/// else a press to the banner, the bar's buttons, the text of a line or the drag and drop,
/// a move or release to the text and the drops, keys to the text being typed in or to the
/// focus (`BoardKeys`), a pad's buttons and triggers to the focus, the wheel to the panels.
final class BoardInput {
    unowned let board: BoardScene
    /// The input as of this step's events (a cancel reads the hands' velocities from it).
    var stepInput = InputState()

    init(board: BoardScene) { self.board = board }

    func route(_ ctx: StepContext) {
        stepInput = ctx.input
        // A trigger let go where the board did not see it (under the songs panel, which takes
        // the pad's events, or on another tab: two reviews) is let go here too, so its next
        // pull transposes.
        board.keys.forgetTriggersLetGo(ctx.input)
        for e in ctx.events {
            board.keys.ring.note(e)
            if case .gamepadRemoved(let pad) = e { board.keys.padRemoved(pad) }
            if board.songPanel != nil {
                // A press on the banner puts it away over the songs panel too, and takes an
                // armed Delete back as any other press (the panel's Delete button lies under
                // the banner's middle: a review's click there armed it).
                if case .pointerDown(_, _, let at) = e, board.bar.pressBanner(at: at, font: board.font, over: board.bounds, avoiding: board.bannerClearance) {
                    board.songs.takeBackDelete()
                    continue
                }
                // A trigger let go under the panel is let go as it goes by: the pad as it stands
                // at the step's end may have it pulled again after the panel closed (a review).
                board.keys.triggerLetGo(e)
                board.songs.input(e, input: ctx.input)
                continue
            }
            switch e {
            case .pointerDown(let id, let device, let at): press(id, device, at, input: ctx.input)
            case .pointerMove(let id, _, let at):
                board.typing.lyricMove(id, to: at)
                board.drops.move(id, at, velocity: ctx.input.velocity(of: id))
            case .pointerUp(let id, _, let at):
                board.typing.lyricMove(id, to: at)
                if board.typing.lyricRelease(id, at: at, cancelled: false) { continue }
                board.drops.move(id, at, velocity: ctx.input.velocity(of: id))
                board.drops.release(id, cancelled: false, velocity: ctx.input.velocity(of: id))
            case .pointerCancel(let id, _):
                if board.typing.lyricRelease(id, at: .zero, cancelled: true) { continue }
                board.drops.release(id, cancelled: true, velocity: ctx.input.velocity(of: id))
            case .wheel(let dx, let dy): board.dragDrop.wheel(dx: dx, dy: dy, at: ctx.input.mousePosition)
            case .key(let k, true) where board.lyric != nil: board.typing.lyricKey(k, input: ctx.input, repeated: false)
            case .keyRepeat(let k) where board.lyric != nil: board.typing.lyricKey(k, input: ctx.input, repeated: true)
            case .text(let t): board.typing.insertLyric(t)
            case .fileDropped(let path): board.songs.importDropped(path)
            case .composition(let t, let cursor): board.typing.composeLyric(t, cursor: cursor)
            case .key(_, true): board.keys.key(e, input: ctx.input)
            case .keyRepeat(let k) where [Key.left, .right, .up, .down].contains(k):
                // Held arrows keep moving the focus or the carry.
                board.keys.key(.key(k, down: true), input: ctx.input)
            case .gamepadButton(_, _, true):
                // A pad has no keys to type with: any button leaves the text, and only that
                // (Y also deleted the focused chord, X undid the typing: a hostile tour).
                if board.lyric != nil { board.endLyric() } else { board.keys.padButton(e) }
            case .gamepadAxis(let pad, .lefttrigger, let v): board.keys.trigger(pad, right: false, value: v)
            case .gamepadAxis(let pad, .righttrigger, let v): board.keys.trigger(pad, right: true, value: v)
            default: break
            }
        }
        // Not kept past the step: the shell changes its input before the next one, and a copy
        // held here would make it copy its arrays.
        stepInput = InputState()
    }

    /// Ends what the hands are doing on the board, as losing the window's focus does: every
    /// press ends cancelled (what a pointer carries flies home from its motion), a press on
    /// the text ends, a key or pad carry goes back. Before the songs panel takes the input
    /// (a hostile tour's drag went on under it, and its release on the panel's Close button
    /// dropped the card there; the press that opened it stayed pressed, and the board never
    /// rested again).
    func cancelHands() {
        // In order, each once (a set's order changes from run to run).
        var seen = Set<Int>()
        for id in board.dragDrop.pressedPointers + board.dragDrop.pointersCarrying where seen.insert(id).inserted {
            board.drops.release(id, cancelled: true, velocity: stepInput.velocity(of: id))
        }
        board.typing.textPress = nil
        if board.dragDrop.keyCarry != nil { board.keys.command(.cancel, from: board.keys.device) }
    }

    private func press(_ id: Int, _ device: PointerDevice, _ at: Vec2, input: InputState) {
        // A card flying home is caught where it is, over whatever it flies.
        if board.dragDrop.catchFlight(id, at: at, device: device, isCurrent: board.drops.isCurrent), let k = board.dragDrop.index(carriedBy: .pointer(id)) {
            return board.announce("Caught \(board.ghosts[k].name) · drop it on a line")
        }
        // A press on the banner puts it away (it covers the sheet's lines, and a click on it
        // put the caret in the line under it: a tour).
        if board.bar.pressBanner(at: at, font: board.font, over: board.bounds, avoiding: board.bannerClearance) { return }
        var panel: SpaceTree.SpaceID?
        if board.songShelf != nil, board.bar.songs.hit(at, device: device) {
            // The panel takes this pointer's release: the board keeps no press of it.
            return board.openSongPanel()
        } else if board.bar.transpose.down.hit(at, device: device) {
            board.edits.transpose(by: -1)
        } else if board.bar.transpose.up.hit(at, device: device) {
            board.edits.transpose(by: 1)
        } else if board.undoButton.hit(at, device: device) {
            if board.undoButton.isEnabled { board.edits.undo() }
        } else if board.redoButton.hit(at, device: device) {
            if board.redoButton.isEnabled { board.edits.redo() }
        } else {
            panel = board.dragDrop.panel(at: at)
        }
        let chord = panel == board.sheetSpace ? board.placedChord(at: at) : nil
        // Off the chords, a press on a line is the text's too (a tap there starts typing).
        if panel == board.sheetSpace, chord == nil, board.typing.lyricPress(id, device, at: at, input: input) { return }
        let card: BoardScene.Card? = switch panel {
        case board.stripSpace?: board.stripItem(at: at).map { .strip(item: $0, name: board.stripNames[$0]) }
        case board.sheetSpace?: chord.map { r in
            let c = board.document.lines[r.line].chords[r.index]
            return .placed(r, name: c.name, at: c.at)
        }
        default: nil
        }
        board.dragDrop.press(id, at: at, on: panel, item: card, device: device)
    }
}
