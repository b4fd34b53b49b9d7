import Foundation
@testable import Engine
import Entities
@testable import Geometry
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// Escape while keys or a pad move something is not the app's quit (a hostile tour quit the
/// tap, path and arrow scenes from under a held Space, an orbit and a scrub), and a gesture
/// taken away mid-motion leaves at the hand's speed rather than from rest (motion stays
/// continuous in velocity).
@Suite struct EscapeUnderKeysTests {
    @Test func escapeWhileSpaceOrAHoldsThePictureLetsItGoInsteadOfQuitting() {
        for hand in [Hand.keyboard, .pad(0)] {
            let tap = TapScene()
            let shell = Shell(scenes: [tap], size: Vec2(1280, 720), font: testFont())
            let take: [InputEvent] = hand == .keyboard ? [.key(.space, down: true), .key(.right, down: true)]
                : [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .a, down: true), .key(.right, down: true)]
            runShell(shell, frames: 10, events: [1: take])
            #expect(tap.grab?.hand == hand)
            runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
            #expect(!shell.wantsQuit, "\(hand)")
            #expect(tap.grab == nil)
            // Let go moving with the cursor: it flies on at that speed.
            #expect(tap.velocity.x > 0.9 * TapScene.cursorSpeed, "\(tap.velocity)")
            runShell(shell, frames: 2, events: [1: [.key(.escape, down: false), .key(.right, down: false)]])
            runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
            #expect(shell.wantsQuit)
        }
    }

    @Test func escapeWhileKeysOrbitARingOrScrubTheArrowDoesNotQuit() {
        let path = PathScene(), arrow = ArrowScene()
        let shell = Shell(scenes: [path, arrow], size: Vec2(1280, 720), font: testFont())
        runShell(shell, frames: 10, events: [1: [.key(.right, down: true)]])
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(!shell.wantsQuit)
        runShell(shell, frames: 2, events: [1: [.key(.escape, down: false), .key(.right, down: false)]])
        runShell(shell, frames: 2, events: [1: [.key(Key("2"), down: true)], 2: [.key(Key("2"), down: false)]])
        #expect(shell.activeScene === arrow)
        runShell(shell, frames: 10, events: [1: [.key(.right, down: true)]])
        #expect(arrow.scrubber == .keyboard)
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(!shell.wantsQuit)
        runShell(shell, frames: 2, events: [1: [.key(.escape, down: false), .key(.right, down: false)]])
        #expect(arrow.scrubber == nil)
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(shell.wantsQuit)
    }

    /// A card dragged down and taken away by Escape or a lost focus flies home from the hand's
    /// motion: it goes on down a little before it turns, rather than turning at once. (The
    /// review found a lost focus still turning it at once: the input recorded a cancel at rest.)
    @Test(arguments: [InputEvent.key(.escape, down: true), .focusLost])
    func aCardTakenAwayMidDragFliesHomeFromTheHandsMotion(takenBy: InputEvent) throws {
        let (shell, s) = makeBoard(size: Vec2(800, 600))
        let c = s.itemRootFrame(3).center
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: c)]]
        for k in 1...8 { events[1 + k] = [.pointerMove(pointer: 0, device: .mouse, at: c + Vec2(0, 15 * Double(k)))] }
        runShell(shell, frames: 9, events: events)
        let moving = try #require(s.ghosts.first)
        #expect(moving.velocity.y > 500)
        runShell(shell, frames: 1, events: [1: [takenBy]])
        let flying = try #require(s.ghosts.first)
        #expect(flying.flight?.kind == .returning)
        #expect(flying.velocity.y > 0, "it turned at once: \(flying.velocity)")
    }

    /// A card the keys are gliding to its line, dropped mid-glide, lands from the speed it
    /// glided at (its velocity was 0: it stopped dead, then sped up again).
    @Test func aCardDroppedMidGlideLandsFromItsGlide() throws {
        let (shell, s) = makeBoard(size: Vec2(800, 600))
        runShell(shell, frames: 4, events: [1: [.key(.space, down: true)], 2: [.key(.space, down: false)],
                                            3: [.key(.down, down: true)], 4: [.key(.down, down: false)]])
        let gliding = try #require(s.ghosts.first)
        #expect(gliding.velocity.length > 100, "\(gliding.velocity)")
        let before = gliding.frame.origin
        runShell(shell, frames: 1, events: [1: [.key(.space, down: true)]])
        let landing = try #require(s.ghosts.first)
        #expect(landing.flight?.kind == .settling)
        // It moved on the way it was going, at about the glide's speed.
        let moved = landing.frame.origin - before
        #expect(moved.dot(gliding.velocity) > 0 && moved.length > 0.5 * gliding.velocity.length / 120)
    }
}
