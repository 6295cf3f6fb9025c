import Foundation

extension SandboxState {
    /// A new upload, still processing, with its processing delay (or none, when the stuck fault hits it).
    mutating func newUpload(athleteID: Int64, fields: UploadFields, sha256: String, verdict: Upload.Verdict, now: Date) -> Upload {
        let id = makeUploadID()
        let externalID = fields.resolvedExternalID(uploadID: id)
        let stuck = faultInjector.uploadGetsStuck()
        let delay = processingDelay()
        return Upload(
            id: id, athleteID: athleteID, externalID: externalID,
            displayName: fields.fileName.flatMap { $0.isEmpty ? nil : $0 } ?? externalID,
            sha256: sha256, fields: fields, verdict: verdict, submittedAt: now,
            readyAt: stuck ? nil : now.addingTimeInterval(delay), state: .processing
        )
    }
}
