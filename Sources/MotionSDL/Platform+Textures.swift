import CSDL2
import Engine
import Foundation

// MARK: Textures

extension Platform {
    /// The largest image file read (2048×2048 at 32 bits is 16 MiB): every image is kept
    /// as a surface, a texture and a mask copy, so this bounds their memory.
    public static let maxImageBytes = 16 << 20

    /// Loads every image of `options.textures` (or its replacement in `options.textureFiles`)
    /// and makes its texture, both kept at the index of its id.
    func loadTextures() throws {
        let catalog = options.textures
        images = Array(repeating: nil, count: catalog.maxID + 1)
        textures = Array(repeating: nil, count: catalog.maxID + 1)
        for entry in catalog.entries {
            let id = entry.id
            var name = entry.file
            // The dense copy where the resources have it (a folder copied before it was made
            // still starts on a dense display, with the plain one).
            if let dense = entry.highDensityFile, pixelScale >= 1.5,
               FileManager.default.fileExists(atPath: options.resources.appendingPathComponent(dense).path) { name = dense }
            let replacement = options.textureFiles[id]
            let path = replacement ?? options.resources.appendingPathComponent(name).path
            // Read under the file policy (a FIFO or device is refused, the size checked
            // first), then decoded from memory.
            let bytes = try FilePolicy.read(path, limit: Self.maxImageBytes, limitName: "Platform.maxImageBytes")
            let surface = try Self.decodeImage(bytes, path: path, keyed: replacement != nil)
            images[Int(id.raw)] = surface
            guard let t = Self.makeTexture(from: surface, on: renderer) else {
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)): SDL cannot make a texture of it (\(String(cString: SDL_GetError())))")
            }
            textures[Int(id.raw)] = t
        }
        maskImages = images.map { $0.flatMap { SDL_ConvertSurfaceFormat($0, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) } }
        // The slots of the copies at drawn size: no image yet.
        drawnSize = DrawnSizeImages(base: images.count)
        let slots = [UnsafeMutablePointer<SDL_Surface>?](repeating: nil, count: DrawnSizeImages.slotCount)
        images += slots
        maskImages += slots
        textures += slots.map { _ in nil }
        // With a renderer that filters on its own (OpenGL, GLES), each catalogue image again,
        // sampled nearest, for the commands that draw it at its own size (`DrawnSizeImages`).
        guard !isSoftware else { return }
        let base = textures.count
        var complete = true
        for i in 0..<drawnSize.base {
            let twin = images[i].flatMap { Self.makeTexture(from: $0, on: renderer, filtered: false) }
            if images[i] != nil && twin == nil { complete = false }
            textures.append(twin)
            images.append(nil)
            maskImages.append(nil)
        }
        // Only with every twin made: a command sent to a missing one would draw untextured.
        if complete { drawnSize.nearestBase = base }
    }

    /// Puts `copy` (ARGB8888, now the platform's) at texture index `i`, a slot of
    /// `drawnSize` or a text atlas page: its texture on every renderer, in place of the
    /// image there before.
    func replaceImage(at i: Int, with copy: UnsafeMutablePointer<SDL_Surface>) {
        // A command that drew the old image would draw the new one differently.
        damage.invalidate()
        if let old = textures[i] { SDL_DestroyTexture(old) }
        if let old = maskImages[i] { SDL_FreeSurface(old) }
        maskImages[i] = copy
        textures[i] = Self.makeTexture(from: copy, on: renderer)
        bands?.setImage(copy, at: i)
        if !compositor.isEmpty { compositor.setImage(copy, at: i) }
    }

    /// A blended texture of `image` on `renderer`, linearly filtered unless `filtered` is false.
    static func makeTexture(from image: UnsafeMutablePointer<SDL_Surface>, on renderer: OpaquePointer,
                            filtered: Bool = true) -> OpaquePointer? {
        guard let t = SDL_CreateTextureFromSurface(renderer, image) else { return nil }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, filtered ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
        return t
    }

    /// Makes the colour of the top-left pixel transparent in an image without alpha.
    /// The picture in `bytes` (the file at `path`): its kind and size checked first
    /// (`ImageHeader`), a BMP decoded by SDL, a PNG or JPEG by SDL2_image and made ARGB8888 as
    /// the BMPs are. `keyed`: without an alpha channel, its top-left colour is transparent.
    static func decodeImage(_ bytes: [UInt8], path: String, keyed: Bool) throws(FilePolicy.Refusal) -> UnsafeMutablePointer<SDL_Surface> {
        let header: ImageHeader
        do { header = try ImageHeader(bytes) } catch { throw FilePolicy.Refusal("\(FilePolicy.shown(path)): \(error.description)") }
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { buffer in
            SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)).flatMap { rw in
                header.kind == .bmp ? SDL_LoadBMP_RW(rw, 1) : IMG_LoadTyped_RW(rw, 1, header.kind == .png ? "PNG" : "JPG")
            }
        }
        guard var surface = loaded else {
            throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot read this \(header.kind.rawValue) (\(String(cString: SDL_GetError())))")
        }
        if keyed { keyTopLeftPixelIfOpaque(surface) }
        if header.kind != .bmp, surface.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue {
            guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                SDL_FreeSurface(surface)
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot convert it (\(String(cString: SDL_GetError())))")
            }
            SDL_FreeSurface(surface)
            surface = argb
        }
        return surface
    }

    private static func keyTopLeftPixelIfOpaque(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        let format = surface.pointee.format.pointee
        guard format.Amask == 0, surface.pointee.w > 0, surface.pointee.h > 0, let pixels = surface.pointee.pixels else { return }
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        // The pixel value as stored: little-endian, BytesPerPixel bytes (a palette index for 8 bits).
        let bytes = pixels.assumingMemoryBound(to: UInt8.self)
        var key: UInt32 = 0
        for b in 0..<Int(format.BytesPerPixel) { key |= UInt32(bytes[b]) << (8 * UInt32(b)) }
        SDL_SetColorKey(surface, 1, key)
    }

    /// The texture in `textures` for an id (nil for `.none` and ids without one).
    @inline(__always)
    static func texture(_ id: TextureID, in textures: [OpaquePointer?]) -> OpaquePointer? {
        let i = Int(id.raw)
        return i > 0 && i < textures.count ? textures[i] : nil
    }
}
