import Engine
import Entities
import Geometry
import Motion
import Paths

// The gamepad: a focused card, a ghost moved by the stick, panels scrolled by the right stick.
extension BoardScene {
    func padButton(_ pad: Int, _ b: GamepadButton) {
        let held = ghosts.index(carriedBy: .pad(pad))
        switch b {
        case .dpleft: focus(focusIndex - 1)
        case .dpright: focus(focusIndex + 1)
        case .a:
            if let k = held {
                drop(k)
            } else {
                let frame = itemRootFrame(focusIndex)
                ghosts.append(Ghost(name: Self.chordNames[focusIndex], carrier: .pad(pad), frame: frame.offsetBy(Vec2(0, 24)),
                                    grab: frame.size / 2, source: .strip(item: focusIndex)))
            }
        case .b: if let k = held { sendBack(k) }
        default: break
        }
    }

    /// Moves the gamepad's focus in the strip and scrolls to keep it in view.
    public func focus(_ i: Int) {
        focusIndex = clamp(i, 0, Self.chordNames.count - 1)
        let f = itemFrame(focusIndex)
        if f.minX - 12 < strip.offset { strip.setOffset(f.minX - 12) }
        if f.maxX + 12 > strip.offset + strip.viewport { strip.setOffset(f.maxX + 12 - strip.viewport) }
        syncOffsets()
    }

    func gamepad(_ ctx: StepContext) {
        for pad in ctx.input.pads {
            let stick = pad.stick(true)
            if let k = ghosts.index(carriedBy: .pad(pad.id)) {
                ghosts[k].frame.origin += stick * (Self.ghostPadSpeed * ctx.dt)
            } else if abs(stick.x) > 0.5 {
                // The stick steps the focus, repeating while held.
                let t = (padHeld[pad.id] ?? 0) - ctx.dt
                if t <= 0 {
                    focus(focusIndex + (stick.x > 0 ? 1 : -1))
                    padHeld[pad.id] = 0.22
                } else {
                    padHeld[pad.id] = t
                }
            } else {
                padHeld[pad.id] = 0
            }
            let right = pad.stick(false)
            strip.scroll(by: right.x * 700 * ctx.dt)
            sheet.scroll(by: right.y * 700 * ctx.dt)
        }
        syncOffsets()
    }
}
