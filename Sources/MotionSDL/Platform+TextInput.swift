import CSDL2
import Engine
import Foundation
import Geometry

// Text input and the clipboard.
extension Platform {
    /// Text input on at `rect` (a text field's caret, in points), or off; the clipboard's
    /// pending write goes out. On the main thread, after every frame.
    public func setTextInput(_ rect: Rect?) {
        clipboard.flush()
        guard rect != textInputCaret else { return }
        if let rect {
            let k = uiScale
            var r = SDL_Rect(x: Int32(clamping: Int((rect.minX * k).rounded())), y: Int32(clamping: Int((rect.minY * k).rounded())),
                             w: Int32(clamping: Int(max(1, rect.width * k).rounded())), h: Int32(clamping: Int(max(1, rect.height * k).rounded())))
            if textInputCaret == nil { SDL_StartTextInput() }
            SDL_SetTextInputRect(&r)
        } else {
            SDL_StopTextInput()
        }
        textInputCaret = rect
    }

    /// Whether SDL has text input on (for tests).
    public var isTextInputActive: Bool { SDL_IsTextInputActive() == SDL_TRUE }
}

/// The system clipboard for `Clipboard.shared`, which a scene's step may use from the
/// pipeline's worker thread: SDL's clipboard (X11's selections) must be touched on the main
/// thread only. So a copy is kept here and written by the main thread after the frame
/// (`flush`), and a paste reads the text the main thread took from SDL when the key that
/// pastes went down (`refresh`, from `poll`).
final class ClipboardBridge: @unchecked Sendable {
    private let lock = NSLock()
    private var cached: String?
    private var pending: String?

    /// Makes this the process's clipboard.
    func connect() {
        refresh()
        Clipboard.shared.connect(read: { [weak self] in self?.read() }, write: { [weak self] text in
            guard let self else { return false }
            self.lock.lock()
            self.pending = text
            self.cached = text
            self.lock.unlock()
            return true
        })
    }

    private func read() -> String? {
        lock.lock()
        defer { lock.unlock() }
        return cached
    }

    /// Takes the system clipboard's text now (main thread).
    func refresh() {
        lock.lock()
        let waiting = pending != nil
        lock.unlock()
        if waiting { flush() }
        var text: String?
        if SDL_HasClipboardText() == SDL_TRUE, let p = SDL_GetClipboardText() {
            text = String(cString: p)
            SDL_free(p)
        }
        lock.lock()
        cached = text
        lock.unlock()
    }

    /// Hands a copied text to SDL (main thread).
    func flush() {
        lock.lock()
        let text = pending
        pending = nil
        lock.unlock()
        if let text { _ = text.withCString { SDL_SetClipboardText($0) } }
    }
}
