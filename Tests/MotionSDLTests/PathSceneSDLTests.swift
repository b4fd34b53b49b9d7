import CSDL2
import Geometry
import Scenes
import Testing

extension SDLTests {
    @Suite struct PathSceneSDLTests {
        @Test func aTouchDragThroughPushedFingerEventsSlidesTheHandle() throws {
            let scene = PathScene(startShape: .oval)
            let app = try HeadlessApp(scenes: [scene], size: Vec2(640, 480))
            app.frame()
            let start = scene.followers.store.dense[0].point
            let size = app.platform.windowSize
            func norm(_ p: Vec2) -> (Float, Float) { (Float(p.x / size.x), Float(p.y / size.y)) }
            var (x, y) = norm(start)
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 12345, x: x, y: y))
            app.frame()
            #expect(scene.followers.store.dense[0].grabbedBy == .pointer(1))
            for k in 1...10 {
                (x, y) = norm(start + Vec2(0, Double(k) * 8))
                app.push(fingerEvent(SDL_FINGERMOTION, finger: 12345, x: x, y: y))
                app.frame()
            }
            app.push(fingerEvent(SDL_FINGERUP, finger: 12345, x: x, y: y))
            app.frame()
            let end = scene.followers.store.dense[0]
            #expect(end.grabbedBy == .momentum)  // let go moving: it coasts on
            #expect(end.point.y > start.y + 50)
            // Still on the path.
            let t = scene.tables[0]
            #expect(t.points[t.nearestIndexByScan(to: end.point)!].distance(to: end.point) < 1)
        }

        @Test func aVirtualGamepadsTriggerOrbitsTheHandleAndUnpluggingStopsIt() throws {
            let scene = PathScene(startShape: .oval)
            let app = try HeadlessApp(scenes: [scene], size: Vec2(640, 480))
            let pad = try VirtualPad()
            app.frame()
            let s0 = scene.followers.store.dense[0].distance
            pad.setAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
            for _ in 0..<30 { app.frame() }
            let f = scene.followers.store.dense[0]
            #expect(f.grabbedBy == .pad(pad.instanceID))
            // Half a second at full trigger: about 210 points along the path.
            #expect(abs((f.distance - s0) - PathScene.orbitSpeed * 29 / 60) < 15)
            pad.detach()
            app.frame()
            let s1 = scene.followers.store.dense[0].distance
            for _ in 0..<10 { app.frame() }
            #expect(scene.followers.store.dense[0].distance == s1)
        }
    }
}
