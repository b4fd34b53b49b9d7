import Geometry

/// An input event bound to the frame it applies at (frames count from 1).
public struct ScriptedEvent: Equatable, Sendable {
    /// The frame it applies at, from 1.
    public var frame: Int
    /// The event.
    public var event: InputEvent
    /// `event` at the start of frame `frame`.
    public init(frame: Int, event: InputEvent) { self.frame = frame; self.event = event }
}

/// A whole script: its events, and where the recorded run ended when it says so.
public struct ScriptRun: Equatable, Sendable {
    /// The events, in order.
    public var events: [ScriptedEvent]
    /// The frame the recorded run ended after (its `{"frame":N,"type":"end"}` line, which
    /// `--record` writes last), or nil: a replay without `--frames` then stops there.
    public var end: Int?
    /// `events`, ending at `end` (nil: where the events end).
    public init(events: [ScriptedEvent] = [], end: Int? = nil) { (self.events, self.end) = (events, end) }

    /// The frame a run of it with no frame limit of its own stops after: its end line's, else
    /// one past its last event (a headless run has no other way to end: a killed recording,
    /// which has no end line, ran for ever).
    public var lastFrame: Int { end ?? (events.last?.frame ?? 1) + 1 }

    /// The frame a play of it stops after unless told: its end line's, and headless (where
    /// nothing else ends a run) `lastFrame`.
    public func frameLimit(headless: Bool) -> Int? { headless ? lastFrame : end }
}

/// A script error: which line and what is wrong with it.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    /// The script's line, from 1.
    public let line: Int
    /// What is wrong with it.
    public let message: String
    /// The error as a sentence for the user, with the line.
    public var description: String { "line \(line): \(message)" }
}

/// Input scripts: JSON Lines, one event per line, the same format `--record` writes.
///
/// `{"frame":12,"type":"pointerDown","pointer":0,"device":"touch","x":640,"y":360}`
///
/// Blank lines and lines starting with `#` are skipped. Events apply at the start of the
/// frame they name, in file order; frames must not decrease.
public enum InputScript {
    /// The largest script file read (a million events is about 80 MB... of which scripts
    /// made by hand or by `--record` use a tiny part).
    public static let maxBytes = 64 << 20
    /// The largest frame number an event may name.
    public static let maxFrame = 1_000_000_000

    /// A whole script's events (see `parseRun`; its end line is checked, and left out).
    public static func parse(_ text: String, keyName: (String) -> String? = { $0 }) throws(ScriptError) -> [ScriptedEvent] {
        try parseRun(text, keyName: keyName).events
    }

    /// Parses a whole script, or throws the first error with its line number. Lines end
    /// with LF, CRLF or CR; a byte order mark at the start is skipped. `keyName` gives the platform's own name for a key a script
    /// names, or nil for no key it has (a window's platform passes SDL's, so "BackSpace" is
    /// refused with "Backspace" suggested rather than pressing nothing); by default every
    /// name stands.
    public static func parseRun(_ text: String, keyName: (String) -> String? = { $0 }) throws(ScriptError) -> ScriptRun {
        var run = ScriptRun()
        var endLine = 0
        var lastFrame = 1
        var held = HeldPointers()
        // A byte order mark some editors put first is not JSON.
        let text = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        // "\r\n" is one Character in Swift, so all three endings are single separators.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (n, raw) in lines.enumerated() {
            let line = raw.trimmingSuffix { $0 == " " || $0 == "\t" }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
            if run.end != nil {
                throw ScriptError(line: n + 1, message: "nothing may follow the end line (line \(endLine)): it says where the recorded run ended")
            }
            let ev: ScriptedEvent
            switch try parseEntry(String(line), line: n + 1) {
            case .event(let e): ev = e
            case .end(let frame):
                if frame < lastFrame { throw ScriptError(line: n + 1, message: "the end at frame \(frame) comes before frame \(lastFrame)'s events") }
                (run.end, endLine) = (frame, n + 1)
                continue
            }
            if case .key(let k, _) = ev.event { try checkKey(k, keyName, line: n + 1) }
            if case .keyRepeat(let k) = ev.event { try checkKey(k, keyName, line: n + 1) }
            if ev.frame < lastFrame {
                throw ScriptError(line: n + 1, message: "frame \(ev.frame) comes after frame \(lastFrame): frames must not decrease")
            }
            lastFrame = ev.frame
            try held.note(ev.event, line: n + 1)
            run.events.append(ev)
        }
        return run
    }

    /// Which device holds each pointer id down, as a script goes: one id is one hand, so a
    /// mouse and a finger may not both press it (a hostile tour's script pressed two balls
    /// with mouse 0 and finger 0; the mouse's release let go of the finger's ball). The id
    /// names the hand: a move or a lift that leaves out the device (the mouse, by default)
    /// is still that hand's.
    private struct HeldPointers {
        var down: [Int: (device: PointerDevice, line: Int)] = [:]

        mutating func note(_ event: InputEvent, line: Int) throws(ScriptError) {
            switch event {
            case .pointerDown(let id, let device, _):
                if let d = down[id], d.device != device {
                    throw ScriptError(line: line, message: "pointer \(id) is down as the \(d.device) (line \(d.line)) until it is lifted; a \(device) needs an id of its own")
                }
                down[id] = (device, line)
            case .pointerUp(let id, _, _), .pointerCancel(let id, _): down[id] = nil
            // A lost focus cancels every pointer down.
            case .focusLost: down.removeAll()
            default: break
            }
        }
    }

    private static func checkKey(_ k: Key, _ keyName: (String) -> String?, line: Int) throws(ScriptError) {
        guard let known = keyName(k.name) else {
            throw ScriptError(line: line, message: "unknown key \"\(echo(k.name))\" (keys are named as SDL names them: \"Left Shift\", \"Backspace\", \"Return\", \"A\", \"F2\")")
        }
        guard known == k.name else { throw ScriptError(line: line, message: "unknown key \"\(echo(k.name))\"; SDL names it \"\(echo(known))\"") }
    }

    /// Parses one event's line (1-based `line` for messages); an end line is refused here.
    public static func parseLine(_ text: String, line: Int) throws(ScriptError) -> ScriptedEvent {
        guard case .event(let e) = try parseEntry(text, line: line) else {
            throw ScriptError(line: line, message: "an end line names no event (it ends a whole script)")
        }
        return e
    }

    /// A line of a script: an event, or where the recorded run ended.
    private enum Entry {
        case event(ScriptedEvent)
        case end(frame: Int)
    }

    private static func parseEntry(_ text: String, line: Int) throws(ScriptError) -> Entry {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch {
            throw ScriptError(line: line, message: "bad JSON at \(error.description)")
        }
        guard case .object = json else { throw ScriptError(line: line, message: "expected a JSON object") }
        func fail(_ m: String) -> ScriptError { ScriptError(line: line, message: m) }
        func number(_ k: String) throws(ScriptError) -> Double {
            guard let v = json[k] else { throw fail("missing field \"\(k)\"") }
            guard let d = v.doubleValue, d.isFinite else { throw fail("field \"\(k)\" must be a number, got \(v.echoed)") }
            return d
        }
        /// A whole number within `range` (the limit's name said where it has one: a frame of
        /// Int64.max was told to be "an integer (up to 9e15)", not past the frames' limit).
        func integer(_ k: String, in range: ClosedRange<Int> = -9_000_000_000_000_000...9_000_000_000_000_000,
                     limit: String? = nil) throws(ScriptError) -> Int {
            let d = try number(k)
            // (`Int(exactly:)`: a double past Int's range is refused here, never converted.)
            guard d == d.rounded() else { throw fail("field \"\(k)\" must be an integer, got \(json[k]?.echoed ?? "")") }
            guard let i = Int(exactly: d), range.contains(i) else {
                throw fail("field \"\(k)\" must be \(range.lowerBound)…\(range.upperBound)\(limit.map { " (\($0))" } ?? ""), got \(json[k]?.echoed ?? "")")
            }
            return i
        }
        func string(_ k: String) throws(ScriptError) -> String {
            guard let v = json[k] else { throw fail("missing field \"\(k)\"") }
            guard let s = v.stringValue else { throw fail("field \"\(k)\" must be a string, got \(v.echoed)") }
            return s
        }
        func bool(_ k: String) throws(ScriptError) -> Bool {
            guard let v = json[k] else { throw fail("missing field \"\(k)\"") }
            guard let b = v.boolValue else { throw fail("field \"\(k)\" must be true or false, got \(v.echoed)") }
            return b
        }
        let frame = try integer("frame", in: 1...maxFrame, limit: "frames count from 1; InputScript.maxFrame")
        func at() throws(ScriptError) -> Vec2 {
            let x = try number("x"), y = try number("y"), m = InputLimits.maxPointerCoordinate
            guard abs(x) <= m, abs(y) <= m else {
                throw fail("pointer at (\(x), \(y)) is outside ±\(Int(m)), the limit (InputLimits.maxPointerCoordinate)")
            }
            return Vec2(x, y)
        }
        let type = try string("type")
        func device() throws(ScriptError) -> PointerDevice {
            guard json["device"] != nil else { return .mouse }
            let d = try string("device")
            guard let dev = PointerDevice(rawValue: d) else { throw fail("device must be \"mouse\" or \"touch\", got \"\(echo(d))\"") }
            return dev
        }
        let event: InputEvent
        switch type {
        case "pointerDown":
            event = .pointerDown(pointer: try integer("pointer"), device: try device(), at: try at())
        case "pointerMove":
            event = .pointerMove(pointer: try integer("pointer"), device: try device(), at: try at())
        case "pointerUp":
            event = .pointerUp(pointer: try integer("pointer"), device: try device(), at: try at())
        case "pointerCancel":
            event = .pointerCancel(pointer: try integer("pointer"), device: try device())
        case "wheel":
            let dx = try number("dx"), dy = try number("dy")
            guard abs(dx) <= InputLimits.maxWheel, abs(dy) <= InputLimits.maxWheel else {
                throw fail("wheel (\(dx), \(dy)) is outside ±\(Int(InputLimits.maxWheel)), the limit (InputLimits.maxWheel)")
            }
            event = .wheel(dx: dx, dy: dy)
        case "key":
            let k = try string("key")
            guard !k.isEmpty else { throw fail("field \"key\" is empty") }
            event = .key(Key(k), down: try bool("down"))
        case "keyRepeat":
            let k = try string("key")
            guard !k.isEmpty else { throw fail("field \"key\" is empty") }
            event = .keyRepeat(Key(k))
        case "gamepadAdded": event = .gamepadAdded(pad: try integer("pad"))
        case "gamepadRemoved": event = .gamepadRemoved(pad: try integer("pad"))
        case "gamepadAxis":
            let name = try string("axis")
            guard let axis = GamepadAxis(rawValue: name) else {
                throw fail("unknown axis \"\(echo(name))\" (expected one of \(GamepadAxis.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let v = try number("value")
            guard (-1...1).contains(v) else { throw fail("axis value must be in -1…1, got \(v)") }
            event = .gamepadAxis(pad: try integer("pad"), axis: axis, value: v)
        case "gamepadButton":
            let name = try string("button")
            guard let b = GamepadButton(rawValue: name) else { throw fail("unknown button \"\(echo(name))\"") }
            event = .gamepadButton(pad: try integer("pad"), button: b, down: try bool("down"))
        case "resize":
            let w = try number("w"), h = try number("h"), m = InputLimits.maxWindowSide
            guard w >= 1, h >= 1, w <= m, h <= m else {
                throw fail("resize to \(w)x\(h): each side must be 1…\(Int(m)) (InputLimits.maxWindowSide)")
            }
            event = .resize(w: w, h: h)
        case "text":
            let t = try string("text")
            guard t.utf8.count <= InputLimits.maxTextBytes else {
                throw fail("text of \(t.utf8.count) bytes is more than \(InputLimits.maxTextBytes) (InputLimits.maxTextBytes)")
            }
            event = .text(t)
        case "composition":
            let t = try string("text")
            guard t.utf8.count <= InputLimits.maxTextBytes else {
                throw fail("text of \(t.utf8.count) bytes is more than \(InputLimits.maxTextBytes) (InputLimits.maxTextBytes)")
            }
            let cursor = json["cursor"] == nil ? t.count : try integer("cursor")
            guard (0...t.count).contains(cursor) else { throw fail("cursor \(cursor) is outside the text's 0…\(t.count) characters") }
            event = .composition(text: t, cursor: cursor)
        case "fileDropped":
            let p = try string("path")
            guard !p.isEmpty, p.utf8.count <= InputLimits.maxTextBytes else { throw fail("field \"path\" must be 1…\(InputLimits.maxTextBytes) bytes") }
            event = .fileDropped(path: p)
        case "focusLost": event = .focusLost
        case "focusGained": event = .focusGained
        case "close": event = .closeRequested
        case "end": return .end(frame: frame)
        case "hitch":
            let seconds = try number("seconds")
            guard seconds >= 0, seconds <= InputLimits.maxHitch else {
                throw fail("hitch of \(seconds) s: must be 0…\(Int(InputLimits.maxHitch)) s (InputLimits.maxHitch)")
            }
            event = .hitch(seconds: seconds)
        default:
            throw fail("unknown type \"\(echo(type))\"")
        }
        return .event(ScriptedEvent(frame: frame, event: event))
    }
}

extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var s = self
        while let last = s.last, drop(last) { s.removeLast() }
        return s
    }
}
