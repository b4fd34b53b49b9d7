import CSDL2
import Engine

// MARK: Events and game controllers

extension Platform {
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
    var controllerCount: Int { controllers.count }
}
