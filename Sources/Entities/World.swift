/// Type-erased handle on a component storage, so the world can remove a destroyed entity's
/// components and flush deferred inserts without knowing their types. Used only at
/// structural changes, never in per-entity loops.
protocol AnyComponentStorage: AnyObject {
    func removeComponent(of e: Entity)
    func applyPendingInserts(isAlive: (Entity) -> Bool)
}

/// A reference to one component type's store, shared by the world and the systems using it.
public final class Storage<Component: Sendable>: AnyComponentStorage {
    /// The components, by entity.
    public var store = ComponentStore<Component>()

    func removeComponent(of e: Entity) { store.remove(e) }
    func applyPendingInserts(isAlive: (Entity) -> Bool) { store.applyPendingInserts(isAlive: isAlive) }
}

/// Entities and their components, with structural changes made during a system deferred.
///
/// A system may create entities (`spawn`, immediate: the id is valid at once), queue
/// components for them (`Storage.store.deferInsert`) and queue destruction (`deferDestroy`).
/// Queued changes apply at `applyDeferred()`, which `SystemSchedule` calls after every
/// system: the next system in the order sees them, the running one never sees its own
/// loop change under it. Inserts apply before destroys, each in the order made.
public final class World {
    /// Who is alive.
    public private(set) var entities = EntityAllocator()
    private var storages: [AnyComponentStorage] = []
    private var pendingDestroys: [Entity] = []

    /// A world with no entities.
    public init() {}

    /// Registers a component type and returns its storage. Call once per type, at set-up.
    public func makeStorage<C: Sendable>(_ type: C.Type = C.self) -> Storage<C> {
        let s = Storage<C>()
        storages.append(s)
        return s
    }

    /// A new entity, alive at once. Safe inside a system.
    public func spawn() -> Entity { entities.create() }

    /// Whether `e` names an entity not destroyed.
    public func isAlive(_ e: Entity) -> Bool { entities.isAlive(e) }

    /// Destroys `e` and removes all its components now. Not inside a system.
    public func destroy(_ e: Entity) {
        guard entities.isAlive(e) else { return }
        for s in storages { s.removeComponent(of: e) }
        entities.destroy(e)
    }

    /// Queues `e` for destruction at the next `applyDeferred()`.
    public func deferDestroy(_ e: Entity) { pendingDestroys.append(e) }

    /// Applies queued inserts, then queued destroys.
    public func applyDeferred() {
        let alive = entities
        for s in storages { s.applyPendingInserts(isAlive: { alive.isAlive($0) }) }
        guard !pendingDestroys.isEmpty else { return }
        for e in pendingDestroys { destroy(e) }
        pendingDestroys.removeAll(keepingCapacity: true)
    }
}

/// Visits every entity that has both components, in the order of the smaller store.
/// Allocates nothing.
/// - Complexity: O(min(a.count, b.count)).
public func forEach<A, B>(
    _ a: inout ComponentStore<A>, _ b: inout ComponentStore<B>,
    _ body: (Entity, inout A, inout B) -> Void
) {
    if a.count <= b.count {
        a.withDense { da, owners in
            for i in da.indices {
                let e = owners[i]
                b.modify(e) { body(e, &da[i], &$0) }
            }
        }
    } else {
        b.withDense { db, owners in
            for i in db.indices {
                let e = owners[i]
                a.modify(e) { body(e, &$0, &db[i]) }
            }
        }
    }
}

/// A fixed, declared order of systems for one owner (a scene). `run` calls each in order
/// and applies the world's deferred changes after each.
public struct SystemSchedule<Owner: AnyObject, Context> {
    /// A system: called with its owner and the step's context.
    public typealias System = (Owner, inout Context) -> Void
    /// The systems' names, in the order they run.
    public private(set) var names: [String] = []
    private var systems: [System] = []

    /// A schedule with no systems.
    public init() {}

    /// Appends a system; the order of `add` calls is the order they run, every step.
    public mutating func add(_ name: String, _ system: @escaping System) {
        names.append(name)
        systems.append(system)
    }

    /// Runs every system once, in order, applying the world's deferred changes after each.
    public func run(_ owner: Owner, world: World, context: inout Context) {
        for system in systems {
            system(owner, &context)
            world.applyDeferred()
        }
    }
}
