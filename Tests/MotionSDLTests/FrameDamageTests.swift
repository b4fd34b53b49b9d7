import CSDL2
import Foundation
import Engine
import Geometry
@testable import MotionSDL
import Scenes
@testable import Shell
import Testing

extension SDLTests {
    /// Redrawing only the rows that changed (`FrameDamage`) leaves the window as a whole
    /// redraw would, frame after frame, and does redraw less.
    @Suite struct FrameDamageTests {
        /// The platform as the frame driver sees it, checking every frame: the list drawn as
        /// the app draws it (only what changed), the pixels read, then the same list drawn
        /// whole and read again.
        final class Checked: ForwardingPlatform {
            let platform: Platform
            var frames = 0, nothing = 0, rows = 0, everything = 0
            /// The share of the window redrawn, summed over the frames.
            var rowsDrawn = 0.0
            var mismatches: [String] = []
            private var partial: [UInt32] = [], whole: [UInt32] = []

            init(_ platform: Platform) {
                self.platform = platform
                super.init(base: platform)
            }

            override func render(_ list: DrawList) {
                let base = platform
                base.render(list)
                frames += 1
                var w: Int32 = 0, h: Int32 = 0
                SDL_GetRendererOutputSize(base.renderer, &w, &h)
                let region = base.lastRegion
                switch region {
                case .nothing: nothing += 1
                case .rows(let r): rows += 1; rowsDrawn += Double(r.area) / Double(base.windowSize.x * base.windowSize.y)
                case .everything: everything += 1; rowsDrawn += 1
                }
                read(into: &partial, w, h)
                base.damage.invalidate()
                base.render(list)
                read(into: &whole, w, h)
                if partial != whole {
                    let i = partial.indices.first { partial[$0] != whole[$0] } ?? 0
                    mismatches.append("frame \(frames) (\(region)): first differing pixel (\(i % Int(w)), \(i / Int(w)))")
                }
            }

            private func read(into pixels: inout [UInt32], _ w: Int32, _ h: Int32) {
                let base = platform
                SDL_RenderFlush(base.renderer)
                if pixels.count != Int(w) * Int(h) { pixels = [UInt32](repeating: 0, count: Int(w) * Int(h)) }
                #expect(SDL_RenderReadPixels(base.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixels, w * 4) == 0)
            }
        }

        /// `scene` through `frames` frames of its docs script, every frame checked.
        static func run(_ scene: String, frames: Int, size: Vec2, uiScale: Double, bands: Int) throws -> Checked {
            let (platform, shell, script) = try headlessApp(scene) { options in
                options.size = size
                options.uiScale = uiScale
                options.bands = bands
            }
            let checked = Checked(platform)
            let driver = FrameDriver(platform: checked, content: shell, hz: 120, virtualFrameTime: 1.0 / 60.0, script: script)
            driver.frameLimit = frames
            try driver.run()
            return checked
        }

        @Test(arguments: [(1280.0, 720.0, 1.0, 1), (640, 400, 2, 2), (1600, 900, 1.25, 1), (1200, 800, 1.5, 2), (1920, 1080, 1.75, 2), (1000, 700, 1.25, 3)])
        func everyFrameOfEverySceneIsTheWholeRedrawsPixels(w: Double, h: Double, uiScale: Double, bands: Int) throws {
            for (scene, frames) in [("path", 240), ("tap", 220), ("arrow", 250), ("board", 180), ("bounce", 180)] {
                let c = try Self.run(scene, frames: frames, size: Vec2(w, h), uiScale: uiScale, bands: bands)
                print("damage \(scene) \(Int(w))x\(Int(h)) at \(uiScale)x: \(c.frames) frames, \(c.nothing) unchanged, \(c.rows) in part, \(c.everything) whole; \(Int((c.rowsDrawn / Double(max(1, c.frames)) * 100).rounded())) % of the window drawn a frame")
                #expect(c.mismatches.isEmpty, "\(scene): \(c.mismatches.count) frames differ from a whole redraw, \(c.mismatches.prefix(3))")
                #expect(c.frames >= frames)
                // It does redraw less: some frames in part, and less than the whole on average.
                #expect(c.rows + c.nothing > 0, "\(scene): every frame was redrawn whole")
                #expect(c.rowsDrawn < Double(c.frames), "\(scene)")
            }
        }

        /// A frame with one rectangle moved redraws the rows it left and reached, and no other;
        /// the same frame again redraws nothing; a new background, the whole window.
        @Test func aMovedRectangleDamagesItsRowsOnly() throws {
            let platform = try headlessPlatform { $0.size = Vec2(320, 240) }
            func list(rectAt y: Double, background: Color = .background) -> DrawList {
                var l = DrawList()
                l.background = background
                l.image(Textures.sprite, in: Rect(x: 10, y: 10, w: 32, h: 32))
                l.fillRect(Rect(x: 100, y: y, w: 40, h: 20), color: Color(200, 40, 40))
                l.image(Textures.sprite, in: Rect(x: 200, y: 180, w: 32, h: 32))
                return l
            }
            platform.render(list(rectAt: 50))
            #expect(platform.lastRegion == .everything)
            platform.render(list(rectAt: 50))
            #expect(platform.lastRegion == .nothing)
            platform.render(list(rectAt: 80))
            // Rows 50…100 (where it was and is), with the margin of 2 points.
            // Rows 50…100 (where it was and is), columns 100…140, with the margin of 2 points.
            #expect(platform.lastRegion == .rows(DamagedRows([(48, 102, 98, 142)])))
            // Two rectangles far apart: two runs of rows, each as wide as its damage.
            var both = list(rectAt: 80)
            both.fillRect(Rect(x: 10, y: 200, w: 20, h: 10), color: .white)
            platform.render(both)
            #expect(platform.lastRegion == .rows(DamagedRows([(198, 212, 8, 32)])))
            var moved = list(rectAt: 10)
            moved.fillRect(Rect(x: 10, y: 205, w: 20, h: 10), color: .white)
            platform.render(moved)
            guard case .rows(let runs) = platform.lastRegion else { Issue.record("\(platform.lastRegion)"); return }
            #expect(runs == DamagedRows([(8, 32, 98, 142), (78, 102, 98, 142), (198, 217, 8, 32)]))
            #expect(runs.count == 3)
            platform.render(list(rectAt: 80, background: .white))
            #expect(platform.lastRegion == .everything)
            // A window event: the next frame is drawn whole.
            var e = windowEvent(SDL_WINDOWEVENT_EXPOSED, of: platform)
            #expect(SDL_PushEvent(&e) == 1)
            var events: [InputEvent] = []
            platform.poll(into: &events)
            platform.render(list(rectAt: 80, background: .white))
            #expect(platform.lastRegion == .everything)
            // With --full-redraw, always whole.
            let full = try headlessPlatform { $0.size = Vec2(320, 240); $0.redrawChangesOnly = false }
            full.render(list(rectAt: 50))
            full.render(list(rectAt: 50))
            #expect(full.lastRegion == .everything)
        }
    }

    /// The runs of damaged rows: those within the join gap merge into their bounding box,
    /// the rest stay apart and in order, and a fifth run joins the two closest.
    @Suite struct DamagedRowsTests {
        @Test func nearRunsJoinFarOnesStayApartAndAFifthJoinsTheClosest() {
            var r = DamagedRows([(300, 310, 50, 60), (10, 20, 0, 5)])
            #expect(r.count == 2 && r[0].y == 10 && r[1].y == 300 && r[1].x == 50 && r[1].w == 10)
            r.add(top: 30, bottom: 40, left: 90, right: 100)  // 10 below the first: joins it
            #expect(r.count == 2 && r[0].y == 10 && r[0].h == 30 && r[0].x == 0 && r[0].w == 100)
            r.add(top: 100, bottom: 110, left: 0, right: 1)
            r.add(top: 200, bottom: 210, left: 0, right: 1)
            #expect(r.count == 4)
            // A fifth run: the closest two (10–40 and 100–110, 60 apart) join.
            r.add(top: 500, bottom: 505, left: 7, right: 9)
            #expect(r.count == 4)
            #expect(r[0].y == 10 && r[0].h == 100 && r[0].w == 100 && r[1].y == 200 && r[2].y == 300 && r[3].y == 500)
            #expect(r.totalHeight == 100 + 10 + 10 + 5)
            #expect(r.area == 100 * 100 + 10 + 100 + 10)
            r.bound(width: 8, height: 502)
            // Cut to the window: the run at 300–310 lies right of it, and goes.
            #expect(r.count == 3)
            #expect(r[0].w == 8 && r[2].y == 500 && r[2].h == 2 && r[2].x == 7 && r[2].w == 1)
            // Not finite, or empty: nothing added.
            r.add(top: .nan, bottom: 3, left: 0, right: 1); r.add(top: 7, bottom: 7, left: 0, right: 1)
            r.add(top: -.infinity, bottom: 0, left: 0, right: 1); r.add(top: 0, bottom: 1, left: 5, right: 5)
            #expect(r.count == 3)
        }
    }
}
