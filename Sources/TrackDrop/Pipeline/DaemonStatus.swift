import Foundation
import TrackKit
import StravaKit

/// What a running `trackdrop watch` is doing right now, written to the state folder for `trackdrop status`.
public struct DaemonStatus: Codable, Sendable, Equatable {
    public var pid: Int32
    public var startedAt: Date
    public var updatedAt: Date
    public var folders: [String]
    /// Files seen but not yet quiet for the settle time.
    public var settling: [String]
    /// Why uploads are paused (`reconnect required`), if they are.
    public var paused: String?
    public var connection: String
    public var rateLimit: RateLimitStatus?
    public var sandbox: Bool

    enum CodingKeys: String, CodingKey {
        case pid, folders, settling, paused, connection, sandbox
        case startedAt = "started_at", updatedAt = "updated_at", rateLimit = "rate_limit"
    }

    static func read(from url: URL) -> DaemonStatus? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(DaemonStatus.self, from: data)
    }

    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(try encoder.encode(self), to: url)
    }

    /// Whether the process that wrote this is still alive.
    var isRunning: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
