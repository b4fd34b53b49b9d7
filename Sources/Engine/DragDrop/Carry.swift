import Geometry
import Motion

/// One thing being carried — a copy, or the thing itself — from the moment it is lifted
/// until it lands or has flown back home.
///
/// `Item` is the scene's own name for what was lifted (a card in a strip, a chord on a
/// line); the system only compares it.
public struct Carry<Item: Equatable & Sendable>: Sendable {
    /// What was lifted, in the scene's own terms.
    public var item: Item
    /// Who carries it.
    public var carrier: Hand
    /// Frame in root (window) space.
    public var frame: Rect
    /// Where in the frame it was grabbed.
    public var grab: Vec2
    /// The drop zone it would land in if dropped now (`DragDrop.zones` index), if any.
    public var target: Int?
    /// Dropped now, it would be removed: it was lifted out of `removableFrom` (moved, not
    /// copied) and is carried outside it, over no zone.
    public var willRemove = false
    /// The panel it came from when lifting moved it rather than copied it.
    public var removableFrom: SpaceTree.SpaceID?
    /// How fast it moves (points per second): the hand's while carried, its own in flight.
    public var velocity = Vec2.zero
    /// Let go: flying back home after a miss, or settling where it was dropped, then removed.
    public var flight: Flight?
    /// Auto-scroll intent toward each panel's edges, in the order of `DragDrop.panels`.
    var edgeScroll: [EdgeAutoScroll]

    /// Carried now, not in flight.
    public var isCarried: Bool { flight == nil }
    /// The point that carries it: where it was grabbed, in root space.
    public var pointer: Vec2 { frame.origin + grab }
}

/// Where a let-go carry is flying, on a spring that started from the hand's velocity.
public struct Flight: Sendable, Equatable {
    /// Why a carry is flying.
    public enum Kind: Sendable, Equatable {
        /// A miss or a cancel: back to where it came from.
        case returning
        /// A drop: into the place it landed.
        case settling
    }

    /// Whether it is going home or landing.
    public var kind: Kind
    /// The frame it is flying to (root space; the scene keeps it current as panels scroll).
    public var target: Rect
    /// How fast its size changes (points per second), as it springs to the target's.
    public var sizeVelocity = Vec2.zero
}

/// A carry by keys or a pad: the zone and the slot along it that it would drop into.
public struct KeyCarry: Sendable, Equatable {
    /// The keyboard or the pad that carries it.
    public var carrier: Hand
    /// The drop zone it would land in (`DragDrop.zones` index).
    public var zone: Int
    /// The place along the zone it would take, in the scene's own terms (the board's are
    /// fixed places a slot step apart, 0 at the line's start).
    public var slot: Int

    /// A keyboard or pad carry aimed at `slot` of `zone`.
    public init(carrier: Hand, zone: Int, slot: Int) {
        self.carrier = carrier
        self.zone = zone
        self.slot = slot
    }
}
