import Engine
import Geometry
import Songs

// Input routing: the pointers go through the drag and drop; the wheel scrolls, keys and
// pads steer the focus (BoardKeys).
extension BoardScene {
    func routeInput(_ ctx: StepContext) {
        stepInput = ctx.input
        // A trigger let go where the board did not see it (under the songs panel, which takes
        // the pad's events, or on another tab: two reviews) is let go here too, so its next
        // pull transposes.
        keys.forgetTriggersLetGo(ctx.input)
        for e in ctx.events {
            keys.ring.note(e)
            if case .gamepadRemoved(let pad) = e { keys.padRemoved(pad) }
            if songPanel != nil {
                // A press on the banner puts it away over the songs panel too, and takes an
                // armed Delete back as any other press (the panel's Delete button lies under
                // the banner's middle: a review's click there armed it).
                if case .pointerDown(_, _, let at) = e, bar.pressBanner(at: at, font: font, over: bounds, avoiding: bannerClearance) {
                    songs.takeBackDelete()
                    continue
                }
                // A trigger let go under the panel is let go as it goes by: the pad as it stands
                // at the step's end may have it pulled again after the panel closed (a review).
                keys.triggerLetGo(e)
                songs.input(e, input: ctx.input)
                continue
            }
            switch e {
            case .pointerDown(let id, let device, let at): press(id, device, at, input: ctx.input)
            case .pointerMove(let id, _, let at):
                typing.lyricMove(id, to: at)
                drops.move(id, at, velocity: ctx.input.velocity(of: id))
            case .pointerUp(let id, _, let at):
                typing.lyricMove(id, to: at)
                if typing.lyricRelease(id, at: at, cancelled: false) { continue }
                drops.move(id, at, velocity: ctx.input.velocity(of: id))
                drops.release(id, cancelled: false, velocity: ctx.input.velocity(of: id))
            case .pointerCancel(let id, _):
                if typing.lyricRelease(id, at: .zero, cancelled: true) { continue }
                drops.release(id, cancelled: true, velocity: ctx.input.velocity(of: id))
            case .wheel(let dx, let dy): dragDrop.wheel(dx: dx, dy: dy, at: ctx.input.mousePosition)
            case .key(let k, true) where lyric != nil: typing.lyricKey(k, input: ctx.input, repeated: false)
            case .keyRepeat(let k) where lyric != nil: typing.lyricKey(k, input: ctx.input, repeated: true)
            case .text(let t): typing.insertLyric(t)
            case .fileDropped(let path): songs.importDropped(path)
            case .composition(let t, let cursor): typing.composeLyric(t, cursor: cursor)
            case .key(_, true): keys.key(e, input: ctx.input)
            case .keyRepeat(let k) where [Key.left, .right, .up, .down].contains(k):
                // Held arrows keep moving the focus or the carry.
                keys.key(.key(k, down: true), input: ctx.input)
            case .gamepadButton(_, _, true):
                // A pad has no keys to type with: any button leaves the text, and only that
                // (Y also deleted the focused chord, X undid the typing: a hostile tour).
                if lyric != nil { endLyric() } else { keys.padButton(e) }
            case .gamepadAxis(let pad, .lefttrigger, let v): keys.trigger(pad, right: false, value: v)
            case .gamepadAxis(let pad, .righttrigger, let v): keys.trigger(pad, right: true, value: v)
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
        for id in dragDrop.pressedPointers + dragDrop.pointersCarrying where seen.insert(id).inserted {
            drops.release(id, cancelled: true, velocity: stepInput.velocity(of: id))
        }
        typing.textPress = nil
        if dragDrop.keyCarry != nil { keys.command(.cancel, from: keys.device) }
    }

    private func press(_ id: Int, _ device: PointerDevice, _ at: Vec2, input: InputState) {
        // A card flying home is caught where it is, over whatever it flies.
        if dragDrop.catchFlight(id, at: at, device: device, isCurrent: drops.isCurrent), let k = dragDrop.index(carriedBy: .pointer(id)) {
            return announce("Caught \(ghosts[k].name) · drop it on a line")
        }
        // A press on the banner puts it away (it covers the sheet's lines, and a click on it
        // put the caret in the line under it: a tour).
        if bar.pressBanner(at: at, font: font, over: bounds, avoiding: bannerClearance) { return }
        var panel: SpaceTree.SpaceID?
        if songShelf != nil, bar.songs.hit(at, device: device) {
            // The panel takes this pointer's release: the board keeps no press of it.
            return openSongPanel()
        } else if bar.transpose.down.hit(at, device: device) {
            edits.transpose(by: -1)
        } else if bar.transpose.up.hit(at, device: device) {
            edits.transpose(by: 1)
        } else if undoButton.hit(at, device: device) {
            if undoButton.isEnabled { edits.undo() }
        } else if redoButton.hit(at, device: device) {
            if redoButton.isEnabled { edits.redo() }
        } else {
            panel = dragDrop.panel(at: at)
        }
        let chord = panel == sheetSpace ? placedChord(at: at) : nil
        // Off the chords, a press on a line is the text's too (a tap there starts typing).
        if panel == sheetSpace, chord == nil, typing.lyricPress(id, device, at: at, input: input) { return }
        let card: Card? = switch panel {
        case stripSpace?: stripItem(at: at).map { .strip(item: $0, name: stripNames[$0]) }
        case sheetSpace?: chord.map { r in
            let c = document.lines[r.line].chords[r.index]
            return .placed(r, name: c.name, at: c.at)
        }
        default: nil
        }
        dragDrop.press(id, at: at, on: panel, item: card, device: device)
    }

    func stepPanels(_ dt: Double) {
        dragDrop.stepPanels(dt)
        bar.banner.step(dt)
    }

    /// The lines carried ghosts would land on, in the order the ghosts were lifted.
    public var highlightedLines: [Int] { dragDrop.targets }

    /// Scrolls the strip so card `i` shows whole, with a margin.
    func revealCard(_ i: Int) {
        let f = itemFrame(i)
        dragDrop.spaces[panel: stripSpace].reveal(f.minX - 12, f.maxX + 12)
    }

    /// Scrolls the sheet so line `i` shows whole (or its top, when the sheet is shorter).
    func revealLine(_ i: Int) {
        dragDrop.spaces[panel: sheetSpace].reveal(lineContentY(i) - 8, lineContentY(i) + lineHeight + 8)
    }

    /// The first line whose top is in view (else the first one partly in view).
    var firstVisibleLine: Int {
        let top = sheet.offset
        if let i = document.lines.indices.first(where: { lineContentY($0) >= top - 0.5 }),
           lineContentY(i) < top + sheet.viewport {
            return i
        }
        return document.lines.indices.first { lineContentY($0) + lineHeight > top } ?? 0
    }
}
