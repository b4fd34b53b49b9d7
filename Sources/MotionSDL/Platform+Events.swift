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
            if e.type == SDLConstants.windowEvent {
                damage.invalidate()
                fitOnceFramed()
            }
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
    /// `fit`: a window larger than the usable area, frame included, is also made to fit it
    /// (`fitOnceFramed`).
    func keepMinimumSize(fit: Bool = false) {
        guard !options.headless else { return }
        var usable = SDL_Rect(), frame = WindowPlacement.Frame()
        _ = SDL_GetWindowBordersSize(window, &frame.top, &frame.left, &frame.bottom, &frame.right)
        let display = SDL_GetWindowDisplayIndex(window)
        let known = display >= 0 && SDL_GetDisplayUsableBounds(display, &usable) == 0 && usable.w > 0 && usable.h > 0
        // (Less the window manager's frame where it is known yet, so the whole window fits.)
        let minimum = WindowPlacement.minimumSize(points: (PlatformOptions.minimumPoints.x, PlatformOptions.minimumPoints.y),
                                                  uiScale: uiScale, usable: known ? usable : nil, frame: frame)
        SDL_SetWindowMinimumSize(window, minimum.w, minimum.h)
        guard known, SDL_GetWindowFlags(window) & (SDL_WINDOW_FULLSCREEN.rawValue | SDL_WINDOW_MAXIMIZED.rawValue) == 0 else { return }
        // SDL grows a window under its minimum where it stands: moved back inside the usable
        // area, title bar included (at --ui-scale 4 on a 1600×1000 screen, the bottom bar and
        // the help button were off the screen: a tour).
        var now = WindowPlacement(x: 0, y: 0, w: 0, h: 0)
        SDL_GetWindowPosition(window, &now.x, &now.y)
        SDL_GetWindowSize(window, &now.w, &now.h)
        let kept = now.kept(in: usable, frame: frame, minimum: minimum, fit: fit)
        if kept.w != now.w || kept.h != now.h { SDL_SetWindowSize(window, kept.w, kept.h) }
        if kept.x != now.x || kept.y != now.y { SDL_SetWindowPosition(window, kept.x, kept.y) }
    }

    /// Once, when the window manager's frame is first known (it is not yet when the window
    /// opens), the window is fitted into the usable area with its frame: a `--size` as large
    /// as the screen, or a minimum grown at a large UI scale, had its bottom 22 px, the bar's
    /// margin, under the screen's edge below the title bar (a tour). Later moves are the
    /// user's: a window dragged partly off the screen stays there.
    func fitOnceFramed() {
        guard !fittedToFrame, !options.headless else { return }
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        guard SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0, top + left + bottom + right > 0 else { return }
        fittedToFrame = true
        keepMinimumSize(fit: true)
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
