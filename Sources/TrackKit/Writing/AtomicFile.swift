import Foundation
import Glibc

/// Writes a file so that a reader sees the old content or the new one, never a mix: temporary file, fsync, rename.
public enum AtomicFile {
    /// Why a write failed; `readOnly` means "try somewhere else".
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var errno: Int32
        public var readOnly: Bool { errno == EACCES || errno == EROFS || errno == EPERM }
        public var description: String { "cannot write \(FileName.display(path)) (\(String(cString: strerror(errno))))" }
    }

    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o644) throws(WriteError) {
        let folder = url.deletingLastPathComponent().path
        // A dotfile name, so the watcher (and most sync tools) ignore the temporary file.
        let temporary = folder + "/." + url.lastPathComponent + "." + UUID().uuidString.prefix(8) + ".tmp"
        let descriptor = FileName.withPath(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard descriptor >= 0 else { throw WriteError(path: url.path, errno: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, FileName.withPath(temporary, { from in FileName.withPath(url.path) { rename(from, $0) } }) != 0 { failure = errno }
        guard failure == 0 else {
            _ = FileName.withPath(temporary) { unlink($0) }
            throw WriteError(path: url.path, errno: failure)
        }
        // The rename is durable only once the folder itself is synced.
        let folderDescriptor = FileName.withPath(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
