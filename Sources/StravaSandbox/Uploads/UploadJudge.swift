import Foundation
import TrackKit

/// Reads an uploaded file with TrackKit and decides what Strava's processing will make of it.
enum UploadJudge {
    static let emptyFileMessage =
        "The file is empty, <a href=\"https://strava.zendesk.com/entries/21823834-Uploading-Empty-Files\" target=\"_blank\">More Information</a>."
    static let missingTimeMessage = "All files are required to include a time with each trackpoint"
    static let malformedMessage = "The upload appears to be malformed."

    static func judge(data: Data, fields: UploadFields) -> Upload.Verdict {
        let gzipped = data.starts(with: [0x1F, 0x8B])
        // Strava reads the data as the type says: gzip bytes under a plain type (or the reverse) do not parse.
        guard gzipped == fields.isGzipped, let format = TrackFormat(rawValue: fields.baseType) else {
            return .failure(malformedMessage)
        }
        let summary: TrackSummary
        do {
            summary = try TrackKit.summarize(data: data, format: format)
        } catch {
            return .failure(malformedMessage)
        }
        // A TCX sent as `gpx` (or the like) does not parse as what the type says.
        guard summary.format == format else { return .failure(malformedMessage) }
        if summary.pointCount == 0 { return .failure(emptyFileMessage) }
        if summary.timedPointCount == 0 || summary.startTime == nil { return .failure(missingTimeMessage) }
        return .activity(summary)
    }
}
