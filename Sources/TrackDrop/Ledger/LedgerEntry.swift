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
    /// Times reading (normalizing) this file began, committed before the reader runs.
    public var normalizeAttempts: Int = 0
    /// Times reading this file returned (with any verdict); fewer than `normalizeAttempts` means a crash.
    public var normalizeFinished: Int = 0
    public var normalizeStartedAt: Date?
    /// The file's device, inode and status-change time when it was taken (nil in entries from before v3).
    public var device: Int64?
    public var inode: Int64?
    public var changedAt: Date?

    /// Reads of this file that began and never returned: each one is a process that died reading it.
    public var crashedReads: Int { max(0, normalizeAttempts - normalizeFinished) }
    /// Why a run left this entry unfinished (a sentence for people: the pending sidecar's `waiting`, `status`,
    /// the result table); nil while nothing holds it up and once it is final.
    public var waitingReason: String?
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
        case normalizeAttempts = "normalize_attempts", normalizeFinished = "normalize_finished"
        case normalizeStartedAt = "normalize_started_at", device, inode, changedAt = "changed_at"
        case owner
        case waitingReason = "waiting_reason"
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
