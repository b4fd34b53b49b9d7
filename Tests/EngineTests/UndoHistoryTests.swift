@testable import Engine
import Testing

@Suite struct UndoHistoryTests {
    /// A history after the document went 0, 1, …, `count`; returns it and the current value.
    func edited(limit: Int, count: Int) -> (UndoHistory<Int>, Int) {
        var h = UndoHistory<Int>(limit: limit)
        for v in 1...count { h.record(v - 1) }
        return (h, count)
    }

    @Test func undoAndRedoWalkBackAndForthAndANewChangeClearsRedo() {
        var (h, doc) = edited(limit: 100, count: 5)
        doc = h.undo(current: doc)!
        doc = h.undo(current: doc)!
        #expect(doc == 3)
        doc = h.redo(current: doc)!
        #expect(doc == 4)
        #expect(h.canRedo)
        h.record(doc)
        doc = 9
        #expect(!h.canRedo)
        #expect(h.redo(current: doc) == nil)
        #expect(h.undo(current: doc) == 4)
    }

    @Test func theOldestStepsFallOffAtTheLimit() {
        var (h, doc) = edited(limit: 50, count: 70)
        #expect(h.undoCount == 50)
        while let v = h.undo(current: doc) { doc = v }
        #expect(doc == 20)
        #expect(h.redoCount == 50)
    }
}
