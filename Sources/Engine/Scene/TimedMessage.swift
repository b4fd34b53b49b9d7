/// A message shown for a while — an edit refused, a file saved, a sheet that could not be
/// read — counted down by the steps it is shown for, then gone.
public struct TimedMessage: Sendable, Equatable {
    /// The message while it shows.
    public private(set) var text: String?
    /// Seconds it still shows (0 once gone).
    public private(set) var remaining = 0.0

    /// No message.
    public init() {}

    /// Shows `text` for `seconds`, in place of any message before it.
    public mutating func show(_ text: String, for seconds: Double) {
        self.text = text
        remaining = seconds
    }

    /// Counts `dt` seconds off; the message goes when none are left.
    public mutating func step(_ dt: Double) {
        guard text != nil else { return }
        remaining -= dt
        if remaining <= 0 { self = TimedMessage() }
    }

    /// Seconds until it goes, while it shows: when a resting scene must wake to take it away.
    public var secondsLeft: Double? { text == nil ? nil : max(0, remaining) }
}
