import Geometry

/// Which pool a track is in, and where.
struct TrackRef: Equatable, Sendable {
    enum Kind: UInt8, Sendable { case scalar, point, color, path }
    var kind: Kind
    var index: Int32
}

/// Tracks of one kind, shared by index and reference-counted; freed slots are reused.
/// Kept apart by kind so the per-step loop calls a concrete track's method in place,
/// without copying an enum payload (and retaining its arrays) per animation.
///
/// Each slot also has a plain-data `TrackSampler` for the per-step loop; buffers a sampler
/// points into belong to the pool and are freed with the slot.
struct TrackPool<T: Sendable>: @unchecked Sendable {
    var items: ContiguousArray<T> = []
    var samplers: ContiguousArray<TrackSampler> = []
    private var owned: [UnsafeMutableBufferPointer<Vec2>?] = []
    private var users: [Int32] = []
    private var free: [Int32] = []
    let placeholder: T

    init(placeholder: T) { self.placeholder = placeholder }

    mutating func store(_ t: T, sampler: TrackSampler = .general, owning buffer: UnsafeMutableBufferPointer<Vec2>? = nil) -> Int32 {
        if let i = free.popLast() {
            items[Int(i)] = t
            samplers[Int(i)] = sampler
            owned[Int(i)] = buffer
            users[Int(i)] = 1
            return i
        }
        items.append(t)
        samplers.append(sampler)
        owned.append(buffer)
        users.append(1)
        return Int32(items.count - 1)
    }

    func isFree(_ i: Int32) -> Bool { users[Int(i)] == 0 }

    /// Shares slot `i` with one more animation.
    mutating func retain(_ i: Int32) { users[Int(i)] += 1 }

    mutating func release(_ i: Int32) {
        users[Int(i)] -= 1
        if users[Int(i)] == 0 {
            items[Int(i)] = placeholder  // let go of the track's memory
            samplers[Int(i)] = .general
            owned[Int(i)]?.deallocate()
            owned[Int(i)] = nil
            free.append(i)
        }
    }

    /// Frees every buffer (the tweener's deinit).
    mutating func releaseAll() {
        for i in owned.indices { owned[i]?.deallocate(); owned[i] = nil }
    }

    var liveCount: Int { items.count - free.count }
}
