import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A normalized file written next to its destination under a temporary name, streamed in chunks so the
/// whole document is never in memory; `commit` renames it into place, `discard` removes it.
struct PendingOutput {
    let destination: URL
    let temporary: URL
    let byteCount: Int

    /// Writes `track` in its own format (GPX or TCX). Throws `TrackError` (`write-failed`).
    init(_ track: Track, destination: URL) throws {
        self.destination = destination
        let directory = destination.deletingLastPathComponent()
        temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = FileName.withPath(temporary.path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw Self.failure("cannot create \(temporary.path): \(String(cString: strerror(errno)))", destination)
        }
        var out = OutputBuffer(fileDescriptor: descriptor)
        if track.format == .tcx {
            TCXWriter.write(track, to: &out)
        } else {
            GPXWriter.writeInParallel(track, to: &out)
        }
        out.flush()
        let writeError = out.writeError
        byteCount = out.flushed
        let closed = close(descriptor)
        if writeError != 0 || closed != 0 {
            discard()
            let reason = String(cString: strerror(writeError != 0 ? writeError : errno))
            throw Self.failure("cannot write \(temporary.path): \(reason)", destination)
        }
    }

    /// The written bytes, mapped rather than read, for validation.
    func contents() throws -> Data {
        guard FileName.hasRawBytes(temporary.path) else { return try Data(contentsOf: temporary, options: .alwaysMapped) }
        // Foundation cannot name a path that is not UTF-8: read it through the raw path.
        let descriptor = FileName.withPath(temporary.path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Self.failure("cannot read back \(temporary.path)", destination) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return try handle.readToEnd() ?? Data()
    }

    func commit() throws {
        guard FileName.withPath(temporary.path, { from in FileName.withPath(destination.path) { rename(from, $0) } }) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw Self.failure("cannot move the written file into place: \(reason)", destination)
        }
    }

    func discard() {
        _ = FileName.withPath(temporary.path) { unlink($0) }
    }

    private static func failure(_ detail: String, _ destination: URL) -> TrackError {
        TrackError(
            code: .writeFailed,
            message: "trackdrop could not write the normalized file \(destination.path) (\(detail)); check that the folder exists, is writable and has space")
    }
}
