import CSDL2
import Engine
import Synchronization

/// SDL's software renderer split into horizontal bands that several threads draw at once.
///
/// Why: with the software renderer, SDL's blits are most of a frame (85 % of ours with
/// 10,000 sprites, measured with perf), and SDL runs them on one thread.
///
/// How: every band has a software renderer of its own (`SDL_CreateSoftwareRenderer`) on a
/// surface that shares the window surface's pixels, and its own copies of the textures a frame names (a
/// texture's surface caches how it blits to one destination, so two threads must not share
/// one). A band draws the frame in the window's coordinates, clipped to its rows, and only
/// the quads that reach its rows, then flushes; the window's own renderer presents once
/// all bands are done. Coordinates are never shifted, only clipped, so the pixels are those
/// the single renderer draws (tested, every scene at up to 64 bands). SDL itself would
/// differ where it scales an image across a band's edge (it samples the part left after
/// clipping), so scaled copies are our compositor's, clipped to the command's own clip with
/// each band computing its rows (`Compositor.compositeScaled`). The clear is a fill of the
/// band's rows: SDL's clear ignores the clip and would wipe the other bands.
///
/// Threads take bands one at a time from a shared counter until none are left, so a
/// thread on a faster core draws more of them (on the measuring machine one of two vCPUs
/// often runs at about half speed, and an even split waited for it).
///
/// When the window surface changes (a resize), the bands' renderers are made anew.
final class RenderBands {
    /// The images masked images are sampled from (the platform's, read only), the copies at
    /// drawn size included (`setImage`).
    private var images: [UnsafeMutablePointer<SDL_Surface>?]

    private struct Band {
        var renderer: OpaquePointer?
        var surface: UnsafeMutablePointer<SDL_Surface>?
        var textures: [OpaquePointer?] = []
        /// What this band's compositor drew in the last frame, and its draw calls.
        var counts = FrameCounts()
        /// What drawing reuses from frame to frame (so no allocation per frame).
        var scratch = DrawScratch()
        /// The band's rows, in points.
        var clip = SDL_Rect()
        /// When this frame's drawing of the band began and ended, and which thread drew it
        /// (0: the caller's), for traces.
        var start: UInt64 = 0, end: UInt64 = 0, thread = 0
    }

    /// One band's drawing in the last frame.
    struct Timing { var band: Int; var thread: Int; var start: UInt64; var end: UInt64 }

    /// How the last frame's bands were drawn.
    var lastTimings: [Timing] { (0..<bands.count).map { Timing(band: $0, thread: bands[$0].thread, start: bands[$0].start, end: bands[$0].end) } }

    private let window: OpaquePointer
    /// The texture of image `i` made on a renderer (nil past the platform's own images).
    private let makeTexture: (OpaquePointer, Int) -> OpaquePointer?
    /// Which textures this frame's commands name (reused from frame to frame).
    private var used: [Bool] = []
    /// Raw storage: a band is drawn by one thread at a time, but different threads work on
    /// different bands at once, which an array's element access does not allow.
    private let bands: UnsafeMutableBufferPointer<Band>
    /// The next band to draw in this frame.
    private let next = Atomic<Int>(0)
    /// Helpers for this thread: one fewer than the threads that draw.
    private var workers: [WorkerThread] = []
    /// The window surface the bands' surfaces share pixels with.
    private var shared: (pixels: UnsafeMutableRawPointer?, w: Int32, h: Int32, pitch: Int32) = (nil, 0, 0, 0)
    /// The frame being drawn (set before the workers start, read-only while they run, and
    /// let go after: a second reference would make the next frame's reset copy the list).
    private var frame: DrawList?
    /// This frame's compositor (`Compositor`), or nil to leave every image to SDL.
    private var compositor: Compositor?
    /// This frame's copies at drawn size, by command (`DrawnSizeImages.remap`).
    private var remap = ContiguousArray<Int32>()

    /// `count` bands (at least 2), drawn by up to `threads` threads (this one included);
    /// `makeTexture` makes texture `i` of the window's on a band's renderer.
    init(window: OpaquePointer, count: Int, threads: Int, images: [UnsafeMutablePointer<SDL_Surface>?],
         makeTexture: @escaping (OpaquePointer, Int) -> OpaquePointer?) {
        self.window = window
        self.images = images
        self.makeTexture = makeTexture
        bands = .allocate(capacity: max(2, count))
        bands.initialize(repeating: Band())
        for t in 1..<max(2, min(threads, bands.count)) {
            workers.append(WorkerThread { [unowned self] in self.drawBands(thread: t) })
        }
    }

    deinit {
        for w in workers { w.stop() }
        releaseBands()
        _ = bands.deinitialize()
        bands.deallocate()
    }

    var count: Int { bands.count }

    /// How many textures the bands' renderers hold, all bands together.
    var texturesMade: Int { (0..<bands.count).reduce(0) { $0 + bands[$1].textures.filter { $0 != nil }.count } }

    /// How many threads draw (this one and its helpers).
    var threads: Int { workers.count + 1 }

    /// Draws `list` in bands, image copies by `compositor` if there is one, and returns what
    /// the compositor drew. Returns
    /// nil, drawing nothing, when the window has no surface or its scale is not a whole number
    /// of pixels per point (a band's rows must be whole points and whole pixels); the caller
    /// then draws it unbanded.
    func render(_ list: DrawList, scale: Float, compositor: Compositor?, remap: ContiguousArray<Int32>) -> FrameCounts? {
        guard let surface = SDL_GetWindowSurface(window) else { return nil }
        let s = surface.pointee
        guard scale >= 1, scale == scale.rounded(), s.h >= Int32(bands.count) * Int32(scale) else { return nil }
        if s.pixels != shared.pixels || s.w != shared.w || s.h != shared.h || s.pitch != shared.pitch {
            guard remakeBands(on: surface, scale: scale) else { return nil }
        }
        // Rows in points, split as evenly as whole points allow; the last band takes a
        // partial point row, if any.
        let width = Int32((Float(s.w) / scale).rounded(.up)), height = Int32(Float(s.h) / scale)
        let n = Int32(bands.count)
        for k in 0..<bands.count {
            let top = height * Int32(k) / n
            let bottom = k == bands.count - 1 ? Int32((Float(s.h) / scale).rounded(.up)) : height * Int32(k + 1) / n
            bands[k].clip = SDL_Rect(x: 0, y: top, w: width, h: bottom - top)
        }
        makeUsedTextures(list, remap: remap)
        frame = list
        self.remap = remap
        self.compositor = compositor.flatMap { Compositor.canDraw(into: surface) ? $0 : nil }
        next.store(0, ordering: .relaxed)
        for w in workers { w.start() }
        drawBands(thread: 0)
        for w in workers { w.wait() }
        frame = nil
        self.remap = []
        self.compositor = nil
        var counts = FrameCounts()
        for k in 0..<bands.count { counts += bands[k].counts }
        return counts
    }

    /// Takes bands until none are left (on this thread and on each worker).
    private func drawBands(thread: Int) {
        guard let frame else { return }
        while true {
            let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < bands.count, let r = bands[k].renderer, let surface = bands[k].surface else { return }
            bands[k].start = MonotonicClock.nanoseconds()
            let target = compositor.map { CompositorTarget(compositor: $0, surface: surface) }
            bands[k].counts = Platform.draw(frame, renderer: r, textures: bands[k].textures, images: images, remap: remap,
                                             band: bands[k].clip,
                                             compositor: target, scratch: &bands[k].scratch)
            SDL_RenderFlush(r)
            bands[k].end = MonotonicClock.nanoseconds()
            bands[k].thread = thread
        }
    }

    private func remakeBands(on surface: UnsafeMutablePointer<SDL_Surface>, scale: Float) -> Bool {
        releaseBands()
        let s = surface.pointee
        for k in 0..<bands.count {
            guard let alias = SDL_CreateRGBSurfaceWithFormatFrom(s.pixels, s.w, s.h, 32, s.pitch, s.format.pointee.format),
                  let r = SDL_CreateSoftwareRenderer(alias) else {
                releaseBands()
                return false
            }
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
            SDL_RenderSetScale(r, scale, scale)
            bands[k].surface = alias
            bands[k].renderer = r
            // Made when a frame first names them (`makeUsedTextures`).
            bands[k].textures = Array(repeating: nil, count: images.count)
        }
        shared = (s.pixels, s.w, s.h, s.pitch)
        return true
    }

    /// Puts `image` (the platform's, ARGB8888) at texture index `i`: a copy at drawn size
    /// (`DrawnSizeImages`), replacing the one there. Called between frames.
    func setImage(_ image: UnsafeMutablePointer<SDL_Surface>, at i: Int) {
        images[i] = image
        for k in 0..<bands.count where bands[k].renderer != nil {
            if bands[k].textures.count <= i { bands[k].textures += Array(repeating: nil, count: i + 1 - bands[k].textures.count) }
            if let old = bands[k].textures[i] { SDL_DestroyTexture(old) }
            bands[k].textures[i] = nil
        }
    }

    /// Makes, on every band's renderer, the textures this frame's commands name that it does
    /// not have yet. Why not all of them when the bands are made: each band holds its own
    /// copy, and with 64 bands the tap scene's 1024×1024 photo alone took 256 MB in a scene
    /// that never draws it (a hostile tour measured 300 MB for 64 bands of the stress scene).
    private func makeUsedTextures(_ list: DrawList, remap: ContiguousArray<Int32>) {
        if used.count < images.count { used = Array(repeating: false, count: images.count) }
        for k in used.indices { used[k] = false }
        for (k, cmd) in list.commands.enumerated() {
            let copy = k < remap.count ? Int(remap[k]) : -1
            let i = copy >= 0 ? copy : Int(cmd.texture.raw)
            if i > 0 && i < used.count { used[i] = true }
        }
        for k in 0..<bands.count {
            guard let r = bands[k].renderer else { continue }
            for i in used.indices where used[i] && (i >= bands[k].textures.count || bands[k].textures[i] == nil) {
                if bands[k].textures.count <= i { bands[k].textures += Array(repeating: nil, count: i + 1 - bands[k].textures.count) }
                bands[k].textures[i] = makeTexture(r, i) ?? images[i].flatMap { Platform.makeTexture(from: $0, on: r) }
            }
        }
    }

    private func releaseBands() {
        for k in 0..<bands.count {
            for t in bands[k].textures { if let t { SDL_DestroyTexture(t) } }
            bands[k].scratch.layer.release()
            bands[k].counts = FrameCounts()
            if let r = bands[k].renderer { SDL_DestroyRenderer(r) }
            if let s = bands[k].surface { SDL_FreeSurface(s) }
            bands[k].textures = []
            bands[k].renderer = nil
            bands[k].surface = nil
        }
        shared = (nil, 0, 0, 0)
    }
}
