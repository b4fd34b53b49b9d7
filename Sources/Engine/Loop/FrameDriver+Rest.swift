#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// Pacing and rest: a frame no sooner than the cap allows, and no frame at all while nothing
// moves or the window is not shown.
extension FrameDriver {
    /// Waits until `minimumFrameInterval` has passed since the last frame started.
    func pace() {
        guard virtualFrameTime == nil, minimumFrameInterval > 0, minimumFrameInterval.isFinite else { return }
        let interval = UInt64(min(minimumFrameInterval, 1) * 1e9)
        var now = MonotonicClock.nanoseconds()
        if pacedStart > 0, now < pacedStart &+ interval {
            var left = timespec(tv_sec: 0, tv_nsec: Int(pacedStart &+ interval &- now)), rest = timespec()
            while nanosleep(&left, &rest) != 0 && errno == EINTR { left = rest }
            now = MonotonicClock.nanoseconds()
        }
        pacedStart = now
    }

    /// Whether the driver may block waiting for input: a window on the real clock, not a run
    /// that ends by itself (`frameLimit`) or saves frames as it goes (`beforePresent`).
    var mayWaitForInput: Bool { restsWhenIdle && virtualFrameTime == nil && frameLimit == nil && beforePresent == nil }

    /// After the second still frame in a row, waits for input or the soonest timer; never in a
    /// run that may not wait (`mayWaitForInput`), nor a pipelined one (whose last frame built
    /// would not be shown before the wait).
    func restIfIdle() {
        guard mayWaitForInput, stillFrames >= 2, pipelineWorker == nil else { return }
        let due = content.due
        let timeout: Double? = if case .after(let s) = due { s } else { nil }
        platform.waitForInput(timeout: timeout)
        let slept = clock.nextFrameTime()
        // A timer's wait is simulated in full next frame; an untimed rest is dropped. Either
        // way at least one step runs, so the input that woke the driver shows in that frame.
        rested = max(loop.dt, timeout.map { min(slept, $0 + loop.dt) } ?? 0)
        pacedStart = 0
    }

    /// Minimised or hidden: nothing to show and nothing simulated, so a window waits for
    /// the event that shows it again (it drew 60 frames a second while minimised: 9–18 %
    /// of a core, a tour). Never once the run is done — the quit that woke the wait must
    /// end it, not wait again (a review: SIGTERM to a minimised window did nothing until it
    /// was shown) — nor in a run that ends by itself or saves frames as it goes, which only
    /// slow down, as one on the virtual clock does.
    func waitWhilePaused() {
        guard !isDone else { return }
        if mayWaitForInput {
            platform.waitForInput(timeout: nil)
        } else {
            usleep(16_000)
        }
    }
}
