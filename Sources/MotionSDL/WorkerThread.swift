import Engine
import Foundation
import Synchronization

/// A thread that runs its job once per `start`; `wait` blocks until that run is done. The
/// semaphores order every access: the job and the waiting thread never touch the same data
/// at the same time, which is why it may be `@unchecked Sendable`. (`running` is atomic: a
/// `stop` may come while the thread is waking for a `start`.)
package final class WorkerThread: FrameWorker, @unchecked Sendable {
    private let go = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let running = Atomic(true)
    private let job: () -> Void

    /// Starts a thread that runs `job` once for each `start`; it waits until then.
    package init(job: @escaping () -> Void) {
        self.job = job
        let thread = Thread { [self] in
            while true {
                go.wait()
                guard running.load(ordering: .acquiring) else { return }
                self.job()
                done.signal()
            }
        }
        thread.start()
    }

    /// Runs the job once on the worker thread, without waiting for it.
    ///
    /// Call it from one thread, and follow each call with one `wait` before the next.
    package func start() { go.signal() }

    /// Blocks until the run that `start` began is done; what the job wrote is then safe to read.
    ///
    /// Call it once per `start`: a `wait` with no run begun blocks for ever.
    package func wait() { done.wait() }

    /// Ends the worker thread once any run under way is done; `start` does nothing after it.
    ///
    /// Call it once, with no run begun that has not been waited for. Until then the thread
    /// keeps running, and keeps the worker alive.
    package func stop() {
        running.store(false, ordering: .releasing)
        go.signal()
    }
}
