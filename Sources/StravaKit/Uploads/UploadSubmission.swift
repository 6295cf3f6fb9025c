/// The answer to a `POST /uploads`: accepted for processing, or already final (duplicate or rejected).
public enum UploadSubmission: Sendable, Equatable {
    case accepted(UploadID)
    case settled(UploadOutcome)
}
