@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct BounceSceneTests {
    @Test func clickingEmptySpaceAddsABallThere() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 100))]])
        #expect(scene.bodies.store.count == 1)
    }

    @Test func draggingABallMovesItWithThePointerAndReleasingThrowsIt() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 300))]])
        let e = scene.bodies.store.owners[0]
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 5, device: .touch, at: scene.bodies.store[e]!.position.current)]]
        for f in 2...10 { events[f] = [.pointerMove(pointer: 5, device: .touch, at: Vec2(400 + Double(f) * 10, 300))] }
        events[11] = [.pointerUp(pointer: 5, device: .touch, at: Vec2(500, 300))]
        runShell(shell, frames: 11, events: events)
        let body = scene.bodies.store[e]!
        #expect(scene.grabs.store.isEmpty)
        #expect(body.velocity.x > 100)  // thrown to the right
    }

    @Test func backspaceRemovesTheOldestBall() {
        let scene = BounceScene(seed: 3, initialBalls: 3)
        let first = scene.bodies.store.owners.min { $0.index < $1.index }!
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.key(.backspace, down: true)]])
        #expect(scene.bodies.store.count == 2)
        #expect(!scene.world.isAlive(first))
    }

    @Test func systemsRunInTheDeclaredOrder() {
        #expect(BounceScene().systemNames == ["interpolation", "input", "basket", "grab", "motion", "collisions"])
    }

    @Test("Thirty thousand fingers pressed in one frame: InputLimits.maxPointers are tracked, each adds a ball, and lifting them all leaves none held")
    func thirtyThousandFingersInOneFrameAreCappedAndEndCleanly() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        let n = 30_000, limit = InputLimits.maxPointers
        func at(_ id: Int) -> Vec2 { Vec2(Double(40 + id % 720), Double(100 + (id / 720) % 400)) }
        runShell(shell, frames: 1, events: [1: (1...n).map { InputEvent.pointerDown(pointer: $0, device: .touch, at: at($0)) }])
        #expect(shell.input.pointers.count == limit)
        #expect(shell.input.pointers.map(\.id) == Array(1...limit))
        #expect(scene.bodies.store.count == limit)
        // Every finger moves and lifts: only the tracked ones did anything, and all of them end.
        runShell(shell, frames: 2, events: [
            1: (1...n).map { InputEvent.pointerMove(pointer: $0, device: .touch, at: at($0) + Vec2(5, 5)) },
            2: (1...n).map { InputEvent.pointerUp(pointer: $0, device: .touch, at: at($0) + Vec2(5, 5)) },
        ])
        #expect(shell.input.pointers.isEmpty)
        #expect(scene.grabs.store.isEmpty)
        #expect(scene.bodies.store.count == limit)
        scene.bodies.store.withDense { dense, _ in
            #expect(dense.allSatisfy { $0.position.current.x.isFinite && $0.position.current.y.isFinite && $0.velocity.x.isFinite })
        }
        // The next press is taken again.
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: n + 1, device: .touch, at: Vec2(400, 300))]])
        #expect(shell.input.pointers.map(\.id) == [n + 1])
    }

    @Test("Adds past BounceScene.maxBalls are refused, the status line says so, and removing one makes room")
    func addsPastTheBallLimitAreRefused() {
        #expect(BounceScene(seed: 1, initialBalls: 10 * BounceScene.maxBalls).bodies.store.count == BounceScene.maxBalls)
        let scene = BounceScene(seed: 3, initialBalls: BounceScene.maxBalls - 2)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        #expect(scene.status == "balls: \(BounceScene.maxBalls - 2)")
        // Twenty thousand presses of Space in one frame, as a script might send them.
        let presses = (0..<20_000).flatMap { _ in [InputEvent.key(.space, down: true), .key(.space, down: false)] }
        runShell(shell, frames: 1, events: [1: presses])
        #expect(scene.bodies.store.count == BounceScene.maxBalls)
        #expect(scene.refusedAdds == 20_000 - 2)
        #expect(scene.status.contains("the most there can be"))
        // A click on empty space is refused too.
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 80)),
                                                .pointerUp(pointer: 0, device: .mouse, at: Vec2(400, 80))]])
        #expect(scene.bodies.store.count <= BounceScene.maxBalls)
        runShell(shell, frames: 1, events: [1: [.key(.backspace, down: true), .key(.backspace, down: false)]])
        #expect(scene.bodies.store.count == BounceScene.maxBalls - 1)
        runShell(shell, frames: 1, events: [1: [.key(.space, down: true), .key(.space, down: false)]])
        #expect(scene.bodies.store.count == BounceScene.maxBalls)
    }

    @Test(arguments: [Vec2(480, 320), Vec2(3840, 2160)])
    func theFirstBallsSpreadOverTheWholeWindowAtAnySize(size: Vec2) {
        let scene = BounceScene(seed: 5, initialBalls: 12)
        _ = Shell(scenes: [scene], size: size, font: testFont())
        let xs = scene.bodies.store.dense.map(\.position.current.x), ys = scene.bodies.store.dense.map(\.position.current.y)
        #expect(xs.max()! - xs.min()! > 0.5 * scene.arena.width)
        #expect(ys.allSatisfy { $0 >= scene.arena.minY && $0 <= scene.arena.maxY })
        #expect(ys.max()! - ys.min()! > 0.15 * scene.arena.height)
    }

    @Test func inALongRunNoTwoBallsOverlapAfterAnyStep() {
        let scene = BounceScene(seed: 11, initialBalls: 40)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        var deepest = 0.0, steps = 0, worst = 0
        for f in 0..<600 {
            runShell(shell, frames: 1)
            steps += 1
            let before = deepest
            let d = scene.bodies.store.dense
            for i in d.indices {
                #expect(d[i].position.current.x.isFinite && d[i].velocity.y.isFinite)
                for j in d.indices where j > i {
                    let gap = d[i].position.current.distance(to: d[j].position.current) - d[i].radius - d[j].radius
                    deepest = max(deepest, -gap)
                }
            }
            if deepest > before { worst = f }
        }
        // A thousandth of a point: nothing anyone could see.
        #expect(deepest < 1e-3, "deepest overlap \(deepest) pt over \(steps) frames, at frame \(worst)")
    }

    /// Drags pointer 5 through `points` a frame each and lets go at the last, after holding
    /// still there for `rest` frames (4 unless said: a placing hand, not a throw).
    func drag(_ shell: Shell, _ points: [Vec2], rest: Int = 4) {
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 5, device: .touch, at: points[0])]]
        for (k, p) in points.enumerated().dropFirst() { events[k + 1] = [.pointerMove(pointer: 5, device: .touch, at: p)] }
        events[points.count + 1 + rest] = [.pointerUp(pointer: 5, device: .touch, at: points.last!)]
        runShell(shell, frames: points.count + 1 + rest, events: events)
    }

    @Test func aBallLetGoOverTheBasketIsKeptAndAnUpwardDragCarriesItBackIntoPlayWhereItIsLetGo() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 200))]])
        let e = scene.bodies.store.owners[0]
        let basket = scene.basketFrame
        #expect(basket.maxY <= 600 && basket.minY > scene.arena.maxY)
        drag(shell, [scene.bodies.store[e]!.position.current, Vec2(400, 400), basket.center])
        #expect(scene.bodies.store.isEmpty && !scene.world.isAlive(e))
        #expect(scene.basket.count == 1)
        // A sideways nudge and then up: the basket's panel lifts it (across its axis), and the
        // arena, the one drop zone, takes it where it is let go.
        let kept = scene.keptRootFrame(0).center
        drag(shell, [kept, kept + Vec2(2, -20), Vec2(300, 250)])
        #expect(scene.basket.isEmpty && scene.dragDrop.carries.isEmpty)
        #expect(scene.bodies.store.count == 1)
        let back = scene.bodies.store.dense[0]
        #expect(back.position.current.distance(to: Vec2(300, 250)) < 10)  // a frame of gravity since
    }

    @Test func aBasketBallLetGoOverTheBasketStaysInItsSlot() {
        let scene = BounceScene(seed: 3, initialBalls: 2)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 2, events: [1: [.key(.down, down: true)], 2: [.key(.down, down: true)]])
        #expect(scene.basket.count == 2 && scene.bodies.store.isEmpty)
        let kept = scene.keptRootFrame(1).center
        drag(shell, [kept, kept + Vec2(0, -20), kept + Vec2(0, -10)])
        #expect(scene.basket.count == 2 && scene.bodies.store.isEmpty && scene.dragDrop.carries.isEmpty)
    }

    @Test func keysAndTheDpadMoveBallsInAndOutAndASidewaysDragScrollsAFullBasket() {
        let scene = BounceScene(seed: 3, initialBalls: 20)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        var events: [Int: [InputEvent]] = [1: [.gamepadAdded(pad: 0)]]
        for f in 1...10 { events[f, default: []] += [.key(.down, down: true), .key(.down, down: false)] }
        for f in 11...20 { events[f] = [.gamepadButton(pad: 0, button: .dpdown, down: true), .gamepadButton(pad: 0, button: .dpdown, down: false)] }
        runShell(shell, frames: 20, events: events)
        #expect(scene.basket.count == 20 && scene.bodies.store.isEmpty)
        let f = scene.basketFrame
        #expect(scene.basketPanel.maxOffset > 200)
        let start = Vec2(f.midX, f.midY)
        drag(shell, (0...10).map { start - Vec2(Double($0) * 20, 0) })
        #expect(scene.dragDrop.carries.isEmpty)
        #expect(scene.basketPanel.offset >= 200)
        runShell(shell, frames: 2, events: [1: [.key(.up, down: true)], 2: [.gamepadButton(pad: 0, button: .dpup, down: true)]])
        #expect(scene.basket.count == 18 && scene.bodies.store.count == 2)
        #expect(scene.stateDump()["basket"]?["balls"]?.arrayValue?.count == 18)
    }
}
