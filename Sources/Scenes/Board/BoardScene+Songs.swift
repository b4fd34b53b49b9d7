import Engine
import Geometry
import Songs

/// Where the board's songs are kept: the app gives one (its songs' folder); without it the
/// board has its one sheet and no Songs button. Each call says what went wrong, or nil.
public protocol SongShelf: AnyObject {
    /// The songs' names, sorted.
    func names() -> [String]
    /// Opens song `name` in the board (`BoardScene.load`), its changes saved there from now on.
    func open(_ name: String) -> String?
    /// Makes a new song `name` (one empty line) and opens it.
    func create(_ name: String) -> String?
    /// Renames song `from` to `to`, never over another.
    func rename(_ from: String, to: String) -> String?
    /// Moves song `name` into the trash.
    func delete(_ name: String) -> String?
    /// Writes `doc` as ChordPro for song `name` somewhere of the app's; says where, or why not.
    func export(_ name: String, _ doc: SheetDocument) -> String
    /// Reads the ChordPro file at `path` into a new song and opens it; says which, or why not.
    func importFile(_ path: String) -> String
}

/// The songs panel: the songs to open, and the open one to rename, delete or export.
public struct SongPanel: Sendable {
    public var names: [String]
    /// The row the keys and pad are on.
    public var selected: Int
    /// The first row shown.
    public var top = 0
    /// The open song's new name while it is being renamed.
    public var renaming: TextField?
    /// The panel's buttons: New, Rename, Delete, Export, Close.
    var buttons: [Button] = ["New", "Rename", "Delete", "Export", "Close"].map { Button(rect: .zero, label: $0) }
}

// The songs: a Songs button in the bar opens a panel over the sheet listing them; a click
// (Return, A) opens one; New makes one, Rename renames the open one in place, Delete moves it
// to the trash, Export writes it as ChordPro.
extension BoardScene {
    static let songRow = 40.0

    /// The panel over the strip and the sheet (a short window has room for a few rows only
    /// there), with its rows and, at its foot, its buttons.
    var songPanelFrame: Rect {
        let top = stripFrame.minY, bottom = sheetFrame.maxY
        let w = min(sheetFrame.width - 16, 560.0), h = max(120, bottom - top)
        return Rect(x: sheetFrame.midX - w / 2, y: top, w: w, h: h)
    }

    var songButtonsFrame: Rect {
        let p = songPanelFrame
        return Rect(x: p.minX + 8, y: p.maxY - 52, w: p.width - 16, h: 44)
    }

    /// Rows that fit above the buttons.
    var songRowsShown: Int { max(1, Int((songButtonsFrame.minY - songPanelFrame.minY - 16) / Self.songRow)) }

    func songRowFrame(_ i: Int, top: Int) -> Rect {
        let p = songPanelFrame
        return Rect(x: p.minX + 8, y: p.minY + 8 + Double(i - top) * Self.songRow, w: p.width - 16, h: Self.songRow - 2)
    }

    /// Opens the panel on the open song.
    public func openSongPanel() {
        guard let shelf = songShelf else { return announce("Songs need the songs' folder: play with a window or --song NAME") }
        if lyric != nil { endLyric() }
        saveTyping()
        let names = shelf.names()
        var panel = SongPanel(names: names, selected: songName.flatMap { names.firstIndex(of: $0) } ?? 0)
        layoutSongPanel(&panel)
        songPanel = panel
        announce("Songs · \(names.count) · ↑ ↓ and Return open one, F2 renames the open song, Escape closes")
    }

    func closeSongPanel() {
        songPanel = nil
        announce("")
    }

    func layoutSongPanel(_ panel: inout SongPanel) {
        let b = songButtonsFrame, n = Double(panel.buttons.count), w = (b.width - 8 * (n - 1)) / n
        for i in panel.buttons.indices {
            panel.buttons[i].rect = Rect(x: b.minX + Double(i) * (w + 8), y: b.minY, w: w, h: b.height)
        }
        panel.buttons[1].isEnabled = songName != nil
        panel.buttons[2].isEnabled = songName != nil
        panel.selected = min(max(0, panel.selected), max(0, panel.names.count - 1))
        let shown = songRowsShown
        if panel.selected < panel.top { panel.top = panel.selected }
        if panel.selected >= panel.top + shown { panel.top = panel.selected - shown + 1 }
        panel.top = max(0, min(panel.top, max(0, panel.names.count - shown)))
    }

    /// Input while the panel is open: it takes every event.
    func songPanelInput(_ e: InputEvent, input: InputState) {
        guard var panel = songPanel else { return }
        switch e {
        case .pointerDown(_, let device, let at):
            if let i = panel.buttons.firstIndex(where: { $0.hit(at, device: device) }) {
                guard panel.buttons[i].isEnabled else { return }
                return songButton(i)
            }
            guard songPanelFrame.contains(at) else { return closeSongPanel() }
            for i in panel.top..<min(panel.names.count, panel.top + songRowsShown) where songRowFrame(i, top: panel.top).contains(at) {
                return openSong(panel.names[i])
            }
        case .fileDropped(let path):
            songPanel = nil
            announce(songShelf?.importFile(path) ?? "")
        case .wheel(_, let dy):
            panel.top = max(0, min(panel.top - Int((dy / Self.songRow).rounded()), max(0, panel.names.count - songRowsShown)))
            songPanel = panel
        case .text(let t) where panel.renaming != nil:
            panel.renaming!.insert(t)
            songPanel = panel
        case .key(let k, true) where panel.renaming != nil, .keyRepeat(let k) where panel.renaming != nil:
            switch k.name {
            case "Return", "Keypad Enter": return finishRename()
            case "Escape":
                panel.renaming = nil
                songPanel = panel
                return announce("Rename cancelled")
            default:
                if case .paste(let text) = panel.renaming!.handle(k, input: input) {
                    // A name is one line: the clipboard's first.
                    panel.renaming!.insert(String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }))
                }
                songPanel = panel
            }
        case .key(_, true), .keyRepeat, .gamepadButton(_, _, true):
            // (A held key's repeat does what its press does.)
            let press = if case .keyRepeat(let k) = e { InputEvent.key(k, down: true) } else { e }
            switch Self.bindings.action(for: press, mode: Self.songsMode, ctrl: input.ctrl) {
            case .chooseSong:
                var up = false
                if case .key(.up, _) = press { up = true }
                if case .gamepadButton(_, .dpup, _) = press { up = true }
                panel.selected += up ? -1 : 1
                layoutSongPanel(&panel)
                songPanel = panel
                if case .key = press, panel.names.indices.contains(panel.selected) {
                    announce("\(panel.names[panel.selected]) · Return opens it")
                }
            case .openSong: if panel.names.indices.contains(panel.selected) { openSong(panel.names[panel.selected]) }
            case .renameSong: songButton(1)
            case .deleteSong: songButton(2)
            case .newSong: songButton(0)
            case .exportSong: songButton(3)
            case .closeSongs: closeSongPanel()
            default: break
            }
        default: break
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
            if let problem = shelf.delete(current) { return announce("Could not delete \(current): \(problem)") }
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
        announce("Renamed to “\(to)”")
    }

    private func openSong(_ name: String) {
        guard let shelf = songShelf else { return }
        if name != songName, let problem = shelf.open(name) { return announce("Could not open \(name): \(problem)") }
        songPanel = nil
        announce("“\(name)” · \(document.lines.count) lines")
    }

    /// The rename field's caret, for text input.
    var songRenameCaret: Rect? {
        guard let panel = songPanel, let field = panel.renaming else { return nil }
        let row = songRowFrame(panel.selected, top: panel.top)
        let x = font.caretStops(of: field.text)[field.caret]
        return Rect(x: row.minX + 12 + x, y: row.midY - font.cellHeight / 2, w: 2, h: font.cellHeight)
    }

    func drawSongPanel(_ panel: SongPanel, into list: inout DrawList, font: BitmapFont) {
        let p = songPanelFrame
        list.fillRect(p, color: Color.panel.withAlpha(245))
        list.strokeRect(p, width: 1, color: Color.accent.withAlpha(160))
        list.pushClip(p)
        for i in panel.top..<min(panel.names.count, panel.top + songRowsShown) {
            let r = songRowFrame(i, top: panel.top)
            let open = panel.names[i] == songName
            if i == panel.selected { list.fillRect(r, color: Color.accent.withAlpha(open ? 140 : 70)) } else if open {
                list.fillRect(r, color: Color.accent.withAlpha(40))
            }
            let y = r.midY - font.cellHeight / 2
            if open, let field = panel.renaming {
                list.fillRect(r.insetBy(dx: 4, dy: 4), color: Color(255, 255, 255, 230))
                if field.hasSelection {
                    let stops = font.caretStops(of: field.text)
                    let lo = stops[field.selection.lowerBound], hi = stops[field.selection.upperBound]
                    list.fillRect(Rect(x: r.minX + 12 + lo, y: y - 1, w: hi - lo, h: font.cellHeight + 2), color: Color.accent.withAlpha(90))
                }
                list.text(field.text, at: Vec2(r.minX + 12, y), font: font, color: Color(hex: 0x2b2b33))
                if let c = songRenameCaret { list.fillRect(c, color: Color(hex: 0x2b2b33)) }
            } else {
                list.text(font.fitted(panel.names[i], width: r.width - 24), at: Vec2(r.minX + 12, y), font: font, color: .text)
            }
        }
        if panel.names.isEmpty {
            list.text("No songs yet · New makes one", at: Vec2(p.minX + 20, p.minY + 20), font: font, color: .dimText)
        }
        list.popClip()
        for b in panel.buttons { b.draw(into: &list, font: font) }
    }
}
