import CSDL2
import Engine
import Foundation
import Geometry

/// The SDL window, renderer, textures, input and game controllers. The only type in the app
/// that owns SDL state; the core never sees it.
///
/// Split by concern: the window and its renderer here; loading the textures in
/// `Platform+Textures.swift`, the font's atlas pages in `Platform+Text.swift`, events and game
/// controllers in `Platform+Events.swift`, presenting and reading back pixels in
/// `Platform+Pixels.swift`, and drawing a `DrawList` in `Pipeline/` (its `Pipeline.swift`
/// gives the order).
public final class Platform: FramePlatform {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let options: PlatformOptions
    /// The textures by `TextureID.raw` (nil where no image has that id).
    var textures: [OpaquePointer?] = []
    /// The images behind `textures` (keyed), for the other bands' renderers.
    var images: [UnsafeMutablePointer<SDL_Surface>?] = []
    /// The same images in ARGB8888, read (never written) by every band's mask layer; past
    /// the catalogue's, the copies `drawnSize` keeps (their textures in `textures`).
    var maskImages: [UnsafeMutablePointer<SDL_Surface>?] = []
    /// Which images are drawn from a copy at their drawn size this frame.
    var drawnSize = DrawnSizeImages(base: 0)
    /// Text from a font file (`loadFont`), whose atlas pages are the images from
    /// `textPageBase` on.
    var textShaper: FontShaper?
    var textPageBase = 0
    /// The images as our compositor keeps them, with the software renderer (`Compositor`).
    var compositor = Compositor()
    /// What the window's renderer reuses from frame to frame.
    var scratch = DrawScratch()
    private(set) var bands: RenderBands?
    /// Bands or this thread alone, tried in turns (`options.chooseBands`).
    var bandChoice = BandChoice()
    /// Whether the last frame was drawn in bands.
    var lastFrameBanded = false
    /// What the window surface shows, to redraw only what changed (`FrameDamage`).
    var damage = FrameDamage()
    /// What the last frame redrew: nothing, some rows, or everything.
    var lastRegion = FrameDamage.Region.everything {
        didSet { redraws.count(lastRegion, window: windowSize) }
    }
    /// How the frames so far were redrawn.
    package internal(set) var redraws = RedrawCounts()
    var translator = EventTranslator()
    /// Whether the UI scale follows the display's DPI (no one named one): it is read again
    /// when the window moves to another display.
    var scaleFollowsDisplay = false
    /// Until when (`SDL_GetTicks64`) a fit to the screen waits for the window manager's
    /// frame (`fitWhenFramed`); nil when none waits.
    var fitUntil: UInt64?
    /// The window manager's frame as last known (none is while fullscreen).
    var knownFrame: WindowPlacement.Frame?
    var controllers: [Int32: OpaquePointer] = [:]
    /// Events waiting for `poll`, such as gamepads opened at start.
    var queued: [InputEvent] = []
    /// Where text input is on (a text field's caret), or nil: off.
    var textInputCaret: Rect?
    /// The system clipboard, touched on this (the main) thread only.
    let clipboard = ClipboardBridge()
    /// Whether SDL has reported a quit: the process was asked to end (Ctrl-C, SIGTERM). The
    /// window's close button is not one: it comes as `InputEvent.closeRequested`.
    public internal(set) var quitRequested = false
    /// The window is minimised or hidden: the loop should pause.
    public internal(set) var isPaused = false
    /// What the last frame's compositor drew, by kind (`Compositor`).
    package internal(set) var lastCounts = Compositor.Counts()
    /// What the last frame handed to SDL: draw calls, vertices, indices, texture switches
    /// (summed over the bands).
    package internal(set) var lastSubmits = SubmitCounts()

    /// Starts SDL and opens the window, its renderer and the textures `options` describe.
    ///
    /// Throws an `SDLError` when SDL cannot start or make the window or renderer, and a
    /// `FilePolicy.Refusal` or `SDLError` for the first image that cannot be read or loaded.
    /// Keep one platform at a time: releasing one quits SDL (`SDL_Quit`).
    public init(options: PlatformOptions) throws {
        self.options = options
        if options.headless || options.videoDriver != nil {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, options.videoDriver ?? "dummy")
        }
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, options.renderer ?? (options.headless ? "software" : ""))
        // Our own pointers come from touch events; do not also fake touches from the mouse.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        // The window's close button is a request the app may answer with a question (edits
        // saved nowhere: `InputEvent.closeRequested`), not SDL's quit; a signal still quits.
        // (Over the environment's SDL_QUIT_ON_LAST_WINDOW_CLOSE too: a close quit unasked.)
        SDL_SetHintWithPriority(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0", SDL_HINT_OVERRIDE)
        if options.headless {
            SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0 else {
            throw SDLError("SDL_Init")
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        flags |= options.headless ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        if options.fullscreen && !options.headless { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
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
        // The display's own scale never lays the app out under 480×320 points (the smallest
        // size its layout is made for); a scale the user named is theirs.
        // (That cap in quarters too, as the display's scale is: 960×540 at 192 dpi is 1.5.)
        let scale = options.uiScale ?? cappedDisplayScale()
        scaleFollowsDisplay = options.uiScale == nil
        translator.uiScale = DesktopSettings.clampedUIScale(scale)
        // (Fitted to the screen now, and again once the window manager's frame is known.)
        keepMinimumSize(fit: true)
        fitUntil = SDL_GetTicks64() + Self.fitWait
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        // SDL starts with text input on; it is on only while a text field has the keyboard.
        SDL_StopTextInput()
        clipboard.connect()
        windowSizeChanged()
        try loadTextures()
        reserveTextPages()
        if options.ownCompositor && rendererName == "software" {
            compositor = Compositor(surfaces: maskImages)
            compositor.kernel = options.compositorKernel
        }
        if options.bands > 1 && rendererName == "software" {
            let threads = options.bandThreads ?? UsableProcessors.count
            bands = RenderBands(window: w, count: options.bands, threads: threads, images: maskImages) { [images] r, i in
                i < images.count ? images[i].flatMap { Self.makeTexture(from: $0, on: r) } : nil
            }
        }
        // Controllers already plugged in arrive as SDL_CONTROLLERDEVICEADDED events at the
        // first poll, like hot-plugged ones.
    }

    deinit {
        Clipboard.shared.disconnect()
        bands = nil
        scratch.layer.release()
        for t in textures { if let t { SDL_DestroyTexture(t) } }
        for i in images + maskImages { if let i { SDL_FreeSurface(i) } }
        for (_, c) in controllers { SDL_GameControllerClose(c) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    // MARK: Sizes

    /// The window's size in points (what the core works in): SDL's window size divided by
    /// the UI scale.
    public var windowSize: Vec2 {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Vec2(Double(w), Double(h)) / uiScale
    }

    /// The UI scale the display's DPI asks for: its horizontal DPI over 96, in steps of a
    /// quarter, at least 1 (a display that reports less is taken at its word that it is
    /// ordinary); 1 when SDL does not know.
    static func displayScale(of window: OpaquePointer) -> Double {
        // On X11 the desktop's own Xft.dpi first; then the display's DPI from SDL; where SDL
        // has none (XRandR without a physical size: Xvfb, VNC), the X screen's resolution.
        let x11 = String(cString: SDL_GetCurrentVideoDriver()) == "x11"
            ? DesktopSettings.x11DPI(display: ProcessInfo.processInfo.environment["DISPLAY"]) { _ = StandardStream.error.line("motionlab: \($0)") }
            : nil
        if let xft = x11?.xft { return DesktopSettings.uiScale(dpi: xft) }
        var d: Float = 0, h: Float = 0, v: Float = 0
        let display = SDL_GetWindowDisplayIndex(window)
        if display >= 0, SDL_GetDisplayDPI(display, &d, &h, &v) == 0, h.isFinite, h > 0 { return DesktopSettings.uiScale(dpi: Double(h)) }
        return x11?.screen.map(DesktopSettings.uiScale(dpi:)) ?? 1
    }

    /// Window units per point (`PlatformOptions.uiScale`).
    public var uiScale: Double { translator.uiScale }

    /// The renderer's output size in pixels.
    var outputSize: (w: Int32, h: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (w, h)
    }

    /// Pixels per point (2 on a typical high-DPI display).
    var pixelScale: Double {
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

    /// Whether presenting waits for the display's vertical blank: the renderer took the vsync
    /// flag (a fallback renderer may not have), and is not SDL's software renderer, whose
    /// present copies to the window at once whatever its flags say (measured under Xvfb: the
    /// bounce scene ran as fast as it could, 140 % of a core, at 480×320).
    public var presentsInVsync: Bool {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        return info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && !isSoftware
    }

    /// The refresh rate of the display the window is on, in hertz (60 when SDL does not know).
    public var refreshRate: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Double(mode.refresh_rate)
    }

    /// The pace a window's frames keep when nothing else paces them: none with vsync, else
    /// the display's refresh rate, or `fps` when asked (0: uncapped). Returns the shortest
    /// time between frames (0: none) and its words for reports.
    public func pacing(fps: Double?) -> (interval: Double, words: String) {
        if let fps { return fps > 0 ? (1 / fps, "capped at \(Int(fps)) fps (--fps)") : (0, "uncapped (--fps 0)") }
        if presentsInVsync { return (0, "vsync") }
        let rate = refreshRate
        return (1 / rate, "capped at \(Int(rate)) fps, the display's refresh rate (no vsync on this renderer)")
    }

    /// Pixels per point on the window's display (2 on a typical high-DPI one).
    public var pixelsPerPoint: Double { pixelScale }
    /// Whether the renderer truncates vertex positions to whole pixels: true with SDL's
    /// software renderer.
    public var truncatesVertices: Bool { isSoftware }
    lazy var isSoftware = rendererName == "software"

    /// The video driver SDL is using (`x11`, `wayland`, `dummy`, …), or `?` if none.
    public var videoDriverName: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?" }

    /// Resizes the window (scripted resizes), within `InputLimits` (a larger size is scaled
    /// down to `InputLimits.maxWindowPixels`, aspect ratio kept); the size change arrives as an
    /// event too.
    public func setWindowSize(w: Double, h: Double) {
        // In points within the limits, then in window units within them too: the window's
        // pixels are memory whatever the scale.
        let points = InputLimits.windowSize(w: w, h: h)
        let units = InputLimits.windowSize(w: (points.w * uiScale).rounded(), h: (points.h * uiScale).rounded())
        SDL_SetWindowSize(window, Int32(units.w), Int32(units.h))
        windowSizeChanged()
    }

    /// The one place a new window size takes effect here: draw lists are in points, and the
    /// renderer scales them to pixels (the bands follow the window surface when they next draw).
    func windowSizeChanged() {
        let s = Float(pixelScale)
        SDL_RenderSetScale(renderer, s, s)
    }

    // MARK: What this SDL offers

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

    /// SDL's version as `major.minor.patch`.
    public static var sdlVersion: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}
