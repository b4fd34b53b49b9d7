import Geometry
import Motion

extension DragDrop {
    // MARK: Carries

    /// Lifts `item`, whose frame is `frame` (root space), for `carrier`: grabbed where it was
    /// pressed and moved with the carrier since. `removableFrom`: lifting moves it out of
    /// that panel (dropped outside it, over no zone, it is removed) rather than copying it.
    /// What is taken so has one carrier: while another hand has it (`isTaken`) nothing is
    /// lifted, the press lifts nothing more, and this returns false.
    @discardableResult
    public mutating func lift(_ item: Item, carrier: Hand, frame: Rect, at: Vec2, pressedAt: Vec2,
                              removableFrom: SpaceTree.SpaceID? = nil) -> Bool {
        // Two hands pressed it before either lifted it (a hold and a drag, two holds in one step).
        guard removableFrom == nil || !isTaken(item) else {
            if case .pointer(let id) = carrier, let i = presses.index(of: id) { presses[i].target = .ignored }
            return false
        }
        carries.append(Carry(item: item, carrier: carrier, frame: frame.offsetBy(at - pressedAt),
                             grab: pressedAt - frame.origin, removableFrom: removableFrom,
                             edgeScroll: Array(repeating: EdgeAutoScroll(), count: panels.count)))
        if removableFrom != nil {
            // Other presses waiting on it now wait on nothing: no hold ring fills toward a
            // lift that cannot be, and a drag along the panel still scrolls it.
            for i in presses.all.indices {
                if case .pending(let p, item?) = presses[i].target { presses[i].target = .pending(p, nil) }
            }
        }
        return true
    }

    /// Lifts `item` for the keyboard or a pad: centred on `frame`, drawn at `size`, to be
    /// steered to `zone` and `slot`. False, lifting nothing, when another hand has taken it.
    @discardableResult
    public mutating func keyLift(_ item: Item, carrier: Hand, frame: Rect, size: Vec2, zone: Int, slot: Int,
                                 removableFrom: SpaceTree.SpaceID? = nil) -> Bool {
        guard lift(item, carrier: carrier, frame: frame, at: frame.origin, pressedAt: frame.origin, removableFrom: removableFrom) else {
            return false
        }
        carries[carries.count - 1].grab = size / 2
        carries[carries.count - 1].frame = Rect(center: frame.center, size: size)
        keyCarry = KeyCarry(carrier: carrier, zone: zone, slot: slot)
        return true
    }

    /// A press on a carry flying home (after a miss or a cancel) catches it: it stops under
    /// the hand at once and pointer `id` carries it from there, as if it had lifted it
    /// where it caught it. Returns whether it caught one (the one drawn on top). One
    /// settling into the place it was dropped is not caught: that drop is made; nor one whose
    /// item `isCurrent` says is gone (an undo took the chord it flies back to away).
    public mutating func catchFlight(_ id: Int, at: Vec2, device: PointerDevice = .mouse,
                                     isCurrent: (Item) -> Bool = { _ in true }) -> Bool {
        guard index(carriedBy: .pointer(id)) == nil,
              let k = carries.lastIndex(where: { $0.flight?.kind == .returning && $0.frame.contains(at) && isCurrent($0.item) }) else {
            return false
        }
        carries[k].flight = nil
        carries[k].carrier = .pointer(id)
        carries[k].grab = at - carries[k].frame.origin
        carries[k].velocity = .zero
        presses.begin(id, device: device, at: at, target: .carrying)
        return true
    }

    /// The carry `carrier` is carrying (not one flying back), if any.
    public func index(carriedBy carrier: Hand) -> Int? {
        carries.firstIndex { $0.carrier == carrier && $0.isCarried }
    }

    /// The pointers carrying something now (not what flies back), in the order it was lifted:
    /// Escape cancels their carries as it cancels the keyboard's.
    public var pointersCarrying: [Int] {
        carries.compactMap { c in
            guard c.isCarried, case .pointer(let id) = c.carrier else { return nil }
            return id
        }
    }

    /// Whether something was lifted from `item`; `carriedOnly` leaves out carries flying back.
    public func isLifted(_ item: Item, carriedOnly: Bool) -> Bool {
        carries.contains { $0.item == item && (!carriedOnly || $0.isCarried) }
    }

    /// Whether a hand has taken `item` itself (lifted it out of its panel, not a copy of it),
    /// carried or flying: it has one carrier, so no other hand may lift it. (A copy's source,
    /// a strip card, can be lifted by several hands at once.)
    public func isTaken(_ item: Item) -> Bool {
        carries.contains { $0.item == item && $0.removableFrom != nil }
    }

    /// Carry `k` (an index in `carries`), to read or change.
    public subscript(carry k: Int) -> Carry<Item> {
        get { carries[k] }
        set { carries[k] = newValue }
    }

    /// Takes carry `k` off the board and returns it (it landed, or was dropped where it is removed).
    @discardableResult
    public mutating func removeCarry(at k: Int) -> Carry<Item> { carries.remove(at: k) }

    /// Carry `k` is let go and flies to `target` (root space) on `rules.flightSpring`,
    /// leaving at its velocity (the hand's as it let go): back home after a miss
    /// (`.returning`), or into the place it was dropped (`.settling`, with `item` now naming
    /// that place). It targets nothing more; `stepFlights` removes it once it has landed.
    public mutating func fly(_ k: Int, to target: Rect, kind: Flight.Kind, item: Item? = nil) {
        carries[k].flight = Flight(kind: kind, target: target)
        if let item { carries[k].item = item }
        carries[k].willRemove = false
        carries[k].target = nil
    }

    /// Puts `carry` (taken off with `removeCarry` while the scene changed its document) back as
    /// a flight to `target`, now naming `item`: what `fly` does for a carry still in the list.
    public mutating func fly(_ carry: Carry<Item>, to target: Rect, kind: Flight.Kind, item: Item) {
        carries.append(carry)
        fly(carries.count - 1, to: target, kind: kind, item: item)
    }

    /// Rewrites every carry's and pending press's item (the scene's document changed under
    /// them, e.g. indices shifted).
    public mutating func updateItems(_ body: (inout Item) -> Void) {
        for i in carries.indices { body(&carries[i].item) }
        for i in presses.all.indices {
            if case .pending(let p, var item?) = presses[i].target {
                body(&item)
                presses[i].target = .pending(p, item)
            }
        }
    }

    /// Items the scene's document no longer has: carried ones are let go (those flying back
    /// land as usual), pending presses on them lift nothing, and a key carry or a pointer
    /// left carrying nothing ends.
    public mutating func forget(where gone: (Item) -> Bool) {
        carries.removeAll { $0.isCarried && gone($0.item) }
        if let kc = keyCarry, index(carriedBy: kc.carrier) == nil { keyCarry = nil }
        for i in presses.all.indices {
            if case .carrying = presses[i].target, index(carriedBy: .pointer(presses[i].pointer)) == nil {
                presses[i].target = .ignored
            }
            if case .pending(let p, let item?) = presses[i].target, gone(item) { presses[i].target = .pending(p, nil) }
        }
    }
}
