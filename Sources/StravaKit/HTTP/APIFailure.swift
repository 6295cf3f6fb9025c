/// A request whose answer was lost after it may have reached Strava; `calls` were spent on it.
struct OutcomeUnknown: Error, Sendable {
    var calls: Int
    var reason: String
}
