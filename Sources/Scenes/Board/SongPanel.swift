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

/// The songs panel: the songs to open, and the open one to rename, delete or export. It
/// lays itself out, reads the events it is given and draws itself; what it asks of the
/// songs (open one, a button, a rename done) it hands back as a `Request`.
public struct SongPanel: Sendable {
    public var names: [String]
    /// The row the keys and pad are on.
    public var selected: Int
    /// The first row shown.
    public var top = 0
    /// The open song's new name while it is being renamed.
    public var renaming: TextField?
    /// The panel's buttons: New, Rename, Delete, Export, Close.
    public internal(set) var buttons: [Button] = ["New", "Rename", "Delete", "Export", "Close"].map { Button(rect: .zero, label: $0) }
    /// Where it is: over the strip and the sheet (a short window has room for a few rows
    /// only there), with its rows and, at its foot, its buttons (`layout`).
    public internal(set) var frame = Rect.zero
    /// The open song, by name (nil: none; Rename and Delete then do nothing).
    var open: String?
    /// Delete was pressed once: the next press deletes (its button asks "Delete?"); any
    /// other request of the panel takes it back (`armDelete`).
    public private(set) var deleteArmed = false

    /// Arms Delete (`on`) or takes it back, its button saying which.
    mutating func armDelete(_ on: Bool) {
        deleteArmed = on
        buttons[2].label = on ? "Delete?" : "Delete"
    }

    static let row = 40.0

    /// What the panel asks for.
    enum Request: Equatable {
        case none, close, rename, cancelRename
        /// Open song `name`.
        case open(String)
        /// Button `i`: New, Rename, Delete, Export, Close.
        case button(Int)
        /// Import the file at this path.
        case importFile(String)
        /// Say this.
        case announce(String)
    }

    var buttonsFrame: Rect { Rect(x: frame.minX + 8, y: frame.maxY - 52, w: frame.width - 16, h: 44) }

    /// Rows that fit above the buttons.
    var rowsShown: Int { max(1, Int((buttonsFrame.minY - frame.minY - 16) / Self.row)) }

    /// Row `i`'s frame, the rows scrolled to `top`.
    public func rowFrame(_ i: Int) -> Rect {
        Rect(x: frame.minX + 8, y: frame.minY + 8 + Double(i - top) * Self.row, w: frame.width - 16, h: Self.row - 2)
    }

    /// Lays the panel out over `strip` and `sheet` (the board's frames), with song `open` open:
    /// the buttons at its foot, the selected row within the list and shown.
    mutating func layout(strip: Rect, sheet: Rect, open: String?) {
        // As tall as its rows (three at least) and buttons need, up to the board's height: at
        // 3840×2160 four songs stood atop 1,700 points of empty list (a visual tour).
        let needed = 16 + Double(max(3, names.count)) * Self.row + 60
        let w = min(sheet.width - 16, 560.0), h = max(120, min(sheet.maxY - strip.minY, needed))
        frame = Rect(x: sheet.midX - w / 2, y: strip.minY, w: w, h: h)
        self.open = open
        let b = buttonsFrame, n = Double(buttons.count), bw = (b.width - 8 * (n - 1)) / n
        for i in buttons.indices {
            buttons[i].rect = Rect(x: b.minX + Double(i) * (bw + 8), y: b.minY, w: bw, h: b.height)
        }
        buttons[1].isEnabled = open != nil
        buttons[2].isEnabled = open != nil
        keepSelectionShown()
    }

    /// The selected row within the list, and the rows scrolled to show it.
    mutating func keepSelectionShown() {
        selected = min(max(0, selected), max(0, names.count - 1))
        let shown = rowsShown
        if selected < top { top = selected }
        if selected >= top + shown { top = selected - shown + 1 }
        top = max(0, min(top, max(0, names.count - shown)))
    }

    /// Reads one event (the panel takes every event while it is open): a change of its own
    /// (a row chosen, the list scrolled, a name typed) is made here; the rest is asked for.
    mutating func handle(_ e: InputEvent, input: InputState) -> Request {
        switch e {
        case .pointerDown(_, let device, let at):
            if let i = buttons.firstIndex(where: { $0.hit(at, device: device) }) {
                return buttons[i].isEnabled ? .button(i) : .none
            }
            guard frame.contains(at) else { return .close }
            for i in top..<min(names.count, top + rowsShown) where rowFrame(i).contains(at) { return .open(names[i]) }
        case .fileDropped(let path): return .importFile(path)
        case .wheel(_, let dy):
            top = max(0, min(top - Int((dy / Self.row).rounded()), max(0, names.count - rowsShown)))
        case .text(let t) where renaming != nil:
            renaming!.insert(t)
        case .key(let k, true) where renaming != nil, .keyRepeat(let k) where renaming != nil:
            switch k.name {
            case "Return", "Keypad Enter": return .rename
            case "Escape":
                renaming = nil
                return .cancelRename
            default:
                if case .paste(let text) = renaming!.handle(k, input: input) {
                    // A name is one line: the clipboard's first.
                    renaming!.insert(String(text.prefix { !TextField.isLineBreak($0) }))
                }
            }
        case .key(_, true), .keyRepeat, .gamepadButton(_, _, true):
            // (A held key's repeat does what its press does.)
            let press = if case .keyRepeat(let k) = e { InputEvent.key(k, down: true) } else { e }
            switch BoardControls.bindings.action(for: press, mode: BoardControls.songsMode, ctrl: input.ctrl) {
            case .chooseSong:
                var up = false
                if case .key(.up, _) = press { up = true }
                if case .gamepadButton(_, .dpup, _) = press { up = true }
                selected += up ? -1 : 1
                keepSelectionShown()
                if case .key = press, names.indices.contains(selected) { return .announce("\(names[selected]) · Return opens it") }
            case .openSong: if names.indices.contains(selected) { return .open(names[selected]) }
            case .renameSong: return .button(1)
            case .deleteSong:
                // Delete asks first: a key held down must not answer for the hand (a review's
                // held Delete deleted with its first repeat).
                if case .keyRepeat = e { return .none }
                return .button(2)
            case .newSong: return .button(0)
            case .exportSong: return .button(3)
            case .closeSongs: return .close
            default: break
            }
        default: break
        }
        return .none
    }

    /// The rename field's caret, for text input.
    func renameCaret(font: BitmapFont) -> Rect? {
        guard let field = renaming else { return nil }
        let row = rowFrame(selected)
        let stops = font.caretStops(of: field.text)
        let x = stops[field.caret] - renameScroll(field, stops: stops, row: row)
        return Rect(x: row.minX + 12 + x, y: row.midY - font.cellHeight / 2, w: 2, h: font.cellHeight)
    }

    /// How far a name wider than the rename field is scrolled left: just enough that its
    /// caret shows (a hostile tour's 120-letter name ran past the field, its caret unseen).
    func renameScroll(_ field: TextField, stops: [Double], row: Rect) -> Double {
        max(0, stops[min(field.caret, stops.count - 1)] - (row.width - 28))
    }

    func draw(into list: inout DrawList, font: BitmapFont) {
        let p = frame
        // Opaque: the sheet's words showed through the list (a visual tour).
        list.fillRect(p, color: Color.panel)
        list.strokeRect(p, width: 1, color: Color.accent.withAlpha(160))
        list.pushClip(p)
        for i in top..<min(names.count, top + rowsShown) {
            let r = rowFrame(i)
            let isOpen = names[i] == open
            if i == selected { list.fillRect(r, color: Color.accent.withAlpha(isOpen ? 140 : 70)) } else if isOpen {
                list.fillRect(r, color: Color.accent.withAlpha(40))
            }
            let y = r.midY - font.cellHeight / 2
            if isOpen, let field = renaming {
                let box = r.insetBy(dx: 4, dy: 4)
                list.fillRect(box, color: Color(255, 255, 255, 230))
                let stops = font.caretStops(of: field.text)
                let left = r.minX + 12 - renameScroll(field, stops: stops, row: r)
                list.pushClip(box)
                if field.hasSelection {
                    let lo = stops[field.selection.lowerBound], hi = stops[field.selection.upperBound]
                    list.fillRect(Rect(x: left + lo, y: y - 1, w: hi - lo, h: font.cellHeight + 2), color: Color.accent.withAlpha(90))
                }
                list.text(field.text, at: Vec2(left, y), font: font, color: Color(hex: 0x2b2b33))
                if let c = renameCaret(font: font) { list.fillRect(c, color: Color(hex: 0x2b2b33)) }
                list.popClip()
            } else {
                list.text(font.fitted(names[i], width: r.width - 24), at: Vec2(r.minX + 12, y), font: font, color: .text)
            }
        }
        if names.isEmpty {
            list.text("No songs yet · New makes one", at: Vec2(p.minX + 20, p.minY + 20), font: font, color: .dimText)
        }
        // More songs than rows: a bar at the right edge says how many and where the rows are.
        if names.count > rowsShown {
            let track = Rect(x: p.maxX - 6, y: p.minY + 8, w: 3, h: Double(rowsShown) * Self.row - 2)
            let h = max(12, track.height * Double(rowsShown) / Double(names.count))
            let y = track.minY + (track.height - h) * Double(top) / Double(max(1, names.count - rowsShown))
            list.fillRect(Rect(x: track.minX, y: y, w: track.width, h: h), color: Color.text.withAlpha(120))
        }
        list.popClip()
        for b in buttons { b.draw(into: &list, font: font) }
    }
}
