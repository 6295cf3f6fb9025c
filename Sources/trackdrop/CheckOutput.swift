import ArgumentParser
import Foundation
import TrackKit

/// Where `--out` writes: one file, or a folder holding one normalized file per input.
struct CheckOutput {
    let url: URL
    let isFolder: Bool
    /// What a file in the folder is called, from its source's name (`--report` adds `.report.html`).
    let suffix: String

    init?(path: String?, inputCount: Int, singleInputIsFile: Bool, option: String = "--out", suffix: String = "") throws {
        guard let path else { return nil }
        self.suffix = suffix
        url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        isFolder = (exists && isDirectory.boolValue) || inputCount > 1 || !singleInputIsFile
        if isFolder, !exists {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } else if isFolder, !isDirectory.boolValue {
            throw ValidationError("\(option) \(path) is a file, but there are several inputs; give a folder")
        } else if exists, !isFolder, !Self.isRegularFile(path) {
            // The finished file is renamed into place, which would replace a device (`/dev/null`, run as root), a
            // FIFO or a socket with a regular file.
            throw ValidationError(
                "\(option) \(path) is not a regular file (a device, a FIFO or a socket); trackdrop writes a finished "
                    + "file and renames it into place, which would replace it: give a file or a folder")
        }
    }

    /// Whether `path` (after symbolic links) is a regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The file the normalized version of `source` goes to (never gzipped).
    func target(for source: URL) -> URL {
        guard isFolder else { return url }
        var name = source.lastPathComponent
        if name.lowercased().hasSuffix(".gz") { name.removeLast(3) }
        return url.appendingPathComponent(name + suffix)
    }
}
