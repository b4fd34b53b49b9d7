import Engine
import Testing

/// A binding table looks presses up by mode and Ctrl, and writes the help's rows.
@Suite struct BindingsTests {
    enum Act: Sendable, Equatable { case save, undo, shape, edit, editShape }

    static let table = Bindings<Act>([
        Binding(.shape, "next shape", mouse: "Shape button", keys: [Key("S")], buttons: [.x], brief: "shape"),
        Binding(.undo, "undo", keys: [Key("Z")], ctrl: true, keyLabel: "Ctrl+Z", buttons: [.b]),
        Binding(.edit, "edit mode", keys: [Key("E")], buttons: [.start]),
        Binding(.editShape, "the edited shape's next point", mode: "Edit", keys: [Key("S")], padLabel: "Left stick"),
        Binding(.save, "described only", mouse: "Drag a point"),
    ])

    @Test func aPressIsLookedUpInItsModeOnly() {
        #expect(Self.table.action(for: .key(Key("S"), down: true)) == .shape)
        #expect(Self.table.action(for: .key(Key("S"), down: true), mode: "Edit") == .editShape)
        #expect(Self.table.action(for: .key(Key("E"), down: true), mode: "Edit") == nil)
        #expect(Self.table.action(for: .gamepadButton(pad: 3, button: .x, down: true)) == .shape)
        #expect(Self.table.action(for: .gamepadButton(pad: 3, button: .x, down: true), mode: "Edit") == nil)
    }

    @Test func releasesRepeatsAndPointersTriggerNothing() {
        #expect(Self.table.action(for: .key(Key("S"), down: false)) == nil)
        #expect(Self.table.action(for: .keyRepeat(Key("S"))) == nil)
        #expect(Self.table.action(for: .gamepadButton(pad: 0, button: .x, down: false)) == nil)
        #expect(Self.table.action(for: .pointerDown(pointer: 0, device: .mouse, at: .zero)) == nil)
    }

    @Test func aCtrlBindingNeedsCtrlAndOthersIgnoreIt() {
        #expect(Self.table.action(for: .key(Key("Z"), down: true)) == nil)
        #expect(Self.table.action(for: .key(Key("Z"), down: true), ctrl: true) == .undo)
        #expect(Self.table.action(for: .key(Key("S"), down: true), ctrl: true) == .shape)
        #expect(Self.table.binds(Key("Z"), mode: nil))
        #expect(!Self.table.binds(Key("Q"), mode: nil))
    }

    @Test func theHelpHasARowPerDevicePerBindingWithItsModeNamed() {
        let rows = Self.table.controls
        #expect(rows.filter { $0.input == .mouse }.map(\.trigger) == ["Shape button", "Drag a point"])
        #expect(rows.filter { $0.input == .keyboard }.map(\.trigger) == ["S", "Ctrl+Z", "E", "Edit: S"])
        #expect(rows.filter { $0.input == .gamepad }.map(\.trigger) == ["X", "B", "Start", "Edit: Left stick"])
        #expect(rows.first { $0.trigger == "Edit: S" }?.mode == "Edit")
        #expect(rows.first { $0.trigger == "S" }?.brief == "shape")
        // Rows are grouped by device, in the table's order within each.
        #expect(rows.map(\.input) == rows.map(\.input).sorted { Control.Input.allCases.firstIndex(of: $0)! < Control.Input.allCases.firstIndex(of: $1)! })
    }
}
