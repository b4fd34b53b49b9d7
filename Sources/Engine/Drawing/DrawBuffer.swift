/// A growable array of plain values (vertices, indices) whose appends are cheap enough for
/// a draw list filled with 100,000 quads a frame.
///
/// Why not `ContiguousArray`: each `append` checks uniqueness and capacity, and a sprite is
/// ten appends (four vertices, six indices) — measured with callgrind, most of the draw-list
/// build's instructions. `appendUninitialized(_:)` does those checks once per primitive and
/// hands back room for all its elements. It is a value type like an array: copies share
/// storage until one of them is mutated (copy on write).
///
/// Layout: the pointer, count and capacity live in the struct itself, and a class instance
/// only owns the allocation (freeing it, and telling by its uniqueness whether the memory is
/// shared). So an append touches no class property: no runtime exclusivity check, which
/// Swift keeps for class properties whose every access it cannot see, and the appends are
/// `@inlinable`, so the scenes' draw loops in another module inline them.
public struct DrawBuffer<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    /// Owns an allocation; copies of a buffer share it until one of them writes.
    @usableFromInline final class Owner: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        @usableFromInline init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    @usableFromInline var owner: Owner
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var capacity: Int
    /// How many elements are in use.
    @usableFromInline var used = 0

    /// An empty buffer with room for 16 elements.
    public init() { self.init(capacity: 16) }

    @usableFromInline init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        owner = Owner(capacity: self.capacity)
        base = owner.base
    }

    /// The first element's index: always 0.
    public var startIndex: Int { 0 }
    /// One past the last element's index: the count.
    public var endIndex: Int { used }

    /// The element at `i` (0 ..< count); an index outside stops the program.
    public subscript(i: Int) -> Element {
        precondition(i >= 0 && i < used, "DrawBuffer index \(i) out of range 0..<\(used)")
        return base[i]
    }

    /// Makes the storage unique and able to hold `extra` more elements.
    @inlinable @inline(__always)
    mutating func prepare(_ extra: Int) {
        let needed = used + extra
        if !isKnownUniquelyReferenced(&owner) || needed > capacity {
            grow(needed)
        }
    }

    /// Moves the elements to a new allocation of at least `needed` (doubling), unshared.
    @usableFromInline @inline(never)
    mutating func grow(_ needed: Int) {
        let newCapacity = needed > capacity ? Swift.max(needed, 2 * capacity) : capacity
        let fresh = Owner(capacity: newCapacity)
        fresh.base.initialize(from: base, count: used)
        owner = fresh
        base = fresh.base
        capacity = newCapacity
    }

    /// Room for `n` more elements at the end, which the caller must all write before
    /// anything else reads the buffer. One uniqueness and capacity check for all of them.
    /// - Complexity: amortised O(1) (the capacity doubles).
    @inlinable @inline(__always)
    public mutating func appendUninitialized(_ n: Int) -> UnsafeMutablePointer<Element> {
        prepare(n)
        let p = base + used
        used += n
        return p
    }

    /// Adds `e` at the end.
    /// - Complexity: amortised O(1).
    public mutating func append(_ e: Element) {
        appendUninitialized(1).initialize(to: e)
    }

    /// Adds the elements of `s` at the end, with one capacity check for all of them.
    public mutating func append(contentsOf s: some Collection<Element>) {
        let p = appendUninitialized(s.count)
        for (k, e) in s.enumerated() { (p + k).initialize(to: e) }
    }

    /// Drops the last `k` elements and keeps the capacity.
    public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= used, "DrawBuffer cannot remove \(k) of \(used) elements")
        used -= k
    }

    /// Empties the buffer and keeps its capacity (memory shared with a copy is left to the
    /// copy: the next append takes fresh memory).
    public mutating func removeAll() { used = 0 }

    /// Makes room for at least `n` elements in all, unshared, so appends up to `n` do not grow it.
    public mutating func reserveCapacity(_ n: Int) {
        if n > capacity || !isKnownUniquelyReferenced(&owner) { grow(Swift.max(n, capacity)) }
    }

    /// Calls `body` with the elements in contiguous memory (valid only during the call), as
    /// `Array.withUnsafeBufferPointer` does.
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: used)) }
    }
}
