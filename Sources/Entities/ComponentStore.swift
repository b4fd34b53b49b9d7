/// Contiguous storage for one component type: a sparse set.
///
/// `dense` holds the components packed with no holes, `owners[i]` is the entity owning
/// `dense[i]`, and `sparse[entity.index]` is that position (or -1). Systems loop over
/// `dense` directly, which is as fast as a plain array; lookups by entity are O(1).
///
/// Why sparse sets and not archetypes: our scenes have few component types and change
/// them often (a drag adds and removes a `Grip`; a tween comes and goes), and sparse sets
/// make adding and removing a component O(1) without moving the entity's other components.
/// Archetypes win for wide queries over many types, which we do not have.
public struct ComponentStore<Component>: Sendable where Component: Sendable {
    /// The components, packed with no gaps (iterate these in hot loops).
    public private(set) var dense: ContiguousArray<Component> = []
    /// The entity each component in `dense` belongs to, at the same position.
    public private(set) var owners: ContiguousArray<Entity> = []
    private var sparse: ContiguousArray<Int32> = []
    private var pendingInserts: [(Entity, Component)] = []

    /// An empty store.
    public init() {}

    /// How many entities have this component.
    public var count: Int { dense.count }
    /// Whether no entity has this component.
    public var isEmpty: Bool { dense.isEmpty }

    /// Reserves room for `n` components so that filling the store does not reallocate.
    public mutating func reserveCapacity(_ n: Int) {
        dense.reserveCapacity(n)
        owners.reserveCapacity(n)
    }

    /// Whether `e` has this component.
    public func contains(_ e: Entity) -> Bool { denseIndex(of: e) != nil }

    /// The index of `e`'s component in `dense`, if it has one.
    @inline(__always)
    public func denseIndex(of e: Entity) -> Int? {
        let i = Int(e.index)
        guard i < sparse.count else { return nil }
        let p = Int(sparse[i])
        return p >= 0 && owners[p] == e ? p : nil
    }

    /// Adds or replaces `e`'s component. Only outside systems; inside one use `deferInsert`.
    /// - Complexity: O(1) amortised.
    public mutating func insert(_ c: Component, for e: Entity) {
        if let p = denseIndex(of: e) {
            dense[p] = c
            return
        }
        let i = Int(e.index)
        if i >= sparse.count {
            sparse.append(contentsOf: repeatElement(-1, count: i - sparse.count + 1))
        }
        sparse[i] = Int32(dense.count)
        dense.append(c)
        owners.append(e)
    }

    /// Removes `e`'s component by moving the last one into its place.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func remove(_ e: Entity) -> Component? {
        guard let p = denseIndex(of: e) else { return nil }
        let removed = dense[p]
        let last = dense.count - 1
        if p != last {
            dense[p] = dense[last]
            owners[p] = owners[last]
            sparse[Int(owners[p].index)] = Int32(p)
        }
        dense.removeLast()
        owners.removeLast()
        sparse[Int(e.index)] = -1
        return removed
    }

    /// `e`'s component, or nil when it has none; setting nil removes it (swap-remove).
    public subscript(e: Entity) -> Component? {
        get { denseIndex(of: e).map { dense[$0] } }
    }

    /// Mutates `e`'s component in place, if it has one.
    @discardableResult
    public mutating func modify<R>(_ e: Entity, _ body: (inout Component) -> R) -> R? {
        guard let p = denseIndex(of: e) else { return nil }
        return body(&dense[p])
    }

    /// Direct access to the packed array for systems.
    /// - Complexity: O(1); the loop over it allocates nothing.
    @inline(__always)
    public mutating func withDense<R>(_ body: (inout ContiguousArray<Component>, ContiguousArray<Entity>) -> R) -> R {
        body(&dense, owners)
    }

    /// Direct access to the packed array together with an entity → position lookup, for
    /// systems that write to components of other entities (a tween writing its target).
    /// - Complexity: O(1) per lookup; allocates nothing.
    @inline(__always)
    public mutating func withDenseAndLookup<R>(_ body: (inout ContiguousArray<Component>, Lookup) -> R) -> R {
        sparse.withUnsafeBufferPointer { sparse in
            owners.withUnsafeBufferPointer { owners in
                body(&dense, Lookup(sparse: sparse, owners: owners))
            }
        }
    }

    /// Entity → position in `dense`, valid inside `withDenseAndLookup` (a plain struct, so
    /// the per-entity call inlines instead of going through a closure).
    public struct Lookup {
        let sparse: UnsafeBufferPointer<Int32>
        let owners: UnsafeBufferPointer<Entity>

        /// `e`'s position in `dense`, or nil when it has none.
        @inline(__always)
        public func callAsFunction(_ e: Entity) -> Int? {
            let i = Int(e.index)
            guard i < sparse.count else { return nil }
            let p = Int(sparse[i])
            return p >= 0 && owners[p] == e ? p : nil
        }
    }

    /// Calls `body` with each component waiting in `deferInsert`, in order.
    public func forEachPendingInsert(_ body: (Component) -> Void) {
        for (_, c) in pendingInserts { body(c) }
    }

    /// Queues an insert to apply at the next `World.applyDeferred()`.
    public mutating func deferInsert(_ c: Component, for e: Entity) {
        pendingInserts.append((e, c))
    }

    /// Applies queued inserts, in the order they were made.
    public mutating func applyPendingInserts(isAlive: (Entity) -> Bool) {
        guard !pendingInserts.isEmpty else { return }
        for (e, c) in pendingInserts where isAlive(e) { insert(c, for: e) }
        pendingInserts.removeAll(keepingCapacity: true)
    }

    /// Checks the sparse set's invariants; tests call it.
    package func checkInvariants() -> Bool {
        guard dense.count == owners.count else { return false }
        for (p, e) in owners.enumerated() {
            let i = Int(e.index)
            guard i < sparse.count, Int(sparse[i]) == p else { return false }
        }
        return sparse.filter { $0 >= 0 }.count == dense.count
    }
}
