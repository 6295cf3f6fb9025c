import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CredentialsStore {
    /// `credentials.json.lock` beside the credentials file: every trackdrop process of the user locks it
    /// before it refreshes or rewrites the credentials (the file itself is replaced by rename, so it
    /// cannot carry the lock).
    public var lockFileURL: URL { fileURL.appendingPathExtension("lock") }

    /// Takes an exclusive `flock` on the lock file, shared with every other trackdrop process (and every
    /// other session of this one). Waits without blocking a thread; gives up after `timeout` seconds with an
    /// error that says what to look at. Release it with `CredentialsLock.release()`.
    public func lock(timeout: TimeInterval = 600) async throws -> CredentialsLock {
        let descriptor = try lockDescriptor()
        let giveUp = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else {
                close(descriptor)
                throw StravaError.credentialsFile(
                    path: lockFileURL.path, reason: "cannot lock it: \(String(cString: strerror(failure)))")
            }
            guard Date() < giveUp else {
                close(descriptor)
                throw StravaError.credentialsFile(
                    path: lockFileURL.path,
                    reason: "another trackdrop process has held its lock for \(Int(timeout)) s; check `ps` for a stuck trackdrop")
            }
            do {
                try await Task.sleep(for: .milliseconds(20))
            } catch {
                close(descriptor)
                throw error
            }
        }
        return CredentialsLock(descriptor: descriptor)
    }

    private func lockDescriptor() throws(StravaError) -> Int32 {
        let folder = fileURL.deletingLastPathComponent().path
        var info = stat()
        if stat(folder, &info) != 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .credentialsFile(path: lockFileURL.path, reason: "cannot create folder \(folder)")
            }
        }
        let descriptor = open(lockFileURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .credentialsFile(path: lockFileURL.path, reason: "cannot open it: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}

/// A held lock on the credentials; closing its descriptor releases it (the kernel does so too when the
/// process dies, so a killed process never leaves it held).
public struct CredentialsLock: Sendable {
    let descriptor: Int32

    public func release() { close(descriptor) }
}
