import Engine
import Geometry

/// Seeded random input that a person, a cat on the keyboard and a flaky gamepad might make.
struct SoakInput {
    private var rng: SplitMix64
    private var down: [Int: Vec2] = [:]
    private var keysDown: [Key] = []
    private var pads: Set<Int> = []
    private var focusLost = false
    private var smallWindow = false
    static let keys = ["Left", "Right", "Up", "Down", "Space", "Return", "Backspace", "Delete", "Tab", "G", "F1", "S", "D", "F",
                       "R", "L", "O", "P", "V", "1", "2", "3", "4", "5", "Left Shift",
                       // The path editor's: edit mode, insert, corner/smooth, export, undo (with Ctrl).
                       "E", "I", "C", "X", "Z", "Y", "Left Ctrl",
                       // The board's transposition (each saved sheet must read back the same).
                       "=", "-",
                       // Typing in the board's lyrics: start and move (Escape would end play's replay).
                       "F2", "Home", "End"].map(Key.init)
    /// Text typed while a lyric has the caret: letters with and without combining marks,
    /// emoji sequences, right-to-left words, line breaks, brackets and controls.
    static let texts = ["a", "é", "e\u{301}", "🌲", "👨‍👩‍👧", "🇺🇦", "שלום", "жи́", " ", "\n", "ab\r\ncd", "[C]", "\u{0}\u{7}", "\u{202E}x", "\t"]

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    private mutating func chance(_ p: Double) -> Bool { rng.uniform(0, 1) < p }

    /// A point in the window mostly; now and then far outside it, up to the input limits.
    private mutating func point(_ size: Vec2) -> Vec2 {
        if chance(0.03) {
            let m = InputLimits.maxPointerCoordinate
            return Vec2(rng.uniform(-m, m), chance(0.5) ? rng.uniform(-m, m) : rng.uniform(0, size.y))
        }
        return Vec2(rng.uniform(-20, size.x + 20), rng.uniform(-20, size.y + 20))
    }

    /// The next frame's events for a window of `size`.
    mutating func events(size: Vec2) -> [InputEvent] {
        var out: [InputEvent] = []
        if focusLost {
            focusLost = false
            out.append(.focusGained)
        }
        // Pointers: the mouse (0) and three fingers.
        for id in 0..<4 {
            let device: PointerDevice = id == 0 ? .mouse : .touch
            if let at = down[id] {
                if chance(0.03) {
                    out.append(.pointerUp(pointer: id, device: device, at: at))
                    down[id] = nil
                } else {
                    let next = chance(0.05) ? point(size) : at + Vec2(rng.uniform(-40, 40), rng.uniform(-40, 40))
                    let clamped = Vec2(min(max(next.x, -InputLimits.maxPointerCoordinate), InputLimits.maxPointerCoordinate),
                                       min(max(next.y, -InputLimits.maxPointerCoordinate), InputLimits.maxPointerCoordinate))
                    out.append(.pointerMove(pointer: id, device: device, at: clamped))
                    down[id] = clamped
                }
            } else if chance(id == 0 ? 0.03 : 0.01) {
                let at = point(size)
                out.append(.pointerDown(pointer: id, device: device, at: at))
                down[id] = at
            }
        }
        if chance(0.01) { out.append(.wheel(dx: rng.uniform(-200, 200), dy: rng.uniform(-400, 400))) }
        // Keys: pressed, held a while, released.
        if chance(0.02) {
            let k = Self.keys[Int(rng.next() % UInt64(Self.keys.count))]
            if !keysDown.contains(k) {
                out.append(.key(k, down: true))
                keysDown.append(k)
            }
        }
        if chance(0.02) { out.append(.text(Self.texts[Int(rng.next() % UInt64(Self.texts.count))])) }
        if chance(0.003) { out.append(.composition(text: chance(0.5) ? "にほ" : "", cursor: 1)) }
        if !keysDown.isEmpty && chance(0.1) {
            out.append(.key(keysDown.removeFirst(), down: false))
        }
        // Gamepads come and go, mid-orbit or mid-carry.
        if pads.count < 2 && chance(0.003) {
            let pad = pads.contains(0) ? 1 : 0
            pads.insert(pad)
            out.append(.gamepadAdded(pad: pad))
        }
        for pad in pads.sorted() {
            if chance(0.002) {
                pads.remove(pad)
                out.append(.gamepadRemoved(pad: pad))
                continue
            }
            if chance(0.05) {
                let axis = GamepadAxis.allCases[Int(rng.next() % 6)]
                let value = axis == .lefttrigger || axis == .righttrigger ? rng.uniform(0, 1) : rng.uniform(-1, 1)
                out.append(.gamepadAxis(pad: pad, axis: axis, value: chance(0.2) ? 0 : value))
            }
            if chance(0.02) {
                let b = GamepadButton.allCases[Int(rng.next() % UInt64(GamepadButton.allCases.count))]
                if b != .start && b != .guide { out.append(.gamepadButton(pad: pad, button: b, down: true)) }
                out.append(.gamepadButton(pad: pad, button: b, down: false))
            }
        }
        // Resizes, sometimes down to a few points (1×1 included), then back.
        if chance(0.003) {
            smallWindow.toggle()
            let w = smallWindow ? Double(1 + rng.next() % 40) : rng.uniform(480, 3840).rounded()
            let h = smallWindow ? Double(1 + rng.next() % 40) : rng.uniform(320, 2160).rounded()
            out.append(.resize(w: w, h: h))
        }
        if chance(0.002) {
            out.append(.focusLost)
            focusLost = true
            down.removeAll()
            keysDown.removeAll()
        }
        if chance(0.0005) { out.append(.hitch(seconds: 5)) }
        return out
    }
}
