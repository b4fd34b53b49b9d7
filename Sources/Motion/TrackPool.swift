import Paths

/// Tracks of one kind in slots that tweens refer to by index (`Tween.trackIndex`); freed
/// slots are reused. Kept apart by kind so the per-step loop calls a concrete track's method
/// in place, without copying an enum payload (and retaining its arrays) per animation.
///
/// Each slot also has a plain-data `TrackSampler` for the per-step loop, and keeps the
/// `PinnedSampleTable` a paced path's sampler reads, so the sampler's view lives exactly as
/// long as its slot. A track stored with a `Key` (a path track: its sample table's id and how
/// it is read) is shared by every tween that asks for the same key, so ten thousand flights
/// along one path keep one sampler; a slot counts its tweens and is freed, key and all, when
/// the last one goes.
///
/// Running springs keep their state in a pool too (`SpringState`, one slot per tween, never
/// shared), which the step advances in place (`withMutableItems`).
struct TrackPool<T: Sendable, Key: Hashable & Sendable> {
    var items: ContiguousArray<T> = []
    var samplers: ContiguousArray<TrackSampler> = []
    private var pinned: [PinnedSampleTable?] = []
    private var users: [Int32] = []
    private var keys: [Key?] = []
    private var slotByKey: [Key: Int32] = [:]
    private var free: [Int32] = []
    let placeholder: T

    init(placeholder: T, keyedBy: Key.Type = Never.self) { self.placeholder = placeholder }

    /// The slot that holds the track for `key`, now with one more tween, if there is one.
    mutating func share(_ key: Key) -> Int32? {
        guard let i = slotByKey[key] else { return nil }
        users[Int(i)] += 1
        return i
    }

    /// Stores `t` for one tween, with its sampler and the pinned table the sampler reads.
    mutating func store(_ t: T, sampler: TrackSampler = .general, pinning table: PinnedSampleTable? = nil,
                        key: Key? = nil) -> Int32 {
        let i: Int32
        if let reused = free.popLast() {
            i = reused
            items[Int(i)] = t
            samplers[Int(i)] = sampler
            pinned[Int(i)] = table
            users[Int(i)] = 1
            keys[Int(i)] = key
        } else {
            i = Int32(items.count)
            items.append(t)
            samplers.append(sampler)
            pinned.append(table)
            users.append(1)
            keys.append(key)
        }
        if let key { slotByKey[key] = i }
        return i
    }

    /// One tween fewer uses slot `i`; the last one frees it.
    mutating func release(_ i: Int32) {
        users[Int(i)] -= 1
        if users[Int(i)] == 0 {
            items[Int(i)] = placeholder  // let go of the track's memory
            // The sampler first: it points into the pinned table.
            samplers[Int(i)] = .general
            pinned[Int(i)] = nil
            if let key = keys[Int(i)] { slotByKey[key] = nil }
            keys[Int(i)] = nil
            free.append(i)
        }
    }

    /// Lends `body` the tracks and their samplers as raw buffers.
    @inline(__always)
    func withBuffers<R>(_ body: (UnsafeBufferPointer<T>, UnsafeBufferPointer<TrackSampler>) -> R) -> R {
        items.withUnsafeBufferPointer { items in samplers.withUnsafeBufferPointer { body(items, $0) } }
    }

    /// Lends `body` the tracks as a mutable raw buffer, for state the step advances.
    @inline(__always)
    mutating func withMutableItems<R>(_ body: (UnsafeMutableBufferPointer<T>) -> R) -> R {
        items.withUnsafeMutableBufferPointer { body($0) }
    }

    var liveCount: Int { items.count - free.count }
}
