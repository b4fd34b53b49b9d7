import Foundation

/// The counting malloc (`Benchmarks/MallocCounter`), when it is preloaded into this process:
/// `make bench` builds it and runs the benchmark with `LD_PRELOAD` naming it. The shipped
/// program defines no allocator of its own; without the library, the benchmark says that
/// allocations were not counted and how to count them.
enum MallocCounter {
    private typealias Switch = @convention(c) (Int32) -> Void
    private typealias Count = @convention(c) () -> UInt64
    private typealias Active = @convention(c) () -> Int32

    /// The library's functions, looked up once among what the process has loaded.
    nonisolated(unsafe) private static let functions: (Switch, Count, Active, Count?)? = {
        guard let s = find("motionlab_malloc_counting"), let c = find("motionlab_malloc_count"),
              let a = find("motionlab_malloc_counter_active") else { return nil }
        // (A library built before the per-thread count has none: phases then count every thread.)
        let t = find("motionlab_malloc_thread_count").map { unsafeBitCast($0, to: Count.self) }
        return (unsafeBitCast(s, to: Switch.self), unsafeBitCast(c, to: Count.self), unsafeBitCast(a, to: Active.self), t)
    }()

    /// A symbol of this process or a library it loaded (RTLD_DEFAULT), or nil.
    private static func find(_ name: String) -> UnsafeMutableRawPointer? { dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) }

    /// How to get counts, for the report when there are none.
    static let howToCount = "make bench preloads the counting malloc (LD_PRELOAD=.build-bench/libmotionlab-malloc-counter.so)"

    /// Whether this process's malloc is the counting one.
    static var isActive: Bool { functions.map { $0.2() != 0 } ?? false }

    /// Starts or stops counting.
    static func counting(_ on: Bool) { functions?.0(on ? 1 : 0) }

    /// Allocations counted so far (0 without the library).
    static var count: UInt64 { functions?.1() ?? 0 }

    /// Those the calling thread made, if the library counts per thread.
    static var threadCount: (() -> UInt64)? { functions?.3.map { f in { f() } } }

    /// Whether a sanitizer owns this process's heap (`make sanitize`): resident memory then
    /// grows by its quarantine, whatever the program does.
    static var heapIsASanitizers: Bool {
        find("__asan_init") != nil || find("__tsan_init") != nil
    }
}
