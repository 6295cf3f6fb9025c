import Foundation
import Glibc

/// File operations on paths that may hold bytes that are not UTF-8 (see `FileName`), where Foundation's own
/// (`FileManager`, `Data(contentsOf:)`) would look for a different, replacement-character name.
public enum RawPath {
    /// Creates `path` and every missing folder above it (mode 0755); true when it exists as a folder afterwards.
    @discardableResult
    public static func makeFolders(_ path: String) -> Bool {
        var info = stat()
        if FileName.withPath(path, { stat($0, &info) }) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, parent != "/" { makeFolders(parent) }
        if FileName.withPath(path, { mkdir($0, 0o755) }) == 0 || errno == EEXIST {
            return FileName.withPath(path, { stat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        return false
    }

    /// The whole content of the regular file at `path`, up to `limit` bytes; nil when it cannot be read or is
    /// larger.
    public static func contents(of path: String, limit: Int = 1 << 20) -> Data? {
        let descriptor = FileName.withPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var data = Data(count: Int(info.st_size))
        let count = data.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var total = 0
            while total < buffer.count {
                let read = Glibc.read(descriptor, base + total, buffer.count - total)
                if read < 0, errno == EINTR { continue }
                if read <= 0 { break }
                total += read
            }
            return total
        }
        return count == data.count ? data : nil
    }
}
