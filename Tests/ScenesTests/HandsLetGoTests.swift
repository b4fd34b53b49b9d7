import Foundation
@testable import Engine
import Entities
@testable import Geometry
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// What a hand holds is let go when the hand can no longer reach it, and a second hand does
/// not take what the first holds (a hostile tour of grabs and carries found each of these).
@Suite struct HandsLetGoTests {
    @Test func aKeyboardOrPadGrabOfTheTapPictureEndsWhenTheSceneIsSwitchedAway() {
        for hand in [Hand.keyboard, .pad(0)] {
            let tap = TapScene()
            let shell = Shell(scenes: [tap, BounceScene(seed: 3, initialBalls: 0)], size: Vec2(1280, 720), font: testFont())
            // The cursor starts on the picture: Space, or A, takes it.
            let take: [InputEvent] = hand == .keyboard ? [.key(.space, down: true)]
                : [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .a, down: true)]
            runShell(shell, frames: 2, events: [1: take])
            #expect(tap.grab?.hand == hand)
            runShell(shell, frames: 2, events: [1: [.key(Key("2"), down: true)], 2: [.key(Key("2"), down: false)]])
            #expect(tap.grab == nil, "\(hand)")
            // The key or button let go in the other scene, back here a mouse can take it.
            let letGo: [InputEvent] = hand == .keyboard ? [.key(.space, down: false)]
                : [.gamepadButton(pad: 0, button: .a, down: false)]
            runShell(shell, frames: 3, events: [1: letGo, 2: [.key(Key("1"), down: true)], 3: [.key(Key("1"), down: false)]])
            runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: tap.presentation)]])
            #expect(tap.grab?.hand == .pointer(0))
        }
    }

    @Test func escapeWhileTheMouseCarriesACardSendsItBackInsteadOfQuitting() {
        let (shell, s) = makeBoard()
        let c = s.itemRootFrame(3).center
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: c)]]
        for k in 1...4 { events[1 + k] = [.pointerMove(pointer: 0, device: .mouse, at: c + Vec2(0, 30 * Double(k)))] }
        runShell(shell, frames: 5, events: events)
        #expect(s.ghosts.count == 1 && s.ghosts[0].isCarried)
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(!shell.wantsQuit)
        #expect(s.ghosts.first?.flight?.kind == .returning)
        // The rest of that drag moves nothing, and its up drops nothing.
        runShell(shell, frames: 2, events: [1: [.key(.escape, down: false), .pointerMove(pointer: 0, device: .mouse, at: c + Vec2(0, 200))],
                                            2: [.pointerUp(pointer: 0, device: .mouse, at: c + Vec2(0, 200))]])
        runShell(shell, frames: 90)
        #expect(s.ghosts.isEmpty && s.document == .empty)
        // Nothing carried: Escape quits.
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(shell.wantsQuit)
    }

    /// Escape while the mouse or a finger holds something (the tap picture, the arrow's
    /// scrub) cancels the gesture, as the system's cancel does, instead of quitting from under
    /// the hand; the rest of that gesture does nothing. With no hand down, Escape quits.
    @Test func escapeWhileAHandDragsCancelsTheDragInsteadOfQuitting() {
        let tap = TapScene(), arrow = ArrowScene()
        let shell = Shell(scenes: [tap, arrow], size: Vec2(1280, 720), font: testFont())
        let p = tap.presentation
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: .touch, at: p)],
                                            2: [.pointerMove(pointer: 0, device: .touch, at: p + Vec2(30, 0))],
                                            3: [.pointerMove(pointer: 0, device: .touch, at: p + Vec2(60, 0))]])
        #expect(tap.grab?.hand == .pointer(0))
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(!shell.wantsQuit)
        #expect(tap.grab == nil)
        runShell(shell, frames: 2, events: [1: [.key(.escape, down: false), .pointerMove(pointer: 0, device: .touch, at: p + Vec2(300, 0))],
                                            2: [.pointerUp(pointer: 0, device: .touch, at: p + Vec2(300, 0))]])
        #expect(tap.grab == nil)

        runShell(shell, frames: 2, events: [1: [.key(Key("2"), down: true)], 2: [.key(Key("2"), down: false)]])
        func onRing(_ angle: Double) -> Vec2 {
            arrow.imageRect.center + Vec2(cos(arrow.startRadians + angle), sin(arrow.startRadians + angle)) * (arrow.outerRadius - arrow.thickness / 2)
        }
        let start = onRing(0)
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 1, device: .mouse, at: start)],
                                            2: [.pointerMove(pointer: 1, device: .mouse, at: onRing(0.1))],
                                            3: [.pointerMove(pointer: 1, device: .mouse, at: onRing(0.2))]])
        #expect(arrow.scrubber == .pointer(1))
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(!shell.wantsQuit && arrow.scrubber == nil)
        runShell(shell, frames: 2, events: [1: [.key(.escape, down: false)], 2: [.pointerUp(pointer: 1, device: .mouse, at: start)]])
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(shell.wantsQuit)
    }

    /// Escape and a press in one step, Escape first: nothing was held when Escape came, so
    /// the press that follows is a gesture like any other (it was cancelled before the scene
    /// saw its down, and held for good).
    @Test func escapeJustBeforeAPressInTheSameStepLeavesThatPressAlone() {
        let tap = TapScene()
        let shell = Shell(scenes: [tap], size: Vec2(1280, 720), font: testFont())
        let p = tap.presentation
        runShell(shell, frames: 3, events: [1: [.key(.escape, down: true), .pointerDown(pointer: 0, device: .mouse, at: p)],
                                            2: [.key(.escape, down: false), .pointerMove(pointer: 0, device: .mouse, at: p + Vec2(40, 0))],
                                            3: [.pointerMove(pointer: 0, device: .mouse, at: p + Vec2(80, 0))]])
        #expect(tap.grab?.hand == .pointer(0))
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: p + Vec2(80, 0))]])
        #expect(tap.grab == nil)
    }

    @Test func escapeWhileABasketBallIsCarriedPutsItBack() {
        let scene = BounceScene(seed: 3, initialBalls: 1)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.key(.down, down: true)]])
        #expect(scene.basket.count == 1)
        let kept = scene.keptRootFrame(0).center
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 5, device: .touch, at: kept)]]
        for k in 1...4 { events[1 + k] = [.pointerMove(pointer: 5, device: .touch, at: kept + Vec2(1, -40 * Double(k)))] }
        runShell(shell, frames: 5, events: events)
        #expect(scene.dragDrop.pointersCarrying == [5])
        runShell(shell, frames: 1, events: [1: [.key(.escape, down: true)]])
        #expect(!shell.wantsQuit)
        #expect(scene.dragDrop.carries.isEmpty && scene.basket.count == 1)
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 5, device: .touch, at: Vec2(300, 250))]])
        #expect(scene.bodies.store.isEmpty && scene.basket.count == 1)
    }

    @Test func aSecondFingerOnAHeldBallNeitherTakesItNorAddsABall() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 300))]])
        let e = scene.bodies.store.owners[0]
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 1, device: .touch, at: scene.bodies.store[e]!.position.current)]])
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 2, device: .touch, at: scene.bodies.store[e]!.position.current)]])
        #expect(scene.bodies.store.count == 1)
        #expect(scene.grabs.store[e]?.hand == .pointer(1))
    }

    @Test func aSecondFingerOnAnAnchorAnotherFingerDragsLeavesItToTheFirst() {
        let (shell, s) = TestSupport.shell(with: PathScene(startShape: .star))
        runShell(shell, frames: 2, events: [1: [.key(Key("E"), down: true)], 2: [.key(Key("E"), down: false)]])
        func anchor(_ i: Int) -> Vec2 { s.session.editor!.drawnAnchors()[i].1 }
        let a = anchor(3)
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .touch, at: a)]])
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .touch, at: a + Vec2(-20, 0))]])
        // Past the double-tap interval (two presses on a point in it are a double tap), the
        // second finger comes down on the anchor where the first has it, and moves away.
        runShell(shell, frames: 40)
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 1, device: .touch, at: a + Vec2(-20, 0))]])
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 1, device: .touch, at: a + Vec2(-20, 60))]])
        #expect(anchor(3).distance(to: a + Vec2(-20, 0)) < 1e-9)
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .touch, at: a + Vec2(-21, 0))]])
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 1, device: .touch, at: a + Vec2(-20, 61))]])
        #expect(anchor(3).distance(to: a + Vec2(-21, 0)) < 1e-9)
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 1, device: .touch, at: a + Vec2(-20, 61)),
                                                .pointerUp(pointer: 0, device: .touch, at: a + Vec2(-21, 0))]])
        #expect(anchor(3).distance(to: a + Vec2(-21, 0)) < 1e-9)
    }

    /// The help opened mid-gesture lets go of what the hands held in the scene, as a scene
    /// switch does: a press held on an anchor went on to delete it under the help, and moves
    /// went on editing the path (a tour).
    @Test func theHelpOpenedMidGestureLetsGoOfWhatTheHandsHeld() {
        let (shell, s) = TestSupport.shell(with: PathScene(startShape: .star))
        runShell(shell, frames: 2, events: [1: [.key(Key("E"), down: true)], 2: [.key(Key("E"), down: false)]])
        let before = s.session.editor!.drawnAnchors()
        let a = before[3].1
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: a)]])
        runShell(shell, frames: 2, events: [1: [.key(Key("F1"), down: true)], 2: [.key(Key("F1"), down: false)]])
        #expect(shell.helpVisible)
        runShell(shell, frames: Int(PathEditSession.longPress * 120) + 30)
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: a + Vec2(40, 40))]])
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: a + Vec2(40, 40))]])
        #expect(s.session.editor!.drawnAnchors().map(\.1) == before.map(\.1))
        #expect(s.session.editor!.drags.isEmpty)
    }
}
