import Foundation
import TrackKit

/// One `POST /uploads` and what became of it.
struct Upload: Sendable {
    /// What the processor will make of the file once its delay has passed.
    enum Verdict: Sendable {
        case activity(TrackSummary)
        case failure(String)
    }

    enum State: Sendable {
        case processing
        case ready(activityID: Int64)
        case failed(error: String)
    }

    var id: Int64
    var athleteID: Int64
    var externalID: String
    /// The name duplicate messages use for this upload (the file name, else the external id).
    var displayName: String
    var sha256: String
    var fields: UploadFields
    var verdict: Verdict
    /// The track for the activity page, until the activity is made.
    var drawing: ActivityDrawing?
    var submittedAt: Date
    /// nil: the upload never finishes processing (a configured fault).
    var readyAt: Date?
    var state: State

    static let processingStatus = "Your activity is still being processed."
    static let readyStatus = "Your activity is ready."
    static let errorStatus = "There was an error processing your activity."
    static let deletedStatus = "The created activity has been deleted."

    /// Strava's upload object, as `POST /uploads` and `GET /uploads/{id}` return it.
    func json(activityDeleted: Bool) -> SandboxJSON {
        var externalIDValue: SandboxJSON = .null
        var error: SandboxJSON = .null
        var status = Self.processingStatus
        var activityID: SandboxJSON = .null
        switch state {
        case .processing:
            break
        case .ready where activityDeleted:
            status = Self.deletedStatus
        case .ready(let activity):
            externalIDValue = .string(externalID)
            status = Self.readyStatus
            activityID = .int(activity)
        case .failed(let message):
            error = .string(message)
            status = Self.errorStatus
        }
        return .object([
            ("id", .int(id)),
            ("id_str", .string(String(id))),
            ("external_id", externalIDValue),
            ("error", error),
            ("status", .string(status)),
            ("activity_id", activityID),
        ])
    }
}
