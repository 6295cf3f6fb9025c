import Foundation
import GRDB

/// One source file (path + content hash) and everything known about its upload.
public struct LedgerEntry: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "source_file"

    public var id: Int64?
    public var path: String
    public var sha256: String
    public var size: Int64
    public var modifiedAt: Date
    public var state: LedgerState
    public var status: FinalStatus?
    public var error: String?
    public var uploadID: Int64?
    public var activityID: Int64?
    public var externalID: String
    public var apiCalls: Int = 0
    public var normalizedPath: String?
    public var dataType: String?
    public var uploadName: String?
    public var sportType: String?
    public var activityDescription: String?
    public var trainer: Bool = false
    public var commute: Bool = false
    public var startTime: Date?
    public var duration: Double?
    /// The sidecar's `track` block as JSON, kept so the sidecar can be rewritten after a restart.
    public var trackJSON: String?
    public var discoveredAt: Date
    public var updatedAt: Date
    public var submittingAt: Date?
    public var completedAt: Date?
    /// Sent again after a crash left the first POST's outcome unknown and the lookup found nothing.
    public var reposted: Bool = false
    public var sidecarPath: String?
    /// Where the HTML cleaning report was written, when one was asked for.
    public var reportPath: String?
    public var sidecarWritten: Bool = false
    /// The trackdrop process working on this row (see `LedgerOwner`); nil for rows from before owners.
    public var owner: String?

    public enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, path, sha256, size, state, status, error, trainer, commute, duration, reposted
        case modifiedAt = "modified_at", uploadID = "upload_id", activityID = "activity_id", externalID = "external_id"
        case apiCalls = "api_calls", normalizedPath = "normalized_path", dataType = "data_type", uploadName = "upload_name"
        case sportType = "sport_type", activityDescription = "description", startTime = "start_time", trackJSON = "track_json"
        case discoveredAt = "discovered_at", updatedAt = "updated_at", submittingAt = "submitting_at"
        case completedAt = "completed_at", sidecarPath = "sidecar_path", sidecarWritten = "sidecar_written"
        case reportPath = "report_path"
        case owner
    }

    public typealias Columns = CodingKeys

    public init(path: String, sha256: String, size: Int64, modifiedAt: Date, folder: FolderConfiguration?, now: Date = Date()) {
        self.path = path
        self.sha256 = sha256
        self.size = size
        self.modifiedAt = modifiedAt
        state = .discovered
        externalID = "trackdrop-" + sha256.prefix(32)
        uploadName = folder?.name
        sportType = folder?.sportType
        activityDescription = folder?.description
        trainer = folder?.trainer ?? false
        commute = folder?.commute ?? false
        discoveredAt = now
        updatedAt = now
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    public var url: URL { URL(fileURLWithPath: path) }
    public var fileName: String { url.lastPathComponent }
}
