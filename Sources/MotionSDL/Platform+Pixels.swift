import CSDL2
import Engine
import Foundation
import Geometry

// What was rendered: presenting it, reading its pixels back, saving screenshots.
extension Platform {
    // MARK: What was rendered

    /// Shows what was rendered since the last present.
    public func present() { SDL_RenderPresent(renderer) }

    /// Blocks in SDL until an event is queued (taking none) or `timeout` seconds pass: the
    /// frame driver's rest. SDL waits on the window system's connection, so a window at rest
    /// costs nothing (with a game controller attached, SDL 2.26 polls it every few ms).
    public func waitForInput(timeout: Double?) {
        guard let timeout else {
            SDL_WaitEvent(nil)
            return
        }
        let ms = (timeout * 1000).rounded(.up)
        SDL_WaitEventTimeout(nil, Int32(ms.isFinite ? min(max(ms, 1), 3_600_000) : 1))
    }

    /// Runs `body` with the renderer's scale at 1, so that coordinates are pixels, and puts
    /// the scale back after.
    func inPixels<T>(_ body: () throws -> T) rethrows -> T {
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        SDL_RenderSetScale(renderer, 1, 1)
        defer { SDL_RenderSetScale(renderer, sx, sy) }
        return try body()
    }

    /// The colour of one pixel (in pixels, not points) of what was rendered, before present.
    func readPixel(x: Int32, y: Int32) -> Color? {
        var rect = SDL_Rect(x: x, y: y, w: 1, h: 1)
        var px: UInt32 = 0
        guard inPixels({ SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &px, 4) }) == 0 else { return nil }
        return Self.color(argb: px)
    }

    /// The colours of a rect of pixels (not points) of what was rendered, before present, row
    /// by row; empty when SDL cannot read them.
    public func readPixels(_ r: SDL_Rect) -> [Color] {
        var rect = r
        var px = [UInt32](repeating: 0, count: Int(max(0, r.w) * max(0, r.h)))
        let ok = inPixels {
            px.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, r.w * 4) }
        }
        guard ok == 0 else { return [] }
        return px.map(Self.color(argb:))
    }

    static func color(argb px: UInt32) -> Color {
        Color(UInt8((px >> 16) & 0xff), UInt8((px >> 8) & 0xff), UInt8(px & 0xff), UInt8(px >> 24))
    }

    /// Saves what was rendered (before present): a PNG when `path` ends in `.png`, else a BMP.
    public func saveScreenshot(to path: String) throws {
        let (w, h) = outputSize
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        let read = inPixels {
            SDL_RenderSetClipRect(renderer, nil)
            return SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch)
        }
        guard read == 0 else { throw SDLError("SDL_RenderReadPixels") }
        try Self.save(surface, to: path)
    }

    /// Saves `pixels` (`width` × `height`, row by row, with their alpha) as a PNG, or a BMP
    /// when `path` ends in `.bmp`.
    public static func saveImage(_ pixels: [Color], width: Int, height: Int, to path: String) throws {
        guard pixels.count == width * height,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch) / 4
        let out = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            for x in 0..<width {
                let c = pixels[y * width + x]
                out[y * pitch + x] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
        try save(surface, to: path)
    }

    /// Encodes `surface` in memory (PNG, or BMP for a `.bmp` name) and writes it under the
    /// file policy (never through SDL's own file opening, which would replace a device or
    /// follow a planted link). Neither encoding outgrows the raw pixels by more than its
    /// headers and a PNG's zlib blocks.
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        let png = !path.lowercased().hasSuffix(".bmp")
        let (w, h) = (Int(surface.pointee.w), Int(surface.pointee.h))
        let raw = w * h * 4
        var encoded = [UInt8](repeating: 0, count: 4096 + raw + raw / 1000 + h * 8)
        let size: Int = encoded.withUnsafeMutableBytes { buffer in
            guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(clamping: buffer.count)) else { return -1 }
            defer { SDL_RWclose(rw) }
            guard (png ? IMG_SavePNG_RW(surface, rw, 0) : SDL_SaveBMP_RW(surface, rw, 0)) == 0 else { return -1 }
            return Int(SDL_RWtell(rw))
        }
        guard size > 0 else { throw SDLError("encoding the image for \(path)") }
        encoded.removeSubrange(size...)
        try FilePolicy.write(encoded, to: path)
    }
}
