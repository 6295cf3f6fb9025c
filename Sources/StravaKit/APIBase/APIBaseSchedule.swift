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
