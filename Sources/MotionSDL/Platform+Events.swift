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
                fitWhenFramed(into: &out)
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
        // (Not capped: the window grows to its minimum at the new scale, where the display
        // has room, so that the text keeps its size on the denser display.)
        guard scaleFollowsDisplay else { return }
        setUIScale(Self.displayScale(of: window), into: &out)
    }

    /// The display's scale, capped for the window as it is (`scaleCap`): as it opens at the
    /// size asked for, and once it is fitted to the screen.
    func cappedDisplayScale() -> Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return min(Self.displayScale(of: window), Self.scaleCap(w: Double(w), h: Double(h)))
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
    /// `place`: the window is also kept inside the usable area, frame included, and with
    /// `fit` made no larger than it (`fitWhenFramed`). Returns whether it could be placed
    /// (the area known, the window neither fullscreen nor maximised).
    @discardableResult
    func keepMinimumSize(place: Bool = true, fit: Bool = false) -> Bool {
        guard !options.headless else { return false }
        var usable = SDL_Rect(), frame = windowFrame()
        // The frame as last known while the window manager shows none: just out of fullscreen
        // it says 0 for a while, and a window kept by that was put 27 px too low (a tour).
        if frame == WindowPlacement.Frame() { frame = knownFrame ?? frame } else { knownFrame = frame }
        let display = SDL_GetWindowDisplayIndex(window)
        let known = display >= 0 && SDL_GetDisplayUsableBounds(display, &usable) == 0 && usable.w > 0 && usable.h > 0
        // (Less the window manager's frame where it is known yet, so the whole window fits.)
        let minimum = WindowPlacement.minimumSize(points: (PlatformOptions.minimumPoints.x, PlatformOptions.minimumPoints.y),
                                                  uiScale: uiScale, usable: known ? usable : nil, frame: frame)
        SDL_SetWindowMinimumSize(window, minimum.w, minimum.h)
        guard place, known, SDL_GetWindowFlags(window) & (SDL_WINDOW_FULLSCREEN.rawValue | SDL_WINDOW_MAXIMIZED.rawValue) == 0 else {
            return false
        }
        // SDL grows a window under its minimum where it stands: moved back inside the usable
        // area, title bar included (at --ui-scale 4 on a 1600×1000 screen, the bottom bar and
        // the help button were off the screen: a tour).
        var now = WindowPlacement(x: 0, y: 0, w: 0, h: 0)
        SDL_GetWindowPosition(window, &now.x, &now.y)
        SDL_GetWindowSize(window, &now.w, &now.h)
        let kept = now.kept(in: usable, frame: frame, minimum: minimum, fit: fit)
        if kept.w != now.w || kept.h != now.h { SDL_SetWindowSize(window, kept.w, kept.h) }
        if kept.x != now.x || kept.y != now.y { SDL_SetWindowPosition(window, kept.x, kept.y) }
        return true
    }

    /// The window manager's frame as SDL has it (0 while unknown), each side within 0…4,096
    /// (any X client may set `_NET_FRAME_EXTENTS`, and sums of its extremes overflowed).
    func windowFrame() -> WindowPlacement.Frame {
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        guard SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0 else { return WindowPlacement.Frame() }
        let side = { (v: Int32) in min(max(v, 0), 4096) }
        return WindowPlacement.Frame(top: side(top), left: side(left), bottom: side(bottom), right: side(right))
    }

    /// When the window opens and when it leaves fullscreen, the window manager's frame is
    /// not known yet: once it is (within `fitWait` seconds, not at a later move, which is the
    /// user's), the window is fitted into the usable area with its frame. A `--size` as large
    /// as the screen, or a minimum grown at a large UI scale, had its bottom 27 px, the bar's
    /// margin and the frame's, under the screen's edge (a tour); out of fullscreen, a window
    /// moved first came back 27 px too low. A window maximised then waits for its restore.
    /// A UI scale that follows the display's is capped anew for the window as fitted (made
    /// for `--size`, it laid the fitted window out under 320 points).
    func fitWhenFramed(into out: inout [InputEvent]) {
        guard let until = fitUntil, !options.headless else { return }
        guard SDL_GetTicks64() <= until else { return fitUntil = nil }
        guard windowFrame() != WindowPlacement.Frame(), keepMinimumSize(fit: true) else { return }
        fitUntil = nil
        if scaleFollowsDisplay { setUIScale(cappedDisplayScale(), into: &out) }
    }

    /// The largest UI scale, in quarters, at which a window of `w`×`h` lays the app out in
    /// at least 480×320 points, the smallest size its layout is made for (at least 1).
    static func scaleCap(w: Double, h: Double) -> Double {
        max(1, (min(w / PlatformOptions.minimumPoints.x, h / PlatformOptions.minimumPoints.y) * 4).rounded(.down) / 4)
    }

    /// How long after the window opens or leaves fullscreen a fit waits for the frame.
    static let fitWait: UInt64 = 3000

    /// Fullscreen at the desktop's resolution on, or back to the window it was.
    public func toggleFullscreen() {
        let on = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN.rawValue != 0
        SDL_SetWindowFullscreen(window, on ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        // (SDL 2.26 keeps a minimum set while fullscreen from the window manager: set again.
        // Where the window goes is left until its frame is back: `fitWhenFramed`.)
        if on {
            keepMinimumSize(place: false)
            fitUntil = SDL_GetTicks64() + Self.fitWait
        }
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
