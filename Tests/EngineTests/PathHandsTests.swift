@testable import Engine
import Entities
import Geometry
import Paths
import Testing

/// The path handle's hands without a scene: a handle on a circle taken by a pointer, swept
/// round and let go, thrown, cancelled, and caught coasting.
@Suite struct PathHandsTests {
    /// A handle at the top of a circle of radius 200, a pointer's hands, and the pointer's input.
    struct Rig {
        let table = SampleTable(path: .ellipse(in: Rect(x: 100, y: 100, w: 400, h: 400)), spacing: 1)
        var store = ComponentStore<PathFollower>()
        var hands = PathHands()
        var input = InputState()
        var time = 0.0
        static let dt = 1.0 / 120

        init() {
            store.insert(PathFollower(table: 0, index: 0, on: table), for: Entity(index: 0, generation: 0))
        }

        var handle: PathFollower { store.dense[0] }

        /// One fixed step: the step's events, the walk, the tracks, the throws.
        mutating func step(_ events: [InputEvent] = []) {
            time += Self.dt
            var seen: [InputEvent] = []
            for e in events { input.process(e, at: time, into: &seen) }
            for e in seen {
                switch e {
                case .pointerDown(let id, let device, let at):
                    _ = hands.grab(pointer: id, device: device, at: at, radius: 13, in: &store) { f, _ in f.point }
                case .pointerMove(let id, _, let at): hands.move(pointer: id, to: at, up: false, time: time, in: &store)
                case .pointerUp(let id, _, let at): hands.move(pointer: id, to: at, up: true, time: input.releaseTime(of: id) ?? time, in: &store)
                case .pointerCancel(let id, _): hands.cancel(pointer: id, in: &store)
                default: break
                }
            }
            let tables = [table]
            store.withDense { dense, _ in PathFollowerSystem.step(&dense, tables: tables, dt: Self.dt) }
            hands.track(store, on: table, input: input)
            hands.throwLetGo(&store, on: table)
        }

        /// Takes the handle and sweeps it round the circle at `speed` pt/s along it for
        /// `steps` steps; returns where the hand is.
        mutating func sweep(speed: Double, steps: Int) -> Vec2 {
            let s0 = handle.distance
            step([.pointerDown(pointer: 1, device: .touch, at: table.point(atDistance: s0))])
            var at = Vec2.zero
            for k in 1...steps {
                at = table.point(atDistance: s0 + speed * Double(k) * Self.dt)
                step([.pointerMove(pointer: 1, device: .touch, at: at)])
            }
            return at
        }
    }

    @Test func aHandleSweptRoundACurveLeavesAtItsSpeedAlongThePath() {
        var rig = Rig()
        let speed = 900.0
        let at = rig.sweep(speed: speed, steps: 24)
        #expect(rig.handle.grabbedBy == .pointer(1))
        #expect(abs(rig.hands.speedAlongPath(rig.handle) / speed - 1) < 0.05)
        rig.step([.pointerUp(pointer: 1, device: .touch, at: at)])
        // It leaves at the speed it had along the path.
        #expect(rig.handle.grabbedBy == .momentum)
        #expect(abs(rig.handle.orbitSpeed / speed - 1) < 0.05, "left at \(rig.handle.orbitSpeed) pt/s")
        #expect(rig.hands.presses.all.isEmpty)
        let before = rig.handle.along(on: rig.table)
        rig.step()
        #expect(rig.handle.along(on: rig.table) > before)
    }

    @Test func aCancelledHandleStaysWhereItIsWithNoThrow() {
        var rig = Rig()
        _ = rig.sweep(speed: 900, steps: 12)
        let drawn = rig.handle.point
        rig.step([.pointerCancel(pointer: 1, device: .touch)])
        #expect(rig.handle.grabbedBy == .none)
        #expect(rig.handle.orbitSpeed == 0)
        rig.step()
        #expect(rig.handle.point == drawn)
    }

    @Test func aCoastingHandleTakenStopsUnderTheHand() {
        var rig = Rig()
        let at = rig.sweep(speed: 600, steps: 12)
        rig.step([.pointerUp(pointer: 1, device: .touch, at: at)])
        #expect(rig.handle.grabbedBy == .momentum)
        rig.step()
        let here = rig.handle.point
        rig.step([.pointerDown(pointer: 2, device: .mouse, at: here)])
        #expect(rig.handle.grabbedBy == .pointer(2))
        #expect(rig.handle.orbitSpeed == 0)
        rig.step()
        #expect(rig.handle.point.distance(to: here) < 1.5)
        // A press past the handle's reach takes nothing.
        var far = Rig()
        #expect(!far.hands.grab(pointer: 3, device: .mouse, at: Vec2(300, 300), radius: 13, in: &far.store) { f, _ in f.point })
    }
}
