import Foundation

/// Where API calls go: a fixed base (a configured one, the sandbox), or Strava's default, chosen by date.
public enum APIBaseSetting: Sendable, CustomStringConvertible {
    /// Always this base, e.g. `https://www.strava.com/api/v3` or `http://127.0.0.1:PORT`.
    case fixed(URL)
    /// Strava's old base until its new host opens, then the new host (the old one while the new does not
    /// answer, until the old one is retired).
    case automatic(APIBaseSchedule)

    public var description: String {
        switch self {
        case .fixed(let url): return url.absoluteString
        case .automatic(let schedule):
            return "automatic (\(schedule.legacyBase.absoluteString) until \(ISO8601DateFormatter().string(from: schedule.newBaseAvailable)), then \(schedule.newBase.absoluteString))"
        }
    }
}
