@testable import Entities
import Testing

@Suite struct EntityTests {
    @Test func aDestroyedIdNeverBecomesValidAgainEvenWhenItsSlotIsReused() {
        var a = EntityAllocator()
        let e = a.create()
        a.destroy(e)
        let f = a.create()
        #expect(f.index == e.index)
        #expect(f.generation == e.generation + 1)
        #expect(!a.isAlive(e))
        #expect(a.isAlive(f))
        let again = a.destroy(e)
        #expect(!again)
        #expect(a.count == 1)
    }

    @Test func destroyingTwiceIsHarmless() {
        var a = EntityAllocator()
        let e = a.create()
        let first = a.destroy(e), second = a.destroy(e)
        #expect(first && !second)
        #expect(a.count == 0)
    }

    @Test func componentStoreStaysPackedThroughInsertsAndRemovals() {
        var s = ComponentStore<Int>()
        var alloc = EntityAllocator()
        let es = (0..<100).map { _ in alloc.create() }
        for (i, e) in es.enumerated() { s.insert(i, for: e) }
        for e in es where e.index % 3 == 0 { s.remove(e) }
        #expect(s.checkInvariants())
        #expect(s.count == 66)
        for (i, e) in es.enumerated() {
            #expect(s[e] == (e.index % 3 == 0 ? nil : i))
        }
    }

    @Test func aStaleIdDoesNotSeeTheNewOwnersComponent() {
        let w = World()
        let store = w.makeStorage(String.self)
        let e = w.spawn()
        store.store.insert("old", for: e)
        w.destroy(e)
        let f = w.spawn()
        store.store.insert("new", for: f)
        #expect(store.store[e] == nil)
        #expect(store.store[f] == "new")
    }

    @Test func structuralChangesInsideASystemWaitForApplyDeferred() {
        let w = World()
        let values = w.makeStorage(Int.self)
        let a = w.spawn(), b = w.spawn()
        values.store.insert(1, for: a)
        values.store.insert(2, for: b)
        // A "system": destroys a, adds c, while iterating.
        var seen: [Int] = []
        let c = w.spawn()
        values.store.withDense { dense, owners in
            for i in dense.indices {
                seen.append(dense[i])
                if owners[i] == a { w.deferDestroy(a) }
            }
        }
        values.store.deferInsert(3, for: c)
        #expect(seen == [1, 2])
        #expect(w.isAlive(a))
        #expect(values.store.count == 2)
        w.applyDeferred()
        #expect(!w.isAlive(a))
        #expect(values.store[a] == nil)
        #expect(values.store[c] == 3)
        #expect(values.store.count == 2)
        #expect(values.store.checkInvariants())
    }

    @Test func aDeferredInsertForAnEntityDestroyedMeanwhileIsDropped() {
        let w = World()
        let values = w.makeStorage(Int.self)
        let e = w.spawn()
        values.store.deferInsert(5, for: e)
        w.destroy(e)
        w.applyDeferred()
        #expect(values.store.isEmpty)
    }

    @Test func joinVisitsExactlyTheEntitiesHoldingBothComponents() {
        let w = World()
        let xs = w.makeStorage(Int.self), ys = w.makeStorage(Double.self)
        var both: Set<Entity> = []
        for i in 0..<50 {
            let e = w.spawn()
            if i % 2 == 0 { xs.store.insert(i, for: e) }
            if i % 3 == 0 { ys.store.insert(Double(i), for: e) }
            if i % 6 == 0 { both.insert(e) }
        }
        var visited: [Entity] = []
        forEach(&xs.store, &ys.store) { e, x, y in
            visited.append(e)
            x += 1000
            #expect(Double(x - 1000) == y)
        }
        #expect(Set(visited) == both)
        #expect(visited.count == both.count)
        // Iteration order is the smaller store's packed order, the same every time.
        var again: [Entity] = []
        forEach(&xs.store, &ys.store) { e, _, _ in again.append(e) }
        #expect(again == visited)
    }

    @Test func theScheduleRunsSystemsInDeclaredOrderAndAppliesChangesBetweenThem() {
        final class Owner { var log: [String] = [] }
        let w = World()
        let values = w.makeStorage(Int.self)
        var schedule = SystemSchedule<Owner, Double>()
        schedule.add("spawn") { o, _ in
            values.store.deferInsert(42, for: w.spawn())
            o.log.append("spawn sees \(values.store.count)")
        }
        schedule.add("count") { o, _ in o.log.append("count sees \(values.store.count)") }
        let owner = Owner()
        var ctx = 1.0 / 120
        schedule.run(owner, world: w, context: &ctx)
        #expect(owner.log == ["spawn sees 0", "count sees 1"])
        #expect(schedule.names == ["spawn", "count"])
    }
}
