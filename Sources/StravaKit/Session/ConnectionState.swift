/// Whether the session can talk to Strava for the athlete.
public enum ConnectionState: String, Sendable, Codable {
    /// No credentials: run `trackdrop auth login`.
    case notConnected
    case connected
    /// Strava refused the stored tokens (access revoked): run `trackdrop auth login` again.
    case reconnectRequired
    /// The tokens are fine, but Strava refuses every API call: the app's owner needs a Strava subscription.
    case appInactive
}
