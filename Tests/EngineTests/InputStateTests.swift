@testable import Engine
@testable import Entities
@testable import Geometry
import TestSupport
import Testing

@Suite struct InputStateTests {
    @Test func losingFocusCancelsEveryPointerAndReleasesKeys() {
        var s = InputState()
        var out: [InputEvent] = []
        s.process(.pointerDown(pointer: 0, device: .mouse, at: Vec2(1, 1)), into: &out)
        s.process(.pointerDown(pointer: 3, device: .touch, at: Vec2(2, 2)), into: &out)
        s.process(.key(.left, down: true), into: &out)
        out.removeAll()
        s.process(.focusLost, into: &out)
        #expect(out == [
            .pointerCancel(pointer: 0, device: .mouse),
            .pointerCancel(pointer: 3, device: .touch),
            .key(.left, down: false),
            .focusLost,
        ])
        #expect(s.pointers.isEmpty)
        #expect(!s.isDown(.left))
        // A late up for a cancelled pointer is not passed on.
        out.removeAll()
        s.process(.pointerUp(pointer: 0, device: .mouse, at: .zero), into: &out)
        #expect(out.isEmpty)
    }

    @Test func aRemovedGamepadForgetsItsState() {
        var s = InputState()
        var out: [InputEvent] = []
        s.process(.gamepadAdded(pad: 4), into: &out)
        s.process(.gamepadAxis(pad: 4, axis: .leftx, value: 0.8), into: &out)
        #expect(s.pad(4)?.axis(.leftx) == 0.8)
        s.process(.gamepadRemoved(pad: 4), into: &out)
        #expect(s.pad(4) == nil)
        #expect(out.last == .gamepadRemoved(pad: 4))
    }

    @Test func theRadialDeadZoneZeroesRestingSticksAndKeepsDirection() {
        // SDL reports resting sticks up to about ±8000/32767 ≈ 0.24.
        #expect(applyRadialDeadZone(Vec2(0.2, -0.1), deadZone: 0.24) == .zero)
        let v = applyRadialDeadZone(Vec2(0.6, 0.8), deadZone: 0.24)
        #expect(approx(v.length, 1, 1e-12))
        #expect(approx(v.x / v.y, 0.75, 1e-12))
        // Just past the zone the output is small: no jump at its edge.
        #expect(applyRadialDeadZone(Vec2(0.25, 0), deadZone: 0.24).length < 0.02)
    }

    @Test func aSecondDownOfTheSamePointerCancelsTheFirstGesture() {
        var s = InputState()
        var out: [InputEvent] = []
        s.process(.pointerDown(pointer: 1, device: .touch, at: .zero), into: &out)
        out.removeAll()
        s.process(.pointerDown(pointer: 1, device: .touch, at: Vec2(5, 5)), into: &out)
        #expect(out == [.pointerCancel(pointer: 1, device: .touch), .pointerDown(pointer: 1, device: .touch, at: Vec2(5, 5))])
    }

    @Test func aKeyRepeatPassesOnlyWhileTheKeyIsDown() {
        var state = InputState()
        var out: [InputEvent] = []
        state.process(.keyRepeat(.down), into: &out)
        #expect(out.isEmpty)
        state.process(.key(.down, down: true), into: &out)
        state.process(.keyRepeat(.down), into: &out)
        state.process(.key(.down, down: false), into: &out)
        state.process(.keyRepeat(.down), into: &out)
        #expect(out == [.key(.down, down: true), .keyRepeat(.down), .key(.down, down: false)])
    }

    @Test("Presses past InputLimits.maxPointers are ignored, with their gesture, until a pointer lifts")
    func pressesPastTheLimitAreIgnoredUntilAPointerLifts() {
        var s = InputState()
        var out: [InputEvent] = []
        let n = 30_000, limit = InputLimits.maxPointers
        for id in 1...n { s.process(.pointerDown(pointer: id, device: .touch, at: Vec2(Double(id % 800), 300)), into: &out) }
        #expect(s.pointers.count == limit)
        #expect(s.pointers.map(\.id) == Array(1...limit))
        #expect(out == (1...limit).map { InputEvent.pointerDown(pointer: $0, device: .touch, at: Vec2(Double($0 % 800), 300)) })
        // An ignored pointer's up and cancel are not passed on; a tracked one's are.
        out.removeAll()
        s.process(.pointerUp(pointer: n, device: .touch, at: .zero), into: &out)
        s.process(.pointerCancel(pointer: n - 1, device: .touch), into: &out)
        #expect(out.isEmpty)
        s.process(.pointerUp(pointer: 3, device: .touch, at: .zero), into: &out)
        #expect(out == [.pointerUp(pointer: 3, device: .touch, at: .zero)])
        // One lifted: the next press is taken.
        out.removeAll()
        s.process(.pointerDown(pointer: n + 1, device: .touch, at: Vec2(5, 5)), into: &out)
        #expect(out == [.pointerDown(pointer: n + 1, device: .touch, at: Vec2(5, 5))])
        #expect(s.pointers.count == limit && s.pointer(n + 1) != nil && s.pointer(3) == nil)
        // A second down of a tracked pointer at the limit still cancels and restarts it.
        out.removeAll()
        s.process(.pointerDown(pointer: 1, device: .touch, at: Vec2(9, 9)), into: &out)
        #expect(out == [.pointerCancel(pointer: 1, device: .touch), .pointerDown(pointer: 1, device: .touch, at: Vec2(9, 9))])
        #expect(s.pointers.count == limit)
        // Losing focus cancels exactly the tracked ones.
        out.removeAll()
        s.process(.focusLost, into: &out)
        #expect(out.count == limit + 1 && s.pointers.isEmpty)
    }
}
