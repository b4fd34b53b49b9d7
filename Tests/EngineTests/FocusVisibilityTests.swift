@testable import Engine
@testable import Geometry
import Testing

@Suite struct FocusVisibilityTests {
    @Test func keysAndPadsShowTheRingAndAPressHidesIt() {
        var f = FocusVisibility()
        #expect(!f.isVisible)
        f.note(.pointerMove(pointer: 0, device: .mouse, at: Vec2(1, 1)))
        f.note(.gamepadAxis(pad: 0, axis: .righttrigger, value: 1))
        f.note(.key(.left, down: false))
        #expect(!f.isVisible)
        f.note(.key(.left, down: true))
        #expect(f.isVisible)
        f.note(.pointerDown(pointer: 1, device: .touch, at: .zero))
        #expect(!f.isVisible)
        f.note(.gamepadAxis(pad: 0, axis: .leftx, value: -0.8))
        #expect(f.isVisible)
        f.note(.pointerDown(pointer: 0, device: .mouse, at: .zero))
        f.note(.gamepadButton(pad: 0, button: .dpdown, down: true))
        #expect(f.isVisible)
    }
}
