/// Undo and redo of a document kept as whole values (they are small and copy-on-write, so
/// a step costs a reference, not a copy, until one of them changes).
///
/// `record(_:)` is called with the value as it was before each change; a new change clears
/// what could be redone. At most `limit` steps are kept; older ones fall off.
public struct UndoHistory<Value>: Sendable where Value: Sendable {
    /// The most undo steps kept (at least 1).
    public let limit: Int
    private var undos: [Value] = []
    private var redos: [Value] = []

    /// An empty history that keeps up to `limit` steps.
    public init(limit: Int = 100) { self.limit = max(1, limit) }

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undos.isEmpty }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redos.isEmpty }
    /// How many changes can be undone.
    public var undoCount: Int { undos.count }
    /// How many undone changes can be redone.
    public var redoCount: Int { redos.count }

    /// Remembers `before`, the value just replaced by a change.
    public mutating func record(_ before: Value) {
        undos.append(before)
        if undos.count > limit { undos.removeFirst(undos.count - limit) }
        redos.removeAll()
    }

    /// The value before the last change, given the current one (kept for redo); nil when
    /// there is nothing to undo.
    public mutating func undo(current: Value) -> Value? {
        guard let v = undos.popLast() else { return nil }
        redos.append(current)
        return v
    }

    /// The value the last undo replaced, given the current one; nil when nothing to redo.
    public mutating func redo(current: Value) -> Value? {
        guard let v = redos.popLast() else { return nil }
        undos.append(current)
        return v
    }

    /// Forgets every step (a new document).
    public mutating func removeAll() {
        undos.removeAll()
        redos.removeAll()
    }
}
