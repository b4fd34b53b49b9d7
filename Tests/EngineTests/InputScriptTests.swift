@testable import Engine
@testable import Entities
@testable import Geometry
import Testing

@Suite struct InputScriptTests {
    @Test func everyEventTypeSurvivesARoundTripThroughItsLine() throws {
        let events: [InputEvent] = [
            .pointerDown(pointer: 0, device: .mouse, at: Vec2(640, 360)),
            .pointerMove(pointer: 2, device: .touch, at: Vec2(1.5, -2.25)),
            .pointerUp(pointer: 2, device: .touch, at: Vec2(3, 4)),
            .pointerCancel(pointer: 1, device: .touch),
            .wheel(dx: 0, dy: -40),
            .key(Key("Return"), down: true),
            .gamepadAdded(pad: 0), .gamepadRemoved(pad: 0),
            .gamepadAxis(pad: 1, axis: .righttrigger, value: 0.5),
            .gamepadButton(pad: 1, button: .dpup, down: false),
            .resize(w: 800, h: 600), .focusLost, .focusGained,
        ]
        for (i, e) in events.enumerated() {
            let line = InputScript.line(for: ScriptedEvent(frame: i + 1, event: e))
            let back = try InputScript.parseLine(line, line: 1)
            #expect(back == ScriptedEvent(frame: i + 1, event: e), "\(line)")
        }
    }

    @Test func theDeviceDefaultsToMouse() throws {
        let e = try InputScript.parseLine(#"{"frame":3,"type":"pointerDown","pointer":0,"x":1,"y":2}"#, line: 1)
        #expect(e.event == .pointerDown(pointer: 0, device: .mouse, at: Vec2(1, 2)))
    }

    @Test(arguments: [
        ("{\"frame\":1,\"type\":\"pointerDown\"", "bad JSON"),
        (#"{"frame":1,"type":"teleport"}"#, "unknown type \"teleport\""),
        (#"{"frame":1,"type":"pointerDown","pointer":0,"y":2}"#, "missing field \"x\""),
        (#"{"frame":1,"type":"pointerDown","pointer":0,"x":"a","y":2}"#, "field \"x\" must be a number"),
        (#"{"frame":0,"type":"focusLost"}"#, "frame must be 1 or more"),
        (#"{"frame":1.5,"type":"focusLost"}"#, "must be an integer"),
        (#"{"frame":1,"type":"gamepadAxis","pad":0,"axis":"sideways","value":0}"#, "unknown axis"),
        (#"{"frame":1,"type":"gamepadAxis","pad":0,"axis":"leftx","value":2}"#, "axis value must be in"),
        (#"{"frame":1,"type":"pointerDown","pointer":0,"device":"pen","x":1,"y":2}"#, "device must be"),
        ("[1,2]", "expected a JSON object"),
    ])
    func malformedLinesAreRefusedWithTheReason(line: String, reason: String) {
        #expect {
            try InputScript.parseLine(line, line: 7)
        } throws: { error in
            guard let e = error as? ScriptError else { return false }
            return e.line == 7 && e.message.contains(reason)
        }
    }

    @Test func errorsNameTheLineInTheFile() {
        let text = """
        {"frame":1,"type":"focusLost"}

        # a comment
        {"frame":2,"type":"focusGained"}
        {"frame":2,"type":"nope"}
        """
        #expect(throws: ScriptError(line: 5, message: "unknown type \"nope\"")) { try InputScript.parse(text) }
    }

    @Test func framesOutOfOrderAreRefused() {
        let text = "{\"frame\":5,\"type\":\"focusLost\"}\n{\"frame\":4,\"type\":\"focusGained\"}\n"
        #expect {
            try InputScript.parse(text)
        } throws: { ($0 as? ScriptError)?.line == 2 }
    }
}
