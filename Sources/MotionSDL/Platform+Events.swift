import CSDL2
import Engine

// MARK: Events and game controllers

extension Platform {
    /// Takes every pending SDL event and appends what it means to `out`.
    public func poll(into out: inout [InputEvent]) {
        var times: [Double] = []
        poll(into: &out, times: &times, now: 0)
    }

    /// Takes every pending SDL event, appends what it means to `out` and when it happened to
    /// `times`: SDL's millisecond timestamp, moved onto the monotonic clock by how long ago
    /// it was (`now` is that clock now).
    public func poll(into out: inout [InputEvent], times: inout [Double], now: Double) {
        out.append(contentsOf: queued)
        queued.removeAll()
        times.append(contentsOf: repeatElement(now, count: out.count - times.count))
        let ticks = SDL_GetTicks()
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            defer {
                let ago = Double(ticks &- e.common.timestamp) / 1000
                let time = now - (ago >= 0 && ago < 1 ? ago : 0)
                times.append(contentsOf: repeatElement(time, count: out.count - times.count))
            }
            // F11 is the window's own: fullscreen (desktop mode) on and off.
            if e.type == SDLConstants.keyDown, e.key.keysym.sym == SDLK_F11.rawValue {
                if e.key.repeat == 0 { toggleFullscreen() }
                continue
            }
            if e.type == SDLConstants.keyUp, e.key.keysym.sym == SDLK_F11.rawValue { continue }
            // A paste reads the clipboard as the key that pastes goes down (here, on the
            // main thread, where SDL's clipboard may be touched).
            if e.type == SDLConstants.keyDown {
                let mod = UInt32(e.key.keysym.mod), sym = e.key.keysym.sym
                if (sym == SDLK_v.rawValue && mod & UInt32(KMOD_CTRL.rawValue) != 0)
                    || (sym == SDLK_INSERT.rawValue && mod & UInt32(KMOD_SHIFT.rawValue) != 0) {
                    clipboard.refresh()
                }
            }
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
            // Shown, exposed, resized, restored: whatever the surface held, the next frame is drawn whole.
            if e.type == SDLConstants.windowEvent { damage.invalidate() }
            if e.type == SDLConstants.windowEvent && e.window.event == SDLConstants.windowResized {
                windowSizeChanged()
            }
            if e.type == SDLConstants.windowEvent && e.window.event == SDLConstants.windowDisplayChanged {
                displayChanged(into: &out)
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

    /// The window moved to another display: a UI scale that follows the display's DPI is
    /// read again, and a new scale is a new size in points (a `.resize`).
    func displayChanged(into out: inout [InputEvent]) {
        guard scaleFollowsDisplay else { return }
        setUIScale(Self.displayScale(of: window), into: &out)
    }

    /// Draws at `scale` window units per point from now on (within
    /// `DesktopSettings.uiScaleRange`); the window's size in points changes with it, and is
    /// passed on as a `.resize`.
    func setUIScale(_ scale: Double, into out: inout [InputEvent]) {
        let s = DesktopSettings.clampedUIScale(scale)
        guard s != translator.uiScale else { return }
        translator.uiScale = s
        keepMinimumSize()
        windowSizeChanged()
        let size = windowSize
        out.append(.resize(w: size.x, h: size.y))
    }

    /// A window a person resizes keeps at least the 480×320 points the layout is made for,
    /// in window units at the UI scale (at 2×, 960×640), or the display's usable area where
    /// that is smaller. Headless runs set none: scripts resize down to 1×1 on purpose.
    func keepMinimumSize() {
        guard !options.headless else { return }
        var w = (PlatformOptions.minimumPoints.x * uiScale).rounded(.up), h = (PlatformOptions.minimumPoints.y * uiScale).rounded(.up)
        var usable = SDL_Rect()
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        _ = SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right)
        let display = SDL_GetWindowDisplayIndex(window)
        if display >= 0, SDL_GetDisplayUsableBounds(display, &usable) == 0, usable.w > 0, usable.h > 0 {
            // (Less the window manager's frame where it is known yet, so the whole window fits.)
            w = min(w, Double(max(1, usable.w - left - right)))
            h = min(h, Double(max(1, usable.h - top - bottom)))
        }
        SDL_SetWindowMinimumSize(window, Int32(w), Int32(h))
        guard usable.w > 0, SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN.rawValue == 0 else { return }
        // SDL grows a window under its minimum where it stands: moved back inside the usable
        // area, title bar included (at --ui-scale 4 on a 1600×1000 screen, the bottom bar and
        // the help button were off the screen: a tour). A window larger than the area keeps
        // its top left corner, its tabs, on the screen.
        var x: Int32 = 0, y: Int32 = 0, cw: Int32 = 0, ch: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &cw, &ch)
        let nx = max(usable.x + left, min(x, usable.x + usable.w - right - cw))
        let ny = max(usable.y + top, min(y, usable.y + usable.h - bottom - ch))
        if nx != x || ny != y { SDL_SetWindowPosition(window, nx, ny) }
    }

    /// Fullscreen at the desktop's resolution on, or back to the window it was.
    public func toggleFullscreen() {
        let on = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN.rawValue != 0
        SDL_SetWindowFullscreen(window, on ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        // (SDL 2.26 keeps a minimum set while fullscreen from the window manager: set again.)
        if on { keepMinimumSize() }
    }

    /// Whether the window is fullscreen.
    public var isFullscreen: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN.rawValue != 0 }

    /// Shows the window (restored if minimised) and raises it above the others.
    public func showAndRaise() {
        if SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED.rawValue != 0 { SDL_RestoreWindow(window) }
        SDL_ShowWindow(window)
        SDL_RaiseWindow(window)
    }

    /// Number of open game controllers.
    var controllerCount: Int { controllers.count }
}
