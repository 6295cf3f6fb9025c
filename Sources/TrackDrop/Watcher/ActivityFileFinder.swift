import Foundation
import TrackKit

/// Activity files as `trackdrop check` finds them: named files as given, folders walked by the watcher's
/// rules (hidden folders and links to folders not entered, each folder and file once). Paths keep names of
/// any bytes, those that are not UTF-8 included (see `FileName`).
public enum ActivityFileFinder {
    public enum Kind: Sendable { case folder, file, missing }

    /// What is at `path` (a FIFO, socket or device counts as a file: `check` then refuses it with its reason).
    public static func kind(of path: String) -> Kind {
        if FileSystem.isDirectory(path) { return .folder }
        var info = stat()
        return FileName.withPath(path, { lstat($0, &info) }) == 0 ? .file : .missing
    }

    /// The activity files under `root`, sorted by path.
    public static func files(under root: String) -> [String] {
        var rules = FolderWalk(followSymlinks: false, roots: [root])
        var found: [String] = []
        func walk(_ folder: String) {
            for entry in FileSystem.entries(of: folder) {
                let path = folder + "/" + entry.name
                if entry.isDirectory {
                    if SourceFileFilter.acceptsFolder(name: entry.name), rules.descends(into: entry, at: path) { walk(path) }
                } else if entry.kind == .regularFile, SourceFileFilter.accepts(name: entry.name), rules.takes(entry, at: path) {
                    found.append(path)
                }
            }
        }
        let start = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        if rules.enterRoot(start) { walk(start) }
        return found.sorted()
    }
}
