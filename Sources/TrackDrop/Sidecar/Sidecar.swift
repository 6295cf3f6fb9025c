import Foundation
import Logging
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
        /// What cleaning moved back onto the track without removing a point, by kind (`{"bursts": 2, "drifts": 1}`).
        public var corrected: [String: Int]

        enum CodingKeys: String, CodingKey {
            case format, removed, corrected
            case pointsIn = "points_in", pointsOut = "points_out", distanceRawM = "distance_raw_m"
            case distanceM = "distance_m", startTime = "start_time"
        }

        public init(
            format: String, pointsIn: Int, pointsOut: Int, distanceRawM: Double, distanceM: Double, startTime: String?,
            removed: [String: Int], corrected: [String: Int] = [:]
        ) {
            self.format = format
            self.pointsIn = pointsIn
            self.pointsOut = pointsOut
            self.distanceRawM = distanceRawM
            self.distanceM = distanceM
            self.startTime = startTime
            self.removed = removed
            self.corrected = corrected
        }

        /// The block's keys in the documented order: the one list both encoders walk.
        var members: [(key: CodingKeys, value: Value)] {
            [
                (.format, .text(format)), (.pointsIn, .integer(pointsIn)), (.pointsOut, .integer(pointsOut)),
                (.distanceRawM, .number(distanceRawM)), (.distanceM, .number(distanceM)), (.startTime, .text(startTime)),
                (.removed, .counts(removed)), (.corrected, .counts(corrected)),
            ]
        }

        enum Value {
            case text(String?)
            case integer(Int)
            case number(Double)
            case counts([String: Int])
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in members {
                switch value {
                case .text(let text): try container.encode(text, forKey: key)
                case .integer(let number): try container.encode(number, forKey: key)
                case .number(let number): try container.encode(number, forKey: key)
                case .counts(let counts): try container.encode(counts, forKey: key)
                }
            }
        }

        /// Blocks written by earlier versions may lack newer keys: only `format` is required.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            format = try container.decode(String.self, forKey: .format)
            pointsIn = try container.decodeIfPresent(Int.self, forKey: .pointsIn) ?? 0
            pointsOut = try container.decodeIfPresent(Int.self, forKey: .pointsOut) ?? 0
            distanceRawM = try container.decodeIfPresent(Double.self, forKey: .distanceRawM) ?? 0
            distanceM = try container.decodeIfPresent(Double.self, forKey: .distanceM) ?? 0
            startTime = try container.decodeIfPresent(String.self, forKey: .startTime)
            removed = try container.decodeIfPresent([String: Int].self, forKey: .removed) ?? [:]
            corrected = try container.decodeIfPresent([String: Int].self, forKey: .corrected) ?? [:]
        }

        func encodedMembers(indent: String) -> String {
            Sidecar.object(members.map { member -> (String, String) in
                switch member.value {
                case .text(let text): (member.key.rawValue, Sidecar.json(text))
                case .integer(let number): (member.key.rawValue, Sidecar.json(number))
                case .number(let number): (member.key.rawValue, Sidecar.json(number))
                case .counts(let counts): (member.key.rawValue, Sidecar.json(counts))
                }
            }, indent: indent)
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
    /// Why a pending file is not final yet, when a run left it so (null otherwise).
    public var waiting: String?
    public var track: Track?
    /// The HTML cleaning report written beside the sidecar (its file name), when the configuration asks for one.
    public var report: String?
    public var apiCalls: Int
    public var completedAt: String?

    enum CodingKeys: String, CodingKey {
        case schema, source, sha256, status, error, waiting, track, report
        case activityID = "activity_id", activityURL = "activity_url", uploadID = "upload_id"
        case externalID = "external_id", apiCalls = "api_calls", completedAt = "completed_at"
    }

    /// One member's value, for the key table.
    enum Value {
        case text(String?)
        case integer(Int64?)
        case track(Track?)
    }

    /// Every key of the sidecar, in the documented order: the one list both encoders walk. A new key is added
    /// here, as a stored property, and in `init(from:)` with `decodeIfPresent` (sidecars written before it lack it).
    var members: [(key: CodingKeys, value: Value)] {
        [
            (.schema, .text(schema)), (.source, .text(source)), (.sha256, .text(sha256)), (.status, .text(status)),
            (.activityID, .integer(activityID)), (.activityURL, .text(activityURL)), (.uploadID, .text(uploadID)),
            (.externalID, .text(externalID)), (.error, .text(error)), (.waiting, .text(waiting)), (.track, .track(track)),
            (.report, .text(report)), (.apiCalls, .integer(Int64(apiCalls))), (.completedAt, .text(completedAt)),
        ]
    }

    /// Every key is written, `null` included, so readers can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, value) in members {
            switch value {
            case .text(let text): try container.encode(text, forKey: key)
            case .integer(let number): try container.encode(number, forKey: key)
            case .track(let track): try container.encode(track, forKey: key)
            }
        }
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
        // Sidecars written before the key existed have no `waiting`.
        waiting = try container.decodeIfPresent(String.self, forKey: .waiting)
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
        waiting = entry.state == .done ? nil : entry.waitingReason
        track = entry.trackJSON.flatMap { Self.track(fromLedger: $0, path: entry.path) }
        report = entry.reportPath.map { URL(fileURLWithPath: $0).lastPathComponent }
        apiCalls = entry.apiCalls
        completedAt = entry.state == .done ? entry.completedAt.map(Self.timestamp) : nil
    }

    static let logger = Logger(label: "trackdrop.sidecar")

    /// The `track` block kept in the ledger. A row that no longer decodes (written by another version) gives
    /// `null` and a logged warning, never a silent loss.
    static func track(fromLedger json: String, path: String) -> Track? {
        do {
            return try JSONDecoder().decode(Track.self, from: Data(json.utf8))
        } catch {
            logger.warning("the ledger's track summary of \(path) cannot be read (\(error)); its sidecar gets `track: null`")
            return nil
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Pretty JSON with the keys in the documented order (Foundation's encoder does not keep key order on Linux).
    public func encoded() -> Data {
        let text = Self.object(members.map { member -> (String, String) in
            switch member.value {
            case .text(let text): (member.key.rawValue, Self.json(text))
            case .integer(let number): (member.key.rawValue, Self.json(number))
            case .track(let track): (member.key.rawValue, track.map { $0.encodedMembers(indent: "  ") } ?? "null")
            }
        }, indent: "")
        return Data((text + "\n").utf8)
    }

    fileprivate static func object(_ members: [(String, String)], indent: String) -> String {
        "{\n" + members.map { "\(indent)  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n\(indent)}"
    }

    fileprivate static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings, numbers and string-keyed dictionaries always encode.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
