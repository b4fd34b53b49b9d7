import Engine
import Songs

// A run of typing: one undo step, saved once a moment after its last keystroke.
extension LyricTyping {
    /// Commits more typing into the change before it (one undo step for a run of typing):
    /// not a new step, and saved `typingSaveDelay` after the last keystroke (a run of typing
    /// is one save, not one a character), or sooner by any other change or `settle`.
    func mergeChange() {
        board.edits.committed = board.document
        board.refit()
        unsavedTyping = (sinceLast: 0, sinceFirst: unsavedTyping?.sinceFirst ?? 0)
    }

    /// A run of typing is saved this long (seconds) after its last keystroke.
    static let typingSaveDelay = 0.5
    /// …and typing that goes on without such a pause is saved this long (seconds) after its
    /// first keystroke not saved: what a crash, a lost display or SIGKILL can take is at most
    /// this much typing (a tour's SIGHUP, before it was a quit, lost a whole run).
    static let typingSaveLimit = 2.0

    /// Saves typing not yet saved.
    func saveTyping() {
        guard unsavedTyping != nil else { return }
        unsavedTyping = nil
        board.onChange?(board.document)
    }

    /// The typing's save, when its delay or its limit is up.
    func stepTypingSave(_ dt: Double) {
        guard let t = unsavedTyping else { return }
        let next = (sinceLast: t.sinceLast + dt, sinceFirst: t.sinceFirst + dt)
        if next.sinceLast >= Self.typingSaveDelay || next.sinceFirst >= Self.typingSaveLimit { saveTyping() } else { unsavedTyping = next }
    }

    /// Seconds until the typing's save (nil: none is waiting).
    var typingSaveDue: Double? {
        unsavedTyping.map { min(Self.typingSaveDelay - $0.sinceLast, Self.typingSaveLimit - $0.sinceFirst) }
    }
}
