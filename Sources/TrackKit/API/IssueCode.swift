/// The stable, kebab-case name of a finding (`no-timestamps`) or of why a file could not be read at all
/// (`too-large`): what `check --json`, sidecars and scripts match on. Control flow compares these constants,
/// never string literals; the raw strings never change once shipped (the README's troubleshooting table lists
/// the ones users meet).
public struct IssueCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    // Files that cannot be read at all (TrackError).
    public static let emptyFile = IssueCode(rawValue: "empty-file")
    public static let unreadable = IssueCode(rawValue: "unreadable")
    public static let notAFile = IssueCode(rawValue: "not-a-file")
    public static let tooLarge = IssueCode(rawValue: "too-large")
    public static let badGzip = IssueCode(rawValue: "bad-gzip")
    public static let truncated = IssueCode(rawValue: "truncated")
    public static let notXML = IssueCode(rawValue: "not-xml")
    public static let malformedXML = IssueCode(rawValue: "malformed-xml")
    public static let unsafeXML = IssueCode(rawValue: "unsafe-xml")
    public static let fitHeader = IssueCode(rawValue: "fit-header")
    public static let unsupported = IssueCode(rawValue: "unsupported")

    // Findings about the content (TrackIssue).
    public static let notATrack = IssueCode(rawValue: "not-a-track")
    public static let noTimestamps = IssueCode(rawValue: "no-timestamps")
    public static let tooFewPoints = IssueCode(rawValue: "too-few-points")
    public static let missingTimes = IssueCode(rawValue: "missing-times")
    public static let timeBackwards = IssueCode(rawValue: "time-backwards")
    public static let duplicateTimes = IssueCode(rawValue: "duplicate-times")
    public static let badTime = IssueCode(rawValue: "bad-time")
    public static let zonelessTimes = IssueCode(rawValue: "zoneless-times")
    public static let implausibleDate = IssueCode(rawValue: "implausible-date")
    public static let noPosition = IssueCode(rawValue: "no-position")
    public static let coordinatesOutOfRange = IssueCode(rawValue: "coordinates-out-of-range")
    public static let zeroCoordinates = IssueCode(rawValue: "zero-coordinates")
    public static let tcxCourse = IssueCode(rawValue: "tcx-course")
    public static let fitCRC = IssueCode(rawValue: "fit-crc")
    public static let fitStructure = IssueCode(rawValue: "fit-structure")
    public static let fitTrailingData = IssueCode(rawValue: "fit-trailing-data")
    public static let indoor = IssueCode(rawValue: "indoor")
    public static let cleaningSkipped = IssueCode(rawValue: "cleaning-skipped")

    // Writing what trackdrop made.
    public static let outputInvalid = IssueCode(rawValue: "output-invalid")
    public static let writeFailed = IssueCode(rawValue: "write-failed")
    public static let reportUnwritable = IssueCode(rawValue: "report-unwritable")
}
