import Engine
import Foundation

/// A thread that runs its job once per `start`; `wait` blocks until that run is done. The
/// semaphores order every access: the job and the waiting thread never touch the same data
/// at the same time, which is why it may be `@unchecked Sendable`.
public final class WorkerThread: FrameWorker, @unchecked Sendable {
    private let go = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var running = true
    private let job: () -> Void

    public init(job: @escaping () -> Void) {
        self.job = job
        let thread = Thread { [self] in
            while true {
                go.wait()
                guard running else { return }
                self.job()
                done.signal()
            }
        }
        thread.start()
    }

    public func start() { go.signal() }

    public func wait() { done.wait() }

    public func stop() {
        running = false
        go.signal()
    }
}
