import Synchronization

/// The clipboard text fields copy to and paste from. Until a platform connects the
/// system's (SDL's), it keeps the text in memory, so a run with no window (a test, a soak)
/// copies and pastes within itself.
public final class Clipboard: Sendable {
    private typealias System = (read: @Sendable () -> String?, write: @Sendable (String) -> Bool)
    private let state = Mutex<(memory: String, system: System?)>(("", nil))

    /// The one clipboard of the process.
    public static let shared = Clipboard()

    /// A clipboard of its own, in memory (tests; the app uses `shared`).
    public init() {}

    /// Connects the system's clipboard: `read` gives its text (nil when it has none or
    /// cannot be read), `write` sets it and says whether it could.
    public func connect(read: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Bool) {
        state.withLock { $0.system = (read, write) }
    }

    /// Back to the in-memory clipboard (the platform is going away).
    public func disconnect() {
        state.withLock { $0.system = nil }
    }

    /// The text on the clipboard ("" when there is none).
    public var text: String {
        // The system's is read outside the lock: it may call back into SDL.
        let (memory, system) = state.withLock { ($0.memory, $0.system) }
        guard let system else { return memory }
        return system.read() ?? memory
    }

    /// Puts `text` on the clipboard; kept in memory too, for when the system's refuses.
    public func set(_ text: String) {
        let system = state.withLock {
            $0.memory = text
            return $0.system
        }
        _ = system?.write(text)
    }
}
