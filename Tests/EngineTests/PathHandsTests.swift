@testable import Engine
import Entities
import Geometry
import Paths
import Testing

/// The path handle's hands without a scene: a handle on a circle taken by a pointer, swept
/// round and let go, thrown, cancelled, and caught coasting.
@Suite struct PathHandsTests {
    /// A handle on a circle of radius 200 about (300, 300), at its rightmost point, a
    /// pointer's hands, and the pointer's input.
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

        /// Takes the handle and sweeps the hand round the circle's centre at `speed` pt/s
        /// along the circle for `steps` steps, `reach` times as far from the centre as the
        /// circle (1: on it); returns where the hand is.
        mutating func sweep(speed: Double, steps: Int, reach: Double = 1) -> Vec2 {
            let s0 = handle.distance
            step([.pointerDown(pointer: 1, device: .touch, at: table.point(atDistance: s0))])
            var at = Vec2.zero
            let centre = Vec2(300, 300)
            for k in 1...steps {
                at = centre + (table.point(atDistance: s0 + speed * Double(k) * Self.dt) - centre) * (k == 1 ? 1 : reach)
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
        #expect(rig.hands.presses.all.isEmpty && rig.hands.hand(1) == nil)
        let before = rig.handle.along(on: rig.table)
        rig.step()
        #expect(rig.handle.along(on: rig.table) > before)
    }

    @Test func aHandOutsideTheCurveThrowsAtTheHandlesSpeedNotItsOwn() {
        // The hand circles 1.5 times as far out as the path: it moves 1.5 times as fast as
        // the handle it drags round, and the handle leaves at its own speed.
        var rig = Rig()
        let speed = 600.0
        let at = rig.sweep(speed: speed, steps: 30, reach: 1.5)
        rig.step([.pointerUp(pointer: 1, device: .touch, at: at)])
        #expect(rig.handle.grabbedBy == .momentum)
        #expect(abs(rig.handle.orbitSpeed / speed - 1) < 0.05, "left at \(rig.handle.orbitSpeed) pt/s")
    }

    @Test func aTrackTakenToAnotherPathKeepsItsSpeedAtTheNewScale() {
        var rig = Rig()
        _ = rig.sweep(speed: 600, steps: 12)
        let before = rig.hands.speedAlongPath(rig.handle)
        let handle = rig.store.owners[0]
        var seen: [Entity] = []
        let along = rig.handle.along(on: rig.table)
        rig.hands.retrack { track, e in
            seen.append(e)
            track.rebase(scale: 2, from: Vec2(along, 0), to: .zero)
        }
        #expect(seen == [handle])
        #expect(abs(rig.hands.speedAlongPath(rig.handle) / (2 * before) - 1) < 1e-9)
    }

    @Test func aPointerHoldingNothingMovesNothing() {
        var rig = Rig()
        let here = rig.handle.point
        rig.hands.move(pointer: 9, to: Vec2(0, 0), up: false, time: 0, in: &rig.store)
        rig.hands.move(pointer: 9, to: Vec2(0, 0), up: true, time: 0, in: &rig.store)
        rig.step()
        #expect(rig.handle.point == here && rig.handle.grabbedBy == .none && !rig.hands.isLettingGo)
    }

    @Test func aCancelledHandleStaysWhereItIsWithNoThrow() {
        var rig = Rig()
        _ = rig.sweep(speed: 900, steps: 12)
        let drawn = rig.handle.point
        rig.step([.pointerCancel(pointer: 1, device: .touch)])
        #expect(rig.handle.grabbedBy == .none)
        #expect(rig.hands.presses.all.isEmpty && rig.hands.hand(1) == nil)
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
