import Foundation

/// The form fields of `POST /uploads` (from the multipart body or the query string).
struct UploadFields: Sendable {
    var dataType: String
    var fileName: String?
    var externalID: String?
    var name: String?
    var description: String?
    var sportType: String?
    var trainer: Bool
    var commute: Bool

    /// The accepted `data_type` values, lowercase.
    static let dataTypes = ["fit", "fit.gz", "tcx", "tcx.gz", "gpx", "gpx.gz"]

    /// `gpx`, `tcx` or `fit`, without `.gz`.
    var baseType: String { String(dataType.split(separator: ".").first ?? "") }
    var isGzipped: Bool { dataType.hasSuffix(".gz") }

    /// The external id Strava stores: the given one or the file name, with the type's extension appended.
    func resolvedExternalID(uploadID: Int64) -> String {
        let given = externalID.flatMap { $0.isEmpty ? nil : $0 } ?? fileName.flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return "\(uploadID).\(baseType)" }
        if given.lowercased().hasSuffix(".\(baseType)") || given.lowercased().hasSuffix(".\(dataType)") {
            return given
        }
        return "\(given).\(baseType)"
    }

    /// Strava's flags arrive as `0`/`1` (some clients send `true`/`false`).
    static func flag(_ text: String?) -> Bool {
        guard let text = text?.lowercased() else { return false }
        return text == "1" || text == "true"
    }
}
