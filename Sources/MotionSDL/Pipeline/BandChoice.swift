import Engine

/// Whether frames are drawn in bands (`RenderBands`) or on the submitting thread alone,
/// chosen by trying both on the frames being drawn.
///
/// Why: bands pay only where a frame's fill outweighs handing half of it to another thread
/// and waiting for it, and where that thread has a processor to itself. Neither is known
/// in advance: with the pipeline stepping the next frame on a second thread, a band helper
/// on a two-processor machine competes with it, and the work varies by scene, sprite and
/// window size. Measured on the two-vCPU machine (`docs/benchmarks.md`): 10,000 soft sprites
/// at 640×480 drew in 10.3 ms in two bands against 16 ms alone, but 10,000 colour-keyed
/// icons in 4.4 ms in two bands against 4.0 ms alone. So the platform tries both.
///
/// How: `trialFrames` frames in blocks of `block`, banded and alone in turns, timing each
/// frame's drawing; then the way with the lower median is kept, bands only if they are at
/// least `margin` faster (a band helper takes a processor the rest of the program could
/// use). The trial runs again when the window's pixels change, when the draw list's size
/// moves past half or twice what it was, and every `retrialEvery` frames.
struct BandChoice {
    static let block = 4
    static let trialFrames = 32
    static let margin = 0.97
    static let retrialEvery = 7_200

    /// What a frame's work is, as far as deciding goes.
    struct Work: Equatable {
        var pixels: Int
        var vertices: Int

        /// Whether `other` is different enough to decide again.
        func differs(from other: Work) -> Bool {
            pixels != other.pixels || vertices > 2 * other.vertices || 2 * vertices < other.vertices
        }
    }

    private(set) var decision: BandDecision?
    /// Whether the frame being drawn is banded.
    private(set) var banded = true
    /// Frames into the current trial (`trialFrames` or more: decided).
    private var frame = 0
    /// Frames since the decision.
    private var sinceDecision = 0
    private var work = Work(pixels: 0, vertices: 0)
    /// Drawing times of the trial (ns), each way; storage made once.
    private var bandedTimes = ContiguousArray<UInt64>()
    private var aloneTimes = ContiguousArray<UInt64>()

    init() {
        bandedTimes.reserveCapacity(Self.trialFrames)
        aloneTimes.reserveCapacity(Self.trialFrames)
    }

    /// Whether to draw the next frame, of `work`, in bands.
    mutating func begin(_ work: Work) -> Bool {
        if frame >= Self.trialFrames && (work.differs(from: self.work) || sinceDecision >= Self.retrialEvery) {
            frame = 0
        }
        if frame == 0 {
            self.work = work
            bandedTimes.removeAll(keepingCapacity: true)
            aloneTimes.removeAll(keepingCapacity: true)
        }
        if frame < Self.trialFrames {
            banded = (frame / Self.block) % 2 == 0
        } else {
            banded = decision?.banded ?? true
            sinceDecision += 1
        }
        return banded
    }

    /// The frame begun last took `nanoseconds` to draw.
    mutating func end(nanoseconds: UInt64) {
        guard frame < Self.trialFrames else { return }
        if banded { bandedTimes.append(nanoseconds) } else { aloneTimes.append(nanoseconds) }
        frame += 1
        guard frame == Self.trialFrames else { return }
        let b = Self.median(&bandedTimes), a = Self.median(&aloneTimes)
        decision = BandDecision(bandedMilliseconds: b / 1e6, aloneMilliseconds: a / 1e6, banded: b < Self.margin * a)
        sinceDecision = 0
    }

    /// The median of `times`, sorted in place (insertion sort: a few dozen values, and no
    /// allocation).
    private static func median(_ times: inout ContiguousArray<UInt64>) -> Double {
        guard !times.isEmpty else { return .infinity }
        for i in 1..<times.count {
            var j = i
            while j > 0 && times[j - 1] > times[j] {
                times.swapAt(j - 1, j)
                j -= 1
            }
        }
        let n = times.count
        return n % 2 == 1 ? Double(times[n / 2]) : (Double(times[n / 2 - 1]) + Double(times[n / 2])) / 2
    }
}

/// What the last trial of bands against one thread measured (`BandChoice`): each way's
/// median drawing time, and which was kept.
package struct BandDecision: Equatable, Sendable {
    /// The trial's median time to draw a frame in bands, in milliseconds.
    package var bandedMilliseconds: Double
    /// The trial's median time to draw a frame on the submitting thread alone, in milliseconds.
    package var aloneMilliseconds: Double
    /// Whether bands were kept: their median was more than 3% lower.
    package var banded: Bool
}
