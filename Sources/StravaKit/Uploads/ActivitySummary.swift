import Foundation

/// The fields of a `GET /athlete/activities` entry that tie an activity to an upload.
struct ActivitySummary: Decodable, Sendable {
    var id: Int64
    var uploadID: Int64?
    var uploadIDString: String?
    var externalID: String?

    enum CodingKeys: String, CodingKey {
        case id
        case uploadID = "upload_id"
        case uploadIDString = "upload_id_str"
        case externalID = "external_id"
    }

    var upload: UploadID? {
        if let uploadIDString, let value = Int64(uploadIDString) { return UploadID(value) }
        return uploadID.map { UploadID($0) }
    }

    /// Strava keeps the given `external_id`, or appends the file's extension to it (`abc` → `abc.gpx`).
    func matches(externalID wanted: String) -> Bool {
        guard let externalID else { return false }
        if externalID == wanted { return true }
        guard externalID.hasPrefix(wanted + ".") else { return false }
        let suffix = externalID.dropFirst(wanted.count + 1).lowercased()
        return ["gpx", "tcx", "fit", "gpx.gz", "tcx.gz", "fit.gz"].contains(suffix)
    }
}
