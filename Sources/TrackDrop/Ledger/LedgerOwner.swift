import Foundation
import Glibc

/// This process as an owner of ledger rows. Every process that works on the ledger holds an exclusive `flock`
/// on `owners/<token>.lock` in the state folder for as long as it runs; the kernel lets go of it when the
/// process ends, however it ends (SIGKILL included). A row owned by a token whose lock nobody holds belongs
/// to a process that is gone, and may be taken over.
///
/// `@unchecked Sendable`: the descriptor and token never change after `init`; `flock`, `open` and `close` are
/// thread-safe system calls.
public final class LedgerOwner: @unchecked Sendable {
    /// `<pid>-<random>`: the PID for people reading the ledger, the random part against PID reuse.
    public let token: String
    private let folder: URL
    private let descriptor: Int32

    public init(ownersFolder: URL) throws {
        try FileManager.default.createDirectory(at: ownersFolder, withIntermediateDirectories: true)
        folder = ownersFolder
        token = "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        let path = ownersFolder.appendingPathComponent(token + ".lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw LedgerOwnerError(path: path, reason: reason)
        }
    }

    deinit {
        unlink(folder.appendingPathComponent(token + ".lock").path)
        close(descriptor)
    }

    /// Whether the process that owns `other` still runs. Nil (a row from before owners) has no owner.
    public func isAlive(_ other: String?) -> Bool {
        guard let other, !other.isEmpty else { return false }
        if other == token { return true }
        guard !other.contains("/") else { return false }
        let path = folder.appendingPathComponent(other + ".lock").path
        let probe = open(path, O_RDWR | O_CLOEXEC)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        if flock(probe, LOCK_EX | LOCK_NB) == 0 {
            // Nobody holds it: that process is gone. Its lock file is of no use any more.
            unlink(path)
            return false
        }
        return true
    }
}

/// The owner lock could not be taken.
public struct LedgerOwnerError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public var description: String {
        "cannot create or lock \(path) (\(reason)); check that the state folder is writable"
    }
}
