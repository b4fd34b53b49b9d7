#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Where a frame's elapsed time comes from. Injected so that scripted and headless runs are
/// deterministic.
public protocol FrameClock {
    /// Seconds since the previous call (the first call returns the first frame's time).
    mutating func nextFrameTime() -> Double
}

/// Real time from a monotonic clock.
public struct MonotonicClock: FrameClock {
    private var last: UInt64

    /// A clock whose first frame time counts from now.
    public init() { last = Self.nanoseconds() }

    public mutating func nextFrameTime() -> Double {
        let now = Self.nanoseconds()
        defer { last = now }
        return Double(now &- last) / 1e9
    }

    /// Seconds on the system's monotonic clock.
    public static func seconds() -> Double { Double(nanoseconds()) / 1e9 }

    /// Nanoseconds on the system's monotonic clock (what `DispatchTime` reads).
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

/// A clock that advances exactly `frameTime` per frame, whatever the wall clock does.
public struct VirtualClock: FrameClock {
    /// Seconds each frame stands for (1/60 s by default).
    public var frameTime: Double
    /// The seconds handed out so far: the virtual time now.
    public private(set) var now: Double = 0

    /// A clock at time 0 that steps `frameTime` seconds per frame.
    public init(frameTime: Double = 1.0 / 60.0) { self.frameTime = frameTime }

    public mutating func nextFrameTime() -> Double {
        now += frameTime
        return frameTime
    }
}
