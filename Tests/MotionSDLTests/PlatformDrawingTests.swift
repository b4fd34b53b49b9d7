import CSDL2
import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Scenes
import Testing

/// A scene that draws fixed shapes for pixel tests.
final class PatternScene: Scene {
    let name = "pattern"
    let title = "Pattern"
    let controls: [Control] = []
    func layout(bounds: Rect) {}
    func step(_ context: inout StepContext) {}
    func draw(into list: inout DrawList, context: DrawContext) {
        list.fillRect(Rect(x: 20, y: 60, w: 100, h: 80), color: Color(255, 0, 0))
        list.polyline([Vec2(200, 100), Vec2(400, 100)], width: 6, color: Color(0, 255, 0), closed: false)
        list.text("HHHH", at: Vec2(20, 200), font: context.font, color: Color(0, 0, 255), scale: 2)
        list.pushClip(Rect(x: 20, y: 300, w: 50, h: 50))
        list.fillRect(Rect(x: 0, y: 280, w: 200, h: 100), color: Color(255, 255, 0))
        list.popClip()
    }
    func stateDump() -> JSONValue { .null }
}

/// An 8×8 24-bit BMP without alpha: magenta (the top-left colour, so transparent in
/// testsprite2's rule) except a green 4×4 square in the bottom-right quarter.
func writeKeyedTestImage(to url: URL) throws {
    guard let s = SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 24, SDL_PIXELFORMAT_RGB24.rawValue) else { throw SDLError("surface") }
    defer { SDL_FreeSurface(s) }
    SDL_FillRect(s, nil, SDL_MapRGB(s.pointee.format, 255, 0, 255))
    var square = SDL_Rect(x: 4, y: 4, w: 4, h: 4)
    SDL_FillRect(s, &square, SDL_MapRGB(s.pointee.format, 0, 255, 0))
    guard SDL_SaveBMP_RW(s, SDL_RWFromFile(url.path, "wb"), 1) == 0 else { throw SDLError("saving \(url.path)") }
}

extension SDLTests {
    @Suite struct PlatformDrawingTests {
        /// A headless 320×240 platform whose sprite is the image at `sprite`.
        static func platform(sprite: URL) throws -> Platform {
            try headlessPlatform { $0.textureFiles[Textures.sprite] = sprite.path }
        }

        @Test func aReplacementImageWithoutAlphaIsKeyedByItsTopLeftColour() throws {
            let bmp = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-keyed-\(UUID().uuidString).bmp")
            defer { try? FileManager.default.removeItem(at: bmp) }
            try writeKeyedTestImage(to: bmp)
            let platform = try Self.platform(sprite: bmp)
            var list = DrawList()
            list.image(Textures.sprite, in: Rect(x: 100, y: 100, w: 80, h: 80))
            platform.render(list)
            // The magenta part shows the background through; the green square is drawn.
            #expect(platform.readPixel(x: 115, y: 115) == Color.background.withAlpha(255))
            #expect(platform.readPixel(x: 165, y: 165) == Color(0, 255, 0, 255))
        }


        @Test(arguments: [123.37, 99.9, 100.3, 7.5])
        func aSpriteAtAFractionalPositionKeepsItsSize(x: Double) throws {
            // SDL's software renderer turns a quad into a rectangle by truncating its float
            // width: 155.37f − 123.37f is 31.99999, which would draw this 32 px image 31 px wide.
            let bmp = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-green-\(UUID().uuidString).bmp")
            defer { try? FileManager.default.removeItem(at: bmp) }
            guard let s = SDL_CreateRGBSurfaceWithFormat(0, 32, 32, 24, SDL_PIXELFORMAT_RGB24.rawValue) else { throw SDLError("surface") }
            SDL_FillRect(s, nil, SDL_MapRGB(s.pointee.format, 0, 255, 0))
            var corner = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
            SDL_FillRect(s, &corner, SDL_MapRGB(s.pointee.format, 255, 0, 255))
            #expect(SDL_SaveBMP_RW(s, SDL_RWFromFile(bmp.path, "wb"), 1) == 0)
            SDL_FreeSurface(s)
            let platform = try Self.platform(sprite: bmp)
            var list = DrawList()
            list.image(Textures.sprite, in: Rect(x: x, y: x, w: 32, h: 32))
            platform.render(list)
            let green = Color(0, 255, 0, 255)
            let row = Int32(x) + 16, column = Int32(x) + 16
            let wide = (0..<320).filter { platform.readPixel(x: Int32($0), y: row) == green }.count
            let tall = (0..<240).filter { platform.readPixel(x: column, y: Int32($0)) == green }.count
            #expect(wide == 32)
            #expect(tall == 32)
        }

        @Test func drawVertexHasSDLVertexLayout() {
            #expect(MemoryLayout<DrawVertex>.size == MemoryLayout<SDL_Vertex>.size)
            #expect(MemoryLayout<DrawVertex>.stride == MemoryLayout<SDL_Vertex>.stride)
            #expect(MemoryLayout<DrawVertex>.offset(of: \.x) == MemoryLayout<SDL_Vertex>.offset(of: \.position.x))
            #expect(MemoryLayout<DrawVertex>.offset(of: \.y) == MemoryLayout<SDL_Vertex>.offset(of: \.position.y))
            #expect(MemoryLayout<DrawVertex>.offset(of: \.color) == MemoryLayout<SDL_Vertex>.offset(of: \.color))
            #expect(MemoryLayout<DrawVertex>.offset(of: \.u) == MemoryLayout<SDL_Vertex>.offset(of: \.tex_coord.x))
            #expect(MemoryLayout<DrawVertex>.offset(of: \.v) == MemoryLayout<SDL_Vertex>.offset(of: \.tex_coord.y))
        }

        @Test func quadsLinesTextAndClipsShowTheirColoursWhereDrawn() throws {
            let app = try HeadlessApp(scenes: [PatternScene()])
            app.frame()
            let p = app.platform
            #expect(p.readPixel(x: 70, y: 100) == Color(255, 0, 0, 255))
            #expect(p.readPixel(x: 300, y: 100) == Color(0, 255, 0, 255))
            #expect(p.readPixel(x: 300, y: 110) == Color.background.withAlpha(255))
            // The clip keeps the yellow rect inside 20…70 × 300…350.
            #expect(p.readPixel(x: 40, y: 320) == Color(255, 255, 0, 255))
            #expect(p.readPixel(x: 10, y: 320) == Color.background.withAlpha(255))
            #expect(p.readPixel(x: 100, y: 320) == Color.background.withAlpha(255))
            // The text: some pixels in its box are blue-ish, and none outside it.
            var blue = 0
            for y in Int32(200)..<232 {
                for x in Int32(20)..<84 {
                    if let c = p.readPixel(x: x, y: y), c.b > 180, c.r < 80 { blue += 1 }
                }
            }
            #expect(blue > 100)
            // The tab bar is drawn over the scene, with the active tab in the accent colour.
            let tab = app.shell.tabRect(0)
            #expect(p.readPixel(x: Int32(tab.minX + 3), y: Int32(tab.minY + 3)) == Color.accent.withAlpha(255))
        }

        @Test func aFrameIsAFewRenderGeometryCallsNotOnePerSprite() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 200)])
            app.frame()
            #expect(app.list.commands.count < 30)
        }

        @Test("Vertices past DrawList.maxCoordinate or not finite, and absurd clips, never reach SDL; the rest draws", arguments: [1, 2])
        func verticesBeyondTheDrawingBoundsAreLeftOut(bands: Int) throws {
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(320, 240)
            options.bands = bands
            let platform = try Platform(options: options)
            var list = DrawList()
            // The board's crash: a focus ring around a chord at x = 1e39 (infinite as a Float).
            list.polyline([Vec2(1e39, 10), Vec2(1e39 + 40, 10), Vec2(1e39 + 40, 60), Vec2(1e39, 60)], width: 3, color: .white, closed: true)
            list.fillConvex([Vec2(10, 10), Vec2(.infinity, 10), Vec2(.nan, 50)], color: .white)
            list.image(Textures.chords, in: Rect(x: -1e39, y: 20, w: 40, h: 50))
            list.pushClip(Rect(x: .nan, y: -1e300, w: .infinity, h: 1e300))
            list.fillRect(Rect(x: -1e30, y: 0, w: 2e30, h: 240), color: .white)
            list.fillRect(Rect(x: 200, y: 20, w: 20, h: 20), color: Color(0, 0, 255))
            list.popClip()
            list.fillRect(Rect(x: 100, y: 100, w: 40, h: 40), color: Color(255, 0, 0))
            platform.render(list)
            #expect(platform.readPixel(x: 120, y: 120) == Color(255, 0, 0, 255))
            #expect(platform.readPixel(x: 5, y: 5) == Color.background.withAlpha(255))
            #expect(platform.readPixel(x: 300, y: 200) == Color.background.withAlpha(255))
            // The absurd clip became a huge one, not a crash: what is inside it still draws.
            #expect(platform.readPixel(x: 210, y: 30) == Color(0, 0, 255, 255))
        }

        @Test("A clip rect's numbers are brought within SDL's integers")
        func clipRectsAreBounded() {
            let m = Int32(DrawList.maxCoordinate)
            let huge = Platform.clipRect(Rect(x: -1e39, y: .nan, w: .infinity, h: -5))
            #expect(huge.x == -m && huge.y == 0 && huge.w == 2 * m && huge.h == 0)
            let usual = Platform.clipRect(Rect(x: 10.5, y: 20.25, w: 99.5, h: 50))
            #expect(usual.x == 10 && usual.y == 20 && usual.w == 100 && usual.h == 50)
        }

        @Test("A resize past InputLimits.maxWindowPixels is scaled down to it, aspect ratio kept")
        func aResizePastThePixelBudgetIsScaledDown() throws {
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(320, 240)
            let platform = try Platform(options: options)
            platform.setWindowSize(w: 16384, h: 8192)
            let size = platform.windowSize
            #expect(size.x * size.y <= InputLimits.maxWindowPixels)
            #expect(size == Vec2(5792, 2896))
            platform.setWindowSize(w: 320, h: 240)
            #expect(platform.windowSize == Vec2(320, 240))
        }
    }
}
