import Glibc

/// A folder that cannot be watched, and why.
public struct WatcherError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public struct Code: Hashable, Sendable {
        fileprivate enum Kind: Hashable, Sendable { case inotifyUnavailable, watchFailed }
        fileprivate let kind: Kind
        public static let inotifyUnavailable = Code(kind: .inotifyUnavailable)
        public static let watchFailed = Code(kind: .watchFailed)
    }

    public var code: Code
    public var path: String
    public var errno: Int32

    init(_ code: Code, path: String, errno: Int32) {
        self.code = code
        self.path = path
        self.errno = errno
    }

    public var description: String {
        let reason = String(cString: strerror(errno))
        switch code.kind {
        case .inotifyUnavailable:
            return "cannot start inotify (\(reason)); set \"poll\": true in the configuration to poll folders instead"
        case .watchFailed:
            if errno == ENOSPC {
                return "cannot watch \(path): the inotify watch limit is reached; raise fs.inotify.max_user_watches or set \"poll\": true"
            }
            return "cannot watch \(path) (\(reason))"
        }
    }
}
