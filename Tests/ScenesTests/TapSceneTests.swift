@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct TapSceneTests {
    func make() -> (Shell, TapScene) {
        shell(with: TapScene())
    }

    @Test func aTapFliesAHalfCircleInTwoSecondsAtConstantSpeed() {
        let (shell, s) = make()
        let start = s.model
        let target = start + Vec2(400, 0)
        var loop = FixedStepLoop(hz: 120)
        var positions: [Vec2] = []
        for f in 1...130 {
            if f == 1 { shell.enqueue(.pointerDown(pointer: 0, device: .mouse, at: target)) }
            for _ in 0..<loop.advance(by: 1.0 / 60) { shell.step(dt: loop.dt, step: loop.step); positions.append(s.presentation) }
        }
        #expect(s.presentation.distance(to: target) < 1e-9)
        #expect(s.model.distance(to: target) < 1e-9)
        #expect(s.completed == 1 && !s.isAnimating)
        // The flight goes round a half circle (up to 200 pt off the line) at constant speed.
        let flight = positions.prefix(240)
        #expect(flight.map { abs($0.y - start.y) }.max()! > 199)
        var steps: [Double] = []
        for i in 1..<flight.count { steps.append(flight[flight.index(flight.startIndex, offsetBy: i)].distance(to: flight[flight.index(flight.startIndex, offsetBy: i - 1)])) }
        let mean = (200 * Double.pi) / 240
        #expect(steps.allSatisfy { abs($0 - mean) / mean < 0.01 })
    }

    /// The legend explains the flight's path and ticks: shown with them, not over nothing
    /// (a spring's flight, or none yet, draws no path).
    @Test func thePathLegendShowsOnlyWithAPathDrawn() {
        let (shell, s) = make()
        func vertices() -> Int {
            var list = DrawList()
            s.draw(into: &list, context: DrawContext(font: testFont(), alpha: 1, bounds: Rect(x: 0, y: 40, w: 1280, h: 680)))
            return list.vertices.count
        }
        let bare = vertices()
        runShell(shell, frames: 2, events: [1: [.key(Key("P"), down: true), .key(Key("P"), down: false)]])
        #expect(s.showPath)
        // No flight yet: the Path button is lit (its own vertices), and nothing else is drawn.
        let lit = vertices()
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(900, 400)), .pointerUp(pointer: 0, device: .mouse, at: Vec2(900, 400))]])
        #expect(vertices() > lit + 200)
        #expect(lit - bare < 200)
    }

    @Test func aTapMidFlightInterruptsFromThePresentedPositionWithoutAJump() {
        let (shell, s) = make()
        let start = s.model
        var loop = FixedStepLoop(hz: 120)
        var last = start
        var maxStep = 0.0
        for f in 1...200 {
            if f == 1 { shell.enqueue(.pointerDown(pointer: 0, device: .mouse, at: start + Vec2(400, 0))) }
            if f == 2 { shell.enqueue(.pointerUp(pointer: 0, device: .mouse, at: start + Vec2(400, 0))) }
            if f == 60 { shell.enqueue(.pointerDown(pointer: 1, device: .touch, at: start + Vec2(-300, 200))) }
            for _ in 0..<loop.advance(by: 1.0 / 60) {
                shell.step(dt: loop.dt, step: loop.step)
                maxStep = max(maxStep, s.presentation.distance(to: last))
                last = s.presentation
            }
        }
        #expect(s.interrupts == 1)
        // The fastest flight here covers π·r / 240 per step; no step moves more than that.
        let longest = Double.pi * (start.distance(to: start + Vec2(-300, 200)) + 400) / 2 / 240
        #expect(maxStep <= longest)
        #expect(s.stateDump()["interrupts"]?.doubleValue == 1)
    }

    @Test func theGamepadMovesACursorAndATaps() {
        let (shell, s) = make()
        let c0 = s.cursor
        runShell(shell, frames: 30, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .leftx, value: 1)],
                                             30: [.gamepadAxis(pad: 0, axis: .leftx, value: 0)]])
        #expect(s.cursor.x > c0.x + 200)
        runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: .a, down: true)]])
        #expect(s.isAnimating)
    }

    @Test func eachNewFingerIsANewTap() {
        let (shell, s) = make()
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: .touch, at: Vec2(100, 200)),
                                                .pointerDown(pointer: 2, device: .touch, at: Vec2(900, 600))]])
        #expect(s.interrupts == 1)
    }

    /// The picture's rect at the presented position.
    func pictureRect(_ s: TapScene) -> Rect { Rect(center: s.presentation, size: Vec2(s.pictureSize, s.pictureSize)) }

    func window(_ shell: Shell) -> Rect { Rect(x: 0, y: 0, w: shell.size.x, h: shell.size.y) }

    func inside(_ r: Rect, _ w: Rect) -> Bool { r.minX >= w.minX && r.minY >= w.minY && r.maxX <= w.maxX && r.maxY <= w.maxY }

    @Test(arguments: [Vec2(480, 320), Vec2(800, 600), Vec2(1280, 720), Vec2(3840, 2160)])
    func flightsToEveryEdgeAndCornerStayInTheWindow(size: Vec2) {
        let s = TapScene()
        let shell = Shell(scenes: [s], size: size, font: testFont())
        let b = shell.sceneBounds
        // Taps 2 pt inside each corner and edge midpoint, one after another, each flight run
        // to its end and sampled every 5 frames.
        let targets = [Vec2(b.minX + 2, b.minY + 80), Vec2(b.maxX - 2, b.maxY - 2), Vec2(b.midX, b.maxY - 2), Vec2(b.minX + 2, b.maxY - 2),
                       Vec2(b.maxX - 2, b.minY + 80), Vec2(b.minX + 2, b.midY), Vec2(b.maxX - 2, b.midY), Vec2(b.midX, b.minY + 80)]
        for t in targets {
            runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .touch, at: t), .pointerUp(pointer: 0, device: .touch, at: t)]])
            for _ in 0..<26 {
                #expect(inside(pictureRect(s), window(shell)), "at \(size), flying to \(t): \(pictureRect(s))")
                runShell(shell, frames: 5)
            }
            #expect(!s.isAnimating)
            // It went as near the tap as it fits whole, above the status line.
            #expect(s.model.distance(to: s.reach.clamped(t)) < 1e-6)
            #expect(s.reach.maxY + s.pictureSize / 2 <= b.maxY - 28)
        }
    }

    @Test func aFlightThatFitsIsTheSeedsHalfCircleAndOneThatDoesNotGoesRoundTheOtherSide() {
        let area = Rect(x: 0, y: 0, w: 1000, h: 1000)
        // From left to right in the middle: clockwise (on screen) goes up, and fits.
        let fits = TapScene.flight(from: Vec2(300, 500), to: Vec2(700, 500), inside: area)
        #expect(fits.elements == TapScene.halfCircle(from: Vec2(300, 500), to: Vec2(700, 500)).elements)
        // Near the top the upward side does not fit: it goes round below, a whole half circle.
        let below = TapScene.flight(from: Vec2(300, 100), to: Vec2(700, 100), inside: area)
        let pts = below.flattened(tolerance: 0.1).first!.points
        #expect(pts.allSatisfy { $0.y >= 100 - 1e-6 })
        #expect(abs(pts.map(\.y).max()! - 300) < 0.2)
        // In a short strip neither side fits a half circle: the bulge flattens to the room.
        let strip = Rect(x: 0, y: 0, w: 1000, h: 100)
        let flat = TapScene.flight(from: Vec2(100, 50), to: Vec2(900, 50), inside: strip)
        let fp = flat.flattened(tolerance: 0.1).first!.points
        #expect(fp.allSatisfy { $0.y >= -0.1 && $0.y <= 100.1 })
        #expect(fp.map { abs($0.y - 50) }.max()! > 49)
    }

    @Test func aResizeBringsThePictureBackAtRestAndMidFlight() {
        let (shell, s) = make()
        runShell(shell, frames: 130, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(1200, 680))]])
        // As near the tap as the picture fits whole.
        #expect(s.model == s.reach.clamped(Vec2(1200, 680)))
        #expect(s.model.y < 680)
        runShell(shell, frames: 1, events: [1: [.resize(w: 400, h: 300)]])
        #expect(inside(pictureRect(s), window(shell)))
        #expect(s.model == s.presentation)
        // Room again: once the size has held still, it flies back to where it was put.
        runShell(shell, frames: 1, events: [1: [.resize(w: 1280, h: 720)]])
        #expect(!s.isAnimating)
        runShell(shell, frames: 20)
        #expect(s.isAnimating && s.destination == s.reach.clamped(Vec2(1200, 680)))
        runShell(shell, frames: 130)
        #expect(!s.isAnimating && s.model == s.reach.clamped(Vec2(1200, 680)))
        // Mid-flight: the flight goes on, to a destination in the new window.
        runShell(shell, frames: 130, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(640, 400))],
                                              2: [.pointerUp(pointer: 0, device: .mouse, at: Vec2(640, 400))]])
        runShell(shell, frames: 30, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(1200, 680))]])
        #expect(s.isAnimating)
        runShell(shell, frames: 1, events: [1: [.resize(w: 480, h: 320)]])
        #expect(s.isAnimating)
        #expect(inside(pictureRect(s), window(shell)))
        #expect(s.interrupts == 0)
        for _ in 0..<30 {
            runShell(shell, frames: 5)
            #expect(inside(pictureRect(s), window(shell)), "\(pictureRect(s))")
        }
        #expect(!s.isAnimating)
    }

    /// A hostile tour squeezed the window mid-flight until the destination, brought inside,
    /// fell on the picture, also brought inside: the flight ended there for good, and the
    /// window restored left it in the corner. It goes on to where it was sent.
    @Test(arguments: [Vec2(480, 320), Vec2(1, 1)])
    func aFlightSqueezedOntoItsDestinationGoesOnWhenThereIsRoomAgain(squeezed: Vec2) {
        let (shell, s) = shell(with: TapScene(), size: Vec2(800, 600))
        let target = Vec2(700, 500)
        runShell(shell, frames: 30, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: target)],
                                             2: [.pointerUp(pointer: 0, device: .mouse, at: target)]])
        #expect(s.isAnimating)
        runShell(shell, frames: 2, events: [1: [.resize(w: squeezed.x, h: squeezed.y)]])
        runShell(shell, frames: 300, events: [1: [.resize(w: 800, h: 600)]])
        #expect(!s.isAnimating)
        #expect(s.model.distance(to: target) < 1e-6, "\(s.model)")
        #expect(s.destination.map { $0.distance(to: s.model) < 1e-6 } == true)
    }

    /// A window dragged to a new size sends a resize a frame: the picture squeezed aside
    /// waits for the size to hold still and then makes one flight back, rather than a new
    /// one from each resize (the review saw it wander, heading away from its target).
    @Test func aWindowDraggedBackToSizeSendsThePictureBackInOneFlight() {
        let (shell, s) = shell(with: TapScene(), size: Vec2(1280, 720))
        let target = Vec2(1100, 600)
        runShell(shell, frames: 130, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: target)],
                                              2: [.pointerUp(pointer: 0, device: .mouse, at: target)]])
        let done = s.completed
        runShell(shell, frames: 2, events: [1: [.resize(w: 480, h: 320)]])
        var events: [Int: [InputEvent]] = [:]
        for k in 1...40 { events[k] = [.resize(w: 480 + 20 * Double(k), h: 320 + 10 * Double(k))] }
        runShell(shell, frames: 40, events: events)
        #expect(!s.isAnimating, "a flight started while the window was still being resized")
        runShell(shell, frames: 200)
        #expect(s.completed == done + 1)
        #expect(s.model.distance(to: s.reach.clamped(target)) < 1e-6)
    }
}
