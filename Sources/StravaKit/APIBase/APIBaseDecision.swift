import Foundation

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
