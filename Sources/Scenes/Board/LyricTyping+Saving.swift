import Engine
import Songs

// A run of typing: one undo step, saved once a moment after its last keystroke.
extension LyricTyping {
    /// Commits more typing into the change before it (one undo step for a run of typing):
    /// not a new step, and saved `typingSaveDelay` after the last keystroke (a run of typing
    /// is one save, not one a character), or sooner by any other change or `settle`.
    func mergeChange() {
        board.committed = board.document
        board.refit()
        unsavedTyping = 0
    }

    /// A run of typing is saved this long (seconds) after its last keystroke.
    static let typingSaveDelay = 0.5

    /// Saves typing not yet saved.
    func saveTyping() {
        guard unsavedTyping != nil else { return }
        unsavedTyping = nil
        board.onChange?(board.document)
    }

    /// The typing's save, when its delay is up.
    func stepTypingSave(_ dt: Double) {
        guard let t = unsavedTyping else { return }
        if t + dt >= Self.typingSaveDelay { saveTyping() } else { unsavedTyping = t + dt }
    }
}
