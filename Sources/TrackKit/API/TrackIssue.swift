/// One finding about an activity file: a stable code, a message naming the place, and how bad it is.
public struct TrackIssue: Sendable, Codable, Equatable, CustomStringConvertible {
    /// How much an issue matters for the upload.
    public enum Severity: String, Sendable, Codable, Equatable {
        /// The file is unusable: Strava would refuse it, or trackdrop refuses it.
        case error
        /// Worth knowing; the file is still uploaded.
        case warning
    }

    /// Stable, kebab-case identifier such as `no-timestamps` or `time-backwards`.
    public var code: IssueCode
    public var message: String
    public var severity: Severity

    public init(code: IssueCode, message: String, severity: Severity) {
        self.code = code
        self.message = message
        self.severity = severity
    }

    public static func error(_ code: IssueCode, _ message: String) -> TrackIssue {
        TrackIssue(code: code, message: message, severity: .error)
    }

    public static func warning(_ code: IssueCode, _ message: String) -> TrackIssue {
        TrackIssue(code: code, message: message, severity: .warning)
    }

    public var description: String { "\(severity.rawValue): \(code): \(message)" }
}
