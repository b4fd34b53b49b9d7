import Geometry

/// Every pointer pressed on a scene's things, each from down to up with what it pressed:
/// the one recogniser of what a press becomes. It begins where a pointer goes down; it
/// moves, and once past its slop it has moved (a drag, no longer a tap or a hold); held
/// still, its seconds count toward a hold, whose progress the hold ring draws; it ends
/// when the pointer lifts or is cancelled, the hand's velocity then being the
/// `VelocityTracker`'s. DragDrop's presses (the board, the basket, the copy example), the
/// path editor's drags, the path's held rings and the bounce scene's held balls are each
/// one; what a press means (pick up or scroll, move an anchor, carry a ring) is their
/// owner's.
public struct Presses<Target: Sendable>: Sendable {
    /// One pointer's press and what it is on.
    public struct Press: Sendable {
        /// Where it began and is, how long it has been held, whether it moved past its slop.
        public var press: PointerPress
        /// The device pressing (its `hitSlop` is a finger's or a mouse's).
        public var device: PointerDevice
        /// What the press is on, or doing: the owner's to read and change.
        public var target: Target

        /// The pointer pressing.
        public var pointer: Int { press.pointer }
    }

    /// A press's move: its index, the motion since the last event and since the start, and
    /// whether it has moved past its slop (this move or before).
    public struct Motion: Sendable {
        /// The press's index in `all`.
        public var index: Int
        /// The motion since the pointer's last position.
        public var delta: Vec2
        /// The motion since the press began.
        public var total: Vec2
        /// Whether the press has now moved past its slop.
        public var moved: Bool
    }

    /// The presses, in the order they began.
    public private(set) var all: [Press] = []

    /// No presses.
    public init() {}

    /// How many pointers are pressed.
    public var count: Int { all.count }
    /// Whether no pointer is pressed.
    public var isEmpty: Bool { all.isEmpty }

    /// The index of pointer `pointer`'s press, if it is pressed.
    public func index(of pointer: Int) -> Int? { all.firstIndex { $0.press.pointer == pointer } }

    /// Whether pointer `pointer` is pressed.
    public func contains(_ pointer: Int) -> Bool { index(of: pointer) != nil }

    /// Press `i`, to read or change (its target, or its `held` to stop a hold).
    public subscript(i: Int) -> Press {
        get { all[i] }
        set { all[i] = newValue }
    }

    /// Pointer `pointer` went down at `at` with `device` on `target` (an earlier press of the
    /// same pointer, whose up was lost, is forgotten).
    public mutating func begin(_ pointer: Int, device: PointerDevice = .mouse, at: Vec2, target: Target) {
        all.removeAll { $0.press.pointer == pointer }
        all.append(Press(press: PointerPress(pointer: pointer, at: at), device: device, target: target))
    }

    /// Pointer `pointer` moved to `at`: it has moved once it is `slop` points or more from
    /// where it began. Nil when that pointer is not pressed. With `holdStill`, a press not yet
    /// past its slop keeps its position (its owner ignores the jitter of a press held still).
    public mutating func move(_ pointer: Int, to at: Vec2, slop: Double, holdStill: Bool = false) -> Motion? {
        guard let i = index(of: pointer) else { return nil }
        if !all[i].press.moved && at.distance(to: all[i].press.start) >= slop { all[i].press.moved = true }
        if holdStill && !all[i].press.moved { return Motion(index: i, delta: .zero, total: .zero, moved: false) }
        let (delta, total) = all[i].press.move(to: at)
        return Motion(index: i, delta: delta, total: total, moved: all[i].press.moved)
    }

    /// Pointer `pointer` lifted, or was cancelled: its press, which is over.
    @discardableResult
    public mutating func end(_ pointer: Int) -> Press? {
        index(of: pointer).map { all.remove(at: $0) }
    }

    /// Press and hold, one fixed step of `dt`: each press `holds` accepts (still, on
    /// something a hold acts on) counts `dt`; returns the pointers whose presses reached
    /// `duration` seconds this step, in the order they began. Their owner acts on each (and
    /// changes its target, or ends it, so that it does not fire again).
    public mutating func advanceHolds(_ dt: Double, toward duration: Double, where holds: (Press) -> Bool) -> [Int] {
        var reached: [Int] = []
        for i in all.indices where holds(all[i]) {
            all[i].press.held += dt
            if all[i].press.held >= duration { reached.append(all[i].press.pointer) }
        }
        return reached
    }

    /// Each press `shows` accepts that is on its way to a hold of `duration` seconds (still,
    /// held past `delay`): where it began and how far it is (0…1), for the hold ring.
    public func holdProgress(toward duration: Double, after delay: Double, where shows: (Press) -> Bool) -> [(press: Press, progress: Double)] {
        all.compactMap { p in
            guard shows(p), let progress = p.press.holdProgress(toward: duration, after: delay) else { return nil }
            return (p, progress)
        }
    }

    /// Changes every press's target (`change` returns nil to end a press whose target went).
    public mutating func retarget(_ change: (Target) -> Target?) {
        all = all.compactMap { p in
            guard let t = change(p.target) else { return nil }
            var p = p
            p.target = t
            return p
        }
    }

    /// Ends every press.
    public mutating func removeAll() { all.removeAll() }
}
