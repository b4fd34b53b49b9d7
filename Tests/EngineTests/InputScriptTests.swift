@testable import Engine
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
            .text("Ёлка тиха́ 🎸 \"q\"\n"),
            .composition(text: "にほん", cursor: 2),
            .fileDropped(path: "/home/me/Songs/Ёлка.cho"),
            .key(Key("Return"), down: true), .keyRepeat(Key("Down")),
            .gamepadAdded(pad: 0), .gamepadRemoved(pad: 0),
            .gamepadAxis(pad: 1, axis: .righttrigger, value: 0.5),
            .gamepadButton(pad: 1, button: .dpup, down: false),
            .resize(w: 800, h: 600), .focusLost, .focusGained, .closeRequested,
        ]
        for (i, e) in events.enumerated() {
            let line = InputScript.line(for: ScriptedEvent(frame: i + 1, event: e))
            let back = try InputScript.parseLine(line, line: 1)
            #expect(back == ScriptedEvent(frame: i + 1, event: e), "\(line)")
        }
    }

    @Test func textEventsAreReadWithTheirTextAndBadOnesNamed() throws {
        let ok = try InputScript.parse(#"{"frame":1,"type":"text","text":"é"}"# + "\n" + #"{"frame":2,"type":"composition","text":"ab"}"#)
        #expect(ok.map(\.event) == [.text("é"), .composition(text: "ab", cursor: 2)])
        #expect(throws: ScriptError(line: 1, message: "missing field \"text\"")) {
            try InputScript.parse(#"{"frame":1,"type":"text"}"#)
        }
        #expect(throws: ScriptError(line: 1, message: "cursor 3 is outside the text's 0…2 characters")) {
            try InputScript.parse(#"{"frame":1,"type":"composition","text":"ab","cursor":3}"#)
        }
        let huge = String(repeating: "я", count: InputLimits.maxTextBytes)
        #expect(throws: ScriptError(line: 1, message: "text of \(2 * InputLimits.maxTextBytes) bytes is more than 65536 (InputLimits.maxTextBytes)")) {
            try InputScript.parse(#"{"frame":1,"type":"text","text":""# + huge + "\"}")
        }
        // From a platform, too much text is cut at a character.
        if case .text(let t) = InputEvent.text(huge + "!").clamped { #expect(t.utf8.count == InputLimits.maxTextBytes && t.allSatisfy { $0 == "я" }) } else { Issue.record("not text") }
    }

    /// One id is one hand: a finger may not use the id the mouse holds down (the mouse's
    /// release let go of the finger's ball), and the same id is free again once lifted.
    @Test func aMouseAndAFingerMayNotShareAPointerIdWhileDown() throws {
        let clash = """
        {"frame":1,"type":"pointerDown","pointer":0,"x":10,"y":10}
        {"frame":2,"type":"pointerDown","pointer":0,"device":"touch","x":50,"y":50}
        """
        #expect(throws: ScriptError(line: 2, message: "pointer 0 is down as the mouse (line 1) until it is lifted; a touch needs an id of its own")) {
            try InputScript.parse(clash)
        }
        // A lift that leaves out the device is still the finger's.
        let lifted = """
        {"frame":1,"type":"pointerDown","pointer":3,"device":"touch","x":10,"y":10}
        {"frame":2,"type":"pointerUp","pointer":3,"x":10,"y":10}
        {"frame":3,"type":"pointerDown","pointer":3,"x":10,"y":10}
        """
        #expect(try InputScript.parse(lifted).count == 3)
        let taking = """
        {"frame":1,"type":"pointerDown","pointer":0,"x":10,"y":10}
        {"frame":2,"type":"pointerUp","pointer":0,"x":10,"y":10}
        {"frame":3,"type":"pointerDown","pointer":0,"device":"touch","x":50,"y":50}
        {"frame":4,"type":"pointerMove","pointer":0,"device":"touch","x":60,"y":50}
        {"frame":5,"type":"pointerCancel","pointer":0,"device":"touch"}
        {"frame":6,"type":"pointerMove","pointer":0,"x":60,"y":50}
        """
        #expect(try InputScript.parse(taking).count == 6)
        // A lost focus lets go of every pointer: the id is free again.
        let refocused = """
        {"frame":1,"type":"pointerDown","pointer":0,"x":10,"y":10}
        {"frame":2,"type":"focusLost"}
        {"frame":3,"type":"pointerDown","pointer":0,"device":"touch","x":50,"y":50}
        """
        #expect(try InputScript.parse(refocused).count == 3)
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
        (#"{"frame":0,"type":"focusLost"}"#, "field \"frame\" must be 1…1000000000 (frames count from 1; InputScript.maxFrame), got the number 0"),
        (#"{"frame":1.5,"type":"focusLost"}"#, "must be an integer, got the number 1.5"),
        // Past the frames' limit by far, said by the limit's name (it was "an integer (up to 9e15)").
        (#"{"frame":9223372036854775807,"type":"focusLost"}"#, "InputScript.maxFrame), got the number 9.223372036854776e+18"),
        (#"{"frame":1e308,"type":"focusLost"}"#, "InputScript.maxFrame), got the number 1e+308"),
        (#"{"frame":1,"type":"gamepadAdded","pad":1e300}"#, "field \"pad\" must be -9000000000000000…9000000000000000, got the number 1e+300"),
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

    /// A script saved by an editor that puts a byte order mark first reads as without it
    /// (it was refused as "bad JSON at column 1"); a mark anywhere else is still an error.
    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        let events = try InputScript.parse("\u{FEFF}{\"frame\":1,\"type\":\"focusLost\"}\r\n{\"frame\":2,\"type\":\"focusGained\"}\r\n")
        #expect(events == [ScriptedEvent(frame: 1, event: .focusLost), ScriptedEvent(frame: 2, event: .focusGained)])
        #expect(throws: ScriptError.self) { try InputScript.parse("{\"frame\":1,\"type\":\"focusLost\"}\n\u{FEFF}{\"frame\":2,\"type\":\"focusGained\"}") }
    }

    /// A recording's last line says where its run ended (`end`): read as the run's end, not an
    /// event; written by `endLine`; nothing may follow it, and it may not come before the events.
    @Test func anEndLineSaysWhereTheRecordedRunEnded() throws {
        let events = "{\"frame\":3,\"type\":\"focusLost\"}\n"
        let run = try InputScript.parseRun(events + InputScript.endLine(frame: 40) + "\n# a comment\n\n")
        #expect(run == ScriptRun(events: [ScriptedEvent(frame: 3, event: .focusLost)], end: 40))
        #expect(try InputScript.parse(events + InputScript.endLine(frame: 40)) == run.events)
        #expect(try InputScript.parseRun(events).end == nil)
        #expect(throws: ScriptError(line: 3, message: "nothing may follow the end line (line 2): it says where the recorded run ended")) {
            try InputScript.parseRun(events + InputScript.endLine(frame: 40) + "\n{\"frame\":41,\"type\":\"focusGained\"}")
        }
        #expect(throws: ScriptError(line: 2, message: "the end at frame 2 comes before frame 3's events")) {
            try InputScript.parseRun(events + InputScript.endLine(frame: 2))
        }
        #expect(throws: ScriptError.self) { try InputScript.parseLine(InputScript.endLine(frame: 1), line: 1) }
        #expect(throws: ScriptError.self) { try InputScript.parseRun(#"{"frame":0,"type":"end"}"#) }
    }

    @Test func framesOutOfOrderAreRefused() {
        let text = "{\"frame\":5,\"type\":\"focusLost\"}\n{\"frame\":4,\"type\":\"focusGained\"}\n"
        #expect {
            try InputScript.parse(text)
        } throws: { ($0 as? ScriptError)?.line == 2 }
    }

    @Test func linesMayEndWithLFCRLFOrCR() throws {
        let lines = ["{\"frame\":1,\"type\":\"focusLost\"}", "# a comment", "", "{\"frame\":2,\"type\":\"focusGained\"}"]
        for ending in ["\n", "\r\n", "\r"] {
            let events = try InputScript.parse(lines.joined(separator: ending) + ending)
            #expect(events == [ScriptedEvent(frame: 1, event: .focusLost), ScriptedEvent(frame: 2, event: .focusGained)], "\(ending.debugDescription)")
        }
        // Line numbers count every ending alike.
        do { _ = try InputScript.parse("{\"frame\":1,\"type\":\"focusLost\"}\r\n\r\nnot json\r\n") } catch {
            #expect(error.line == 3)
        }
    }

    @Test func valuesPastTheInputLimitsAreRefusedWithTheLimitsName() {
        for (line, limit) in [("{\"frame\":1,\"type\":\"resize\",\"w\":1e10,\"h\":100}", "InputLimits.maxWindowSide"),
                              ("{\"frame\":1,\"type\":\"resize\",\"w\":0.5,\"h\":100}", "InputLimits.maxWindowSide"),
                              ("{\"frame\":1,\"type\":\"pointerDown\",\"pointer\":0,\"x\":1e308,\"y\":0}", "InputLimits.maxPointerCoordinate"),
                              ("{\"frame\":1,\"type\":\"wheel\",\"dx\":-1e9,\"dy\":0}", "InputLimits.maxWheel"),
                              ("{\"frame\":2000000000,\"type\":\"focusLost\"}", "InputScript.maxFrame")] {
            do { _ = try InputScript.parseLine(line, line: 4); Issue.record("accepted \(line)") } catch {
                #expect(error.line == 4 && error.message.contains(limit), "\(error)")
            }
        }
    }

    @Test func errorsThatRepeatTheScriptEscapeControlCharactersAndCutLongValues() {
        for (line, shown) in [
            (#"{"frame":1,"type":"\u001b]0;pwned\u0007"}"#, #"unknown type "\u{1B}]0;pwned\u{7}""#),
            (#"{"frame":1,"type":"gamepadButton","pad":0,"button":"\u009b2J","down":true}"#, #"unknown button "\u{9B}2J""#),
            (#"{"frame":1,"type":"pointerDown","pointer":0,"device":"\u202Epen","x":1,"y":2}"#, #"got "\u{202E}pen""#),
            (#"{"frame":1,"type":"pointerDown","pointer":0,"x":"\u001b[2J","y":2}"#, #"field "x" must be a number, got the string "\u{1B}[2J""#),
            ("{\"frame\":1,\"type\":\"" + String(repeating: "z", count: 10_000) + "\"}", "…(9940 more characters)"),
        ] {
            do { _ = try InputScript.parseLine(line, line: 3); Issue.record("accepted \(line.prefix(80))") } catch {
                #expect(error.line == 3 && error.message.contains(shown), "\(error.message)")
                #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
                #expect(error.message.count < 200)
            }
        }
    }

    @Test func aLineThatGivesAFieldTwiceIsRefusedWithWhere() {
        #expect {
            try InputScript.parseLine(#"{"frame":1,"type":"focusLost","frame":2}"#, line: 9)
        } throws: { error in
            guard let e = error as? ScriptError else { return false }
            return e.line == 9 && e.message.contains(#"column 31: duplicate key "frame""#)
        }
    }

    @Test func theFrameDriverClampsWhateverThePlatformSends() {
        let m = InputLimits.maxPointerCoordinate
        #expect(InputEvent.pointerMove(pointer: 0, device: .mouse, at: Vec2(1e308, -.infinity)).clamped
                == .pointerMove(pointer: 0, device: .mouse, at: Vec2(m, -m)))
        #expect(InputEvent.pointerDown(pointer: 0, device: .touch, at: Vec2(.nan, 5)).clamped
                == .pointerDown(pointer: 0, device: .touch, at: Vec2(0, 5)))
        #expect(InputEvent.resize(w: 1e10, h: 0).clamped == .resize(w: InputLimits.maxWindowSide, h: 1))
        #expect(InputEvent.gamepadAxis(pad: 0, axis: .leftx, value: .nan).clamped == .gamepadAxis(pad: 0, axis: .leftx, value: 0))
        #expect(InputEvent.wheel(dx: .infinity, dy: 3).clamped == .wheel(dx: InputLimits.maxWheel, dy: 3))
    }
}
