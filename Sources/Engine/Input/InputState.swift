import Geometry

/// What is held down right now: pointers, keys and gamepads. Fed every event in order; it
/// also turns "focus lost" and "device removed" into the cancels that end what they were
/// doing, so scenes only ever see a consistent story (every down has an up or a cancel).
///
/// At most `InputLimits.maxPointers` pointers are down at once: a press past that is dropped
/// here, and so is the rest of its gesture (its up finds no pointer down), so the shell and
/// the scenes behind it never track more. That keeps every per-event lookup of a pointer a
/// scan of at most that many, and a frame's cost linear in its events however many fingers
/// a script or a device presses.
public struct InputState: Sendable {
    /// A pointer that is down.
    public struct Pointer: Sendable, Equatable {
        /// Its id, from its down event until it lifts.
        public var id: Int
        /// The mouse or a finger.
        public var device: PointerDevice
        /// Where it is now (window points).
        public var position: Vec2
        /// Where it has been lately, for its velocity.
        public var tracker = VelocityTracker()
    }

    /// One connected gamepad's current axes and buttons.
    public struct Pad: Sendable, Equatable {
        /// The pad's instance id, as in its events.
        public var id: Int
        /// Each axis's raw value, in the order of `GamepadAxis.allCases`.
        public var axes = [Double](repeating: 0, count: GamepadAxis.allCases.count)
        /// The buttons held down.
        public var buttons = Set<GamepadButton>()

        /// Axis `a`'s raw value: sticks -1…1, triggers 0…1, no dead zone.
        public func axis(_ a: GamepadAxis) -> Double { axes[a.index] }

        /// The left or right stick with a scaled radial dead zone applied: zero inside
        /// `deadZone`, then rising smoothly from 0 to 1 at full deflection, direction kept.
        public func stick(_ left: Bool, deadZone: Double = 0.24) -> Vec2 {
            let raw = left ? Vec2(axis(.leftx), axis(.lefty)) : Vec2(axis(.rightx), axis(.righty))
            return applyRadialDeadZone(raw, deadZone: deadZone)
        }
    }

    /// The pointers down, in the order they went down.
    public private(set) var pointers: [Pointer] = []
    /// The keys held down.
    public private(set) var keys = Set<Key>()
    /// The connected gamepads, in the order they arrived.
    public private(set) var pads: [Pad] = []
    /// Whether the window has the keyboard focus.
    public private(set) var hasFocus = true
    /// The latest known position of the mouse (hover included).
    public private(set) var mousePosition = Vec2(-1, -1)
    /// The time of the latest event (seconds on the frame driver's input timeline).
    public private(set) var time = 0.0
    /// The hand's velocity as each of the latest released pointers let go, and when (one per id).
    private var releases: [(id: Int, velocity: Vec2, time: Double)] = []

    /// Nothing down, no pads, the window focused.
    public init() {}

    /// Pointer `id`'s velocity (points per second): while it is down, as of the latest
    /// event; once it has lifted or its gesture was cancelled, as it let go (zero if it had
    /// rested). A scene decides what a cancel does with it.
    public func velocity(of id: Int) -> Vec2 {
        if let p = pointer(id) { return p.tracker.velocity(at: time) }
        return releases.last { $0.id == id }?.velocity ?? .zero
    }

    /// When pointer `id` last lifted or was cancelled (the time of that event), if it has
    /// and is not down again.
    public func releaseTime(of id: Int) -> Double? {
        pointer(id) == nil ? releases.last { $0.id == id }?.time : nil
    }

    private mutating func noteRelease(_ id: Int, velocity: Vec2) {
        releases.removeAll { $0.id == id }
        if releases.count >= InputLimits.maxPointers { releases.removeFirst() }
        releases.append((id, velocity, time))
    }

    /// The pointer `id`, if it is down.
    /// - Complexity: O(`InputLimits.maxPointers`).
    public func pointer(_ id: Int) -> Pointer? { pointerIndex(id).map { pointers[$0] } }
    private func pointerIndex(_ id: Int) -> Int? { pointers.firstIndex { $0.id == id } }
    /// The gamepad `id`, if it is connected.
    public func pad(_ id: Int) -> Pad? { pads.first { $0.id == id } }
    /// Whether `key` is held down.
    public func isDown(_ key: Key) -> Bool { keys.contains(key) }
    /// Whether either Ctrl is held.
    public var ctrl: Bool { isDown(Key("Left Ctrl")) || isDown(Key("Right Ctrl")) }
    /// Whether either Shift is held.
    public var shift: Bool { isDown(Key("Left Shift")) || isDown(Key("Right Shift")) }
    /// Whether either Alt is held.
    public var alt: Bool { isDown(Key("Left Alt")) || isDown(Key("Right Alt")) }

    /// Records `event` and appends to `out` the events scenes should see: the event itself,
    /// preceded by synthesised cancels where a device went away, or dropped when it is
    /// inconsistent (a move or up of a pointer that is not down is passed on only as hover).
    /// `time` is when the event happened (nil: no later than the one before), for velocities.
    public mutating func process(_ event: InputEvent, at time: Double? = nil, into out: inout [InputEvent]) {
        if let time, time.isFinite { self.time = max(self.time, time) }
        switch event {
        case .pointerDown(let id, let device, let at):
            if device == .mouse { mousePosition = at }
            if let i = pointerIndex(id) {
                // A second down without an up: end the first gesture cleanly.
                out.append(.pointerCancel(pointer: id, device: device))
                pointers.remove(at: i)
                noteRelease(id, velocity: .zero)
            } else if pointers.count >= InputLimits.maxPointers {
                return  // past the limit: ignored until a pointer lifts
            }
            var p = Pointer(id: id, device: device, position: at)
            p.tracker.add(at, at: self.time)
            pointers.append(p)
            out.append(event)
        case .pointerMove(let id, let device, let at):
            if device == .mouse { mousePosition = at }
            if let i = pointerIndex(id) {
                pointers[i].position = at
                pointers[i].tracker.add(at, at: self.time)
            }
            out.append(event)
        case .pointerUp(let id, let device, let at):
            if device == .mouse { mousePosition = at }
            guard let i = pointerIndex(id) else { return }
            var p = pointers.remove(at: i)
            // An up away from the last place seen is one more sample of the motion; one in the
            // same place says nothing new (and would read as a stop).
            if at != p.position { p.tracker.add(at, at: self.time) }
            noteRelease(id, velocity: p.tracker.velocity(at: self.time))
            out.append(event)
        case .pointerCancel(let id, _):
            guard let i = pointerIndex(id) else { return }
            // What the hand was doing when its gesture was taken away: a scene that lets go
            // at the hand's speed reads it (`velocity(of:)`).
            let p = pointers.remove(at: i)
            noteRelease(id, velocity: p.tracker.velocity(at: self.time))
            out.append(event)
        case .keyRepeat(let k):
            guard keys.contains(k) else { return }
            out.append(event)
        case .key(let k, let down):
            if down { keys.insert(k) } else {
                guard keys.remove(k) != nil else { return }
            }
            out.append(event)
        case .gamepadAdded(let id):
            if pad(id) == nil { pads.append(Pad(id: id)) }
            out.append(event)
        case .gamepadRemoved(let id):
            guard pad(id) != nil else { return }
            pads.removeAll { $0.id == id }
            out.append(event)
        case .gamepadAxis(let id, let axis, let value):
            if pad(id) == nil { pads.append(Pad(id: id)) }
            let i = pads.firstIndex { $0.id == id }!
            pads[i].axes[axis.index] = clamp(value, -1, 1)
            out.append(event)
        case .gamepadButton(let id, let button, let down):
            if pad(id) == nil { pads.append(Pad(id: id)) }
            let i = pads.firstIndex { $0.id == id }!
            if down { pads[i].buttons.insert(button) } else {
                guard pads[i].buttons.remove(button) != nil else { return }
            }
            out.append(event)
        case .focusLost:
            hasFocus = false
            for p in pointers {
                out.append(.pointerCancel(pointer: p.id, device: p.device))
                noteRelease(p.id, velocity: p.tracker.velocity(at: self.time))
            }
            pointers.removeAll()
            for k in keys.sorted(by: { $0.name < $1.name }) { out.append(.key(k, down: false)) }
            keys.removeAll()
            out.append(event)
        case .focusGained:
            hasFocus = true
            out.append(event)
        case .wheel, .resize, .text, .composition, .fileDropped, .closeRequested:
            out.append(event)
        case .hitch:
            break  // the frame driver's, not the scenes'
        }
    }
}

extension GamepadAxis {
    /// Position in `allCases`, for array-backed per-axis storage.
    public var index: Int {
        switch self {
        case .leftx: 0
        case .lefty: 1
        case .rightx: 2
        case .righty: 3
        case .lefttrigger: 4
        case .righttrigger: 5
        }
    }
}

/// A scaled radial dead zone: inside `deadZone` of the stick's travel the result is zero;
/// beyond it the magnitude is rescaled from 0 to 1 so small motions past the zone are
/// small (no jump at its edge), and the direction is kept (no snapping to the axes).
public func applyRadialDeadZone(_ v: Vec2, deadZone: Double) -> Vec2 {
    let m = v.length
    guard m > deadZone, m.isFinite else { return .zero }
    let scaled = min(1, (m - deadZone) / (1 - deadZone))
    return v / m * scaled
}
