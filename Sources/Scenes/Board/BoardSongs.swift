import Engine
import Geometry
import Songs

/// The board's songs: a Songs button in the bar opens a panel over the sheet listing them; a
/// click (Return, A) opens one; New makes one, Rename renames the open one in place, Delete
/// moves it to the trash, Export writes it as ChordPro. The panel (`SongPanel`) lays itself
/// out, reads its events and draws itself; this is what its requests do to the board and the
/// songs' folder (`BoardScene.songShelf`).
final class BoardSongs {
    typealias FocusDevice = BoardScene.FocusDevice

    unowned let board: BoardScene
    /// The songs panel, while it is open.
    var panel: SongPanel?

    init(board: BoardScene) { self.board = board }

    /// Opens the panel on the open song; its keys are said as the pad names them when a pad
    /// opened it (a tour's pad user was told of ↑ ↓, Return and F2).
    func open(from device: FocusDevice) {
        guard let shelf = board.songShelf else { return board.announce("Songs need the songs' folder: play in a window without --sheet, or with --song NAME") }
        board.input.cancelHands()
        if board.lyric != nil { board.endLyric() }
        board.typing.saveTyping()
        let names = shelf.names()
        var panel = SongPanel(names: names, selected: board.songName.flatMap { names.firstIndex(of: $0) } ?? 0)
        layout(&panel)
        self.panel = panel
        switch device {
        case .keyboard: board.announce("Songs · \(names.count) · ↑ ↓ and Return open one · F2 renames the open song · Escape closes")
        case .gamepad: board.announce("Songs · \(names.count) · D-pad ↑ ↓ and A open one · X makes one · Y exports · B closes")
        }
    }

    func close() {
        panel = nil
        board.announce("")
    }

    /// An armed Delete is taken back (another key or click, the help opened, the tab left),
    /// and the bar says the song stays, rather than still asking for Delete again.
    func takeBackDelete() {
        guard panel?.deleteArmed == true else { return }
        panel?.armDelete(false)
        if let name = board.songName { board.announce("Kept “\(name)” · Delete asks again") }
    }

    func layout(_ panel: inout SongPanel) {
        panel.layout(strip: board.stripFrame, sheet: board.sheetFrame, open: board.songName)
    }

    /// Input while the panel is open: it takes every event, and asks for what the songs do.
    func input(_ e: InputEvent, input: InputState) {
        guard var panel = self.panel else { return }
        let request = panel.handle(e, input: input)
        // Any other press, click, scroll or typing takes an armed Delete back (a key's repeat
        // is its press going on; a move of the mouse to the button is not another thing).
        // (Not a modifier alone, pressed for the key after it: Alt took it back, and the bar
        // still asked for Delete again: a tour.)
        var takesBack = false
        if panel.deleteArmed, request != .button(2) {
            switch e {
            case .key(let k, true): takesBack = !k.isModifier
            case .gamepadButton(_, _, true), .pointerDown, .wheel, .text, .fileDropped: takesBack = true
            default: break
            }
        }
        self.panel = panel
        if takesBack { takeBackDelete() }
        switch request {
        case .none: break
        case .close: close()
        case .open(let name): openSong(name)
        case .button(let i): button(i)
        case .rename: finishRename()
        case .cancelRename: board.announce("Rename cancelled")
        case .importFile(let path):
            self.panel = nil
            board.announce(board.songShelf?.importFile(path) ?? "")
        case .announce(let text): board.announce(text)
        }
    }

    /// A ChordPro file dropped on the window becomes a song, opened (with the songs' folder).
    func importDropped(_ path: String) {
        guard let shelf = board.songShelf else { return board.announce("A dropped song needs the songs' folder: play in a window without --sheet, or with --song NAME") }
        if board.lyric != nil { board.endLyric() }
        board.typing.saveTyping()
        board.announce(shelf.importFile(path))
    }

    /// New, Rename, Delete, Export, Close.
    private func button(_ i: Int) {
        guard let shelf = board.songShelf, var panel = self.panel else { return }
        switch i {
        case 0:
            var name = "New song", n = 1
            while panel.names.contains(name) { n += 1; name = "New song \(n)" }
            if let problem = shelf.create(name) { return board.announce("Could not make \(name): \(problem)") }
            self.panel = nil
            board.beginLyric(line: 0, caret: 0)
            board.announce("New song “\(name)” · type its first line; Songs renames it")
        case 1:
            guard let current = board.songName else { return }
            panel.renaming = TextField(text: current, caret: current.count)
            panel.renaming!.selectAll()
            panel.selected = panel.names.firstIndex(of: current) ?? panel.selected
            layout(&panel)
            self.panel = panel
            board.announce("Type the new name · Return renames, Escape cancels")
        case 2:
            guard let current = board.songName else { return }
            // Two presses: a slip of the finger (Delete is also the chords' key) loses no song.
            guard panel.deleteArmed else {
                panel.armDelete(true)
                self.panel = panel
                return board.announce("Delete again to move “\(current)” to the songs' trash · another key or click keeps it")
            }
            panel.armDelete(false)
            if let problem = shelf.delete(current) {
                self.panel = panel
                return board.announce("Could not delete \(current): \(problem)")
            }
            // Its edits that could not be saved went with it: nothing to keep of it.
            board.unsavedBecause = nil
            let names = shelf.names()
            board.songName = nil
            if let next = names.first {
                _ = shelf.open(next)
            } else {
                _ = shelf.create("New song")
            }
            panel.names = shelf.names()
            panel.selected = board.songName.flatMap { panel.names.firstIndex(of: $0) } ?? 0
            layout(&panel)
            self.panel = panel
            board.announce("“\(current)” moved to the songs' trash · now “\(board.songName ?? "")”")
        case 3:
            board.announce(shelf.export(board.songName ?? "song", board.document))
        default:
            close()
        }
    }

    private func finishRename() {
        guard let shelf = board.songShelf, var panel = self.panel, let field = panel.renaming, let current = board.songName else { return }
        let to = field.text
        if to != current, let problem = shelf.rename(current, to: to) {
            return board.announce("Not renamed: \(problem)")
        }
        board.songName = to
        panel.renaming = nil
        panel.names = shelf.names()
        panel.selected = panel.names.firstIndex(of: to) ?? 0
        layout(&panel)
        self.panel = panel
        board.announce(to == current ? "Name kept: “\(to)”" : "Renamed to “\(to)”")
    }

    private func openSong(_ name: String) {
        guard let shelf = board.songShelf else { return }
        if name != board.songName, let problem = shelf.open(name) { return board.announce("Could not open \(name): \(problem)") }
        self.panel = nil
        board.announce("“\(name)” · \(board.document.lines.count) lines")
    }

    /// The rename field's caret, for text input.
    var renameCaret: Rect? { self.panel?.renameCaret(font: board.font) }

    /// The songs panel for the state dump: null, or its `names`, the `selected` row and the
    /// new name being typed (`renaming`, else null).
    var panelDump: JSONValue {
        guard let p = panel else { return .null }
        return .object([("names", .array(p.names.map { .string($0) })), ("selected", JSONValue(p.selected)),
                        ("renaming", p.renaming.map { .string($0.text) } ?? .null)])
    }
}
