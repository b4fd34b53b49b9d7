@testable import Engine
@testable import Geometry
import Testing

/// The drag-and-drop system on its own: a strip of 20 items scrolling sideways above a
/// sheet of 10 zones scrolling up and down, with no scene.
@Suite struct DragDropTests {
    let dt = 1.0 / 120
    struct Fixture {
        var dd = DragDrop<Int>(rules: .init(slop: 10, holdTime: 0.35, autoScrollSpeed: 900))
        var strip = SpaceTree.SpaceID.root, stripContent = SpaceTree.SpaceID.root
        var sheet = SpaceTree.SpaceID.root, zones: [SpaceTree.SpaceID] = []

        init() {
            var t = SpaceTree(rootSize: Vec2(800, 600))
            strip = t.addPanel(ScrollPanel(axis: .horizontal, viewport: 800, contentLength: 2000), parent: .root,
                               frame: Rect(x: 0, y: 0, w: 800, h: 100))
            stripContent = t.add(parent: strip, frame: Rect(x: 0, y: 0, w: 2000, h: 100))
            sheet = t.addPanel(ScrollPanel(axis: .vertical, viewport: 400, contentLength: 1000), parent: .root,
                               frame: Rect(x: 0, y: 150, w: 800, h: 400))
            zones = (0..<10).map { t.add(parent: sheet, frame: Rect(x: 0, y: Double($0) * 100, w: 800, h: 100)) }
            dd.spaces = t
            dd.panels = [strip, sheet]
            dd.zones = zones
            dd.zoneClip = sheet
        }

        /// Item `i`'s frame in root space, wherever the strip has scrolled.
        func itemFrame(_ i: Int) -> Rect {
            dd.spaces.convert(Rect(x: Double(i) * 100 + 10, y: 10, w: 80, h: 80), from: stripContent, to: .root)
        }
        func item(at p: Vec2) -> Int? { (0..<20).first { itemFrame($0).contains(p) } }

        mutating func press(_ id: Int, _ p: Vec2) {
            let panel = dd.panel(at: p)
            dd.press(id, at: p, on: panel, item: panel == strip ? item(at: p) : nil)
        }
        /// Pointer `id` presses item `item`, lifts a copy with a drag down and carries it to `p`.
        mutating func carry(_ id: Int, item: Int, to p: Vec2) {
            let start = itemFrame(item).center
            press(id, start)
            move(id, start + Vec2(0, 20))
            move(id, p)
        }
        /// Moves pointer `id` and lifts whatever the move decided to.
        mutating func move(_ id: Int, _ p: Vec2) {
            if let l = dd.move(id, to: p) {
                dd.lift(l.item, carrier: l.carrier, frame: itemFrame(l.item), at: l.at, pressedAt: l.pressedAt)
            }
        }
    }

    @Test func aDragAcrossTheStripLiftsACopyThatFollowsThePointer() {
        var f = Fixture()
        let start = f.itemFrame(3).center
        f.press(1, start)
        f.move(1, start + Vec2(0, 6))
        #expect(f.dd.carries.isEmpty)
        f.move(1, start + Vec2(2, 14))
        #expect(f.dd.carries.count == 1)
        #expect(f.dd.carries[0].item == 3)
        #expect(f.dd.carries[0].frame == f.itemFrame(3).offsetBy(Vec2(2, 14)))
        f.move(1, start + Vec2(50, 300))
        #expect(f.dd.carries[0].pointer == start + Vec2(50, 300))
        #expect(f.dd.spaces[panel: f.strip].offset == 0)
    }

    /// A copy's source takes any number of hands; an item taken itself (lifted out of its
    /// panel) has one carrier: a second hand that pressed it too lifts nothing, by dragging
    /// or by holding, and the first hand's carry is untouched.
    @Test func anItemTakenOutOfItsPanelHasOneCarrierAndACopysSourceMany() {
        var f = Fixture()
        let start = f.itemFrame(3).center
        f.press(1, start)
        f.press(2, start + Vec2(1, 1))
        f.move(1, start + Vec2(0, 20))
        f.move(2, start + Vec2(1, 21))
        #expect(f.dd.carries.count == 2, "two copies of a strip card")

        var g = Fixture()
        g.press(1, start)
        g.press(2, start + Vec2(1, 1))
        for (id, p) in [(1, start + Vec2(0, 20)), (2, start + Vec2(1, 21))] {
            if let l = g.dd.move(id, to: p) {
                let took = g.dd.lift(l.item, carrier: l.carrier, frame: g.itemFrame(l.item), at: l.at, pressedAt: l.pressedAt, removableFrom: g.strip)
                #expect(took == (id == 1), "a second hand does not lift what the first took")
            }
        }
        #expect(g.dd.isTaken(3))
        #expect(g.dd.carries.count == 1 && g.dd.carries[0].carrier == .pointer(1))
        let carried = g.dd.carries[0].frame
        _ = g.dd.move(2, to: start + Vec2(40, 80))
        #expect(g.dd.carries[0].frame == carried, "the other hand's moves do not move it")
        #expect(g.dd.release(2, cancelled: false) == nil, "and its release lets nothing go")
        #expect(g.dd.carries.count == 1)

        // By holding: the first hold to lift takes it; the other's reaches nothing.
        var h = Fixture()
        h.press(1, start)
        h.press(2, start + Vec2(1, 1))
        var lifted = 0
        for _ in 0..<30 {
            for l in h.dd.advanceHolds(dt)
            where h.dd.lift(l.item, carrier: l.carrier, frame: h.itemFrame(l.item), at: l.at, pressedAt: l.pressedAt, removableFrom: h.strip) {
                lifted += 1
            }
        }
        #expect(lifted == 0 && h.dd.holdProgress.count == 2)
        // The mouse drags it off before the holds end: the finger's ring goes, nothing waits.
        if let l = h.dd.move(1, to: start + Vec2(0, 30)) {
            h.dd.lift(l.item, carrier: l.carrier, frame: h.itemFrame(l.item), at: l.at, pressedAt: l.pressedAt, removableFrom: h.strip)
        }
        #expect(h.dd.carries.count == 1 && h.dd.holdProgress.isEmpty)
        for _ in 0..<60 {
            for l in h.dd.advanceHolds(dt)
            where h.dd.lift(l.item, carrier: l.carrier, frame: h.itemFrame(l.item), at: l.at, pressedAt: l.pressedAt, removableFrom: h.strip) {
                lifted += 1
            }
        }
        #expect(lifted == 0 && h.dd.carries.count == 1)
    }

    @Test func aDragAlongTheStripScrollsItAndWhatIsInsideMovesWithNothingCopied() {
        var f = Fixture()
        let start = f.itemFrame(3).center
        let before = f.itemFrame(3)
        f.press(1, start)
        for k in 1...10 { f.move(1, start - Vec2(Double(k) * 12, 1)) }
        #expect(f.dd.carries.isEmpty)
        let offset = f.dd.spaces[panel: f.strip].offset
        #expect(offset == 120)
        #expect(f.itemFrame(3).minX == before.minX - 120)
        #expect(f.dd.release(1, cancelled: false, velocity: Vec2(-1440, -12)) == nil)
        #expect(f.dd.spaces[panel: f.strip].phase == .decelerating)
        #expect(f.dd.spaces[panel: f.strip].velocity == 1440)  // the hand's speed along the strip
    }

    @Test func aPressOnAMovingPanelCatchesItInsteadOfLifting() {
        var f = Fixture()
        let start = f.itemFrame(3).center
        f.press(1, start)
        for k in 1...10 { f.move(1, start - Vec2(Double(k) * 12, 0)) }
        _ = f.dd.release(1, cancelled: false, velocity: Vec2(-1440, 0))
        f.dd.spaces[panel: f.strip].step(dt: dt)
        f.press(2, f.itemFrame(5).center)
        #expect(f.dd.spaces[panel: f.strip].isMoving)
        #expect(f.dd.spaces[panel: f.strip].velocity == 0)
        f.move(2, f.itemFrame(5).center + Vec2(0, 40))
        #expect(f.dd.carries.isEmpty)
    }

    @Test func holdingStillLiftsAfterTheHoldTimeAndShowsProgressOnTheWay() {
        var f = Fixture()
        let p = f.itemFrame(2).center
        f.press(7, p)
        var lifted: [DragDrop<Int>.Lift] = []
        var steps = 0
        while lifted.isEmpty, steps < 200 {
            lifted = f.dd.advanceHolds(dt)
            steps += 1
            if steps == 30 { #expect(abs(f.dd.holdProgress[0].progress - 30 * dt / 0.35) < 1e-9) }
        }
        var held = 0.0, expected = 0
        while held < 0.35 { held += dt; expected += 1 }
        #expect(steps == expected)
        #expect(lifted.map(\.item) == [2])
        #expect(lifted[0].carrier == .pointer(7))
        #expect(f.dd.holdProgress.isEmpty)
    }

    @Test func aCarryLandsInTheZoneUnderThePointerConvertedThroughTheScrolledSheet() {
        var f = Fixture()
        f.dd.spaces[panel: f.sheet].setOffset(250)
        let target = Vec2(400, 150 + 120)  // 120 pt into the visible sheet: content y 370, zone 3
        f.carry(1, item: 1, to: target)
        f.dd.updateTargets()
        #expect(f.dd.carries[0].target == 3)
        #expect(f.dd.targets == [3])
        let local = f.dd.spaces.convert(target, from: .root, to: f.zones[3])
        #expect(local == Vec2(400, 70))
        let r = f.dd.release(1, cancelled: false)
        #expect(r?.index == 0 && r?.cancelled == false)
    }

    @Test func offTheZonesTheBodyThatOverlapsMostDecides() {
        var f = Fixture()
        // Pointer left of the sheet (x < 0), the body half over zone 0's visible part.
        let zone = f.dd.dropZone(pointer: Vec2(-10, 200), body: Rect(x: -40, y: 140, w: 80, h: 80))
        #expect(zone == 0)
        #expect(f.dd.dropZone(pointer: Vec2(-10, 580), body: Rect(x: -200, y: 560, w: 80, h: 80)) == nil)
    }

    @Test func restingInTheSheetsBottomEdgeZoneScrollsItAfterTheDwell() {
        var f = Fixture()
        f.carry(1, item: 1, to: Vec2(400, 540))
        for _ in 0..<30 { f.dd.autoScroll(dt) }
        #expect(f.dd.spaces[panel: f.sheet].offset == 0)
        for _ in 0..<120 { f.dd.autoScroll(dt) }
        #expect(f.dd.spaces[panel: f.sheet].offset > 50)
        #expect(f.dd.spaces[panel: f.strip].offset == 0)
    }

    /// A copy let go over nothing flies home; a press on it on the way catches it where it
    /// is drawn, stopped at once, and the pointer carries it from there. One settling into
    /// the place it was dropped is not caught.
    @Test func aCopyFlyingHomeIsCaughtUnderThePressAndCarriedFromThere() {
        var f = Fixture()
        f.carry(1, item: 3, to: Vec2(400, 590))
        let r = f.dd.release(1, cancelled: false, velocity: Vec2(0, 900))!
        f.dd.fly(r.index, to: f.itemFrame(3), kind: .returning)
        for _ in 0..<6 { f.dd.stepFlights(dt) }
        let mid = f.dd.carries[0].frame
        #expect(f.dd.carries[0].flight != nil && mid.origin.distance(to: f.itemFrame(3).origin) > 50)
        let beside = f.dd.catchFlight(2, at: mid.center + Vec2(0, 500))
        #expect(!beside, "a press beside it catches nothing")
        let caught = f.dd.catchFlight(2, at: mid.center)
        #expect(caught)
        #expect(f.dd.carries[0].isCarried && f.dd.carries[0].carrier == .pointer(2))
        #expect(f.dd.carries[0].frame == mid && f.dd.carries[0].velocity == .zero, "stopped where it was")
        for _ in 0..<6 { f.dd.stepFlights(dt) }
        #expect(f.dd.carries[0].frame == mid, "carried, it no longer flies")
        f.move(2, mid.center + Vec2(40, -20))
        #expect(f.dd.carries[0].frame == mid.offsetBy(Vec2(40, -20)))
        // Settling into a drop: not caught.
        let k = f.dd.release(2, cancelled: false)!.index
        f.dd.fly(k, to: f.itemFrame(3), kind: .settling)
        f.dd.stepFlights(dt)
        let settling = f.dd.catchFlight(3, at: f.dd.carries[0].frame.center)
        #expect(!settling)
    }

    @Test func aMovedItemCarriedOutsideItsPanelOverNoZoneWouldBeRemoved() {
        var f = Fixture()
        f.dd.lift(9, carrier: .pointer(1), frame: Rect(x: 10, y: 200, w: 40, h: 40), at: Vec2(20, 210), pressedAt: Vec2(20, 210),
                  removableFrom: f.sheet)
        f.dd.updateTargets()
        #expect(!f.dd.carries[0].willRemove)
        f.dd[carry: 0].frame.origin = Vec2(300, 570)
        f.dd.updateTargets()
        #expect(f.dd.carries[0].target == nil && f.dd.carries[0].willRemove)
    }

    @Test func aKeyCarryTargetsItsZoneAndGlidesToItsSlot() {
        var f = Fixture()
        f.dd.keyLift(4, carrier: .keyboard, frame: f.itemFrame(4), size: Vec2(72, 90), zone: 2, slot: 0)
        #expect(f.dd.carries[0].frame.center == f.itemFrame(4).center)
        f.dd.updateTargets()
        #expect(f.dd.carries[0].target == 2)
        let slot = Rect(x: 100, y: 400, w: 72, h: 90)
        for _ in 0..<120 { f.dd.glideKeyCarry(toward: slot, dt: dt) }
        #expect(f.dd.carries[0].frame.origin.distance(to: slot.origin) < 0.01)
    }

    @Test func forgettingAnItemLetsItsCarriesGoAndEndsTheKeyCarryAndThePresses() {
        var f = Fixture()
        f.dd.keyLift(4, carrier: .keyboard, frame: f.itemFrame(4), size: Vec2(72, 90), zone: 2, slot: 0)
        f.press(1, f.itemFrame(6).center)
        f.dd.updateItems { $0 += 100 }
        #expect(f.dd.carries[0].item == 104)
        f.dd.forget { $0 >= 100 }
        #expect(f.dd.carries.isEmpty && f.dd.keyCarry == nil)
        // The pending press on item 106 now lifts nothing: moving across only scrolls.
        f.move(1, f.itemFrame(6).center + Vec2(0, 30))
        #expect(f.dd.carries.isEmpty)
    }

    @Test func aLetGoCarryLeavesAtTheHandsVelocityAndLandsOnASpringTheSameAtAnyStepRate() {
        var frames: [Rect] = []
        for hz in [60.0, 240.0] {
            var f = Fixture()
            f.dd.lift(1, carrier: .pointer(1), frame: Rect(x: 500, y: 400, w: 72, h: 90), at: .zero, pressedAt: .zero)
            _ = f.dd.release(1, cancelled: false, velocity: Vec2(900, -1500))
            let home = Rect(x: 100, y: 20, w: 40, h: 50)
            f.dd.fly(0, to: home, kind: .returning)
            #expect(!f.dd.carries[0].isCarried && f.dd.index(carriedBy: .pointer(1)) == nil)
            // Leaving: a tenth of a millisecond later it still moves at the hand's velocity.
            var probe = f.dd
            probe.stepFlights(1e-4)
            #expect(probe.carries[0].velocity.distance(to: Vec2(900, -1500)) < 0.01 * 1750)
            for _ in 0..<Int(0.2 * hz) { f.dd.stepFlights(1 / hz) }
            frames.append(f.dd.carries[0].frame)
            var steps = 0
            while !f.dd.carries.isEmpty && steps < 10_000 { f.dd.stepFlights(1 / hz); steps += 1 }
            #expect(f.dd.carries.isEmpty, "landed after \(steps) more steps at \(hz) Hz")
            #expect(Double(steps) / hz < 2)
        }
        // The closed form: 0.2 s in, the same place whatever the step.
        #expect(frames[0].origin.distance(to: frames[1].origin) < 1e-9 && frames[0].size.distance(to: frames[1].size) < 1e-9)
    }

    @Test func theWheelScrollsThePanelUnderTheMouseAlongItsAxis() {
        var f = Fixture()
        f.dd.wheel(dx: 0, dy: -3, at: Vec2(400, 50))   // over the strip: dy scrolls it sideways
        #expect(f.dd.spaces[panel: f.strip].offset == 3)
        f.dd.wheel(dx: 5, dy: -3, at: Vec2(400, 50))  // a sideways wheel wins on the strip: right is on
        #expect(f.dd.spaces[panel: f.strip].offset == 8)
        f.dd.wheel(dx: -2, dy: 0, at: Vec2(400, 50))  // left is back
        #expect(f.dd.spaces[panel: f.strip].offset == 6)
        f.dd.wheel(dx: 2, dy: 0, at: Vec2(400, 50))
        f.dd.wheel(dx: -5, dy: -40, at: Vec2(400, 300))
        #expect(f.dd.spaces[panel: f.sheet].offset == 40)
        f.dd.wheel(dx: 0, dy: -40, at: Vec2(400, 120))  // between the panels: nothing
        #expect(f.dd.spaces[panel: f.sheet].offset == 40 && f.dd.spaces[panel: f.strip].offset == 8)
    }

    @Test func revealScrollsJustEnoughOrToTheStartOfWhatIsLongerThanTheViewport() {
        var p = ScrollPanel(axis: .vertical, viewport: 400, contentLength: 2000)
        p.reveal(500, 600)
        #expect(p.offset == 200)
        p.reveal(300, 350)
        #expect(p.offset == 200)
        p.reveal(100, 150)
        #expect(p.offset == 100)
        p.reveal(700, 1300)
        #expect(p.offset == 700)
    }
}
