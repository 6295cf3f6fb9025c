import Foundation

/// An upload the session follows until it is final.
struct PendingUpload: Sendable {
    let id: UploadID
    let submittedAt: Date
    var externalID: String?
    var startTime: Date?
    /// Calls spent on it so far (POST included).
    var calls: Int
    var nextCheck: Date
    /// Status checks and listings that looked for it.
    var checks = 0
    /// Listings that were due for it but did not find it (a duplicate or error never shows up there).
    var listingMisses = 0
    /// Consecutive failed attempts to check it (network, server).
    var failures = 0
    /// Sent again after the answer to an earlier POST of the same file was lost: a duplicate Strava reports
    /// is most likely that first upload, this file's own activity.
    var resent = false
}
