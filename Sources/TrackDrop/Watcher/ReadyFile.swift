import Foundation

/// A file that stayed unchanged for its settle time and is ready to be taken.
public struct ReadyFile: Sendable, Equatable {
    public var url: URL
    /// The configured folder it was found in (its defaults apply to the upload).
    public var folder: FolderConfiguration
    public var size: Int64
    public var modified: Date
    /// Device and inode of the file, and its last status change: a replacement keeping size and mtime
    /// (`cp -p`) changes at least the change time. Nil when not known.
    public var device: Int64?
    public var inode: Int64?
    public var changed: Date?

    public init(url: URL, folder: FolderConfiguration, size: Int64, modified: Date, device: Int64? = nil, inode: Int64? = nil, changed: Date? = nil) {
        self.url = url
        self.folder = folder
        self.size = size
        self.modified = modified
        self.device = device
        self.inode = inode
        self.changed = changed
    }

    init(url: URL, folder: FolderConfiguration, stamp: FileSystem.Stamp) {
        self.init(
            url: url, folder: folder, size: stamp.size, modified: stamp.modified,
            device: Int64(bitPattern: stamp.identity.device), inode: Int64(bitPattern: stamp.identity.inode), changed: stamp.changed)
    }
}
