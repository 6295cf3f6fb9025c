import Glibc

/// Tells a reader crash from any other death. A ledger entry whose read began and never returned may be a
/// file that kills the reader, or a process killed from outside (SIGKILL, power loss) while reading a good
/// file. A crash signal (a Swift trap is SIGILL) raised while an entry is read writes that entry's id into
/// a marker file in the state folder from the signal handler (only `pwrite`, which is async-signal-safe),
/// then dies as it would have; the next start counts that read as a crash, and forgives the others.
enum ReaderCrashGuard {
    /// The marker file, opened once; -1 before `install`.
    nonisolated(unsafe) static var descriptor: Int32 = -1
    /// The ledger id of the entry being read now, 0 when none. Read by the signal handler.
    nonisolated(unsafe) static var reading: Int64 = 0

    /// Opens `markerPath` and installs the handler for the crash signals. Call once per process.
    static func install(markerPath: String) {
        guard descriptor < 0 else { return }
        descriptor = open(markerPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        for number in [SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP, SIGABRT] {
            _ = signal(number, handler)
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { number in
        var id = ReaderCrashGuard.reading
        if ReaderCrashGuard.descriptor >= 0, id != 0 { _ = pwrite(ReaderCrashGuard.descriptor, &id, 8, 0) }
        _ = signal(number, nil)  // the default action again: die as the crash would have
        raise(number)
    }

    /// The id of the entry whose read crashed the previous process, if one did; clears the marker.
    static func takeCrashedEntry() -> Int64? {
        guard descriptor >= 0 else { return nil }
        var id: Int64 = 0
        let count = pread(descriptor, &id, 8, 0)
        _ = ftruncate(descriptor, 0)
        return count == 8 && id != 0 ? id : nil
    }
}
