import Entities
import Geometry

/// An input event bound to the frame it applies at (frames count from 1).
public struct ScriptedEvent: Equatable, Sendable {
    public var frame: Int
    public var event: InputEvent
    public init(frame: Int, event: InputEvent) { self.frame = frame; self.event = event }
}

/// A script error: which line and what is wrong with it.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }
}

/// Input scripts: JSON Lines, one event per line, the same format `--record` writes.
///
/// `{"frame":12,"type":"pointerDown","pointer":0,"device":"touch","x":640,"y":360}`
///
/// Blank lines and lines starting with `#` are skipped. Events apply at the start of the
/// frame they name, in file order; frames must not decrease.
public enum InputScript {
    /// Parses a whole script, or throws the first error with its line number.
    public static func parse(_ text: String) throws(ScriptError) -> [ScriptedEvent] {
        var events: [ScriptedEvent] = []
        var lastFrame = 1
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSuffix { $0 == "\r" || $0 == " " || $0 == "\t" }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
            let ev = try parseLine(String(line), line: n + 1)
            if ev.frame < lastFrame {
                throw ScriptError(line: n + 1, message: "frame \(ev.frame) comes after frame \(lastFrame): frames must not decrease")
            }
            lastFrame = ev.frame
            events.append(ev)
        }
        return events
    }

    /// Parses one line (1-based `line` for messages).
    public static func parseLine(_ text: String, line: Int) throws(ScriptError) -> ScriptedEvent {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch {
            throw ScriptError(line: line, message: "bad JSON at \(error.description)")
        }
        guard case .object = json else { throw ScriptError(line: line, message: "expected a JSON object") }
        func fail(_ m: String) -> ScriptError { ScriptError(line: line, message: m) }
        func number(_ k: String) throws(ScriptError) -> Double {
            guard let v = json[k] else { throw fail("missing field \"\(k)\"") }
            guard let d = v.doubleValue, d.isFinite else { throw fail("field \"\(k)\" must be a number") }
            return d
        }
        func integer(_ k: String) throws(ScriptError) -> Int {
            let d = try number(k)
            guard d == d.rounded(), abs(d) < 1e9 else { throw fail("field \"\(k)\" must be an integer") }
            return Int(d)
        }
        func string(_ k: String) throws(ScriptError) -> String {
            guard let v = json[k] else { throw fail("missing field \"\(k)\"") }
            guard let s = v.stringValue else { throw fail("field \"\(k)\" must be a string") }
            return s
        }
        func bool(_ k: String) throws(ScriptError) -> Bool {
            guard let v = json[k] else { throw fail("missing field \"\(k)\"") }
            guard let b = v.boolValue else { throw fail("field \"\(k)\" must be true or false") }
            return b
        }
        let frame = try integer("frame")
        guard frame >= 1 else { throw fail("frame must be 1 or more (frames count from 1), got \(frame)") }
        let type = try string("type")
        func device() throws(ScriptError) -> PointerDevice {
            guard json["device"] != nil else { return .mouse }
            let d = try string("device")
            guard let dev = PointerDevice(rawValue: d) else { throw fail("device must be \"mouse\" or \"touch\", got \"\(d)\"") }
            return dev
        }
        let event: InputEvent
        switch type {
        case "pointerDown":
            event = .pointerDown(pointer: try integer("pointer"), device: try device(), at: Vec2(try number("x"), try number("y")))
        case "pointerMove":
            event = .pointerMove(pointer: try integer("pointer"), device: try device(), at: Vec2(try number("x"), try number("y")))
        case "pointerUp":
            event = .pointerUp(pointer: try integer("pointer"), device: try device(), at: Vec2(try number("x"), try number("y")))
        case "pointerCancel":
            event = .pointerCancel(pointer: try integer("pointer"), device: try device())
        case "wheel":
            event = .wheel(dx: try number("dx"), dy: try number("dy"))
        case "key":
            let k = try string("key")
            guard !k.isEmpty else { throw fail("field \"key\" is empty") }
            event = .key(Key(k), down: try bool("down"))
        case "gamepadAdded": event = .gamepadAdded(pad: try integer("pad"))
        case "gamepadRemoved": event = .gamepadRemoved(pad: try integer("pad"))
        case "gamepadAxis":
            let name = try string("axis")
            guard let axis = GamepadAxis(rawValue: name) else {
                throw fail("unknown axis \"\(name)\" (expected one of \(GamepadAxis.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let v = try number("value")
            guard (-1...1).contains(v) else { throw fail("axis value must be in -1…1, got \(v)") }
            event = .gamepadAxis(pad: try integer("pad"), axis: axis, value: v)
        case "gamepadButton":
            let name = try string("button")
            guard let b = GamepadButton(rawValue: name) else { throw fail("unknown button \"\(name)\"") }
            event = .gamepadButton(pad: try integer("pad"), button: b, down: try bool("down"))
        case "resize":
            let w = try number("w"), h = try number("h")
            guard w >= 1, h >= 1 else { throw fail("resize needs w and h of at least 1") }
            event = .resize(w: w, h: h)
        case "focusLost": event = .focusLost
        case "focusGained": event = .focusGained
        default:
            throw fail("unknown type \"\(type)\"")
        }
        return ScriptedEvent(frame: frame, event: event)
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
        case .gamepadAdded(let pad): kv += [("type", "gamepadAdded"), ("pad", JSONValue(pad))]
        case .gamepadRemoved(let pad): kv += [("type", "gamepadRemoved"), ("pad", JSONValue(pad))]
        case .gamepadAxis(let pad, let axis, let v):
            kv += [("type", "gamepadAxis"), ("pad", JSONValue(pad)), ("axis", .string(axis.rawValue)), ("value", JSONValue(v))]
        case .gamepadButton(let pad, let b, let down):
            kv += [("type", "gamepadButton"), ("pad", JSONValue(pad)), ("button", .string(b.rawValue)), ("down", .bool(down))]
        case .resize(let w, let h): kv += [("type", "resize"), ("w", JSONValue(w)), ("h", JSONValue(h))]
        case .focusLost: kv.append(("type", "focusLost"))
        case .focusGained: kv.append(("type", "focusGained"))
        }
        return JSONValue.object(kv).serialized()
    }
}

extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var s = self
        while let last = s.last, drop(last) { s.removeLast() }
        return s
    }
}
