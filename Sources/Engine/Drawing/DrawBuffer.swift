import Entities
import Geometry

/// A growable array of plain values (vertices, indices) whose appends are cheap enough for
/// a draw list filled with 100,000 quads a frame.
///
/// Why not `ContiguousArray`: each `append` checks uniqueness and capacity, and a sprite is
/// ten appends (four vertices, six indices) — measured with callgrind, most of the draw-list
/// build's instructions. `appendUninitialized(_:)` does those checks once per primitive and
/// hands back room for all its elements. It is a value type like an array: copies share
/// storage until one of them is mutated (copy on write).
public struct DrawBuffer<Element: BitwiseCopyable>: RandomAccessCollection, Sendable {
    private final class Storage: @unchecked Sendable {
        var base: UnsafeMutablePointer<Element>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        func copy(capacity: Int) -> Storage {
            let s = Storage(capacity: Swift.max(capacity, count))
            s.base.initialize(from: base, count: count)
            s.count = count
            return s
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage

    public init() { storage = Storage(capacity: 16) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(i: Int) -> Element {
        precondition(i >= 0 && i < storage.count, "DrawBuffer index \(i) out of range 0..<\(storage.count)")
        return storage.base[i]
    }

    /// Makes the storage unique and able to hold `extra` more elements.
    @inline(__always)
    private mutating func prepare(_ extra: Int) {
        let needed = storage.count + extra
        if !isKnownUniquelyReferenced(&storage) || needed > storage.capacity {
            grow(needed)
        }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        let capacity = needed > storage.capacity ? Swift.max(needed, 2 * storage.capacity) : storage.capacity
        storage = storage.copy(capacity: capacity)
    }

    /// Room for `n` more elements at the end, which the caller must all write before
    /// anything else reads the buffer. One uniqueness and capacity check for all of them.
    /// - Complexity: amortised O(1) (the capacity doubles).
    @inline(__always)
    public mutating func appendUninitialized(_ n: Int) -> UnsafeMutablePointer<Element> {
        prepare(n)
        let p = storage.base + storage.count
        storage.count += n
        return p
    }

    public mutating func append(_ e: Element) {
        appendUninitialized(1).initialize(to: e)
    }

    public mutating func append(contentsOf s: some Collection<Element>) {
        let p = appendUninitialized(s.count)
        for (k, e) in s.enumerated() { (p + k).initialize(to: e) }
    }

    /// Empties the buffer and keeps its capacity.
    public mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) { storage.count = 0 } else { storage = Storage(capacity: storage.capacity) }
    }

    public mutating func reserveCapacity(_ n: Int) {
        if n > storage.capacity || !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: Swift.max(n, storage.capacity)) }
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: storage.count)) }
    }
}
