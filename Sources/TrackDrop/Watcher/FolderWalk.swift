/// The rules of one walk over watched folders, shared by the watcher's scans and polls and by `upload`:
/// every folder is visited once by (device, inode), so symbolic-link loops are harmless; folder links are
/// followed only with `follow_symlinks`; a linked file is taken once per real file, and without
/// `follow_symlinks` only when it points inside a folder the user listed; FIFOs, sockets and devices are
/// skipped (the caller logs each once).
struct FolderWalk {
    let followSymlinks: Bool
    /// The listed folders (and files), links resolved.
    let allowedRoots: [String]
    private var visitedFolders: Set<FileSystem.Identity> = []
    private var seenFiles: Set<FileSystem.Identity> = []
    /// Entries skipped, with the reason, for the caller to log.
    private(set) var skipped: [(path: String, reason: String)] = []

    init(followSymlinks: Bool, roots: [String]) {
        self.followSymlinks = followSymlinks
        allowedRoots = roots.map { FileSystem.realPath($0) ?? $0 }
    }

    /// Starts at a root folder: it counts as visited, so a link back to it is not walked again.
    mutating func enterRoot(_ path: String) -> Bool {
        guard let identity = FileSystem.identity(path) else { return false }
        return visitedFolders.insert(identity).inserted
    }

    /// Whether to walk into the subfolder `entry` at `path`.
    mutating func descends(into entry: FileSystem.Entry, at path: String) -> Bool {
        guard entry.kind == .directory, let identity = entry.identity else { return false }
        if entry.isSymlink, !followSymlinks { return false }
        return visitedFolders.insert(identity).inserted
    }

    /// Whether to take the file `entry` at `path` (its name already accepted).
    mutating func takes(_ entry: FileSystem.Entry, at path: String) -> Bool {
        switch entry.kind {
        case .directory:
            return false
        case .special(let what):
            skipped.append((path, "it is \(what), not a regular file"))
            return false
        case .regularFile:
            break
        }
        if entry.isSymlink, !followSymlinks {
            guard let real = FileSystem.realPath(path), allowedRoots.contains(where: { real == $0 || real.hasPrefix($0 + "/") }) else {
                skipped.append((path, "it is a symbolic link to a file outside the watched folders (set follow_symlinks to take it)"))
                return false
            }
        }
        guard let identity = entry.identity else { return false }
        return seenFiles.insert(identity).inserted
    }
}
