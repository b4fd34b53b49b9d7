import Engine
import Entities
import Geometry
import Songs

/// Scene "board": technique 4 — copying drag & drop between two scrolling panels.
///
/// A horizontal strip of chord cards scrolls sideways; a sheet of lyric lines scrolls up and
/// down. A press on a card waits for 10 pt of movement and then decides: mostly vertical
/// picks up a copy, mostly horizontal scrolls the strip (and the decision holds). A press
/// held still for `holdTime` lifts instead, and what it lifted then follows in any
/// direction; that is how a chord placed on the sheet is lifted with a vertical drag. The
/// copy (a ghost) follows its pointer in root space; dropped on the sheet, it goes to the
/// line under the pointer (or, with the pointer off the lines, the line its visible body
/// overlaps most), converted into that line's space, at the ghost's x and centred
/// vertically. A placed chord dropped off the sheet is deleted. A ghost carried toward a
/// panel's edge, or resting in its edge zone, scrolls that panel (`EdgeAutoScroll`).
///
/// The keyboard and the gamepad share one focus (a card in the strip or a placed chord) and
/// carry with it: lift, move line by line and slot by slot, drop or cancel, each step told
/// in a one-line announcement at the bottom. Every change to the sheet can be undone.
public final class BoardScene: Scene {
    public let name = "board"
    public let title = "Board"

    /// The strip's cards: the song's own chords that the common ones lack (C♯m7, H7, B♭…),
    /// in the order the song first uses them, then the common ones (`chordNames`).
    public internal(set) var stripNames = BoardScene.chordNames
    /// The most of the song's own chords the strip shows before the common ones.
    public static let maxSongCards = 48

    /// Chord names in the order of `Resources/chords.png` (see `scripts/make-resources`): the
    /// common chords, drawn with their diagrams.
    public static let chordNames = ["C", "Dm", "Em", "F", "G", "Am", "Bdim", "C7", "D", "E", "A", "Bm", "G7", "Fmaj7", "Dsus4", "Cadd9"]
    static let atlasColumns = 8
    /// A card's size in the strip of a board at least 420 pt tall; shorter boards scale the
    /// strip down (`cardScale`) so a whole lyric line still shows under it.
    public static let cardSize = Vec2(72, 90)
    public static let placedSize = Vec2(40, 50)
    /// The card's visible body inside its box: the atlas draws each 64×80 card with a
    /// transparent 2-pixel margin, so 1/32 of the width and 1/40 of the height each side.
    public static let bodyInset = Vec2(1.0 / 32, 1.0 / 40)
    public static let lineHeight = 96.0
    public static let slop = 10.0
    /// A press held this long (seconds) within `slop` lifts what is under it.
    public static let holdTime = 0.35
    /// Auto-scroll's top speed (points per second) at the panel's very edge.
    public static let autoScrollSpeed = 900.0
    /// The keyboard's and gamepad's step along a line: a placed chord's width and a gap.
    public static let slotWidth = 48.0
    /// A card let go faster than this (points per second) is flicked: it lands where its
    /// flight would come to rest, not under the pointer.
    public static let flickSpeed = 1000.0
    /// Right-stick scroll speed at full deflection (points per second).
    public static let padScrollSpeed = 700.0

    public internal(set) var document: SheetDocument {
        didSet { lyricLayout.forget() }
    }
    /// The song open, by its name in the songs' folder (nil: the sheet file, or none).
    public var songName: String?
    /// Where the songs are (the app's songs' folder); nil: one sheet, no Songs button.
    public var songShelf: SongShelf?
    /// The songs panel, while it is open.
    public var songPanel: SongPanel? { songs.panel }
    /// The songs: the panel and what its requests do (`BoardSongs`).
    lazy var songs = BoardSongs(board: self)
    /// Opens the panel on the open song.
    public func openSongPanel() { songs.open(from: .keyboard) }
    /// Opens the songs panel (shown with a song shelf only).
    public var songsButton: Button { bar.songs }
    /// Voicings for the cards drawn at run time (the app reads `Resources/chords.txt`).
    public var diagrams = ChordDiagrams()
    /// Whether the app's font has been given (`setFont`): version 1 chords wait for it.
    var hasFont = false
    /// The font lyrics are measured with (the app's, from `setFont`).
    var font = BitmapFont.placeholder
    /// Each line's caret stops and chord positions (`LyricLayout`).
    lazy var lyricLayout = LyricLayout(board: self)
    /// Typing lyrics: the line with the caret, its text field and scroll, the caret's blink,
    /// presses on the text, and typing not yet saved (`LyricTyping`).
    lazy var typing = LyricTyping(board: self)
    /// The lyric line being typed in, if any: its line and its text field.
    public var lyric: LyricEdit? { typing.lyric }
    /// Puts the caret in line `line` at character `caret`.
    public func beginLyric(line: Int, caret: Int) { typing.beginLyric(line: line, caret: caret) }
    /// Leaves the text: keys steer the focus and carries again.
    public func endLyric() { typing.endLyric() }
    /// The drag and drop over the strip and the sheet: their spaces, the presses and what
    /// is carried (the ghosts).
    public internal(set) var dragDrop = DragDrop<Card>(rules: .init(slop: slop, holdTime: holdTime,
                                                                     autoScrollSpeed: autoScrollSpeed, bodyInset: bodyInset))
    /// With reduced motion, a let-go card flies home or into place on `Spring.reducedMotion`.
    public func setReducedMotion(_ reduced: Bool) {
        dragDrop.rules.flightSpring = reduced ? .reducedMotion : DragDrop<Card>.Rules.flightSpring
    }
    public var spaces: SpaceTree { dragDrop.spaces }
    public var strip: ScrollPanel { dragDrop.spaces[panel: stripSpace] }
    public var sheet: ScrollPanel { dragDrop.spaces[panel: sheetSpace] }
    /// Every ghost, carried or flying back, in the order lifted.
    public var ghosts: [Ghost] { dragDrop.carries }
    /// The lines carried ghosts would land on, in the order the ghosts were lifted.
    public var highlightedLines: [Int] { dragDrop.targets }
    /// What lifts and drops mean on the board: a chord placed, moved, deleted or flown back
    /// (`BoardDrops`).
    lazy var drops = BoardDrops(board: self)
    /// The carry made with keys or a pad, if any: its zone is a line.
    public var keyCarry: KeyCarry? { dragDrop.keyCarry }
    /// The strip card the focus is on, or returns to from the sheet.
    public internal(set) var focusIndex = 0
    /// Where the keyboard's and gamepad's focus is.
    public internal(set) var focus = Focus.card(0)
    /// Whether the focus ring shows: after keyboard or gamepad use, until the next press,
    /// and not while a lyric has the caret or the songs panel is open (the keys are theirs).
    public var focusVisible: Bool { keys.ring.isVisible && lyric == nil && songPanel == nil }
    /// Where each event goes (`BoardInput`).
    lazy var input = BoardInput(board: self)
    /// The keyboard and the pads: the focus steered, carrying with it, the sticks and
    /// triggers (`BoardKeys`).
    lazy var keys = BoardKeys(board: self)
    /// The last announcement: what the latest keyboard, gamepad or drop action did.
    public internal(set) var announcement = ""
    /// The bottom bar, its buttons and the banner over it (`BoardBar`).
    var bar = BoardBar()
    /// A message shown over the board for a few seconds (e.g. a sheet that could not be read).
    public var banner: String? { bar.banner.text }
    /// Called after every change to the sheet, with the new sheet (the app saves it).
    public var onChange: ((SheetDocument) -> Void)?
    /// Why the sheet shown is not what its file holds (its last save refused), or nil when
    /// it is: the app keeps such a sheet before another is opened over it.
    public var unsavedBecause: String?
    /// The sheet as it was opened (loaded, given a line if it had none), with its version 1
    /// chords put on their characters: what the file it came from holds, as the board reads it.
    public var openedDocument: SheetDocument { edits.opened }
    /// Sheet changes that can be undone (at least 50 are kept).
    public var history: UndoHistory<SheetDocument> { edits.history }
    /// The sheet's changes: committed, undone and redone (`SheetEdits`).
    lazy var edits = SheetEdits(board: self)
    /// Undo and Redo, each enabled while there is something to undo or redo.
    public var undoButton: Button { bar.undoRedo.undo.enabled(history.undoCount > 0) }
    public var redoButton: Button { bar.undoRedo.redo.enabled(history.redoCount > 0) }
    /// The song down or up a semitone (`transpose`).
    public var transposeButtons: (down: Button, up: Button) { bar.transpose }

    var stripSpace = SpaceTree.SpaceID.root
    var stripContent = SpaceTree.SpaceID.root
    var sheetSpace = SpaceTree.SpaceID.root
    var sheetContent = SpaceTree.SpaceID.root
    var lineSpaces: [SpaceTree.SpaceID] = []
    let world = World()
    private var schedule = SceneSchedule<BoardScene>()
    var bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    /// 1, or 0.6 on a board under 420 pt tall.
    public internal(set) var cardScale = 1.0
    /// The size cards (and ghosts) are drawn at.
    public var cardBox: Vec2 { Self.cardSize * cardScale }
    /// A placed chord's size, a lyric line's height and a slot's step on this board: the
    /// full sizes scaled like the cards, so a short board still shows two whole lines.
    public var placedBox: Vec2 { Self.placedSize * cardScale }
    public var lineHeight: Double { Self.lineHeight * cardScale }
    public var slotStep: Double { Self.slotWidth * cardScale }
    /// The lyric's band at the bottom of a line (its text and a margin).
    static let lyricBand = 22.0

    /// Where the keyboard's and gamepad's focus is: a strip card or a placed chord.
    public enum Focus: Equatable, Sendable {
        case card(Int)
        case chord(ChordRef)
    }

    enum FocusDevice { case keyboard, gamepad }

    public init(document: SheetDocument = .empty) {
        let document = Self.withALine(document)
        self.document = document
        schedule.add("gestures") { s, ctx in s.input.route(ctx) }
        schedule.add("holds") { s, ctx in s.drops.advanceHolds(ctx.dt) }
        schedule.add("gamepad") { s, ctx in s.keys.gamepad(ctx) }
        schedule.add("autoscroll") { s, ctx in s.dragDrop.autoScroll(ctx.dt) }
        schedule.add("scroll") { s, ctx in
            s.dragDrop.stepPanels(ctx.dt)
            s.bar.banner.step(ctx.dt)
        }
        schedule.add("carry") { s, ctx in s.keys.followKeyCarry(ctx.dt) }
        schedule.add("drag") { s, _ in s.dragDrop.updateTargets() }
        schedule.add("flights") { s, ctx in s.drops.stepFlights(ctx.dt) }
        schedule.add("caret") { s, ctx in
            if s.lyric != nil { s.typing.caretBlink.step(ctx.dt) }
            s.typing.stepSelectionScroll(ctx.dt)
        }
        schedule.add("typing save") { s, ctx in s.typing.stepTypingSave(ctx.dt) }
        edits.begin(with: document)
        rebuildSpaces()
        refreshStrip()
    }

    /// `doc`, or for a sheet of no lines (an empty ChordPro file imported, a file saying
    /// `"lines":[]`) the one empty line a new song has, so there is a line to type in and drop on.
    public static func withALine(_ doc: SheetDocument) -> SheetDocument {
        guard doc.lines.isEmpty else { return doc }
        var doc = doc
        doc.lines = SheetDocument.newSong.lines
        return doc
    }

    /// Replaces the sheet (a loaded file) without reporting a change; nothing to undo.
    public func load(_ doc: SheetDocument) {
        let doc = Self.withALine(doc)
        // (A banner about the sheet before, "not saved" say, is not shown over this one.)
        bar.banner = TimedMessage()
        unsavedBecause = nil
        document = doc
        edits.begin(with: doc)
        dragDrop.reset()
        refreshStrip()
        focus = .card(focusIndex)
        typing.lyric = nil
        typing.typingRun = nil
        typing.unsavedTyping = nil
        rebuildSpaces()
        edits.resolveLegacyChords()
    }

    public func setFont(_ font: BitmapFont) {
        self.font = font
        hasFont = true
        lyricLayout.forget()
    }

    public func showBanner(_ text: String) {
        bar.banner.show(text, for: 8)
    }

    /// The controls table's rows (`BoardControls`), for the help overlay and docs/controls.md.
    public var controls: [Control] { BoardControls.bindings.controls }

    public func claims(_ key: Key) -> Bool {
        key == .escape && (dragDrop.keyCarry != nil || songPanel != nil || !dragDrop.pointersCarrying.isEmpty)
    }

    /// While a lyric is being typed in: its caret, where an input method shows its
    /// candidates.
    public var textInputRect: Rect? { songPanel != nil ? songs.renameCaret : typing.lyric.map(typing.caretRootFrame) }

    public func step(_ context: inout StepContext) {
        schedule.run(self, world: world, context: &context)
    }
}
