import Engine
import Geometry
import Songs

// The songs: a Songs button in the bar opens a panel over the sheet listing them; a click
// (Return, A) opens one; New makes one, Rename renames the open one in place, Delete moves it
// to the trash, Export writes it as ChordPro.
extension BoardScene {
    /// Opens the panel on the open song; its keys are said as the pad names them when a pad
    /// opened it (a tour's pad user was told of ↑ ↓, Return and F2).
    public func openSongPanel() { openSongPanel(from: .keyboard) }

    func openSongPanel(from device: FocusDevice) {
        guard let shelf = songShelf else { return announce("Songs need the songs' folder: play in a window without --sheet, or with --song NAME") }
        cancelHands()
        if lyric != nil { endLyric() }
        typing.saveTyping()
        let names = shelf.names()
        var panel = SongPanel(names: names, selected: songName.flatMap { names.firstIndex(of: $0) } ?? 0)
        layoutSongPanel(&panel)
        songPanel = panel
        switch device {
        case .keyboard: announce("Songs · \(names.count) · ↑ ↓ and Return open one · F2 renames the open song · Escape closes")
        case .gamepad: announce("Songs · \(names.count) · D-pad ↑ ↓ and A open one · X makes one · Y exports · B closes")
        }
    }

    func closeSongPanel() {
        songPanel = nil
        announce("")
    }

    func layoutSongPanel(_ panel: inout SongPanel) {
        panel.layout(strip: stripFrame, sheet: sheetFrame, open: songName)
    }

    /// Input while the panel is open: it takes every event, and asks for what the songs do.
    func songPanelInput(_ e: InputEvent, input: InputState) {
        guard var panel = songPanel else { return }
        let request = panel.handle(e, input: input)
        // Any other press, click, scroll or typing takes an armed Delete back (a key's repeat
        // is its press going on; a move of the mouse to the button is not another thing).
        if panel.deleteArmed, request != .button(2) {
            switch e {
            case .key(_, true), .gamepadButton(_, _, true), .pointerDown, .wheel, .text, .fileDropped: panel.armDelete(false)
            default: break
            }
        }
        songPanel = panel
        switch request {
        case .none: break
        case .close: closeSongPanel()
        case .open(let name): openSong(name)
        case .button(let i): songButton(i)
        case .rename: finishRename()
        case .cancelRename: announce("Rename cancelled")
        case .importFile(let path):
            songPanel = nil
            announce(songShelf?.importFile(path) ?? "")
        case .announce(let text): announce(text)
        }
    }

    /// New, Rename, Delete, Export, Close.
    private func songButton(_ i: Int) {
        guard let shelf = songShelf, var panel = songPanel else { return }
        switch i {
        case 0:
            var name = "New song", n = 1
            while panel.names.contains(name) { n += 1; name = "New song \(n)" }
            if let problem = shelf.create(name) { return announce("Could not make \(name): \(problem)") }
            songPanel = nil
            beginLyric(line: 0, caret: 0)
            announce("New song “\(name)” · type its first line; Songs renames it")
        case 1:
            guard let current = songName else { return }
            panel.renaming = TextField(text: current, caret: current.count)
            panel.renaming!.selectAll()
            panel.selected = panel.names.firstIndex(of: current) ?? panel.selected
            layoutSongPanel(&panel)
            songPanel = panel
            announce("Type the new name · Return renames, Escape cancels")
        case 2:
            guard let current = songName else { return }
            // Two presses: a slip of the finger (Delete is also the chords' key) loses no song.
            guard panel.deleteArmed else {
                panel.armDelete(true)
                songPanel = panel
                return announce("Delete again to move “\(current)” to the songs' trash · another key or click keeps it")
            }
            panel.armDelete(false)
            if let problem = shelf.delete(current) {
                songPanel = panel
                return announce("Could not delete \(current): \(problem)")
            }
            // Its edits that could not be saved went with it: nothing to keep of it.
            unsavedBecause = nil
            let names = shelf.names()
            songName = nil
            if let next = names.first {
                _ = shelf.open(next)
            } else {
                _ = shelf.create("New song")
            }
            panel.names = shelf.names()
            panel.selected = songName.flatMap { panel.names.firstIndex(of: $0) } ?? 0
            layoutSongPanel(&panel)
            songPanel = panel
            announce("“\(current)” moved to the songs' trash · now “\(songName ?? "")”")
        case 3:
            announce(shelf.export(songName ?? "song", document))
        default:
            closeSongPanel()
        }
    }

    private func finishRename() {
        guard let shelf = songShelf, var panel = songPanel, let field = panel.renaming, let current = songName else { return }
        let to = field.text
        if to != current, let problem = shelf.rename(current, to: to) {
            return announce("Not renamed: \(problem)")
        }
        songName = to
        panel.renaming = nil
        panel.names = shelf.names()
        panel.selected = panel.names.firstIndex(of: to) ?? 0
        layoutSongPanel(&panel)
        songPanel = panel
        announce(to == current ? "Name kept: “\(to)”" : "Renamed to “\(to)”")
    }

    private func openSong(_ name: String) {
        guard let shelf = songShelf else { return }
        if name != songName, let problem = shelf.open(name) { return announce("Could not open \(name): \(problem)") }
        songPanel = nil
        announce("“\(name)” · \(document.lines.count) lines")
    }

    /// The rename field's caret, for text input.
    var songRenameCaret: Rect? { songPanel?.renameCaret(font: font) }
}
