import CSDL2
import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Scenes
import Testing

extension SDLTests {
    @Suite struct DrawnSizeImagesTests {
        /// Columns of the 256-pixel test picture holding a one-pixel black line, at phases
        /// that a 256 → 96 shrink samples differently.
        static let lines = [40, 77, 128, 161, 203]

        /// A 256×256 opaque white picture with one-pixel black vertical lines at `lines`, as
        /// a 32-bit BMP with alpha.
        static func writeLinedPicture(to url: URL) throws {
            guard let s = SDL_CreateRGBSurfaceWithFormat(0, 256, 256, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { throw SDLError("surface") }
            defer { SDL_FreeSurface(s) }
            SDL_FillRect(s, nil, 0xffff_ffff)
            for x in lines {
                var line = SDL_Rect(x: Int32(x), y: 0, w: 1, h: 256)
                SDL_FillRect(s, &line, 0xff00_0000)
            }
            guard SDL_SaveBMP_RW(s, SDL_RWFromFile(url.path, "wb"), 1) == 0 else { throw SDLError("saving \(url.path)") }
        }

        /// How dark each line is, frame by frame, when the picture moves 96 points wide across
        /// a 320×240 window in steps of 0.3 pt: in the middle row, the sum of 255 − red over the
        /// columns nearest the line.
        static func lineDarkness(bands: Int, angle: Double? = nil) throws -> [[Double]] {
            let bmp = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-lines-\(UUID().uuidString).bmp")
            defer { try? FileManager.default.removeItem(at: bmp) }
            try writeLinedPicture(to: bmp)
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(320, 240)
            options.bands = bands
            options.textureFiles[Textures.sprite] = bmp.path
            let platform = try Platform(options: options)
            var frames: [[Double]] = []
            for k in 0..<24 {
                let x = 60 + Double(k) * 0.3
                var list = DrawList()
                list.background = Color(255, 255, 255)
                if let angle {
                    list.image(Textures.sprite, center: Vec2(x + 48, 120), size: Vec2(96, 96), angle: angle)
                } else {
                    list.image(Textures.sprite, in: Rect(x: x, y: 72, w: 96, h: 96))
                }
                platform.render(list)
                let row = platform.readPixels(SDL_Rect(x: 0, y: 120, w: 320, h: 1))
                frames.append(lines.map { line in
                    let centre = Int((x + Double(line) * 96 / 256).rounded())
                    return (centre - 3...centre + 3).reduce(0.0) { $0 + 255 - Double(row[$1].r) }
                })
            }
            return frames
        }

        @Test(arguments: [1, 2])
        func aOnePixelLineInAShrunkPictureShowsTheSameInEveryFrame(bands: Int) throws {
            // Shrunk to 96/256, a black line one picture pixel wide should darken the row by
            // 255 · 96/256 ≈ 96 in total, spread over a pixel or two, in every frame: drawn by
            // linear filtering alone it came out anywhere from nothing to a full black pixel,
            // depending on the line's phase.
            let expected = 255 * 96.0 / 256
            let frames = try Self.lineDarkness(bands: bands)
            for (k, frame) in frames.enumerated() {
                for (i, d) in frame.enumerated() {
                    #expect(abs(d - expected) < 0.15 * expected, "frame \(k), line at \(Self.lines[i]): darkness \(d)")
                }
            }
            // Frame to frame, no line flickers.
            for i in Self.lines.indices {
                let seen = frames.map { $0[i] }
                #expect(seen.max()! - seen.min()! < 0.2 * expected, "line at \(Self.lines[i]): \(seen)")
            }
        }

        @Test func aShrunkRotatedPictureIsDrawnFromACopyToo() throws {
            // Turned by a hair, the picture goes through SDL's triangle rasterizer rather than
            // its rectangle copy; it is drawn from the copy at drawn size all the same.
            let expected = 255 * 96.0 / 256
            let frames = try Self.lineDarkness(bands: 1, angle: 1e-4)
            for frame in frames {
                for d in frame { #expect(abs(d - expected) < 0.25 * expected, "\(frame)") }
            }
        }

        @Test func aWholeNumberOfPixelsIsCopiedExactlyAndAnyOtherRoundedUpAStep() {
            #expect(DrawnSizeImages.copySize(96, of: 256) == 96)
            #expect(DrawnSizeImages.copySize(95.9999999, of: 256) == 96)
            let stepped = DrawnSizeImages.copySize(96.5, of: 256)!
            #expect(stepped > 96 && Double(stepped) <= 96.5 * 1.03 + 1)
            #expect(DrawnSizeImages.copySize(300, of: 256) == 256)
            #expect(DrawnSizeImages.copySize(.nan, of: 256) == nil && DrawnSizeImages.copySize(-1, of: 256) == nil)
        }

        @Test func aLargeImageDrawnAtAWholeSizeIsCompositedOneToOne() throws {
            // The copy is exactly the drawn size, so the software renderer's sprite is our
            // compositor's 1:1 copy, not an SDL scale (which allocates per sprite).
            let bmp = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-lines-\(UUID().uuidString).bmp")
            defer { try? FileManager.default.removeItem(at: bmp) }
            try Self.writeLinedPicture(to: bmp)
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(320, 240)
            options.textureFiles[Textures.sprite] = bmp.path
            let platform = try Platform(options: options)
            var list = DrawList()
            list.image(Textures.sprite, in: Rect(x: 40.5, y: 30, w: 96, h: 96))
            platform.render(list)
            #expect(platform.lastCounts.composited == 1 && platform.lastCounts.toSDL == 0, "\(platform.lastCounts)")
        }
    }
}

/// With a renderer that filters on its own, images drawn at their own size go to their
/// nearest-sampled twin; anything turned, scaled or masked does not.
@Suite struct NearestTwinTests {
    @Test func onlyImagesAtTheirOwnSizeUnturnedGoToTheNearestTwin() throws {
        let image = try #require(SDL_CreateRGBSurfaceWithFormat(0, 32, 32, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(image) }
        let id = TextureID(raw: 1)
        var sizes = DrawnSizeImages(base: 2)
        sizes.nearestBase = 20
        func remap(_ build: (inout DrawList) -> Void, scale: Float = 1) -> Int32 {
            var list = DrawList()
            build(&list)
            sizes.prepare(list, scale: scale, images: [nil, image]) { _, copy in SDL_FreeSurface(copy) }
            return sizes.remap.first ?? -2
        }
        // At its own size, at a fractional place too, and at 2 px/pt drawn 16 pt.
        #expect(remap { $0.image(id, in: Rect(x: 10, y: 10, w: 32, h: 32)) } == 21)
        #expect(remap { $0.image(id, in: Rect(x: 10.3, y: 7.6, w: 32, h: 32)) } == 21)
        #expect(remap({ $0.image(id, in: Rect(x: 10, y: 10, w: 16, h: 16)) }, scale: 2) == 21)
        // Magnified, turned, flipped: filtered as before.
        #expect(remap { $0.image(id, in: Rect(x: 10, y: 10, w: 48, h: 48)) } == -1)
        #expect(remap { $0.image(id, center: Vec2(50, 50), size: Vec2(32, 32), angle: 0.3) } == -1)
        #expect(remap { $0.image(id, in: Rect(x: 10, y: 10, w: 32, h: 32), uv: (1, 0, 0, 1)) } == -1)
        // Shrunk: a copy at drawn size (a slot past the catalogue), not the twin.
        let shrunk = remap { $0.image(id, in: Rect(x: 10, y: 10, w: 16, h: 16)) }
        #expect(shrunk >= 2 && shrunk < 2 + Int32(DrawnSizeImages.slotCount))
        // With the software renderer there are no twins.
        sizes.nearestBase = nil
        #expect(remap { $0.image(id, in: Rect(x: 10, y: 10, w: 32, h: 32)) } == -1)
    }
}
