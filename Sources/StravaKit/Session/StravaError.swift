/// Everything that can go wrong talking to Strava, worded so a person knows what to do.
/// Never carries a token or the client secret.
public enum StravaError: Error, Sendable, Equatable {
    /// No stored credentials.
    case notConnected(credentialsFile: String)
    /// Strava refused the stored tokens: the athlete revoked access or the tokens were lost.
    case reconnectRequired
    /// Strava refuses every API call because the app is inactive: the account that owns it has no subscription.
    case appInactive
    /// Strava refused to connect one more athlete to the app (single-player mode, or the tier's cap).
    case athleteLimitReached
    /// A scope the work needs was not granted.
    case missingScope(String)
    /// The athlete pressed "Cancel" on Strava's consent page (or Strava sent another error).
    case consentDenied(String)
    /// The loopback receiver got a callback whose `state` did not match this login.
    case stateMismatch
    /// The pasted text held neither a redirect URL with a code nor a bare code.
    case unreadableRedirect(String)
    /// No callback arrived in time.
    case loginTimedOut(seconds: Int)
    /// Strava did not turn the authorization code into tokens.
    case exchangeFailed(String)
    /// Strava could not be reached.
    case networkUnavailable(endpoint: String, reason: String)
    /// Strava answered with an error status we do not retry.
    case server(endpoint: String, status: Int, message: String)
    /// Strava's answer could not be understood.
    case invalidResponse(endpoint: String, reason: String)
    /// The credentials file can be read by group or others.
    case insecureCredentialsFile(path: String, mode: String)
    /// The credentials file could not be read, parsed or written.
    case credentialsFile(path: String, reason: String)
    /// A setting is missing or wrong.
    case configuration(String)
    /// The session was shut down.
    case sessionClosed
}
