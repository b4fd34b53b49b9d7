import CSDL2
import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Scenes
import Testing

extension SDLTests {
    /// What a frame hands to SDL, counted (`Submitter`): one draw call per command, only the
    /// vertices a call uses, the texture changes between calls — so that batching cannot
    /// silently break.
    @Suite struct SubmitCountsTests {
        static func platform(ownCompositor: Bool) throws -> Platform {
            try headlessPlatform { $0.ownCompositor = ownCompositor }
        }

        /// 100 sprites, a fill, 50 more sprites turned (never copies), and a circle.
        static var knownFrame: DrawList {
            var list = DrawList()
            for k in 0..<100 { list.image(Textures.sprite, in: Rect(x: Double(k % 10) * 30, y: Double(k / 10) * 20, w: 32, h: 32)) }
            list.fillRect(Rect(x: 10, y: 10, w: 100, h: 50), color: Color(200, 40, 40, 128))
            for k in 0..<50 { list.image(Textures.sprite, center: Vec2(Double(k) * 6, 120), size: Vec2(32, 32), angle: 0.3) }
            list.fillCircle(center: Vec2(250, 160), radius: 30, color: Color(40, 60, 220, 160))
            return list
        }

        @Test func sdlGetsOneDrawCallPerCommandWithOnlyTheVerticesItUses() throws {
            let list = Self.knownFrame
            let platform = try Self.platform(ownCompositor: false)
            platform.render(list)
            let d = platform.lastSubmits
            // Each of the list's commands once, in order: sprites, fill, turned sprites, circle.
            #expect(d.drawCalls == list.commands.count, "\(d) for \(list.commands.count) commands")
            #expect(list.commands.count <= 4)
            #expect(d.indices == list.indices.count)
            // Every vertex once: no call is handed the whole list.
            #expect(d.vertices == list.vertices.count, "\(d)")
            // sprite → none → sprite → none.
            #expect(d.textureSwitches == 3)
        }

        @Test func whatTheCompositorDrawsIsNoDrawCall() throws {
            let list = Self.knownFrame
            let platform = try Self.platform(ownCompositor: true)
            platform.render(list)
            let d = platform.lastSubmits
            #expect(platform.lastCounts.composited == 100 && platform.lastCounts.filled == 1)
            // The circle's triangles are ours too (as SDL would fill them).
            let circle = list.commands.last!.indexCount / 3
            #expect(platform.lastCounts.triangles == circle)
            // The turned sprites alone go to SDL; the 100 copies, the rectangle and the circle are ours.
            #expect(d.drawCalls == 1, "\(d)")
            #expect(d.indices == list.indices.count - 101 * 6 - circle * 3)
        }

        @Test func theStressScenesFrameIsAtMostFourDrawCalls() throws {
            // As bench measures it, every sprite left to SDL (the OpenGL path draws them all).
            let r = try Motionlab.run(["bench", "--followers", "500", "--tweens", "500", "--sprites", "300", "--frames", "3", "--warmup", "1",
                                       "--compositor", "sdl", "--bands", "1", "--json", "-"])
            #expect(r.status == 0, "\(r.stderr)")
            let env = try JSONParser.parse(r.stdout)["env"]
            let calls = try #require(env?["drawCallsPerFrame"]?.doubleValue)
            #expect(calls >= 1 && calls <= 4, "\(r.stderr)")
            let indices = try #require(env?["indicesPerFrame"]?.doubleValue)
            // Every follower's and tween's two triangles, and the panel's sprites that show.
            #expect(indices >= 1_000 * 6, "\(r.stderr)")
        }
    
        @Test func anIndexPastTheVerticesIsRefusedBySDLAsBefore() throws {
            // The last triangle names a vertex the list does not have: SDL is handed the whole
            // list, sees it, and refuses the call — the fill in the same command included — as
            // it always did (with only the vertices in use it would have read past the end).
            var list = DrawList()
            list.fillRect(Rect(x: 0, y: 0, w: 320, h: 240), color: Color(10, 20, 30))
            let v = DrawVertex(Vec2(10, 10), .white, 0, 0)
            list.triangles([v, DrawVertex(Vec2(200, 10), .white, 0, 0), DrawVertex(Vec2(10, 200), .white, 0, 0)],
                           indices: [0, 1, 3], texture: .none)
            #expect(list.commands.count == 1)
            let platform = try Self.platform(ownCompositor: false)
            let pixels = secondFramePixels(platform, drawing: list)
            let bg = list.background
            #expect(pixels[100 * 320 + 50] & 0xffffff == UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b), "nothing of the refused call drew")
            #expect(platform.lastSubmits.drawCalls == 1)
            // The same without the bad triangle draws the fill.
            var good = DrawList()
            good.fillRect(Rect(x: 0, y: 0, w: 320, h: 240), color: Color(10, 20, 30))
            #expect(secondFramePixels(platform, drawing: good)[100 * 320 + 50] & 0xffffff == 0x0a141e)
        }
}
}
