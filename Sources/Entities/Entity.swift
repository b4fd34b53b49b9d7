/// An entity id: a slot index and the generation of that slot.
///
/// When an entity is destroyed its slot's generation goes up, so every id that named the
/// old entity stops being alive; the slot is reused with the new generation. Generations are
/// 32-bit and a slot is retired (never reused) when its generation would wrap, so an id
/// of a destroyed entity never becomes valid again.
public struct Entity: Hashable, Sendable, CustomStringConvertible {
    /// The slot.
    public let index: UInt32
    /// The slot's generation when this id was made.
    public let generation: UInt32

    /// The id of slot `index` at `generation` (ids come from `World.spawn()`).
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// "INDEXvGENERATION", e.g. "3v1".
    public var description: String { "\(index)v\(generation)" }
}

/// Hands out entity ids and knows which are alive.
public struct EntityAllocator: Sendable {
    private var generations: [UInt32] = []
    private var alive: [Bool] = []
    private var free: [UInt32] = []

    /// An allocator with no entities.
    public init() {}

    /// Number of live entities.
    public private(set) var count = 0

    /// A new live entity, reusing a free slot when there is one.
    /// - Complexity: O(1) amortised.
    public mutating func create() -> Entity {
        count += 1
        if let index = free.popLast() {
            alive[Int(index)] = true
            return Entity(index: index, generation: generations[Int(index)])
        }
        let index = UInt32(generations.count)
        generations.append(0)
        alive.append(true)
        return Entity(index: index, generation: 0)
    }

    /// Whether `e` names an entity not destroyed (its slot is still at that generation).
    public func isAlive(_ e: Entity) -> Bool {
        let i = Int(e.index)
        return i < generations.count && alive[i] && generations[i] == e.generation
    }

    /// Kills `e`. Returns false if it was not alive.
    @discardableResult
    public mutating func destroy(_ e: Entity) -> Bool {
        guard isAlive(e) else { return false }
        let i = Int(e.index)
        alive[i] = false
        count -= 1
        if generations[i] == UInt32.max {
            return true  // retired: this slot is never handed out again
        }
        generations[i] += 1
        free.append(e.index)
        return true
    }
}
