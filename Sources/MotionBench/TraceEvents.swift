import Engine

/// A Chrome Trace Event file (the JSON that Perfetto and chrome://tracing open): one
/// complete ("ph":"X") event per phase of every measured frame, named `sim`, `build`,
/// `submit` and `present`, with the frame number in `args`; each band thread of the
/// software renderer on a track of its own, its bands as `band N` events.
public struct TraceEvents: Sendable {
    private var events: [String] = []
    /// Time zero: when the trace was begun (before any warm-up), so that every event has
    /// a positive time (DevTools leaves an event at 0 outside the trace's bounds).
    private let origin: UInt64
    /// Track ids: 1 the thread that submits and presents, 2 the pipeline's worker, 10 + k band thread k.
    private var tracks: Set<Int> = []

    public init() { origin = MonotonicClock.nanoseconds() }

    public mutating func add(frame: Int, run: Int, report r: FrameReport, pipelined: Bool,
                             bands: [(band: Int, thread: Int, start: UInt64, end: UInt64)]) {
        // Times in microseconds on a grid of 1/1024 µs (about a nanosecond), each boundary
        // rounded once: such numbers and their sums are exact in binary floating point, so
        // an event that starts where another ends is never made to overlap it (with three
        // decimals, 15893.173 + 121.236 > 16014.409 in a double, and DevTools then dropped
        // the second event: a viewer nests or drops overlapping events on one track).
        func grid(_ ns: UInt64) -> UInt64 { ((ns >= origin ? ns - origin : 0) * 1024 + 500) / 1000 }
        func us(_ q: UInt64) -> String {
            guard q % 1024 != 0 else { return String(q / 1024) }
            let digits = String((q % 1024) * 9_765_625)  // 1/1024 = 0.0009765625
            var fraction = String(repeating: "0", count: 10 - digits.count) + digits
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(q / 1024).\(fraction)"
        }
        func event(_ name: String, _ start: UInt64, _ duration: UInt64, track: Int, extra: String = "") {
            tracks.insert(track)
            let from = grid(start), to = grid(start + duration)
            events.append("{\"name\":\"\(name)\",\"cat\":\"frame\",\"ph\":\"X\",\"pid\":1,\"tid\":\(track),\"ts\":\(us(from)),"
                          + "\"dur\":\(us(to - from)),\"args\":{\"frame\":\(frame),\"run\":\(run)\(extra)}}")
        }
        let simTrack = pipelined ? 2 : 1
        event("sim", r.starts.sim, r.nanoseconds.sim, track: simTrack)
        event("build", r.starts.build, r.nanoseconds.build, track: simTrack)
        event("submit", r.starts.submit, r.nanoseconds.submit, track: 1)
        event("present", r.starts.present, r.nanoseconds.present, track: 1)
        for b in bands where b.end >= b.start && b.start >= r.starts.submit {
            event("band \(b.band)", b.start, b.end - b.start, track: 10 + b.thread, extra: ",\"band\":\(b.band)")
        }
    }

    /// The whole file.
    public func json() -> String {
        var names: [String] = []
        for t in tracks.sorted() {
            let name = t == 1 ? "main (submit, present\(tracks.contains(2) ? "" : ", sim, build"))" : t == 2 ? "pipeline worker (sim, build)" : t == 10 ? "band thread 0 (main)" : "band thread \(t - 10)"
            names.append("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(t),\"args\":{\"name\":\"\(name)\"}}")
        }
        names.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"motionlab bench\"}}")
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + (names + events).joined(separator: ",\n") + "\n]}\n"
    }
}
