@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// Every scene's keys and pad buttons are looked up in its binding table, and its help is
/// written from the same table.
@Suite struct SceneBindingsTests {
    /// Each press listed once per mode, so the table says what the press does.
    func expectNoPressListedTwice<A>(_ table: Bindings<A>, _ name: String) {
        var keys: [String: Int] = [:], buttons: [String: Int] = [:]
        for b in table.all {
            for k in b.keys { keys["\(b.mode ?? "")|\(b.ctrl)|\(k.name)", default: 0] += 1 }
            for p in b.buttons { buttons["\(b.mode ?? "")|\(p)", default: 0] += 1 }
            let triggers = Control.Input.allCases.compactMap { b.trigger($0) }
            #expect(!triggers.isEmpty, "\(name): \(b.help) has no trigger")
        }
        for (k, n) in keys where n > 1 { Issue.record("\(name): key \(k) listed \(n) times") }
        for (k, n) in buttons where n > 1 { Issue.record("\(name): button \(k) listed \(n) times") }
    }

    @Test func noPressIsListedTwiceInOneMode() {
        expectNoPressListedTwice(PathScene.bindings, "path")
        expectNoPressListedTwice(TapScene.bindings, "tap")
        expectNoPressListedTwice(ArrowScene.bindings, "arrow")
        expectNoPressListedTwice(BoardControls.bindings, "board")
        expectNoPressListedTwice(BounceScene.bindings, "bounce")
        expectNoPressListedTwice(Shell.bindings, "shell")
    }

    @Test func theHelpIsTheTable() {
        #expect(PathScene().controls == PathScene.bindings.controls)
        #expect(BoardScene().controls == BoardControls.bindings.controls)
        #expect(Shell.globalControls == Shell.bindings.controls)
    }

    /// A binding with a key and a pad button does one thing: from the same start, its key and
    /// its button leave the scene in the same state (the device that pressed aside).
    @Test func aBindingsKeyAndButtonDoTheSame() {
        func dump(_ scene: () -> any Scene, _ e: InputEvent) -> String {
            let s = scene()
            let shell = Shell(scenes: [s], size: Vec2(1280, 720), font: testFont())
            shell.step(dt: 1.0 / 60, step: 0)
            shell.enqueue(e)
            shell.step(dt: 1.0 / 60, step: 1)
            guard case .object(var fields) = s.stateDump() else { return "" }
            fields.removeAll { ["focusDevice", "focusVisible", "focusRing", "announcement"].contains($0.0) }
            // Who carries is the device's, as is whether the focus ring shows.
            return JSONValue.object(fields).serialized().replacingOccurrences(of: "\"pad:0\"", with: "\"keyboard\"")
        }
        func check<A>(_ table: Bindings<A>, _ scene: @escaping () -> any Scene) {
            for b in table.all where b.mode == nil && !b.ctrl {
                // (A key the shell keeps, Escape off a carry, never reaches the scene.)
                guard let k = b.keys.first, let p = b.buttons.first, !Shell.bindings.binds(k, mode: nil) else { continue }
                let byKey = dump(scene, .key(k, down: true)), byPad = dump(scene, .gamepadButton(pad: 0, button: p, down: true))
                #expect(byKey == byPad, "\(scene().name): \(k.name) and \(p.label) (\(b.help))")
            }
        }
        check(PathScene.bindings) { PathScene() }
        check(TapScene.bindings) { TapScene() }
        check(ArrowScene.bindings) { ArrowScene() }
        check(BounceScene.bindings) { BounceScene(seed: 3) }
        check(BoardControls.bindings) { BoardScene() }
    }
}
