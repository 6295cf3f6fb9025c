import Foundation
import Glibc

/// The one `trackdrop watch` per state folder: an exclusive `flock` on `daemon.lock`, which holds the PID of
/// the daemon that has it. The kernel releases it when the daemon ends, however it ends.
///
/// `@unchecked Sendable`: the descriptor never changes after `init`.
public final class DaemonLock: @unchecked Sendable {
    private let descriptor: Int32

    /// Takes the lock at once, or throws `DaemonLockError` naming the PID that holds it.
    public init(file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw DaemonLockError(stateFolder: file.deletingLastPathComponent().path, holder: nil,
                                  reason: "cannot open \(file.path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readPID(descriptor)
            close(descriptor)
            throw DaemonLockError(stateFolder: file.deletingLastPathComponent().path, holder: holder, reason: nil)
        }
        let pid = Data("\(getpid())\n".utf8)
        ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        fsync(descriptor)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A second `trackdrop watch` on a state folder that already has one.
public struct DaemonLockError: Error, CustomStringConvertible, Sendable {
    public var stateFolder: String
    public var holder: Int32?
    public var reason: String?

    public var description: String {
        if let reason { return "cannot lock the state folder \(stateFolder): \(reason)" }
        let who = holder.map { "PID \($0)" } ?? "another process"
        return "another `trackdrop watch` (\(who)) is already running on the state folder \(stateFolder); "
            + "only one daemon may use a state folder. Stop it first (`kill \(holder.map(String.init) ?? "PID")` or "
            + "`systemctl --user stop trackdrop`), or hand it files by dropping them into a watched folder; "
            + "`trackdrop upload FILE` beside it sends only the files it is given."
    }
}
