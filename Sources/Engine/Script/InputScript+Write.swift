import Geometry

// Writing the script format: what `--record` and a soak's log write, line by line.
extension InputScript {
    /// The line `--record` writes last: the recorded run ended after `frame` (no newline).
    public static func endLine(frame: Int) -> String {
        JSONValue.object([("frame", JSONValue(frame)), ("type", .string("end"))]).serialized()
    }

    /// One line of the script format for `event` at `frame` (no newline).
    public static func line(for e: ScriptedEvent) -> String {
        var kv: [(String, JSONValue)] = [("frame", JSONValue(e.frame))]
        func pointer(_ type: String, _ p: Int, _ d: PointerDevice, _ at: Vec2?) {
            kv.append(("type", .string(type)))
            kv.append(("pointer", JSONValue(p)))
            kv.append(("device", .string(d.rawValue)))
            if let at { kv.append(("x", JSONValue(at.x))); kv.append(("y", JSONValue(at.y))) }
        }
        switch e.event {
        case .pointerDown(let p, let d, let at): pointer("pointerDown", p, d, at)
        case .pointerMove(let p, let d, let at): pointer("pointerMove", p, d, at)
        case .pointerUp(let p, let d, let at): pointer("pointerUp", p, d, at)
        case .pointerCancel(let p, let d): pointer("pointerCancel", p, d, nil)
        case .wheel(let dx, let dy):
            kv += [("type", "wheel"), ("dx", JSONValue(dx)), ("dy", JSONValue(dy))]
        case .key(let k, let down):
            kv += [("type", "key"), ("key", .string(k.name)), ("down", .bool(down))]
        case .keyRepeat(let k):
            kv += [("type", "keyRepeat"), ("key", .string(k.name))]
        case .gamepadAdded(let pad): kv += [("type", "gamepadAdded"), ("pad", JSONValue(pad))]
        case .gamepadRemoved(let pad): kv += [("type", "gamepadRemoved"), ("pad", JSONValue(pad))]
        case .gamepadAxis(let pad, let axis, let v):
            kv += [("type", "gamepadAxis"), ("pad", JSONValue(pad)), ("axis", .string(axis.rawValue)), ("value", JSONValue(v))]
        case .gamepadButton(let pad, let b, let down):
            kv += [("type", "gamepadButton"), ("pad", JSONValue(pad)), ("button", .string(b.rawValue)), ("down", .bool(down))]
        case .resize(let w, let h): kv += [("type", "resize"), ("w", JSONValue(w)), ("h", JSONValue(h))]
        case .text(let t): kv += [("type", "text"), ("text", .string(t))]
        case .composition(let t, let cursor): kv += [("type", "composition"), ("text", .string(t)), ("cursor", JSONValue(cursor))]
        case .fileDropped(let p): kv += [("type", "fileDropped"), ("path", .string(p))]
        case .focusLost: kv.append(("type", "focusLost"))
        case .focusGained: kv.append(("type", "focusGained"))
        case .closeRequested: kv.append(("type", "close"))
        case .hitch(let s): kv += [("type", "hitch"), ("seconds", JSONValue(s))]
        }
        return JSONValue.object(kv).serialized()
    }
}
