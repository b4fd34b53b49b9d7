/// Input latency as a user feels it: from each input event's own time to the end of the
/// present of the first frame whose steps took it in — the first frame that can show it.
///
/// The frame driver moves each event through three stages: handed to the content
/// (`waiting`), taken in by a step of the frame being built (`built`), and in the frame
/// being presented (`shown`); the present's end turns each shown event into a sample.
/// Pipelined, a frame is built during the one before it is shown, so its events are shown
/// a frame later, and counted so. The stages and the sample ring keep their storage: no
/// allocation per frame once they have grown to a frame's events.
public struct InputLatency: Sendable {
    /// The samples kept (the newest `capacity`), in seconds, oldest first once wrapped.
    public private(set) var samples: [Double] = []
    /// Samples recorded in all (also those the ring no longer holds).
    public private(set) var recorded = 0
    /// When the newest sample's frame was presented (seconds, the monotonic clock).
    public private(set) var lastPresent = -Double.infinity
    /// The median of the newest 64 samples as of the last frame that showed any (seconds;
    /// nil before the first): the HUD's figure, taken once per such frame.
    public private(set) var runningMedian: Double?
    /// The newest samples at most.
    public let capacity: Int
    private var head = 0
    private var waiting: [Double] = []
    private var built: [Double] = []
    private var shown: [Double] = []
    private var scratch: [Double] = []
    /// A frame takes in at most this many events' times (more are counted by the newest).
    static let maxPending = 4096

    /// A recorder keeping the newest `capacity` samples (at least 1).
    public init(capacity: Int = 65_536) {
        self.capacity = max(1, capacity)
        samples.reserveCapacity(min(self.capacity, 65_536))
        for stage in [\Self.waiting, \Self.built, \Self.shown] { self[keyPath: stage].reserveCapacity(256) }
        scratch.reserveCapacity(256)
    }

    /// An event that happened at `time` was handed to the content.
    mutating func handed(_ time: Double) {
        guard time.isFinite else { return }
        if waiting.count >= Self.maxPending { waiting.removeFirst() }
        waiting.append(time)
    }

    /// A frame's build ran `steps` steps: what waited is in it (none ran: it waits on).
    mutating func built(steps: Int) {
        guard steps > 0, !waiting.isEmpty else { return }
        built.append(contentsOf: waiting.suffix(Self.maxPending - min(built.count, Self.maxPending)))
        waiting.removeAll(keepingCapacity: true)
    }

    /// The list about to be presented is the last one built.
    mutating func showingLastBuilt() {
        shown.append(contentsOf: built)
        built.removeAll(keepingCapacity: true)
    }

    /// The frame was presented at `time`: each event in it becomes a sample, and the running
    /// median (`runningMedian`) is taken again.
    mutating func presented(at time: Double) {
        guard !shown.isEmpty else { return }
        for t in shown { record(max(0, time - t)) }
        shown.removeAll(keepingCapacity: true)
        lastPresent = time
        runningMedian = quantile(0.5, last: 64)
    }

    /// Adds one sample (seconds).
    public mutating func record(_ seconds: Double) {
        guard seconds.isFinite else { return }
        if samples.count < capacity { samples.append(seconds) } else { samples[head] = seconds }
        head = (head + 1) % capacity
        recorded += 1
    }

    /// The `q` quantile (0…1, nearest rank) of the newest `last` samples (all kept: nil), in
    /// seconds; nil with no samples.
    public mutating func quantile(_ q: Double, last: Int? = nil) -> Double? {
        let n = min(last ?? samples.count, samples.count)
        guard n > 0 else { return nil }
        scratch.removeAll(keepingCapacity: true)
        // The newest n: the n before `head`, wrapping.
        for k in 0..<n { scratch.append(samples[(head - 1 - k + samples.count * 2) % samples.count]) }
        scratch.sort()
        let rank = Int((min(max(q, 0), 1) * Double(n)).rounded(.up))
        return scratch[max(0, min(n - 1, rank - 1))]
    }
}
