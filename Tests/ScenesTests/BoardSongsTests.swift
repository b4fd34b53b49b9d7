@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

/// Songs kept in memory, as the app's shelf keeps them in the songs' folder.
final class MemoryShelf: SongShelf {
    var songs: [String: SheetDocument]
    var trash: [String] = []
    var exported: [String] = []
    weak var board: BoardScene?

    init(_ songs: [String: SheetDocument]) { self.songs = songs }

    func names() -> [String] { songs.keys.sorted() }
    func open(_ name: String) -> String? {
        guard let doc = songs[name], let board else { return "no such song" }
        board.songName = name
        board.load(doc)
        board.onChange = { [weak self] in self?.songs[name] = $0 }
        return nil
    }
    func create(_ name: String) -> String? {
        guard songs[name] == nil else { return "taken" }
        songs[name] = .newSong
        return open(name)
    }
    func rename(_ from: String, to: String) -> String? {
        guard songs[to] == nil, let doc = songs.removeValue(forKey: from) else { return "a song \"\(to)\" is there already" }
        songs[to] = doc
        return open(to)
    }
    func delete(_ name: String) -> String? {
        board?.onChange = nil
        guard songs.removeValue(forKey: name) != nil else { return "no such song" }
        trash.append(name)
        return nil
    }
    func export(_ name: String, _ doc: SheetDocument) -> String {
        exported.append(ChordPro.write(doc))
        return "Exported \(name)"
    }
    var dropped: [String] = []
    func importFile(_ path: String) -> String {
        dropped.append(path)
        return create("Dropped") == nil ? "Imported “Dropped”" : "Not imported"
    }
}

@Suite struct BoardSongsTests {
    func make() -> (Shell, BoardScene, MemoryShelf) {
        let shelf = MemoryShelf(["Калинка": try! ChordPro.parse("[Am]Калинка, калинка\n"), "Amazing Grace": .empty, "Zebra": .newSong])
        let (shell, board) = makeBoard()
        shelf.board = board
        board.songShelf = shelf
        _ = shelf.open("Amazing Grace")
        return (shell, board, shelf)
    }

    func click(_ shell: Shell, _ p: Vec2) {
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: p)], 2: [.pointerUp(pointer: 0, device: .mouse, at: p)]])
    }

    func keys(_ shell: Shell, _ names: [String]) {
        var events: [Int: [InputEvent]] = [:]
        for (i, n) in names.enumerated() { events[i + 1] = [.key(Key(n), down: true), .key(Key(n), down: false)] }
        runShell(shell, frames: names.count + 1, events: events)
    }

    /// The banner lies over a tall songs panel's buttons (Delete under its middle): a click
    /// on it puts it away there too, and neither arms Delete nor, clicked twice, trashes the
    /// open song (a review).
    @Test func aClickOnTheBannerOverTheSongsPanelPutsItAwayAndDeletesNothing() {
        let names = (0..<20).map { "Song \($0)" }
        let shelf = MemoryShelf(Dictionary(uniqueKeysWithValues: names.map { ($0, SheetDocument.newSong) }))
        let (shell, board) = makeBoard()
        shelf.board = board
        board.songShelf = shelf
        _ = shelf.open("Song 0")
        click(shell, board.songsButton.rect.center)
        #expect(board.songPanel != nil)
        board.showBanner("song “Song 3” not opened: it could not be read")
        guard let b = board.bar.bannerFrame(font: testFont(), over: board.bounds) else { Issue.record("no banner"); return }
        #expect(board.songPanel!.buttons.contains { $0.rect.contains(b.center) }, "the banner lies over the panel's buttons")
        click(shell, b.center)
        #expect(board.banner == nil && board.songPanel?.deleteArmed == false)
        // Armed by its own button, Delete is taken back by a click on a banner.
        click(shell, board.songPanel!.buttons[2].rect.center)
        #expect(board.songPanel?.deleteArmed == true)
        board.showBanner("another message")
        click(shell, b.center)
        #expect(board.banner == nil && board.songPanel?.deleteArmed == false && shelf.trash.isEmpty)
    }

    @Test func thePanelIsAsTallAsItsSongsNeedAndSaysWhenThereAreMore() {
        // Four songs on a 4K board: the panel fits them and its buttons, not the board's height.
        var few = SongPanel(names: ["a", "b", "c", "d"], selected: 0)
        few.layout(strip: Rect(x: 0, y: 40, w: 1920, h: 110), sheet: Rect(x: 0, y: 150, w: 1920, h: 870), open: "a")
        #expect(few.rowsShown >= 4 && few.frame.height < 300)
        #expect(few.buttonsFrame.minY > few.rowFrame(3).maxY)
        // Forty on a short board: as tall as the board, with a bar that says there are more.
        var many = SongPanel(names: (0..<40).map { "Song \($0)" }, selected: 0)
        many.layout(strip: Rect(x: 0, y: 40, w: 480, h: 70), sheet: Rect(x: 0, y: 110, w: 480, h: 160), open: nil)
        #expect(many.frame.maxY == 270 && many.rowsShown < 40)
        var list = DrawList(), bare = DrawList()
        many.draw(into: &list, font: testFont())
        many.names = Array(many.names.prefix(many.rowsShown))
        many.draw(into: &bare, font: testFont())
        #expect(list.vertices.count == bare.vertices.count + 4)
    }

    /// The panel takes the input while open, so it first ends what the hands were doing on the
    /// board: a hostile tour's card dragged under it stayed carried, and the release of a
    /// click on Close dropped it there; a tap on Songs left a press the board never saw end,
    /// so it never rested again; a pad's carry outlived the pad.
    @Test func openingThePanelEndsWhatTheHandsHeldAndTheBoardRestsAfter() {
        let (shell, board, _) = make()
        // A card dragged onto the sheet, still held: Ctrl+O opens the panel over it.
        let card = board.itemRootFrame(0).center, over = board.lineRootFrame(1).center
        runShell(shell, frames: 6, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: card)],
                                            2: [.pointerMove(pointer: 0, device: .mouse, at: card + Vec2(0, 40))],
                                            3: [.pointerMove(pointer: 0, device: .mouse, at: over)]])
        #expect(board.ghosts.count == 1 && board.ghosts[0].isCarried)
        runShell(shell, frames: 3, events: [1: [.key(Key("Left Ctrl"), down: true), .key(Key("O"), down: true)],
                                            2: [.key(Key("O"), down: false), .key(Key("Left Ctrl"), down: false)]])
        #expect(board.songPanel != nil && board.ghosts.allSatisfy { !$0.isCarried })
        // The drag's release and a click on Close: nothing dropped, the card went home.
        let close = board.songPanel!.buttons[4].rect.center
        runShell(shell, frames: 2, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: close)]])
        click(shell, close)
        runShell(shell, frames: 120)
        #expect(board.songPanel == nil && board.document == .empty && board.ghosts.isEmpty)
        #expect(board.due == .never)
        // A tap on Songs, then Escape: the board rests.
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 5, device: .touch, at: board.songsButton.rect.center)],
                                            2: [.pointerUp(pointer: 5, device: .touch, at: board.songsButton.rect.center)]])
        #expect(board.songPanel != nil)
        keys(shell, ["Escape"])
        runShell(shell, frames: 30)
        #expect(board.songPanel == nil && board.due == .never)
        // A pad's carry, the panel opened with a click, the pad pulled out: the card goes home.
        runShell(shell, frames: 4, events: [1: [.gamepadAdded(pad: 0)], 2: [.gamepadButton(pad: 0, button: .a, down: true)],
                                            3: [.gamepadButton(pad: 0, button: .a, down: false)]])
        #expect(board.keyCarry != nil)
        click(shell, board.songsButton.rect.center)
        runShell(shell, frames: 2, events: [1: [.gamepadRemoved(pad: 0)]])
        keys(shell, ["Escape"])
        runShell(shell, frames: 120)
        #expect(board.keyCarry == nil && board.ghosts.isEmpty && board.due == .never)
    }

    /// A trigger held as its pad was pulled out pulls again when the pad comes back.
    @Test func aTriggerHeldAsItsPadWentPullsAgainWhenItComesBack() {
        let (shell, board, _) = make()
        _ = board.songShelf?.open("Калинка")
        func pull(_ events: [InputEvent]) { runShell(shell, frames: 2, events: [1: events]) }
        pull([.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 1)])
        let first = board.document.lines[0].chords.first?.name
        #expect(first != nil && first != "Am", "\(board.document.lines)")
        pull([.gamepadRemoved(pad: 0)])
        pull([.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 1)])
        #expect(board.document.lines[0].chords.first?.name == "Bm", "\(board.document.lines)")
    }

    /// A trigger pulled, the songs panel opened, the trigger let go under it, the panel
    /// closed: the next pull transposes (the release under the panel was never seen).
    @Test func aTriggerLetGoUnderTheSongsPanelPullsAgainAfter() {
        let (shell, board, _) = make()
        _ = board.songShelf?.open("Калинка")
        func pull(_ events: [InputEvent]) { runShell(shell, frames: 2, events: [1: events]) }
        pull([.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 1)])
        #expect(board.document.lines[0].chords.first?.name == "Bbm", "\(board.document.lines)")
        click(shell, board.songsButton.rect.center)
        #expect(board.songPanel != nil)
        pull([.gamepadAxis(pad: 0, axis: .righttrigger, value: 0)])
        keys(shell, ["Escape"])
        #expect(board.songPanel == nil)
        pull([.gamepadAxis(pad: 0, axis: .righttrigger, value: 1)])
        #expect(board.document.lines[0].chords.first?.name == "Bm", "\(board.document.lines)")
    }

    /// The same in one step (a script's or a recording's frame): let go under the panel, the
    /// panel closed by B, pulled again. The release is seen as it goes by, not only as the pad
    /// stands at the step's end, which is pulled (a review).
    @Test func aTriggerLetGoUnderTheSongsPanelAndPulledInOneStepTransposes() {
        let (shell, board, _) = make()
        _ = board.songShelf?.open("Калинка")
        runShell(shell, frames: 2, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 1)]])
        #expect(board.document.lines[0].chords.first?.name == "Bbm", "\(board.document.lines)")
        click(shell, board.songsButton.rect.center)
        #expect(board.songPanel != nil)
        runShell(shell, frames: 2, events: [1: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0), .gamepadButton(pad: 0, button: .b, down: true),
                                                 .gamepadAxis(pad: 0, axis: .righttrigger, value: 1), .gamepadButton(pad: 0, button: .b, down: false)]])
        #expect(board.songPanel == nil)
        #expect(board.document.lines[0].chords.first?.name == "Bm", "\(board.document.lines)")
    }

    /// A trigger pulled on the board, let go on another tab, pulled again back on the board:
    /// it transposes again (the board never saw the release: a review).
    @Test func aTriggerLetGoOnAnotherTabPullsAgainBackOnTheBoard() {
        let shelf = MemoryShelf(["Калинка": try! ChordPro.parse("[Am]Калинка, калинка\n")])
        let board = BoardScene(document: .empty)
        let shell = Shell(scenes: [board, BoardScene(document: .empty)], size: Vec2(1280, 720), font: testFont())
        shelf.board = board
        board.songShelf = shelf
        _ = shelf.open("Калинка")
        // One run, one input state, as a window has.
        func pad(_ button: GamepadButton) -> [InputEvent] { [.gamepadButton(pad: 0, button: button, down: true), .gamepadButton(pad: 0, button: button, down: false)] }
        runShell(shell, frames: 12, events: [
            1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 1)],
            3: pad(.rightshoulder),
            5: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0)],
            7: pad(.leftshoulder),
            9: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 1)],
        ])
        #expect(shell.activeScene === board)
        #expect(board.document.lines[0].chords.first?.name == "Bm", "\(board.document.lines)")
    }

    /// A fast Ctrl+O — O pressed, Ctrl let go and O let go in one frame, as xdotool, VNC or a
    /// quick roll-off send them — opens the songs; Ctrl pressed after O in one frame does
    /// not make it Ctrl+O. (The step read Ctrl as of the frame's end: a tour's ten Ctrl+O
    /// opened nothing, and the Escape that followed quit the app.)
    @Test func aFastCtrlOOpensTheSongsAndCtrlPressedAfterOIsNotCtrlO() {
        let (shell, board, _) = make()
        let ctrl = Key("Left Ctrl"), o = Key("O")
        runShell(shell, frames: 3, events: [1: [.key(ctrl, down: true)], 2: [.key(o, down: true), .key(ctrl, down: false), .key(o, down: false)]])
        #expect(board.songPanel != nil)
        keys(shell, ["Escape"])
        #expect(board.songPanel == nil)
        runShell(shell, frames: 3, events: [1: [.key(o, down: true), .key(ctrl, down: true), .key(o, down: false), .key(ctrl, down: false)]])
        #expect(board.songPanel == nil)
    }

    /// At 480×320 the panel's announcement loses its last parts whole, never a word cut
    /// (a tour read "Songs · 2 · ↑ ↓ and …").
    @Test func aLongAnnouncementLosesItsLastPartsWholeOnASmallBar() {
        let shelf = MemoryShelf(["Калинка": .empty, "Zebra": .newSong])
        let (shell, board) = makeBoard(size: Vec2(480, 320))
        shelf.board = board
        board.songShelf = shelf
        _ = shelf.open("Zebra")
        click(shell, board.songsButton.rect.center)
        let lines = board.barLines(font: shell.font)
        #expect(board.announcement.hasPrefix("Songs · 2 · "))
        #expect(!lines.isEmpty && lines.last?.hasSuffix("…") != true, "\(lines)")
        let parts = board.announcement.split(separator: " · "), shown = lines.joined(separator: " ")
        #expect((2..<parts.count).contains { parts.prefix($0).joined(separator: " · ") == shown }, "\(lines)")
        // A quoted name is one part, whatever it holds.
        #expect(BoardBar.announcementParts("“Intro · Outro” moved to the songs' trash · now “A · B”") == ["“Intro · Outro” moved to the songs' trash", "now “A · B”"])
        // A quote left open keeps nothing whole (a review: the bar cut words again).
        #expect(BoardBar.announcementParts("Opened “Say “Hi · 4 lines · Space lifts C") == ["Opened “Say “Hi", "4 lines", "Space lifts C"])
    }

    @Test func theSongsButtonListsTheSongsAndAClickOpensOne() {
        let (shell, board, shelf) = make()
        click(shell, board.songsButton.rect.center)
        #expect(board.songPanel?.names == ["Amazing Grace", "Zebra", "Калинка"])
        #expect(board.songPanel?.selected == 0)
        // The panel takes the keys: "-" does not transpose the song behind it.
        keys(shell, ["-"])
        #expect(board.document == .empty)
        click(shell, board.songPanel!.rowFrame(2).center)
        #expect(board.songPanel == nil && board.songName == "Калинка")
        #expect(board.document.lines[0].text == "Калинка, калинка" && board.stripNames.first == "C")
        #expect(boardDump(shell)["song"] == .string("Калинка"))
        // From the keyboard: ↑ and Return.
        click(shell, board.songsButton.rect.center)
        keys(shell, ["Up", "Return"])
        #expect(board.songName == "Zebra" && board.document == .newSong)
        _ = shelf
    }

    @Test func theKeyboardAndAPadOpenThePanelExportAndMakeASong() {
        let (shell, board, shelf) = make()
        runShell(shell, frames: 2, events: [1: [.key(Key("Left Ctrl"), down: true), .key(Key("O"), down: true)],
                                            2: [.key(Key("O"), down: false), .key(Key("Left Ctrl"), down: false)]])
        #expect(board.songPanel != nil)
        runShell(shell, frames: 2, events: [1: [.key(Key("Left Ctrl"), down: true), .key(Key("E"), down: true)],
                                            2: [.key(Key("E"), down: false), .key(Key("Left Ctrl"), down: false)]])
        #expect(shelf.exported.count == 1)
        keys(shell, ["Escape"])
        #expect(board.songPanel == nil)
        // A pad: the left stick's press opens it, X makes a new song.
        runShell(shell, frames: 2, events: [1: [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .leftstick, down: true)],
                                            2: [.gamepadButton(pad: 0, button: .leftstick, down: false)]])
        #expect(board.songPanel != nil)
        // Its keys said as the pad names them (a tour's pad user was told of ↑ ↓, Return, F2).
        #expect(board.announcement == "Songs · 3 · D-pad ↑ ↓ and A open one · X makes one · Y exports · B closes", "\(board.announcement)")
        runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: .x, down: true)], 2: [.gamepadButton(pad: 0, button: .x, down: false)]])
        #expect(board.songName == "New song" && board.songPanel == nil)
    }

    @Test func renameTypesANewNameInPlaceAndANameTakenIsRefused() {
        let (shell, board, shelf) = make()
        click(shell, board.songsButton.rect.center)
        keys(shell, ["F2"])
        #expect(board.songPanel?.renaming?.text == "Amazing Grace" && board.songPanel?.renaming?.selection == 0..<13)
        #expect(board.textInputRect != nil)
        runShell(shell, frames: 1, events: [1: [.text("Zebra")]])
        keys(shell, ["Return"])
        #expect(board.announcement.hasPrefix("Not renamed: a song \"Zebra\" is there already"))
        keys(shell, ["Backspace"])
        runShell(shell, frames: 1, events: [1: [.text("о ёлке")]])
        keys(shell, ["Return"])
        #expect(board.songName == "Zebrо ёлке" && shelf.songs["Zebrо ёлке"] == .empty && shelf.songs["Amazing Grace"] == nil)
        #expect(board.songPanel?.renaming == nil && board.songPanel?.names.contains("Zebrо ёлке") == true)
        keys(shell, ["Escape"])
        #expect(board.songPanel == nil && board.textInputRect == nil)
    }

    /// A name wider than the rename field scrolls so its caret shows, and the name is drawn
    /// only inside the field (a hostile tour's 120-letter name ran past it, the caret unseen).
    @Test(arguments: [Vec2(480, 320), Vec2(1280, 720)])
    func aLongNameScrollsInTheRenameFieldToShowItsCaret(size: Vec2) throws {
        let (shell, board, _) = make()
        runShell(shell, frames: 1, events: [1: [.resize(w: size.x, h: size.y)]])
        click(shell, board.songsButton.rect.center)
        keys(shell, ["F2"])
        runShell(shell, frames: 1, events: [1: [.text(String(repeating: "W", count: 120))]])
        let panel = try #require(board.songPanel)
        let row = panel.rowFrame(panel.selected)
        let caret = try #require(board.textInputRect)
        #expect(caret.minX >= row.minX && caret.maxX <= row.maxX, "caret \(caret) outside the field \(row)")
        keys(shell, ["Home"])
        let home = try #require(board.textInputRect)
        #expect(abs(home.minX - (row.minX + 12)) < 0.5)
    }

    @Test func newDeleteAndExportWorkOnTheOpenSong() {
        let (shell, board, shelf) = make()
        click(shell, board.songsButton.rect.center)
        let panel = board.songPanel!
        click(shell, panel.buttons[3].rect.center)
        #expect(shelf.exported.count == 1 && board.announcement == "Exported Amazing Grace")
        // Delete asks first: one press deletes nothing, the second does.
        click(shell, panel.buttons[2].rect.center)
        #expect(shelf.trash.isEmpty && board.songName == "Amazing Grace" && board.songPanel?.buttons[2].label == "Delete?")
        #expect(board.announcement.hasPrefix("Delete again"), "\(board.announcement)")
        click(shell, panel.buttons[2].rect.center)
        #expect(shelf.trash == ["Amazing Grace"] && board.songName == "Zebra")
        #expect(board.songPanel?.buttons[2].label == "Delete")
        #expect(board.songPanel?.names == ["Zebra", "Калинка"])
        click(shell, panel.buttons[0].rect.center)
        #expect(board.songName == "New song" && board.songPanel == nil && board.lyric?.line == 0)
        runShell(shell, frames: 1, events: [1: [.text("Первая строка")]])
        #expect(shelf.songs["New song"]?.lines.map(\.text) == ["Первая строка"])
        // A file dropped on the window is imported as a song and opened.
        runShell(shell, frames: 1, events: [1: [.fileDropped(path: "/tmp/song.cho")]])
        #expect(shelf.dropped == ["/tmp/song.cho"] && board.songName == "Dropped" && board.announcement == "Imported “Dropped”")
        // With no shelf there is no Songs button: a press there does nothing.
        let (plainShell, plain) = makeBoard()
        click(plainShell, board.songsButton.rect.center)
        #expect(plain.songPanel == nil)
    }

    /// A Delete pressed once, then anything else asked of the panel (another row, Export,
    /// the keys' way), deletes nothing: the next Delete asks again.
    @Test func aDeleteTakenBackByAnythingElseDeletesNothing() {
        let (shell, board, shelf) = make()
        click(shell, board.songsButton.rect.center)
        keys(shell, ["Delete"])
        #expect(board.songPanel?.deleteArmed == true)
        keys(shell, ["Down"])
        #expect(board.songPanel?.deleteArmed == false && board.songPanel?.buttons[2].label == "Delete")
        keys(shell, ["Delete"])
        #expect(shelf.trash.isEmpty && board.songName == "Amazing Grace")
        keys(shell, ["Delete"])
        #expect(shelf.trash == ["Amazing Grace"])
    }

    /// A Delete held down asks once: its repeats do not answer (a review's held key deleted);
    /// the wheel, a press of Tab or a trip to another tab take it back too.
    @Test func aHeldDeleteOrAnotherTabOrTheWheelDeletesNothing() {
        let (shell, board, shelf) = make()
        click(shell, board.songsButton.rect.center)
        runShell(shell, frames: 2, events: [1: [.key(Key("Delete"), down: true)]])
        runShell(shell, frames: 2, events: [1: [.keyRepeat(Key("Delete")), .keyRepeat(Key("Delete"))]])
        runShell(shell, frames: 1, events: [1: [.key(Key("Delete"), down: false)]])
        #expect(shelf.trash.isEmpty && board.songPanel?.deleteArmed == true)
        runShell(shell, frames: 1, events: [1: [.wheel(dx: 0, dy: -40)]])
        #expect(board.songPanel?.deleteArmed == false)
        keys(shell, ["Delete"])
        keys(shell, ["Q"])
        #expect(board.songPanel?.deleteArmed == false, "a key the panel has no use for takes it back too")
        #expect(shelf.trash.isEmpty && board.songName == "Amazing Grace")
        // The bar says so, rather than still asking for Delete again (a tour); a modifier
        // alone, pressed for the key after it, takes nothing back.
        #expect(board.announcement == "Kept “Amazing Grace” · Delete asks again")
        keys(shell, ["Delete"])
        keys(shell, ["Left Alt", "Left Shift"])
        #expect(board.songPanel?.deleteArmed == true && board.announcement.hasPrefix("Delete again"))
    }

    /// The keys and clicks the app takes for itself are "another key or click" too: F1 (the
    /// help opened and closed), G (the graph), the pad's Back, a click on ? or on the board's
    /// own tab left Delete armed, and the next Delete deleted.
    @Test func aDeleteArmedThenTheHelpOrTheGraphDeletesNothing() {
        for away in ["F1", "G", "pad back", "click ?", "click own tab"] {
            let (shell, board, shelf) = make()
            click(shell, board.songsButton.rect.center)
            keys(shell, ["Delete"])
            #expect(board.songPanel?.deleteArmed == true)
            switch away {
            case "pad back":
                runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: .back, down: true)],
                                                    2: [.gamepadButton(pad: 0, button: .back, down: false)]])
            case "click ?": click(shell, shell.chrome.helpButton.center)
            case "click own tab": click(shell, shell.chrome.tabs[shell.activeIndex].center)
            default: keys(shell, [away])
            }
            if shell.helpVisible { keys(shell, ["F1"]) }
            #expect(!shell.helpVisible && board.songPanel?.deleteArmed == false, "\(away)")
            keys(shell, ["Delete"])
            #expect(shelf.trash.isEmpty && board.songName == "Amazing Grace", "\(away)")
        }
    }

    @Test func aDeleteArmedThenAnotherTabAndBackDeletesNothing() {
        let shelf = MemoryShelf(["Калинка": try! ChordPro.parse("[Am]Калинка, калинка\n"), "Ель": try! ChordPro.parse("[C]Ель\n")])
        let board = BoardScene(document: .empty)
        let shell = Shell(scenes: [board, BoardScene(document: .empty)], size: Vec2(1280, 720), font: testFont())
        shelf.board = board
        board.songShelf = shelf
        _ = shelf.open("Калинка")
        click(shell, board.songsButton.rect.center)
        keys(shell, ["Delete"])
        #expect(board.songPanel?.deleteArmed == true)
        keys(shell, ["2"])
        keys(shell, ["1"])
        #expect(shell.activeScene === board && board.songPanel != nil)
        keys(shell, ["Delete"])
        #expect(shelf.trash.isEmpty && board.songName == "Калинка")
    }

    /// Ctrl+O opens the songs panel while a lyric has the caret too, leaving the text (a
    /// hostile tour found it typed nothing and opened nothing).
    @Test func ctrlOOpensTheSongsWhileTyping() {
        let (shell, board, _) = make()
        board.beginLyric(line: 0, caret: 0)
        runShell(shell, frames: 4, events: [1: [.key(Key("Left Ctrl"), down: true)], 2: [.key(Key("O"), down: true)],
                                             3: [.key(Key("O"), down: false), .key(Key("Left Ctrl"), down: false)]])
        #expect(board.songPanel != nil && board.lyric == nil)
        #expect(board.document.lines[0].text == SheetDocument.empty.lines[0].text)
    }
}
