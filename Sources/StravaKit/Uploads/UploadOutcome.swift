/// What finally became of an upload.
public enum UploadOutcome: Sendable, Equatable, Hashable {
    case uploaded(activityID: Int64)
    /// Strava already had this activity; the id is the existing activity's.
    case duplicate(activityID: Int64)
    /// Strava refused the file; the message is Strava's, HTML stripped.
    case rejected(message: String)
}
