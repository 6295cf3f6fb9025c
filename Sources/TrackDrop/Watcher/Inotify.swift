import Dispatch
import Glibc
import TrackKit

/// One inotify instance: watches are added and removed here, events arrive as an `AsyncStream`.
///
/// `@unchecked Sendable`: the descriptor never changes after `init`; the dispatch source reads it only on its own
/// serial queue, and `inotify_add_watch`/`inotify_rm_watch` are thread-safe system calls.
final class Inotify: @unchecked Sendable {
    /// Masks for the events trackdrop asks for.
    enum Mask {
        static let closeWrite = UInt32(IN_CLOSE_WRITE)
        static let movedTo = UInt32(IN_MOVED_TO)
        static let movedFrom = UInt32(IN_MOVED_FROM)
        static let modify = UInt32(IN_MODIFY)
        static let create = UInt32(IN_CREATE)
        static let delete = UInt32(IN_DELETE)
        static let deleteSelf = UInt32(IN_DELETE_SELF)
        static let moveSelf = UInt32(IN_MOVE_SELF)
        static let unmount = UInt32(IN_UNMOUNT)
        static let ignored = UInt32(IN_IGNORED)
        static let overflow = UInt32(IN_Q_OVERFLOW)
        static let attributes = UInt32(IN_ATTRIB)
        static let isDirectory = UInt32(IN_ISDIR)
        static let onlyDirectory = UInt32(IN_ONLYDIR)
        static let folder = closeWrite | movedTo | movedFrom | modify | create | delete | deleteSelf | moveSelf | attributes | onlyDirectory
    }

    /// Events as the kernel reports them; an overflow arrives with `wd == -1`.
    let events: AsyncStream<InotifyEvent>
    private let descriptor: Int32
    private let source: any DispatchSourceRead

    init() throws(WatcherError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatcherError(.inotifyUnavailable, path: "", errno: errno) }
        self.descriptor = descriptor
        // Bounded like the kernel's own queue: events the watcher has not taken yet are dropped past the
        // limit, and an overflow event takes their place, so the watcher rescans instead of memory growing.
        let (stream, continuation) = AsyncStream<InotifyEvent>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.eventBufferLimit))
        events = stream
        let queue = DispatchQueue(label: "trackdrop.inotify")
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        let overflow = OverflowDelivery(continuation: continuation, queue: queue)
        source.setEventHandler {
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                guard count > 0 else { break }
                for event in InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                    overflow.yield(event)
                }
            }
        }
        source.setCancelHandler {
            Glibc.close(descriptor)
            buffer.deallocate()
            continuation.finish()
        }
        self.source = source
        source.resume()
    }

    /// Events waiting for the watcher at most; more become one overflow (a rescan).
    static let eventBufferLimit = 4096

    /// What the kernel sends when its queue overflows: `wd == -1`, `IN_Q_OVERFLOW`.
    static let overflowEvent = InotifyEvent(wd: -1, mask: Mask.overflow, cookie: 0, name: "")

    /// Adds (or updates) a watch on `path`; returns the watch descriptor.
    func addWatch(_ path: String, mask: UInt32 = Mask.folder) throws(WatcherError) -> Int32 {
        let wd = FileName.withPath(path) { inotify_add_watch(descriptor, $0, mask) }
        guard wd >= 0 else { throw WatcherError(.watchFailed, path: path, errno: errno) }
        return wd
    }

    func removeWatch(_ wd: Int32) {
        _ = inotify_rm_watch(descriptor, wd)
    }

    /// Stops reading, closes the descriptor and finishes `events`.
    func close() {
        source.cancel()
    }

    deinit {
        if !source.isCancelled { source.cancel() }
    }
}

/// Puts events into the bounded stream; once one had to be dropped, an overflow event (a rescan) is delivered
/// as soon as there is room again, before any later event, even if no further event arrives.
///
/// `@unchecked Sendable`: `pending` is read and written only on `queue`, the inotify source's serial queue.
private final class OverflowDelivery: @unchecked Sendable {
    private let continuation: AsyncStream<InotifyEvent>.Continuation
    private let queue: DispatchQueue
    private var pending = false
    private var retrying = false

    init(continuation: AsyncStream<InotifyEvent>.Continuation, queue: DispatchQueue) {
        self.continuation = continuation
        self.queue = queue
    }

    /// Called on `queue`.
    func yield(_ event: InotifyEvent) {
        if pending, !deliverOverflow() { return }
        if case .dropped = continuation.yield(event) {
            pending = true
            scheduleRetry()
        }
    }

    private func deliverOverflow() -> Bool {
        switch continuation.yield(Inotify.overflowEvent) {
        case .enqueued:
            pending = false
            return true
        case .dropped:
            return false
        case .terminated:
            pending = false
            return false
        @unknown default:
            return false
        }
    }

    private func scheduleRetry() {
        guard !retrying else { return }
        retrying = true
        queue.asyncAfter(deadline: .now() + .milliseconds(100)) { [self] in
            retrying = false
            if pending, !deliverOverflow() { scheduleRetry() }
        }
    }
}
