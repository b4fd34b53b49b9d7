/// One line of editable text with a caret and a selection, counted in grapheme clusters
/// (Swift's `Character`): an accented letter, a letter with a combining mark, a flag or a
/// family emoji is one step of the caret and one Backspace.
///
/// It knows nothing of drawing or devices: its owner turns keys, text input and pointer
/// presses into these calls (`TextField+Keys` does the keys every text field shares), draws
/// the text, and measures where the caret stops are. A line break is not text here: the
/// owner decides what Return does (the board splits its lyric line).
public struct TextField: Equatable, Sendable {
    /// The text, as edited.
    public private(set) var text: String
    /// The text's grapheme clusters, for indexing (kept with `text`).
    private var characters: [Character]
    /// Where the caret is: before the character at this index (0 … count).
    public private(set) var caret: Int
    /// The selection's other end; equal to `caret` when nothing is selected.
    public private(set) var anchor: Int
    /// Text an input method is composing (`SDL_TEXTEDITING`), shown at the caret and not yet
    /// part of the text; `cursor` is its own caret, in its characters.
    public var composition: Composition?

    /// An input method's text in progress.
    public struct Composition: Equatable, Sendable {
        /// What the input method shows so far.
        public var text: String
        /// Its own caret, in its characters.
        public var cursor: Int
        /// `text` with its caret at `cursor`.
        public init(text: String, cursor: Int) { self.text = text; self.cursor = cursor }
    }

    /// The most characters a field takes by typing or pasting (a longer text already there is
    /// kept and can be shortened).
    public static let maxCharacters = 10_000

    /// `text` with the caret at `caret` (clamped into it) and nothing selected.
    public init(text: String = "", caret: Int = 0) {
        self.text = text
        characters = Array(text)
        self.caret = min(max(caret, 0), characters.count)
        anchor = self.caret
    }

    /// The number of characters (grapheme clusters).
    public var count: Int { characters.count }
    /// The selected characters' range (empty when nothing is selected).
    public var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    /// Whether some text is selected.
    public var hasSelection: Bool { caret != anchor }
    /// The selected text.
    public var selectedText: String { String(characters[selection]) }
    /// The text before the caret.
    public var textBeforeCaret: String { String(characters[..<caret]) }
    /// The text as shown: with the composition, if any, standing at the caret.
    public var shownText: String {
        guard let c = composition, !c.text.isEmpty else { return text }
        return textBeforeCaret + c.text + String(characters[caret...])
    }

    /// How the caret moves.
    public enum Motion: Sendable {
        /// A character back.
        case left
        /// A character on.
        case right
        /// To the start of the word before (or the one it is in).
        case wordLeft
        /// To the end of the word after (or the one it is in).
        case wordRight
        /// To the start of the text.
        case home
        /// To the end of the text.
        case end
    }

    /// Moves the caret; `extend` keeps the anchor where it is (Shift held), so the
    /// selection grows or shrinks. Without it, ← and → on a selection go to its start or end.
    public mutating func move(_ motion: Motion, extend: Bool = false) {
        if !extend, hasSelection, motion == .left || motion == .right {
            caret = motion == .left ? selection.lowerBound : selection.upperBound
            anchor = caret
            return
        }
        let to: Int = switch motion {
        case .left: max(0, caret - 1)
        case .right: min(count, caret + 1)
        case .wordLeft: wordStart(before: caret)
        case .wordRight: wordEnd(after: caret)
        case .home: 0
        case .end: count
        }
        setCaret(to, extend: extend)
    }

    /// Puts the caret at `index` (clamped); `extend` keeps the anchor (a drag, Shift+click).
    public mutating func setCaret(_ index: Int, extend: Bool = false) {
        caret = min(max(index, 0), count)
        if !extend { anchor = caret }
    }

    /// Selects everything.
    public mutating func selectAll() {
        anchor = 0
        caret = count
    }

    /// Selects the word (or run of spaces or of punctuation) around `index`: a double click.
    public mutating func selectWord(at index: Int) {
        let i = min(max(index, 0), count)
        guard count > 0 else { return setCaret(0) }
        let at = i < count ? i : i - 1
        let kind = Self.kind(characters[at])
        var lo = at, hi = at + 1
        while lo > 0, Self.kind(characters[lo - 1]) == kind { lo -= 1 }
        while hi < count, Self.kind(characters[hi]) == kind { hi += 1 }
        anchor = lo
        caret = hi
    }

    /// Replaces the selection (or inserts at the caret) with `string`, a tab or a line break
    /// in it a space (one line holds no break; an owner that splits lines does so first, at
    /// `isLineBreak`) and its other control characters left out, cut so the text stays
    /// within `maxCharacters`. The caret ends after what was inserted. Returns whether the
    /// text changed. (A hostile tour's pasted "Intro:\tG\tAm" became "Intro:GAm".)
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        composition = nil
        let spaced = String(string.map { c -> Character in c == "\t" || Self.isLineBreak(c) ? " " : c })
        var clean = String(String.UnicodeScalarView(spaced.unicodeScalars.filter { !Self.isControl($0) }))
        let room = Self.maxCharacters - (count - selection.count)
        if clean.count > room { clean = String(clean.prefix(max(0, room))) }
        guard !clean.isEmpty || hasSelection else { return false }
        let range = selection
        let before = String(characters[..<range.lowerBound]) + clean
        let after = String(characters[range.upperBound...])
        // Counted again: a combining mark typed after a letter joins it into one character.
        let newCaret = before.count
        text = before + after
        characters = Array(text)
        caret = min(newCaret, characters.count)
        anchor = caret
        return true
    }

    /// Backspace: deletes the selection, or the character before the caret. Returns whether
    /// anything was deleted (nothing at the very start: the owner may join lines there).
    @discardableResult
    public mutating func deleteBackward(word: Bool = false) -> Bool {
        if !hasSelection {
            guard caret > 0 else { return false }
            anchor = word ? wordStart(before: caret) : caret - 1
        }
        return removeSelection()
    }

    /// Delete: deletes the selection, or the character after the caret.
    @discardableResult
    public mutating func deleteForward(word: Bool = false) -> Bool {
        if !hasSelection {
            guard caret < count else { return false }
            anchor = word ? wordEnd(after: caret) : caret + 1
        }
        return removeSelection()
    }

    /// Removes the selected characters; the caret goes where they were.
    @discardableResult
    public mutating func removeSelection() -> Bool {
        guard hasSelection else { return false }
        let range = selection
        characters.removeSubrange(range)
        text = String(characters)
        // Removing a character can join its neighbours (a letter and a mark left after it).
        let joined = Array(text)
        if joined.count != characters.count { characters = joined }
        caret = min(range.lowerBound, characters.count)
        anchor = caret
        return true
    }

    // MARK: Words

    /// What a character is for word moves: part of a word, a space, or anything else.
    enum Kind { case word, space, other }

    static func kind(_ c: Character) -> Kind {
        if c.isLetter || c.isNumber || c == "'" || c == "’" || c == "_" { return .word }
        if c.isWhitespace { return .space }
        return .other
    }

    /// The start of the word before `i`: spaces and punctuation skipped, then the word.
    func wordStart(before i: Int) -> Int {
        var j = min(i, count)
        while j > 0, Self.kind(characters[j - 1]) != .word { j -= 1 }
        while j > 0, Self.kind(characters[j - 1]) == .word { j -= 1 }
        return j
    }

    /// The end of the word after `i`: spaces and punctuation skipped, then the word.
    func wordEnd(after i: Int) -> Int {
        var j = max(i, 0)
        while j < count, Self.kind(characters[j]) != .word { j += 1 }
        while j < count, Self.kind(characters[j]) == .word { j += 1 }
        return j
    }

    /// C0 and C1 controls and DEL; tab and line breaks too.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7f...0x9f).contains(s.value) || s == "\u{2028}" || s == "\u{2029}"
    }

    /// Whether `s` ends a line as Unicode's line breaking says it must (UAX #14's mandatory
    /// breaks): LF, CR, VT (a word processor's line break), FF, NEL, LINE and PARAGRAPH
    /// SEPARATOR.
    static func breaksLine(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `c` is a line break (CR LF is one character): where text pasted into a
    /// document of lines is split.
    public static func isLineBreak(_ c: Character) -> Bool {
        c == "\r\n" || c.unicodeScalars.count == 1 && breaksLine(c.unicodeScalars.first!)
    }
}
