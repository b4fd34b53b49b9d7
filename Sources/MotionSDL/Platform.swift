import CSDL2
import Engine
import Foundation
import Geometry

/// How to open the platform.
public struct PlatformOptions: Sendable {
    public var size = Vec2(1280, 720)
    public var title = "MotionLab"
    /// No display: SDL's offscreen or dummy video driver, hidden window.
    public var headless = false
    /// The video driver to force (`dummy`, `offscreen`, `x11`, …); nil lets SDL choose
    /// (headless runs default to `dummy`).
    public var videoDriver: String?
    /// SDL's render driver name (`software`, `opengl`, …); headless runs default to software.
    public var renderer: String?
    public var vsync = true
    /// Where the textures live.
    public var resources: URL
    /// Let gamepad events through while the window has no keyboard focus (always the case
    /// in headless tests, where SDL otherwise drops them).
    public var backgroundGamepadEvents = false
    /// BMP files to load instead of the resources' textures (the benchmark draws
    /// testsprite2's own icon this way). An image without an alpha channel gets its top-left
    /// pixel's colour as the transparent colour, the rule SDL's test programs use.
    public var textureFiles: [TextureID: String] = [:]
    /// With SDL's software renderer, draw each frame in this many horizontal bands, several
    /// at once (`RenderBands`); 1 draws on this thread alone. Other renderers, and windows
    /// whose scale is not a whole number of pixels per point, ignore it.
    public var bands = 1
    /// How many threads draw the bands (this one included); nil: one per processor.
    public var bandThreads: Int?
    /// With SDL's software renderer, draw the sprites it would copy 1:1 from images whose
    /// pixels are each opaque or transparent as SDL's run-length-encoded blits
    /// (`SpriteBlits`: the same pixels, several times faster); false sends every sprite
    /// through the renderer.
    public var rleBlits = true

    public init(resources: URL) { self.resources = resources }
}

/// The SDL window, renderer, textures, input and game controllers. The only type in the app
/// that owns SDL state; the core never sees it.
public final class Platform: FramePlatform {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let options: PlatformOptions
    private var textures: [OpaquePointer?] = []
    /// Where masked images are composed (`MaskLayer`).
    private var maskLayer = MaskLayer()
    /// The images behind `textures` (keyed), for the other bands' renderers.
    private var images: [UnsafeMutablePointer<SDL_Surface>?] = []
    /// The same images in ARGB8888, read (never written) by every band's mask layer.
    private var maskImages: [UnsafeMutablePointer<SDL_Surface>?] = []
    /// Encoded copies of the images for the window's software renderer (`SpriteBlits`).
    private var spriteBlits = SpriteBlits()
    /// Rebased indices for `SpriteBlits.draw` (reused every frame).
    private var blitScratch = ContiguousArray<Int32>()
    private var bands: RenderBands?
    private var translator = EventTranslator()
    private var controllers: [Int32: OpaquePointer] = [:]
    /// Events waiting for `poll`, such as gamepads opened at start.
    private var queued: [InputEvent] = []
    public private(set) var quitRequested = false
    /// The window is minimised or hidden: the loop should pause.
    public private(set) var isPaused = false

    public init(options: PlatformOptions) throws {
        self.options = options
        if options.headless || options.videoDriver != nil {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, options.videoDriver ?? "dummy")
        }
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, options.renderer ?? (options.headless ? "software" : ""))
        // Our own pointers come from touch events; do not also fake touches from the mouse.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        if options.backgroundGamepadEvents || options.headless {
            SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0 else {
            throw SDLError("SDL_Init")
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        flags |= options.headless ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        // Within the window limits whoever asked (the command line checks them first).
        let size = InputLimits.windowSize(w: options.size.x, h: options.size.y)
        guard let w = SDL_CreateWindow(options.title, SDLConstants.windowPosCentered, SDLConstants.windowPosCentered,
                                       Int32(size.w), Int32(size.h), flags) else {
            let e = SDLError("SDL_CreateWindow")
            SDL_Quit()
            throw e
        }
        var rflags = SDL_RENDERER_ACCELERATED.rawValue
        if options.vsync && !options.headless { rflags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        if options.headless || options.renderer == "software" { rflags = SDL_RENDERER_SOFTWARE.rawValue }
        guard let r = SDL_CreateRenderer(w, -1, rflags) ?? SDL_CreateRenderer(w, -1, 0) else {
            let e = SDLError("SDL_CreateRenderer")
            SDL_DestroyWindow(w)
            SDL_Quit()
            throw e
        }
        window = w
        renderer = r
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        windowSizeChanged()
        try loadTextures()
        let encode = options.rleBlits && rendererName == "software"
        if encode { spriteBlits = SpriteBlits(images: images, textures: textures) }
        if options.bands > 1 && rendererName == "software" {
            let threads = options.bandThreads ?? ProcessInfo.processInfo.activeProcessorCount
            bands = RenderBands(window: w, count: options.bands, threads: threads, images: maskImages) { [images] r in
                let textures = images.map { $0.flatMap { Self.makeTexture(from: $0, on: r) } }
                return (textures, encode ? SpriteBlits(images: images, textures: textures) : SpriteBlits())
            }
        }
        // Controllers already plugged in arrive as SDL_CONTROLLERDEVICEADDED events at the
        // first poll, like hot-plugged ones.
    }

    deinit {
        bands = nil
        maskLayer.release()
        spriteBlits.release()
        for t in textures { if let t { SDL_DestroyTexture(t) } }
        for i in images + maskImages { if let i { SDL_FreeSurface(i) } }
        for (_, c) in controllers { SDL_GameControllerClose(c) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    // MARK: Sizes

    /// The window's size in points (what the core works in).
    public var windowSize: Vec2 {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Vec2(Double(w), Double(h))
    }

    /// The renderer's output size in pixels.
    public var outputSize: (w: Int32, h: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (w, h)
    }

    /// Pixels per point (2 on a typical high-DPI display).
    public var pixelScale: Double {
        let size = windowSize
        guard size.x > 0 else { return 1 }
        return Double(outputSize.w) / size.x
    }

    /// The renderer SDL is using (`software`, `opengl`, …).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        return info.name.map { String(cString: $0) } ?? "?"
    }

    public var pixelsPerPoint: Double { pixelScale }
    public var truncatesVertices: Bool { isSoftware }
    private lazy var isSoftware = rendererName == "software"

    public var videoDriverName: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?" }

    /// The one place a new window size takes effect here: draw lists are in points, and the
    /// renderer scales them to pixels (the bands follow the window surface when they next draw).
    private func windowSizeChanged() {
        let s = Float(pixelScale)
        SDL_RenderSetScale(renderer, s, s)
    }

    // MARK: Textures

    /// The largest image file read (2048×2048 at 32 bits is 16 MiB): every image is kept
    /// as a surface, a texture and a mask copy, so this bounds their memory.
    public static let maxImageBytes = 16 << 20

    private func loadTextures() throws {
        let maxID = Textures.files.map { Int($0.0.raw) }.max() ?? 0
        images = Array(repeating: nil, count: maxID + 1)
        textures = Array(repeating: nil, count: maxID + 1)
        for (id, file) in Textures.files {
            var name = file
            if id == Textures.font && pixelScale >= 1.5 { name = "font-2x.bmp" }
            let replacement = options.textureFiles[id]
            let path = replacement ?? options.resources.appendingPathComponent(name).path
            // Read under the file policy (a FIFO or device is refused, the size checked
            // first), then decoded from memory.
            let bytes = try FilePolicy.read(path, limit: Self.maxImageBytes, limitName: "Platform.maxImageBytes")
            let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { buffer in
                SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)).flatMap { SDL_LoadBMP_RW($0, 1) }
            }
            guard let surface = loaded else { throw SDLError("loading \(path)") }
            images[Int(id.raw)] = surface
            if replacement != nil { keyTopLeftPixelIfOpaque(surface) }
            guard let t = Self.makeTexture(from: surface, on: renderer) else { throw SDLError("texture from \(path)") }
            textures[Int(id.raw)] = t
        }
        maskImages = images.map { $0.flatMap { SDL_ConvertSurfaceFormat($0, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) } }
    }

    /// A blended, linearly filtered texture of `image` on `renderer`.
    private static func makeTexture(from image: UnsafeMutablePointer<SDL_Surface>, on renderer: OpaquePointer) -> OpaquePointer? {
        guard let t = SDL_CreateTextureFromSurface(renderer, image) else { return nil }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        return t
    }

    /// Makes the colour of the top-left pixel transparent in an image without alpha.
    private func keyTopLeftPixelIfOpaque(_ surface: UnsafeMutablePointer<SDL_Surface>) {
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

    /// The SDL texture for an id (nil for `.none`).
    func texture(_ id: TextureID) -> OpaquePointer? { Self.texture(id, in: textures) }

    @inline(__always)
    static func texture(_ id: TextureID, in textures: [OpaquePointer?]) -> OpaquePointer? {
        let i = Int(id.raw)
        return i > 0 && i < textures.count ? textures[i] : nil
    }

    // MARK: Input

    /// Takes every pending SDL event and appends what it means to `out`.
    public func poll(into out: inout [InputEvent]) {
        out.append(contentsOf: queued)
        queued.removeAll()
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if e.type == SDLConstants.controllerAdded {
                openController(deviceIndex: e.cdevice.which, into: &out)
                continue
            }
            if e.type == SDLConstants.controllerRemoved {
                if let c = controllers.removeValue(forKey: e.cdevice.which) { SDL_GameControllerClose(c) }
            }
            switch translator.translate(e, windowSize: windowSize, into: &out) {
            case .quit: quitRequested = true
            case .pause: isPaused = true
            case .resume: isPaused = false
            case .none: break
            }
            if e.type == SDLConstants.windowEvent && e.window.event == SDLConstants.windowResized {
                windowSizeChanged()
            }
        }
    }

    private func openController(deviceIndex: Int32, into out: inout [InputEvent]) {
        guard let c = SDL_GameControllerOpen(deviceIndex) else { return }
        let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c))
        if controllers[id] != nil {
            SDL_GameControllerClose(c)
            return
        }
        controllers[id] = c
        out.append(.gamepadAdded(pad: Int(id)))
    }

    /// Number of open game controllers.
    public var controllerCount: Int { controllers.count }

    // MARK: Drawing

    /// Draws `list` with one `SDL_RenderGeometry` call per command (in bands on several
    /// threads when `options.bands` asks for it and the renderer is the software one).
    /// Triangles with a vertex beyond `DrawList.maxCoordinate` (or not finite) are left out
    /// first: SDL's software renderer turns such a vertex into an integer that overflows and
    /// writes outside the window (a crash).
    public func render(_ list: DrawList) {
        // One vectorised pass over the vertices; the list is copied only in a frame that has
        // something to leave out.
        var list = list
        list.cullBeyondDrawingBounds()
        // Blits only where images were encoded, and for lists SDL accepts whole.
        let encode = !spriteBlits.isEmpty && SpriteBlits.accepts(list)
        if let bands {
            var scale: Float = 1
            SDL_RenderGetScale(renderer, &scale, nil)
            if let blitted = bands.render(list, scale: scale, encode: encode) {
                lastBlitCount = blitted
                return
            }
        }
        var unused = ContiguousArray<Int32>()  // an unbanded draw passes the list's own indices
        // The software renderer draws into the window surface, so the blits go there too.
        let target = encode ? SDL_GetWindowSurface(window).map { SpriteBlitTarget(blits: spriteBlits, surface: $0) } : nil
        lastBlitCount = Self.draw(list, renderer: renderer, textures: textures, images: maskImages, band: nil, indices: &unused,
                                  layer: &maskLayer, blits: target, scratch: &blitScratch)
    }

    /// How many sprites the last frame drew as run-length-encoded blits (`SpriteBlits`).
    public private(set) var lastBlitCount = 0

    /// How many bands frames are drawn in (1 unless `options.bands` applies), and by how
    /// many threads.
    public var bandCount: Int { bands?.count ?? 1 }
    public var bandThreadCount: Int { bands?.threads ?? 1 }

    /// How the last frame's bands were drawn: (band, thread, start, end), nanoseconds on
    /// `MonotonicClock`, thread 0 being the one that submits. Empty when not banded.
    public var lastBandTimings: [(band: Int, thread: Int, start: UInt64, end: UInt64)] {
        bands?.lastTimings.map { ($0.band, $0.thread, $0.start, $0.end) } ?? []
    }

    /// Draws `list` on `renderer`. With a `band` (rows, in points) it draws only there: the
    /// background fills the band instead of clearing the target, every command is clipped to
    /// the band, and only the quads that reach it are passed on (collected in `indices`).
    static func draw(_ list: DrawList, renderer: OpaquePointer, textures: [OpaquePointer?], images: [UnsafeMutablePointer<SDL_Surface>?],
                     band: SDL_Rect?, indices: inout ContiguousArray<Int32>, layer: inout MaskLayer,
                     blits: SpriteBlitTarget? = nil, scratch: inout ContiguousArray<Int32>) -> Int {
        // `blits`: sprites SDL would copy 1:1 as encoded blits (only for lists SDL accepts,
        // `SpriteBlits.accepts`).
        let bg = list.background
        SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, bg.a)
        SDL_RenderSetClipRect(renderer, nil)
        if var band {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_RenderFillRect(renderer, &band)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        } else {
            SDL_RenderClear(renderer)
        }
        guard !list.commands.isEmpty else { return 0 }
        var clipped = false, blitted = 0
        var scale: Float = 1
        SDL_RenderGetScale(renderer, &scale, nil)
        list.vertices.withUnsafeBufferPointer { vb in
            list.indices.withUnsafeBufferPointer { ib in
                // DrawVertex has SDL_Vertex's layout (checked by a test), so no copy.
                let verts = UnsafeRawPointer(vb.baseAddress!).assumingMemoryBound(to: SDL_Vertex.self)
                let idx = UnsafeRawPointer(ib.baseAddress!).assumingMemoryBound(to: Int32.self)
                let vertices = UnsafeBufferPointer(start: verts, count: vb.count)
                func submit(_ first: UnsafePointer<Int32>, _ count: Int, _ texture: OpaquePointer?, _ id: TextureID, _ clip: SDL_Rect?) {
                    if let blits {
                        blitted += blits.blits.draw(first, count: count, verts: vertices, texture: texture, textureIndex: Int(id.raw),
                                                    renderer: renderer, target: blits.surface, clip: clip, scale: scale,
                                                    scratch: &scratch)
                    } else {
                        SDL_RenderGeometry(renderer, texture, verts, Int32(vb.count), first, Int32(count))
                    }
                }
                for cmd in list.commands where cmd.indexCount > 0 {
                    // The clip: the command's, the band, both, or none.
                    var clip = cmd.clip.map(Self.clipRect)
                    if let band { clip = clip.map { $0.intersection(band) } ?? band }
                    if var c = clip {
                        if c.w <= 0 || c.h <= 0 { continue }
                        SDL_RenderSetClipRect(renderer, &c)
                        clipped = true
                    } else if clipped {
                        SDL_RenderSetClipRect(renderer, nil)
                        clipped = false
                    }
                    if cmd.mask > 0 {
                        // A masked image: composed offscreen, then drawn clipped as above.
                        let m = list.masks[Int(cmd.mask) - 1]
                        let i = Int(m.image.raw)
                        layer.draw(m, image: i > 0 && i < images.count ? images[i] : nil, renderer: renderer, verts: verts,
                                   idx: idx + cmd.indexStart, count: cmd.indexCount, clip: clip)
                        clipped = true
                        continue
                    }
                    let texture = texture(cmd.texture, in: textures)
                    if let band {
                        collect(idx + cmd.indexStart, count: cmd.indexCount, verts,
                                rows: Float(band.y)..<Float(band.y + band.h), into: &indices)
                        if indices.isEmpty { continue }
                        indices.withUnsafeBufferPointer { kept in submit(kept.baseAddress!, kept.count, texture, cmd.texture, clip) }
                    } else {
                        submit(idx + cmd.indexStart, cmd.indexCount, texture, cmd.texture, clip)
                    }
                }
            }
        }
        return blitted
    }

    /// A clip rect in whole points as SDL takes it (origin rounded down, size up), its numbers
    /// within ±`DrawList.maxCoordinate` so that they fit SDL's integers (a NaN becomes 0).
    static func clipRect(_ c: Rect) -> SDL_Rect {
        let m = Double(DrawList.maxCoordinate)
        func bounded(_ v: Double, _ limit: Double) -> Double { v.isNaN ? 0 : min(max(v, -limit), limit) }
        return SDL_Rect(x: Int32(bounded(c.minX, m).rounded(.down)), y: Int32(bounded(c.minY, m).rounded(.down)),
                        w: Int32(max(0, bounded(c.width, 2 * m).rounded(.up))), h: Int32(max(0, bounded(c.height, 2 * m).rounded(.up))))
    }

    /// The triangles of `idx[0..<count]` that reach `rows`, kept in pairs as they come (SDL's
    /// software renderer draws a pair that forms an axis-aligned rectangle as one blit, so a
    /// quad must not be split), into `out`.
    private static func collect(_ idx: UnsafePointer<Int32>, count: Int, _ verts: UnsafePointer<SDL_Vertex>,
                                rows: Range<Float>, into out: inout ContiguousArray<Int32>) {
        out.removeAll(keepingCapacity: true)
        var i = 0
        while i < count {
            let n = min(6, count - i)
            var top = Float.infinity, bottom = -Float.infinity
            for k in 0..<n {
                let y = verts[Int(idx[i + k])].position.y
                top = min(top, y)
                bottom = max(bottom, y)
            }
            if bottom >= rows.lowerBound && top <= rows.upperBound {
                for k in 0..<n { out.append(idx[i + k]) }
            }
            i += n
        }
    }

    public func present() { SDL_RenderPresent(renderer) }

    /// The colour of one pixel (in pixels, not points) of what was rendered, before present.
    public func readPixel(x: Int32, y: Int32) -> Color? {
        var rect = SDL_Rect(x: x, y: y, w: 1, h: 1)
        var px: UInt32 = 0
        // Read with the scale reset so coordinates are pixels.
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        SDL_RenderSetScale(renderer, 1, 1)
        defer { SDL_RenderSetScale(renderer, sx, sy) }
        guard SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &px, 4) == 0 else { return nil }
        return Color(UInt8((px >> 16) & 0xff), UInt8((px >> 8) & 0xff), UInt8(px & 0xff), UInt8(px >> 24))
    }

    /// The colours of a rect of pixels (not points) of what was rendered, before present, row
    /// by row; empty when SDL cannot read them.
    public func readPixels(_ r: SDL_Rect) -> [Color] {
        var rect = r
        var px = [UInt32](repeating: 0, count: Int(max(0, r.w) * max(0, r.h)))
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        SDL_RenderSetScale(renderer, 1, 1)
        defer { SDL_RenderSetScale(renderer, sx, sy) }
        let ok = px.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, r.w * 4) }
        guard ok == 0 else { return [] }
        return px.map { Color(UInt8(($0 >> 16) & 0xff), UInt8(($0 >> 8) & 0xff), UInt8($0 & 0xff), UInt8($0 >> 24)) }
    }

    /// Saves what was rendered (before present) as a BMP.
    public func saveScreenshot(to path: String) throws {
        let (w, h) = outputSize
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        SDL_RenderSetScale(renderer, 1, 1)
        defer { SDL_RenderSetScale(renderer, sx, sy) }
        SDL_RenderSetClipRect(renderer, nil)
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
        // Encoded in memory, then written under the file policy (never through SDL's own
        // file opening, which would replace a device or follow a planted link).
        var bmp = [UInt8](repeating: 0, count: 1024 + Int(w) * Int(h) * 4)
        let size: Int = bmp.withUnsafeMutableBytes { buffer in
            guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(clamping: buffer.count)) else { return -1 }
            defer { SDL_RWclose(rw) }
            guard SDL_SaveBMP_RW(surface, rw, 0) == 0 else { return -1 }
            return Int(SDL_RWtell(rw))
        }
        guard size > 0 else { throw SDLError("encoding the screenshot for \(path)") }
        bmp.removeSubrange(size...)
        try FilePolicy.write(bmp, to: path)
    }

    /// SDL's version as `major.minor.patch`.
    /// The video drivers this SDL was built with (`x11`, `wayland`, `offscreen`, `dummy`, …).
    public static var videoDrivers: [String] {
        (0..<max(0, SDL_GetNumVideoDrivers())).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
    }

    /// The render drivers this SDL was built with (`opengl`, `opengles2`, `software`, …).
    public static var renderDrivers: [String] {
        (0..<max(0, SDL_GetNumRenderDrivers())).compactMap { i in
            var info = SDL_RendererInfo()
            guard SDL_GetRenderDriverInfo(i, &info) == 0, let name = info.name else { return nil }
            return String(cString: name)
        }
    }

    public static var sdlVersion: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}

extension Platform {
    /// Resizes the window (scripted resizes), within `InputLimits` (a larger size is scaled
    /// down to `InputLimits.maxWindowPixels`, aspect ratio kept); the size change arrives as an
    /// event too.
    public func setWindowSize(w: Double, h: Double) {
        let size = InputLimits.windowSize(w: w, h: h)
        SDL_SetWindowSize(window, Int32(size.w), Int32(size.h))
        windowSizeChanged()
    }
}

extension SDL_Rect {
    /// The part of this rectangle inside `other` (empty if none).
    func intersection(_ other: SDL_Rect) -> SDL_Rect {
        var a = self, b = other, r = SDL_Rect()
        return SDL_IntersectRect(&a, &b, &r) == SDL_TRUE ? r : SDL_Rect()
    }
}
