import Foundation

/// The clipboard text fields copy to and paste from. Until a platform connects the
/// system's (SDL's), it keeps the text in memory, so a run with no window (a test, a soak)
/// copies and pastes within itself.
public final class Clipboard: @unchecked Sendable {
    private let lock = NSLock()
    private var memory = ""
    private var system: (read: @Sendable () -> String?, write: @Sendable (String) -> Bool)?

    /// The one clipboard of the process.
    public static let shared = Clipboard()

    /// A clipboard of its own, in memory (tests; the app uses `shared`).
    public init() {}

    /// Connects the system's clipboard: `read` gives its text (nil when it has none or
    /// cannot be read), `write` sets it and says whether it could.
    public func connect(read: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Bool) {
        lock.lock()
        defer { lock.unlock() }
        system = (read, write)
    }

    /// Back to the in-memory clipboard (the platform is going away).
    public func disconnect() {
        lock.lock()
        defer { lock.unlock() }
        system = nil
    }

    /// The text on the clipboard ("" when there is none).
    public var text: String {
        lock.lock()
        let s = system
        let m = memory
        lock.unlock()
        guard let s else { return m }
        return s.read() ?? m
    }

    /// Puts `text` on the clipboard; kept in memory too, for when the system's refuses.
    public func set(_ text: String) {
        lock.lock()
        memory = text
        let s = system
        lock.unlock()
        _ = s?.write(text)
    }
}
