import Engine
import Geometry

extension BoardScene {
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
        if keys.keyCarryGliding { return .now }
        var answer = SceneRest.panel(strip).soonest(SceneRest.panel(sheet))
        if let left = bar.banner.secondsLeft, left > 0 { answer = answer.soonest(.timer(left)) }
        // The caret blinks until it turns solid.
        if lyric != nil, let t = typing.caretBlink.secondsToChange { answer = answer.soonest(.timer(t)) }
        if let t = typing.typingSaveDue { answer = answer.soonest(.timer(max(1e-3, t))) }
        return answer
    }
}
