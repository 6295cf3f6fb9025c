import Foundation
import TrackKit

/// The `<file>.result.json` answer to one source file (schema `trackdrop.result/1`); never holds a token.
public struct Sidecar: Codable, Sendable, Equatable {
    public static let schemaName = "trackdrop.result/1"

    /// Facts about the track as trackdrop read and cleaned it.
    public struct Track: Codable, Sendable, Equatable {
        public var format: String
        public var pointsIn: Int
        public var pointsOut: Int
        public var distanceRawM: Double
        public var distanceM: Double
        public var startTime: String?
        public var removed: [String: Int]

        enum CodingKeys: String, CodingKey {
            case format, removed
            case pointsIn = "points_in", pointsOut = "points_out", distanceRawM = "distance_raw_m"
            case distanceM = "distance_m", startTime = "start_time"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(format, forKey: .format)
            try container.encode(pointsIn, forKey: .pointsIn)
            try container.encode(pointsOut, forKey: .pointsOut)
            try container.encode(distanceRawM, forKey: .distanceRawM)
            try container.encode(distanceM, forKey: .distanceM)
            try container.encode(startTime, forKey: .startTime)
            try container.encode(removed, forKey: .removed)
        }
    }

    public var schema: String = Sidecar.schemaName
    public var source: String
    public var sha256: String
    /// `uploaded`, `duplicate`, `rejected`, `invalid` or `pending`.
    public var status: String
    public var activityID: Int64?
    public var activityURL: String?
    public var uploadID: String?
    public var externalID: String?
    public var error: String?
    public var track: Track?
    /// The HTML cleaning report written beside the sidecar (its file name), when the configuration asks for one.
    public var report: String?
    public var apiCalls: Int
    public var completedAt: String?

    enum CodingKeys: String, CodingKey {
        case schema, source, sha256, status, error, track, report
        case activityID = "activity_id", activityURL = "activity_url", uploadID = "upload_id"
        case externalID = "external_id", apiCalls = "api_calls", completedAt = "completed_at"
    }

    /// Every key is written, `null` included, so readers can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(source, forKey: .source)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(status, forKey: .status)
        try container.encode(activityID, forKey: .activityID)
        try container.encode(activityURL, forKey: .activityURL)
        try container.encode(uploadID, forKey: .uploadID)
        try container.encode(externalID, forKey: .externalID)
        try container.encode(error, forKey: .error)
        try container.encode(track, forKey: .track)
        try container.encode(report, forKey: .report)
        try container.encode(apiCalls, forKey: .apiCalls)
        try container.encode(completedAt, forKey: .completedAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(String.self, forKey: .schema)
        source = try container.decode(String.self, forKey: .source)
        sha256 = try container.decode(String.self, forKey: .sha256)
        status = try container.decode(String.self, forKey: .status)
        activityID = try container.decodeIfPresent(Int64.self, forKey: .activityID)
        activityURL = try container.decodeIfPresent(String.self, forKey: .activityURL)
        uploadID = try container.decodeIfPresent(String.self, forKey: .uploadID)
        externalID = try container.decodeIfPresent(String.self, forKey: .externalID)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        track = try container.decodeIfPresent(Track.self, forKey: .track)
        // Sidecars written before reports existed have no `report` key.
        report = try container.decodeIfPresent(String.self, forKey: .report)
        apiCalls = try container.decodeIfPresent(Int.self, forKey: .apiCalls) ?? 0
        completedAt = try container.decodeIfPresent(String.self, forKey: .completedAt)
    }

    /// The sidecar for a ledger entry: final when the entry is done, `pending` otherwise; `links` says which
    /// server's activity pages `activity_url` points at.
    public init(entry: LedgerEntry, links: ActivityLinks) {
        source = FileName.display(entry.fileName)
        sha256 = entry.sha256
        status = entry.state == .done ? (entry.status?.rawValue ?? "pending") : "pending"
        activityID = entry.activityID
        activityURL = entry.activityID.map(links.url(for:))
        uploadID = entry.uploadID.map(String.init)
        externalID = entry.state == .discovered ? nil : entry.externalID
        error = entry.error
        track = entry.trackJSON.flatMap { try? JSONDecoder().decode(Track.self, from: Data($0.utf8)) }
        report = entry.reportPath.map { URL(fileURLWithPath: $0).lastPathComponent }
        apiCalls = entry.apiCalls
        completedAt = entry.state == .done ? entry.completedAt.map(Self.timestamp) : nil
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Pretty JSON with the keys in the documented order (Foundation's encoder does not keep key order on Linux).
    public func encoded() -> Data {
        let track = self.track.map { track in
            Self.object([
                ("format", Self.json(track.format)), ("points_in", Self.json(track.pointsIn)),
                ("points_out", Self.json(track.pointsOut)), ("distance_raw_m", Self.json(track.distanceRawM)),
                ("distance_m", Self.json(track.distanceM)), ("start_time", Self.json(track.startTime)),
                ("removed", Self.json(track.removed)),
            ], indent: "  ")
        } ?? "null"
        let text = Self.object([
            ("schema", Self.json(schema)), ("source", Self.json(source)), ("sha256", Self.json(sha256)),
            ("status", Self.json(status)), ("activity_id", Self.json(activityID)), ("activity_url", Self.json(activityURL)),
            ("upload_id", Self.json(uploadID)), ("external_id", Self.json(externalID)), ("error", Self.json(error)),
            ("track", track), ("report", Self.json(report)), ("api_calls", Self.json(apiCalls)), ("completed_at", Self.json(completedAt)),
        ], indent: "")
        return Data((text + "\n").utf8)
    }

    private static func object(_ members: [(String, String)], indent: String) -> String {
        "{\n" + members.map { "\(indent)  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n\(indent)}"
    }

    private static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings, numbers and string-keyed dictionaries always encode.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
