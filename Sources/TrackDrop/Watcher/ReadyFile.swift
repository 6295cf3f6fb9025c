import Foundation

/// A file that stayed unchanged for its settle time and is ready to be taken.
public struct ReadyFile: Sendable, Equatable {
    public var url: URL
    /// The configured folder it was found in (its defaults apply to the upload).
    public var folder: FolderConfiguration
    public var size: Int64
    public var modified: Date

    public init(url: URL, folder: FolderConfiguration, size: Int64, modified: Date) {
        self.url = url
        self.folder = folder
        self.size = size
        self.modified = modified
    }
}
