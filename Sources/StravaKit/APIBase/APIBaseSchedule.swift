import Foundation

/// Strava's move of the API to its own host: the two bases, the two dates, and where the choice is remembered.
public struct APIBaseSchedule: Sendable {
    /// The new host, without the `/api/v3` prefix.
    public var newBase: URL
    /// The base every client has used so far.
    public var legacyBase: URL
    /// From this instant the new host answers (4 January 2027, 00:00 UTC).
    public var newBaseAvailable: Date
    /// From this instant the old base is gone (1 June 2027, 00:00 UTC).
    public var legacyRetired: Date
    /// A JSON file in the state folder that remembers whether the new host answered; nil remembers nothing.
    public var memoryFile: URL?
    /// While the new host did not answer, look again after this long.
    public var recheckAfter: TimeInterval
    /// "Now"; tests inject a clock on either side of the dates.
    public var clock: @Sendable () -> Date

    public init(
        newBase: URL = Self.stravaNewBase, legacyBase: URL = Self.stravaLegacyBase,
        newBaseAvailable: Date = Self.stravaNewBaseAvailable, legacyRetired: Date = Self.stravaLegacyRetired,
        memoryFile: URL? = nil, recheckAfter: TimeInterval = 86_400, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.newBase = newBase
        self.legacyBase = legacyBase
        self.newBaseAvailable = newBaseAvailable
        self.legacyRetired = legacyRetired
        self.memoryFile = memoryFile
        self.recheckAfter = recheckAfter
        self.clock = clock
    }

    public static let stravaNewBase = URL(string: "https://api-v3.strava.com")!
    public static let stravaLegacyBase = URL(string: "https://www.strava.com/api/v3")!
    /// 2027-01-04T00:00:00Z.
    public static let stravaNewBaseAvailable = Date(timeIntervalSince1970: 1_799_020_800)
    /// 2027-06-01T00:00:00Z.
    public static let stravaLegacyRetired = Date(timeIntervalSince1970: 1_811_808_000)

    /// What to do at `now`, given what an earlier run remembered. Pure: the same inputs give the same answer.
    public func decide(now: Date, remembered: APIBaseMemory?) -> APIBaseDecision {
        if now < newBaseAvailable { return .use(legacyBase, .beforeNewHost) }
        if now >= legacyRetired { return .use(newBase, .legacyRetired) }
        if let remembered, remembered.newBase == newBase.absoluteString {
            if remembered.newBaseAnswered { return .use(newBase, .newHostAnswered) }
            if now.timeIntervalSince(remembered.checkedAt) < recheckAfter, now >= remembered.checkedAt {
                return .use(legacyBase, .newHostSilent)
            }
        }
        return .probe(newBase: newBase, fallback: legacyBase)
    }
}

/// The answer of `APIBaseSchedule.decide`.
public enum APIBaseDecision: Sendable, Equatable {
    /// Why a base is used without asking.
    public enum Reason: String, Sendable {
        case beforeNewHost = "Strava's new API host opens on 4 January 2027"
        case legacyRetired = "Strava's old API base was retired on 1 June 2027"
        case newHostAnswered = "Strava's new API host answered"
        case newHostSilent = "Strava's new API host did not answer; using the old base until 1 June 2027"
    }

    case use(URL, Reason)
    /// Ask the new host once; use the fallback when it does not answer.
    case probe(newBase: URL, fallback: URL)
}

/// What the state folder remembers about the new host (`api-base.json`).
public struct APIBaseMemory: Sendable, Codable, Equatable {
    /// The new base this is about (a changed configuration forgets the rest).
    public var newBase: String
    public var newBaseAnswered: Bool
    public var checkedAt: Date

    public init(newBase: String, newBaseAnswered: Bool, checkedAt: Date) {
        self.newBase = newBase
        self.newBaseAnswered = newBaseAnswered
        self.checkedAt = checkedAt
    }

    enum CodingKeys: String, CodingKey {
        case newBase = "new_base"
        case newBaseAnswered = "new_base_answered"
        case checkedAt = "checked_at"
    }

    /// The remembered answer, or nil when there is none (or it cannot be read: then the host is asked again).
    public static func load(from file: URL) -> APIBaseMemory? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(APIBaseMemory.self, from: data)
    }

    func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        try encoder.encode(self).write(to: temporary)
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }
}
