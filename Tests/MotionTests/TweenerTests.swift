@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
import Testing

@Suite struct TweenerTests {
    let dt = 1.0 / 120

    func setUp(_ start: Vec2 = .zero) -> (Tweener, Entity) { tweenerWithOneTarget(at: start) }

    func line(_ a: Vec2, _ b: Vec2, seconds: Double = 1, fill: FillMode = .forwards, listener: Int? = 7, target: Entity) -> Animation {
        var timing = MediaTiming(duration: seconds)
        timing.fillMode = fill
        return Animation(target: target, property: .position, track: .point(try! KeyframeTrack(values: [a, b])), timing: timing, listener: listener)
    }

    func pos(_ t: Tweener, _ e: Entity) -> Channel<Vec2> { t.animatables.store[e]!.position }

    @Test func completionIsReportedExactlyOnceAndTheModelTakesTheFinalValue() throws {
        let (t, e) = setUp()
        try t.add(line(.zero, Vec2(100, 0), target: e))
        var finished = 0
        for _ in 0..<240 {
            t.step(dt: dt)
            finished += t.events.filter { $0.kind == .finished && $0.listener == 7 }.count
        }
        #expect(finished == 1)
        #expect(pos(t, e).model == Vec2(100, 0))
        #expect(pos(t, e).presentation == Vec2(100, 0))
        #expect(t.animations.store.isEmpty)
        #expect(!t.isAnimating(e))
    }

    @Test func withoutAForwardsFillThePresentationSnapsBackToTheModel() throws {
        let (t, e) = setUp()
        try t.add(line(.zero, Vec2(100, 0), fill: .removed, target: e))
        for _ in 0..<119 { t.step(dt: dt) }
        #expect(pos(t, e).presentation.x > 98)
        t.step(dt: dt)
        #expect(pos(t, e).presentation == .zero)
        #expect(pos(t, e).model == .zero)
    }

    @Test func interruptingMakesThePresentationTheModelSoTheNextFlightStartsThere() throws {
        let (t, e) = setUp()
        let a = try t.add(line(.zero, Vec2(120, 0), target: e))
        for _ in 0..<60 { t.step(dt: dt) }
        let shown = pos(t, e).presentation
        #expect(abs(shown.x - 60) < 1e-9)
        t.interrupt(a)
        #expect(pos(t, e).model == shown)
        #expect(t.events.contains { $0.kind == .interrupted && $0.listener == 7 })
        try t.add(line(pos(t, e).model, Vec2(60, 120), target: e))
        t.step(dt: dt)
        // Across the interrupt the drawn position moves no more than one step's travel.
        let next = pos(t, e).presentation
        let stepTravel = Vec2(0, 120).length / 120
        #expect(next.distance(to: shown) <= stepTravel + 1e-9)
    }

    @Test(arguments: [true, false])
    func anAnimationWhoseTargetIsDestroyedEndsInterruptedAndGoes(kept: Bool) throws {
        let (t, e) = setUp()
        var flight = line(.zero, Vec2(100, 0), fill: .removed, target: e)
        // Kept: an animation that would otherwise stay, inert, after its end.
        flight.timing.removedOnCompletion = !kept
        try t.add(flight)
        for _ in 0..<30 { t.step(dt: dt) }
        t.world.destroy(e)
        t.step(dt: dt)
        #expect(t.events.map(\.kind) == [.interrupted])
        #expect(t.events.first?.listener == 7 && t.events.first?.target == e)
        #expect(t.animations.store.isEmpty)
        #expect(t.trackCount == 0)
        for _ in 0..<240 { t.step(dt: dt) }
        #expect(!t.events.contains { $0.listener == 7 })
    }

    @Test(arguments: [-1, Int(Int32.max) + 1, Int.max])
    func aListenerATweenCannotKeepIsRefusedNotChanged(listener: Int) throws {
        let (t, e) = setUp()
        #expect(throws: AnimationError.listenerOutOfRange(listener)) {
            try t.add(line(.zero, Vec2(100, 0), listener: listener, target: e))
        }
        #expect(t.animations.store.isEmpty)
        // The largest that fits is kept as it is and told.
        try t.add(line(.zero, Vec2(100, 0), seconds: 0.01, listener: Int(Int32.max), target: e))
        t.step(dt: dt); t.step(dt: dt)
        #expect(t.events.map(\.listener) == [Int(Int32.max)])
    }

    @Test func aNewAnimationOnTheSamePropertyReplacesTheOldOne() throws {
        let (t, e) = setUp()
        try t.add(line(.zero, Vec2(100, 0), listener: 1, target: e))
        t.step(dt: dt)
        try t.add(line(.zero, Vec2(0, 100), listener: 2, target: e))
        #expect(t.events.contains { $0.listener == 1 && $0.kind == .interrupted })
        #expect(t.animations.store.count == 1)
    }

    @Test func pauseResumeSeekAndReverse() throws {
        let (t, e) = setUp()
        let a = try t.add(line(.zero, Vec2(100, 0), target: e))
        for _ in 0..<30 { t.step(dt: dt) }
        t.pause(a)
        for _ in 0..<30 { t.step(dt: dt) }
        #expect(abs(pos(t, e).presentation.x - 25) < 1e-9)
        t.resume(a)
        t.seek(a, toFraction: 0.5)
        t.step(dt: dt)
        #expect(abs(pos(t, e).presentation.x - (50 + 100 * dt)) < 1e-9)
        t.reverse(a)
        var back = 0
        for _ in 0..<200 {
            t.step(dt: dt)
            back += t.events.filter { $0.kind == .finished }.count
        }
        #expect(back == 1)
        #expect(pos(t, e).model == .zero)
    }

    @Test func additiveAnimationsAddToTheModel() throws {
        let (t, e) = setUp(Vec2(10, 10))
        var a = line(.zero, Vec2(0, 50), target: e)
        a.additive = true
        try t.add(a)
        var b = line(.zero, Vec2(30, 0), target: e)
        b.additive = true
        try t.add(b)
        for _ in 0..<60 { t.step(dt: dt) }
        #expect(pos(t, e).presentation.distance(to: Vec2(25, 35)) < 1e-9)
        for _ in 0..<60 { t.step(dt: dt) }
        #expect(pos(t, e).model == Vec2(40, 60))
    }

    @Test func customScalarsAnimateWithAutoreverseAndComeBack() throws {
        let (t, e) = setUp()
        var timing = MediaTiming(duration: 1)
        timing.autoreverses = true
        try t.add(Animation(target: e, property: .custom(2), track: .scalar(try KeyframeTrack(values: [0.0, 10])), timing: timing, listener: 3))
        for _ in 0..<120 { t.step(dt: dt) }
        #expect(abs(t.extras.store[e]![custom: 2].presentation - 10) < 1e-9)
        var done = 0
        for _ in 0..<120 { t.step(dt: dt); done += t.events.count }
        #expect(done == 1)
        #expect(t.extras.store[e]![custom: 2].presentation == 0)
    }

    @Test func conflictingTimingIsRejectedBeforeAnythingRuns() {
        let (t, e) = setUp()
        var a = line(.zero, Vec2(1, 0), target: e)
        a.timing.repeatCount = 2
        a.timing.repeatDuration = 1
        #expect {
            try t.add(a)
        } throws: { e in
            if case .timing = e as? AnimationError { true } else { false }
        }
        #expect(t.animations.store.isEmpty)
    }

    @Test func aTrackThatCannotDriveItsPropertyIsRefusedNamingBoth() throws {
        let (t, e) = setUp()
        let scalar = Track.scalar(try KeyframeTrack(values: [0.0, 1]))
        let point = Track.point(try KeyframeTrack(values: [Vec2.zero, Vec2(1, 1)]))
        let timing = MediaTiming(duration: 1)
        #expect(throws: AnimationError.trackDoesNotFit(track: .scalar, property: .position)) {
            try t.add(Animation(target: e, property: .position, track: scalar, timing: timing))
        }
        #expect(throws: AnimationError.trackDoesNotFit(track: .point, property: .custom(1))) {
            try t.add(Animation(target: e, property: .custom(1), track: point, timing: timing))
        }
        #expect(AnimationError.trackDoesNotFit(track: .point, property: .alpha).description == "a point track cannot drive alpha")
        #expect(t.animations.store.isEmpty && t.trackCount == 0)
        // The fitting pairs are taken.
        try t.add(Animation(target: e, property: .alpha, track: scalar, timing: timing))
        try t.add(Animation(target: e, property: .position, track: point, timing: timing))
        #expect(t.animations.store.count == 2)
    }

    @Test func customPropertiesPastTheLastSlotAreRefusedNotClamped() throws {
        let (t, e) = setUp()
        let scalar = Track.scalar(try KeyframeTrack(values: [0.0, 1]))
        for i in [-1, AnimatedProperty.customSlots, 7, Int.max] {
            #expect(throws: AnimationError.noSuchCustomSlot(i)) {
                try t.add(Animation(target: e, property: .custom(i), track: scalar, timing: MediaTiming(duration: 1)))
            }
        }
        #expect(t.animations.store.isEmpty)
        try t.add(Animation(target: e, property: .custom(AnimatedProperty.customSlots - 1), track: scalar, timing: MediaTiming(duration: 1)))
        #expect(t.animations.store.count == 1)
    }

    @Test func carryingVelocityKeepsTheMotionSmoothAcrossARedirect() throws {
        func jumpInVelocity(carry: Bool) throws -> Double {
            let (t, e) = setUp()
            let a = try t.add(line(.zero, Vec2(240, 0), seconds: 2, target: e))
            for _ in 0..<120 { t.step(dt: dt) }
            let before = pos(t, e).velocity(dt: dt)
            t.interrupt(a)
            try t.add(line(pos(t, e).model, pos(t, e).model + Vec2(0, 240), seconds: 2, target: e), carryVelocity: carry)
            t.step(dt: dt)
            return pos(t, e).velocity(dt: dt).distance(to: before)
        }
        let without = try jumpInVelocity(carry: false), with = try jumpInVelocity(carry: true)
        #expect(without > 150)  // turns on the spot: 120 pt/s right becomes 120 pt/s down
        #expect(with < without * 0.1)
    }

    @Test func aPathTrackDrivesRotationToo() throws {
        let (t, e) = setUp(Vec2(100, 0))
        var timing = MediaTiming(duration: 1)
        timing.fillMode = .forwards
        let track = PathTrack(path: .ellipse(in: Rect(x: -100, y: -100, w: 200, h: 200)), rotationMode: .auto)
        try t.add(Animation(target: e, property: .position, track: .path(track), timing: timing))
        for _ in 0..<30 { t.step(dt: dt) }
        // A quarter round: at the bottom, heading left.
        #expect(pos(t, e).presentation.distance(to: Vec2(0, 100)) < 0.01)
        #expect(abs(t.animatables.store[e]!.rotation.presentation - .pi) < 0.01)
    }

    @Test func tweensOnOneSampleTableShareOneTrackAndANewTableNeverTakesAFreedOnesSlot() throws {
        let t = Tweener(world: World())
        let timing = MediaTiming(duration: 1)
        func flight(_ track: PathTrack) throws -> Entity {
            let e = t.world.spawn()
            t.animatables.store.insert(Animatable(), for: e)
            return try t.add(Animation(target: e, property: .position, track: .path(track), timing: timing))
        }
        let circle = PathTrack(path: .ellipse(in: Rect(x: 0, y: 0, w: 200, h: 200)))
        let flights = try (0..<50).map { _ in try flight(circle) }
        #expect(t.trackCount == 1)
        // Read another way, the same table is another track.
        _ = try flight(PathTrack(path: .ellipse(in: Rect(x: 0, y: 0, w: 200, h: 200)), mode: .linear))
        #expect(t.trackCount == 2)
        for a in flights { t.interrupt(a) }
        #expect(t.trackCount == 1)
        // A table made after the circle's slot was freed gets a track of its own, even if
        // its samples land where the circle's were.
        let square = PathTrack(path: .roundedRect(Rect(x: 0, y: 0, w: 100, h: 100), radius: 10))
        let e = try flight(square)
        #expect(t.trackCount == 2)
        for _ in 0..<30 { t.step(dt: dt) }
        let p = t.animatables.store[t.animations.store[e]!.target]!.position.presentation
        #expect(p.distance(to: square.position(at: 0.25)) < 1e-9)
    }

    @Test func aSteadyStepAllocatesNothingVisibleInCapacity() throws {
        // Events, scratch and stores keep their capacity: running a finished-and-restarted
        // cycle does not grow them.
        let (t, e) = setUp()
        for _ in 0..<3 {
            try t.add(line(.zero, Vec2(10, 0), seconds: 0.1, target: e))
            for _ in 0..<20 { t.step(dt: dt) }
        }
        #expect(t.animations.store.isEmpty)
    }
}
