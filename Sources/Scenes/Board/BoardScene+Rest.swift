import Engine
import Geometry

extension BoardScene {
    /// The key carry's glide counts as arrived within this many points of its slot (what is
    /// left of its exponential approach is then far below a pixel).
    static let glideArrived = 1e-3

    /// Moving (`now`): any pointer pressed on the board (a press deciding, or held toward
    /// lifting — its ring fills —, a panel held, a ghost carried, which auto-scrolls at a
    /// panel's edge); a ghost flying home or settling into its line; the key carry's ghost
    /// still gliding to its slot; a panel coasting or springing back, or its indicator fading;
    /// a pad's stick held (the left one repeats its step, the right one scrolls); a drag
    /// selecting past the edge of a line that scrolls on (`LyricTyping.selectionScroll`). Timed
    /// (`after`): the banner until it goes, a panel's indicator until it starts to fade, the caret's
    /// next blink (until it turns solid). Else
    /// only input changes anything (`never`).
    public var due: Due {
        if keys.padHeld || dragDrop.pressCount > 0 || typing.selectionScroll != nil { return .now }
        for c in dragDrop.carries {
            if c.flight != nil || c.carrier.isPointer { return .now }
        }
        if let kc = dragDrop.keyCarry {
            guard let k = dragDrop.index(carriedBy: kc.carrier), kc.zone >= 0, kc.zone < lineSpaces.count else { return .now }
            let target = keys.slotRootFrame(kc.slot, line: kc.zone), frame = dragDrop.carries[k].frame
            let d = target.origin - frame.origin, ds = target.size - frame.size
            if !(max(abs(d.x), abs(d.y), abs(ds.x), abs(ds.y)) <= Self.glideArrived) { return .now }
        }
        var answer = SceneRest.panel(strip).soonest(SceneRest.panel(sheet))
        if let left = bar.banner.secondsLeft, left > 0 { answer = answer.soonest(.timer(left)) }
        // The caret blinks until it turns solid.
        if lyric != nil, let t = typing.caretBlink.secondsToChange { answer = answer.soonest(.timer(t)) }
        if let t = typing.typingSaveDue { answer = answer.soonest(.timer(max(1e-3, t))) }
        return answer
    }
}
