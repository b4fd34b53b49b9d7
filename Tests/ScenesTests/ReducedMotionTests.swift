import Engine
import Geometry
import Motion
import Scenes
import Shell
import TestSupport
import Testing

/// Reduced motion: a decorative flight settles within 0.2 s and never passes its target;
/// without it the same flight takes longer and bounces (so the tests tell the two apart).
@Suite struct ReducedMotionTests {
    /// How a flight went, frame by frame: the furthest it passed its target (along the
    /// flight's start direction, points) and the first time it was within `near` points.
    struct Flight { var overshoot = 0.0; var within: Double? }

    /// A card from the strip dropped over the tab bar flies home; its flight watched.
    func boardMiss(reduced: Bool, near: Double) -> Flight {
        let (shell, s) = makeBoard()
        shell.reducedMotion = reduced
        let c = s.itemRootFrame(3).center
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: c)]]
        events[2] = [.pointerMove(pointer: 0, device: .mouse, at: c + Vec2(0, 20))]
        events[3] = [.pointerMove(pointer: 0, device: .mouse, at: Vec2(640, 10))]
        events[8] = [.pointerUp(pointer: 0, device: .mouse, at: Vec2(640, 10))]
        runShell(shell, frames: 8, events: events)
        #expect(s.ghosts.first?.flight?.kind == .returning)
        guard let first = s.ghosts.first, let target = first.flight?.target.origin else { return Flight() }
        let direction = (target - first.frame.origin) / (target - first.frame.origin).length
        var flight = Flight()
        for frame in 1...60 {
            runShell(shell, frames: 1)
            guard let g = s.ghosts.first else {
                flight.within = flight.within ?? Double(frame) / 60
                break
            }
            let past = (g.frame.origin - target).dot(direction)
            flight.overshoot = max(flight.overshoot, past)
            if flight.within == nil, g.frame.origin.distance(to: target) < near { flight.within = Double(frame) / 60 }
        }
        return flight
    }

    @Test func aMissedCardFliesHomeWithin0point2SecondsWithoutPassingItsSlot() throws {
        let reduced = boardMiss(reduced: true, near: 1)
        let full = boardMiss(reduced: false, near: 1)
        // 0.2 s, and the frame the step that reaches it ends in.
        #expect(try #require(reduced.within) <= 0.2 + 1.0 / 60)
        #expect(reduced.overshoot < 1e-6)
        // The usual flight bounces past home and takes longer.
        #expect(full.overshoot > 0.5)
        #expect(try #require(full.within) > 0.25)
    }

    @Test func aSpringModeTapSettlesWithin0point2SecondsWithoutOvershootAndTheDumpSaysSo() throws {
        for reduced in [true, false] {
            let (shell, s) = shell(with: TapScene())
            shell.reducedMotion = reduced
            #expect(shell.stateDump(frame: 0, step: 0, droppedTime: 0)["reduceMotion"] == .bool(reduced))
            runShell(shell, frames: 1, events: [1: [.key(Key("S"), down: true), .key(Key("S"), down: false)]])
            let start = s.presentation, aim = start + Vec2(300, 100)
            runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: aim),
                                                    .pointerUp(pointer: 0, device: .mouse, at: aim)]])
            let target = try #require(s.destination)
            #expect(target.distance(to: aim) < 1e-9)
            let direction = (target - start) / (target - start).length
            var overshoot = 0.0
            var within: Double?
            for frame in 1...90 {
                runShell(shell, frames: 1)
                overshoot = max(overshoot, (s.presentation - target).dot(direction))
                if within == nil, s.presentation.distance(to: target) < 1 { within = Double(frame) / 60 }
            }
            if reduced {
                #expect(try #require(within) <= 0.2 + 1.0 / 60)
                #expect(overshoot < 1e-6)
            } else {
                #expect(overshoot > 1)
                #expect(try #require(within) > 0.3)
            }
        }
    }

    @Test func theReducedSpringIsCriticallyDampedAndSettlesIn0point2Seconds() {
        let spring = Spring.reducedMotion
        #expect(abs(spring.settlingDuration() - 0.2) < 1e-9)
        // From rest one unit away it falls monotonically and never crosses zero.
        var last = 1.0
        for k in 1...100 {
            let x = spring.evolve(1, velocity: 0, by: Double(k) * 0.004).x
            #expect(x <= last && x >= 0)
            last = x
        }
    }
}
