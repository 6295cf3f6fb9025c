import Glibc

/// Why an activity file could not be read at all. `code` matches the `TrackIssue` code it becomes.
public struct TrackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable, kebab-case identifier, e.g. `empty-file`, `malformed-xml`, `unsafe-xml`, `fit-crc`.
    public var code: IssueCode
    /// What happened and to what, e.g. `invalid GPX: trkpt 1842 has no <time> (line 9211)`.
    public var message: String
    /// 1-based line in the source, when known.
    public var line: Int?
    /// The `errno` of a failed system call (code `unreadable`), so a caller can tell a passing failure from a
    /// lasting one.
    public var systemError: Int32?

    public init(code: IssueCode, message: String, line: Int? = nil, systemError: Int32? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.systemError = systemError
    }

    /// A read that may well work later: an I/O error, a busy or vanished mount, a file renamed under us, or no
    /// permission yet (a sync tool that sets the mode after writing).
    public var mayBeTemporary: Bool {
        guard code == .unreadable, let systemError else { return false }
        return [EIO, EAGAIN, EINTR, ENOENT, ESTALE, ENODEV, ENXIO, ETIMEDOUT, ENOTCONN, EBUSY, EACCES, EPERM, ENOMEDIUM]
            .contains(systemError)
    }

    public var description: String { message }

    static func empty() -> TrackError {
        TrackError(code: .emptyFile, message: "empty file: it holds no data; export the activity again")
    }

    static func malformed(_ format: String, _ detail: String, line: Int?) -> TrackError {
        let place = line.map { " (line \($0))" } ?? ""
        return TrackError(
            code: .malformedXML,
            message: "invalid \(format): \(detail)\(place); the file is damaged or not \(format)",
            line: line)
    }

    static func unsafe(_ detail: String, line: Int? = nil) -> TrackError {
        let place = line.map { " (line \($0))" } ?? ""
        return TrackError(
            code: .unsafeXML, message: "refused: \(detail)\(place); activity files never need this", line: line)
    }

    static func io(_ detail: String, systemError: Int32? = nil) -> TrackError {
        TrackError(code: .unreadable, message: detail, systemError: systemError)
    }
}
