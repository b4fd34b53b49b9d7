import Geometry
import Motion

/// Drag and drop over scrolling panels, for any scene: what a press becomes (scroll the
/// panel, or lift what it pressed), what is carried and by whom (pointers, the keyboard, a
/// pad), where it would land, and auto-scroll while carrying.
///
/// The scene declares the parts and decides what a drop means:
/// - `spaces` holds its coordinate spaces; `panels` are the scroll panels in it that take
///   presses and auto-scroll (in hit order), `zones` the nodes a carry can land in, seen
///   through `zoneClip`.
/// - It feeds pointer events to `press`, `move` and `release`, and acts on what they hand
///   back: a `Lift` (it calls `lift` with the item's frame) or a `Release` (it drops or
///   sends back the carry, which then flies). Each step it calls `advanceHolds` (lifting
///   what it hands back) and then `step` (DragDrop+Step). Presses are followed by `Presses`.
///
/// A press waits for `Rules.slop` of movement, then decides once by direction (across the
/// panel's axis lifts, along it scrolls; `PressDecision`), or lifts after `Rules.holdTime`
/// held still, and what it lifted then follows in any direction. A press on a moving panel
/// catches it. A carry near a panel's edge scrolls it (`EdgeAutoScroll`).
public struct DragDrop<Item: Equatable & Sendable>: Sendable {
    /// How presses decide and how carries move: the system's tunable numbers.
    public struct Rules: Sendable {
        /// Movement (points) before a press decides.
        public var slop: Double
        /// Seconds held still that lift what is pressed.
        public var holdTime: Double
        /// Auto-scroll's top speed (points per second) at a panel's very edge.
        public var autoScrollSpeed: Double
        /// A carried frame's visible body: this fraction of its size is inset each side.
        public var bodyInset: Vec2
        /// What a let-go carry flies on: home after a miss, into place after a drop.
        public var flightSpring: Spring

        /// The flight spring's default: 0.35 s with a little bounce.
        public static var flightSpring: Spring { Spring(duration: 0.35, bounce: 0.12) }

        /// Rules with the defaults of a touch interface: 10 pt of slop, a 0.35 s hold, auto-scroll up
        /// to 900 pt/s, and a flight spring of 0.35 s with a little bounce.
        public init(slop: Double = 10, holdTime: Double = 0.35, autoScrollSpeed: Double = 900, bodyInset: Vec2 = .zero,
                    flightSpring: Spring = Rules.flightSpring) {
            self.slop = slop
            self.holdTime = holdTime
            self.autoScrollSpeed = autoScrollSpeed
            self.bodyInset = bodyInset
            self.flightSpring = flightSpring
        }
    }

    /// What one pointer's press is doing.
    public enum Press: Sendable {
        /// Pressed on a panel, on something liftable or not, deciding.
        case pending(SpaceTree.SpaceID, Item?)
        /// Scrolling that panel: the press moved along its axis, was not on an item, or
        /// caught the panel moving.
        case scrolling(SpaceTree.SpaceID)
        /// Decided to lift: the pointer carries what it pressed.
        case carrying
        /// Nothing more happens until the pointer lifts.
        case ignored
    }

    /// A press decided to lift `item`: the scene calls `lift` with its frame.
    public struct Lift: Sendable {
        /// What to lift.
        public var item: Item
        /// The pointer that lifts it.
        public var carrier: Hand
        /// Where the pointer is now (root space).
        public var at: Vec2
        /// Where the press began (root space): where in the item's frame it was grabbed.
        public var pressedAt: Vec2
    }

    /// A pointer let go of carry `index`: dropped, or cancelled (it should fly back).
    public struct Release: Sendable {
        /// The carry's index in `carries`.
        public var index: Int
        /// The press was cancelled (the window lost focus, a touch was cancelled): send it home.
        public var cancelled: Bool
    }

    /// How presses decide and carries move.
    public var rules: Rules
    /// The scene's coordinate spaces: the panels, their content and the zones.
    public var spaces = SpaceTree()
    /// The scroll panels that take presses and auto-scroll, in hit order.
    public var panels: [SpaceTree.SpaceID] = []
    /// The nodes a carry can land in; `Carry.target` and `KeyCarry.zone` index them.
    public var zones: [SpaceTree.SpaceID] = []
    /// The node through which the zones are seen (their scroll panel).
    public var zoneClip = SpaceTree.SpaceID.root
    /// Everything carried or flying back, in the order lifted.
    public internal(set) var carries: [Carry<Item>] = []
    /// The carry made with keys or a pad, if any (one at a time).
    public var keyCarry: KeyCarry?
    /// Every pointer's press and what it is doing (`Press`).
    var presses = Presses<Press>()

    /// A system with no spaces, panels or zones yet.
    public init(rules: Rules = Rules()) {
        self.rules = rules
    }

    /// Forgets every press and carry (a new document).
    public mutating func reset() {
        carries.removeAll()
        presses.removeAll()
        keyCarry = nil
    }

    /// How many pointers are pressed on the board of this system (deciding, scrolling,
    /// carrying or ignored).
    public var pressCount: Int { presses.count }
    /// The pointers pressed on the board of this system, in press order.
    public var pressedPointers: [Int] { presses.all.map(\.pointer) }

    // MARK: Pointers

    /// The panel under `p` (root space), if any.
    public func panel(at p: Vec2) -> SpaceTree.SpaceID? {
        panels.first { spaces.rootFrame(of: $0).contains(p) }
    }

    /// Pointer `id` went down at `at` on `panel` (nil: somewhere that takes no gesture),
    /// over `item` if something liftable is there, by `device` (the mouse or a finger).
    public mutating func press(_ id: Int, at: Vec2, on panel: SpaceTree.SpaceID?, item: Item?, device: PointerDevice = .mouse) {
        var state = Press.ignored
        if let panel {
            if spaces[panel: panel].isMoving {
                // A press on a moving panel catches it: it scrolls, it does not pick up.
                spaces[panel: panel].beginDrag()
                state = .scrolling(panel)
            } else {
                state = .pending(panel, item)
            }
        }
        presses.begin(id, device: device, at: at, target: state)
    }

    /// Pointer `id` moved to `at` at `velocity` (points per second, the hand's). Returns what
    /// to lift when the press decided to lift.
    public mutating func move(_ id: Int, to at: Vec2, velocity: Vec2 = .zero) -> Lift? {
        guard let m = presses.move(id, to: at, slop: rules.slop) else { return nil }
        let (delta, total) = (m.delta, m.total)
        var lift: Lift?
        switch presses[m.index].target {
        case .pending(let panel, let item):
            let axis = spaces[panel: panel].axis
            switch PressDecision.decide(moved: total, scrollAxis: axis, onItem: item != nil, slop: rules.slop) {
            case .pickUp:
                lift = Lift(item: item!, carrier: .pointer(id), at: at, pressedAt: presses[m.index].press.start)
                presses[m.index].target = .carrying
            case .scroll:
                beginScroll(panel, except: id)
                spaces[panel: panel].drag(by: axis.along(total))
                presses[m.index].target = .scrolling(panel)
            case .undecided: break
            }
        case .scrolling(let panel): spaces[panel: panel].drag(by: spaces[panel: panel].axis.along(delta))
        case .carrying:
            if let k = index(carriedBy: .pointer(id)) {
                carries[k].frame.origin = at - carries[k].grab
                carries[k].velocity = velocity
            }
        case .ignored: break
        }
        return lift
    }

    /// A scroll that has begun cancels the other presses pending on that panel.
    private mutating func beginScroll(_ panel: SpaceTree.SpaceID, except id: Int) {
        spaces[panel: panel].beginDrag()
        for i in presses.all.indices where presses[i].pointer != id {
            if case .pending(panel, _) = presses[i].target { presses[i].target = .ignored }
        }
    }

    /// Pointer `id` lifted moving at `velocity` (points per second, root space), or its
    /// gesture was cancelled while it moved at `velocity`: what it carried leaves at that
    /// velocity either way (a flight home starts from the hand's motion, not from rest).
    /// Returns the carry it let go of, if any.
    public mutating func release(_ id: Int, cancelled: Bool, velocity: Vec2 = .zero) -> Release? {
        let state = presses.end(id)?.target
        switch state {
        case .scrolling(let panel)?:
            spaces[panel: panel].endDrag(fingerVelocity: cancelled ? 0 : spaces[panel: panel].axis.along(velocity))
        case .carrying?, nil:
            // Carrying, or a pointer whose gesture is gone that may still carry something.
            if let k = index(carriedBy: .pointer(id)) {
                carries[k].velocity = velocity
                return Release(index: k, cancelled: cancelled)
            }
        case .pending?, .ignored?: break
        }
        return nil
    }

    /// Press and hold: a press on something liftable that stays within `slop` for
    /// `holdTime` lifts it. Returns what to lift, in press order.
    public mutating func advanceHolds(_ dt: Double) -> [Lift] {
        let reached = presses.advanceHolds(dt, toward: rules.holdTime) { p in
            if case .pending(_, _?) = p.target { true } else { false }
        }
        return reached.compactMap { pointer in
            guard let i = presses.index(of: pointer), case .pending(_, let item?) = presses[i].target else { return nil }
            presses[i].target = .carrying
            let p = presses[i].press
            return Lift(item: item, carrier: .pointer(pointer), at: p.at, pressedAt: p.start)
        }
    }

    /// How far each pending press on something liftable is toward lifting by holding (0…1),
    /// after the first 0.08 s: where to draw a progress ring.
    public var holdProgress: [(at: Vec2, progress: Double)] {
        presses.holdProgress(toward: rules.holdTime, after: 0.08) { p in
            if case .pending(_, _?) = p.target { true } else { false }
        }.map { ($0.press.press.start, $0.progress) }
    }
}
