/// What a key did to a text field.
public enum TextFieldKeyResult: Equatable, Sendable {
    /// Not a key a text field takes: the owner's (Return, Escape, ↑ ↓, Ctrl+Z, …).
    case ignored
    /// The caret or the selection moved, or the selection was copied.
    case moved
    /// The text changed (typing, deleting, cutting).
    case edited
    /// Ctrl+V: the clipboard's text, for the owner to insert (it may hold line breaks).
    case paste(String)
    /// Backspace at the very start with nothing selected (an owner with lines joins them).
    case backspaceAtStart
    /// Delete at the very end with nothing selected.
    case deleteAtEnd
}

extension TextField {
    /// The keys every text field shares, as desktop editors bind them: ← → (Ctrl: by word,
    /// Shift: selecting), Home End, Backspace Delete (Ctrl: a word), Ctrl+A, Ctrl+C, Ctrl+X,
    /// Ctrl+V. `repeated` keys (held down) only move and delete. In text that
    /// `readsRightToLeft` (Hebrew, Arabic) ← moves toward its end and → toward its start, as
    /// the caret then goes the way of the arrow (it went the other way: a tour).
    public mutating func handle(_ key: Key, input: InputState, clipboard: Clipboard = .shared,
                                repeated: Bool = false, readsRightToLeft: Bool = false) -> TextFieldKeyResult {
        let ctrl = input.ctrl, shift = input.shift
        let (back, forth) = readsRightToLeft ? ("Right", "Left") : ("Left", "Right")
        switch key.name {
        case back: move(ctrl ? .wordLeft : .left, extend: shift)
        case forth: move(ctrl ? .wordRight : .right, extend: shift)
        case "Home": move(.home, extend: shift)
        case "End": move(.end, extend: shift)
        case "Backspace":
            if !hasSelection, caret == 0 { return repeated ? .moved : .backspaceAtStart }
            return deleteBackward(word: ctrl) ? .edited : .moved
        case "Delete":
            if !hasSelection, caret == count { return repeated ? .moved : .deleteAtEnd }
            return deleteForward(word: ctrl) ? .edited : .moved
        case "A" where ctrl && !repeated: selectAll()
        case "C" where ctrl && !repeated:
            if hasSelection { clipboard.set(selectedText) }
        case "X" where ctrl && !repeated:
            guard hasSelection else { return .moved }
            clipboard.set(selectedText)
            removeSelection()
            return .edited
        case "V" where ctrl && !repeated: return .paste(clipboard.text)
        default: return .ignored
        }
        return .moved
    }
}
