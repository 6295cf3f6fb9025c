import Foundation
import Synchronization

/// Synchronous work on a thread of its own, beside the calling thread, which goes on with its share and then
/// `join`s it. For CPU-bound or blocking code (libxml2 parses and validations, the split reader, tight numeric
/// loops) that must neither block the Swift concurrency pool nor wait for a free thread in it: the one helper
/// for this, instead of a `Thread` and a semaphore hand-rolled at each use.
final class SecondThread<Result: Sendable>: Sendable {
    private let result = Mutex<Result?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` at once on a new thread with a stack of `stackSize` bytes (1 MiB: the parsers and the
    /// validator recurse little, and a small stack is quick to map).
    init(stackSize: Int = 1 << 20, _ work: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
    }

    /// Waits for the work to end and returns what it returned; may be called more than once.
    func join() -> Result {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }
}
