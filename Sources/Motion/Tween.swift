import Entities
import Geometry

/// A tween: one running animation as the tween system stores it, small and flat (its track lives in
/// the tweener's pools, its rarely used velocity carry in a side store, its flags in a
/// byte), so the per-step loop streams through little memory.
///
/// Its life: running (possibly paused), then finished or interrupted, each reported once as
/// a `TweenEvent` in the step it happens.
public struct Tween: Sendable {
    /// The entity it animates.
    public let target: Entity
    /// Its track's kind, and where the tweener's pool of that kind keeps it.
    let trackKind: Track.Kind
    let trackIndex: Int32
    /// Parent seconds since the animation was added.
    public internal(set) var time = 0.0
    /// When it begins, how long a pass lasts, how it repeats and fills (ignored by a spring).
    public let timing: MediaTiming
    /// The curve that shapes each pass (ignored by a spring).
    public let timingFunction: TimingFunction
    private let listenerRaw: Int32
    /// Where the property's channel lives (its `AnimatedProperty.Slot`).
    let slot: AnimatedProperty.Slot
    private var flags: UInt8
    private var directionRaw: Int8 = 1

    private static let additiveFlag: UInt8 = 1, pausedFlag: UInt8 = 2, finishedFlag: UInt8 = 4, carryFlag: UInt8 = 8, orphanFlag: UInt8 = 16

    /// `a`, its track kept at `trackIndex` in the pool of its kind.
    init(_ a: Animation, trackIndex: Int32) {
        target = a.target
        trackKind = a.track.kind
        self.trackIndex = trackIndex
        timing = a.timing
        timingFunction = a.timingFunction
        listenerRaw = a.listener.map { Int32(clamping: $0) } ?? -1
        slot = a.property.slot
        flags = a.additive ? Self.additiveFlag : 0
    }

    /// The property of `target` it drives.
    @inline(__always) public var property: AnimatedProperty { AnimatedProperty(slot) }

    /// Who to tell when it finishes or is interrupted.
    public var listener: Int? { listenerRaw < 0 ? nil : Int(listenerRaw) }
    /// Adds to the model value instead of replacing it.
    public var additive: Bool { flags & Self.additiveFlag != 0 }
    /// Whether it is paused (`Tweener.pause(_:)`): its clock stands still and it holds its
    /// value; a paused spring holds where it is.
    public internal(set) var isPaused: Bool {
        get { flags & Self.pausedFlag != 0 }
        set { flags = newValue ? flags | Self.pausedFlag : flags & ~Self.pausedFlag }
    }
    /// Whether it has ended (or its target is gone). A finished tween is removed in that
    /// step, unless it does not fill forwards and `removedOnCompletion` is false: then it
    /// stays, inert, for inspection. One whose target is gone is always removed.
    public internal(set) var isFinished: Bool {
        get { flags & Self.finishedFlag != 0 }
        set { flags = newValue ? flags | Self.finishedFlag : flags & ~Self.finishedFlag }
    }
    /// Whether its target was destroyed (or lost the component it drives) while it ran: it
    /// ended unfinished, is reported `.interrupted`, and is removed whatever its timing says.
    var isOrphaned: Bool {
        get { flags & Self.orphanFlag != 0 }
        set { flags = newValue ? flags | Self.orphanFlag : flags & ~Self.orphanFlag }
    }
    /// Whether a velocity carry is blended into its start (kept in `Tweener.carries`).
    var hasCarry: Bool {
        get { flags & Self.carryFlag != 0 }
        set { flags = newValue ? flags | Self.carryFlag : flags & ~Self.carryFlag }
    }
    /// +1 normally; −1 after `reverse`, running back toward the start.
    public internal(set) var direction: Double {
        get { Double(directionRaw) }
        set { directionRaw = newValue < 0 ? -1 : 1 }
    }
}

/// A velocity (and position) difference still to blend out at the start of an animation
/// (see `Tweener.add` and `Tweener.retarget`).
struct Carry: Sendable {
    var velocity: Vec2
    /// A position difference to blend out too (`Tweener.retarget`); zero for a plain carry.
    var offset: Vec2
    var duration: Double
}
