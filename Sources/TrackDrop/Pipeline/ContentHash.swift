import Crypto
import Foundation
import Glibc
import TrackKit

/// SHA-256 of a file's content, read in chunks so large files do not sit in memory.
enum ContentHash {
    /// A file cannot be opened: what `errno` said.
    struct OpenError: Error, CustomStringConvertible {
        var path: String
        var errno: Int32
        var description: String { "cannot open \(FileName.display(path)): \(String(cString: strerror(errno)))" }
        var localizedDescription: String { description }
    }

    /// Opens by the name's bytes (a name need not be UTF-8), never blocking on a FIFO put in a file's place.
    static func open(_ url: URL) throws -> FileHandle {
        let descriptor = FileName.withPath(url.path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { throw OpenError(path: url.path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw OpenError(path: url.path, errno: EINVAL)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// For a file above the size limit (refused without being read), a stand-in: the hash of its first MiB,
    /// size and modification time, so a huge file costs no more than a small one. Such a file is never sent.
    static func sha256(of url: URL, size: Int64, modified: Date, limit: Int) throws -> String {
        guard size > Int64(limit) else { return try sha256(of: url) }
        let handle = try open(url)
        defer { try? handle.close() }
        var hasher = SHA256()
        hasher.update(data: try handle.read(upToCount: 1 << 20) ?? Data())
        hasher.update(data: Data("\(size) \(modified.timeIntervalSince1970)".utf8))
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    static func sha256(of url: URL) throws -> String {
        let handle = try open(url)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
