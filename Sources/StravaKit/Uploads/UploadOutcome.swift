/// What finally became of an upload.
public enum UploadOutcome: Sendable, Equatable, Hashable {
    case uploaded(activityID: Int64)
    /// Strava already had this activity; the id is the existing activity's.
    case duplicate(activityID: Int64)
    /// Strava refused the file; the message is Strava's, HTML stripped.
    case rejected(message: String)
}

extension UploadOutcome {
    /// For a file sent again after the answer to its first POST was lost: the "duplicate" Strava finds is
    /// that first upload, so the file was uploaded, not a duplicate of someone else's activity.
    var asOwnUpload: UploadOutcome {
        if case .duplicate(let activityID) = self { return .uploaded(activityID: activityID) }
        return self
    }
}
