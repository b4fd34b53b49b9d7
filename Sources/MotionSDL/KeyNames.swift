import CSDL2

/// Key names as the platform reports them: what a script must say to press a key.
public enum KeyNames {
    /// SDL's own name for the key a script calls `name` (as `SDL_GetKeyName` reports it in
    /// events: "Left Shift", "Backspace", "A"), found without regard to case; a single
    /// character with no key of its own stands for itself (a layout's "é" or "#"); nil for
    /// no key SDL has. Works before SDL is initialised (SDL's scancode table is static).
    public static func sdlName(_ name: String) -> String? {
        let code = SDL_GetScancodeFromName(name)
        if code != SDL_SCANCODE_UNKNOWN, let c = SDL_GetScancodeName(code) {
            let canonical = String(cString: c)
            if !canonical.isEmpty { return canonical }
        }
        return name.count == 1 ? name : nil
    }
}
