import CSDL2

/// Substitutes for SDL macros Swift cannot import, and SDL enums as plain integers, in one
/// place. Swift imports no function-like or cast macro: `SDL_WINDOWPOS_CENTERED` is
/// `SDL_WINDOWPOS_CENTERED_MASK`, and `SDL_TOUCH_MOUSEID` (`(Uint32)-1`) imports but does not
/// compile. C enums import as structs while event fields are plain integers, so each enum is
/// compared through its `rawValue`, converted here once.
enum SDLConstants {
    static let windowPosCentered = Int32(SDL_WINDOWPOS_CENTERED_MASK)
    /// `SDL_TOUCH_MOUSEID`: the `which` of mouse events SDL synthesised from touches.
    static let touchMouseID = UInt32.max
    /// `SDL_MOUSE_TOUCHID`: the `touchId` of touch events SDL synthesised from the mouse.
    static let mouseTouchID = Int64(-1)

    static let quit = SDL_QUIT.rawValue
    static let windowEvent = SDL_WINDOWEVENT.rawValue
    static let keyDown = SDL_KEYDOWN.rawValue
    static let keyUp = SDL_KEYUP.rawValue
    static let textInput = SDL_TEXTINPUT.rawValue
    static let textEditing = SDL_TEXTEDITING.rawValue
    static let dropFile = SDL_DROPFILE.rawValue
    static let mouseMotion = SDL_MOUSEMOTION.rawValue
    static let mouseButtonDown = SDL_MOUSEBUTTONDOWN.rawValue
    static let mouseButtonUp = SDL_MOUSEBUTTONUP.rawValue
    static let mouseWheel = SDL_MOUSEWHEEL.rawValue
    static let fingerDown = SDL_FINGERDOWN.rawValue
    static let fingerUp = SDL_FINGERUP.rawValue
    static let fingerMotion = SDL_FINGERMOTION.rawValue
    static let controllerAxis = SDL_CONTROLLERAXISMOTION.rawValue
    static let controllerButtonDown = SDL_CONTROLLERBUTTONDOWN.rawValue
    static let controllerButtonUp = SDL_CONTROLLERBUTTONUP.rawValue
    static let controllerAdded = SDL_CONTROLLERDEVICEADDED.rawValue
    static let controllerRemoved = SDL_CONTROLLERDEVICEREMOVED.rawValue

    static let windowResized = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
    static let windowDisplayChanged = UInt8(SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue)
    static let windowMinimized = UInt8(SDL_WINDOWEVENT_MINIMIZED.rawValue)
    static let windowClose = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
    static let windowHidden = UInt8(SDL_WINDOWEVENT_HIDDEN.rawValue)
    static let windowRestored = UInt8(SDL_WINDOWEVENT_RESTORED.rawValue)
    static let windowShown = UInt8(SDL_WINDOWEVENT_SHOWN.rawValue)
    static let windowExposed = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
    static let windowFocusLost = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
    static let windowFocusGained = UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue)

}

/// The error SDL reported for the last failing call.
public struct SDLError: Error, CustomStringConvertible {
    /// The error as a sentence for the user: the call that failed and SDL's message.
    public let description: String
    init(_ what: String) {
        description = "\(what): \(String(cString: SDL_GetError()))"
    }
    init(message: String) { description = message }
}
