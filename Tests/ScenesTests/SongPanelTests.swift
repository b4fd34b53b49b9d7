@testable import Engine
import Geometry
@testable import Scenes
import Testing

/// The songs panel alone: laid out over a board's strip and sheet, read event by event.
@Suite struct SongPanelTests {
    /// Twenty songs in a panel with room for a few rows, song "Song 3" open.
    func make(open: String? = "Song 3") -> SongPanel {
        var p = SongPanel(names: (0..<20).map { "Song \($0)" }, selected: 3)
        p.layout(strip: Rect(x: 16, y: 52, w: 448, h: 68), sheet: Rect(x: 16, y: 130, w: 448, h: 180), open: open)
        return p
    }

    @Test func theKeysMoveTheSelectionAndTheRowsFollowIt() {
        var p = make()
        let shown = p.rowsShown
        #expect(shown >= 1 && shown < 20)
        let input = InputState()
        for _ in 0..<12 {
            let r = p.handle(.key(.down, down: true), input: input)
            #expect(r == .announce("\(p.names[p.selected]) · Return opens it"))
            #expect(p.top <= p.selected && p.selected < p.top + shown)
            // The selected row is inside the panel, above its buttons.
            #expect(p.rowFrame(p.selected).maxY <= p.buttonsFrame.minY)
        }
        #expect(p.selected == 15)
        for _ in 0..<30 { _ = p.handle(.key(.up, down: true), input: input) }
        #expect(p.selected == 0 && p.top == 0)
        #expect(p.handle(.key(.enter, down: true), input: input) == .open("Song 0"))
    }

    @Test func pressesAskForWhatTheyHit() {
        var p = make()
        let input = InputState()
        #expect(p.handle(.pointerDown(pointer: 0, device: .mouse, at: p.rowFrame(p.top + 1).center), input: input) == .open(p.names[p.top + 1]))
        #expect(p.handle(.pointerDown(pointer: 0, device: .mouse, at: p.buttons[3].rect.center), input: input) == .button(3))
        #expect(p.handle(.pointerDown(pointer: 0, device: .mouse, at: Vec2(2, 2)), input: input) == .close)
        // With no song open, Rename and Delete do nothing.
        var none = make(open: nil)
        #expect(none.handle(.pointerDown(pointer: 0, device: .mouse, at: none.buttons[1].rect.center), input: input) == .none)
        #expect(none.handle(.pointerDown(pointer: 0, device: .mouse, at: none.buttons[2].rect.center), input: input) == .none)
        #expect(p.handle(.fileDropped(path: "/tmp/a song.cho"), input: input) == .importFile("/tmp/a song.cho"))
    }

    @Test func aNameIsTypedThenRenamedOrCancelled() {
        var p = make()
        let input = InputState()
        p.renaming = TextField(text: "Song 3", caret: 6)
        _ = p.handle(.text(" live"), input: input)
        #expect(p.renaming?.text == "Song 3 live")
        #expect(p.handle(.key(.enter, down: true), input: input) == .rename)
        #expect(p.renaming?.text == "Song 3 live")
        #expect(p.handle(.key(.escape, down: true), input: input) == .cancelRename)
        #expect(p.renaming == nil)
    }

    @Test func theWheelScrollsWithinTheList() {
        var p = make()
        let input = InputState()
        _ = p.handle(.wheel(dx: 0, dy: -1e6), input: input)
        #expect(p.top == 20 - p.rowsShown)
        _ = p.handle(.wheel(dx: 0, dy: 1e6), input: input)
        #expect(p.top == 0)
    }
}
