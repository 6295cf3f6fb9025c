extension StravaError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notConnected(let file):
            return "not connected to Strava (no credentials at \(file)): run `trackdrop auth login`"
        case .reconnectRequired:
            return "Strava access was revoked: run `trackdrop auth login` again"
        case .appInactive:
            return "the Strava API app is inactive, so Strava refuses every API call (403 Application Status Inactive); "
                + "since 30 June 2026 an app works only while the Strava account that owns it has a Strava subscription: "
                + "subscribe with that account, then reactivate the app at https://www.strava.com/settings/api"
        case .athleteLimitReached:
            return "Strava refused to connect this athlete: \"Limit of connected athletes exceeded\". A new Strava API app "
                + "is in single-player mode: only the account that created it can connect. Log in to strava.com as the "
                + "app's owner and run `trackdrop auth login` again, or let the owner raise the app to the Standard Tier "
                + "cap of 10 athletes at https://www.strava.com/settings/api (more needs Strava's review), or create your "
                + "own app with your own account"
        case .missingScope(let scope):
            return "Strava did not grant the `\(scope)` permission: run `trackdrop auth login` again and leave "
                + "\"\(Self.scopeLabel(scope))\" ticked on Strava's consent page"
        case .consentDenied(let reason):
            return "Strava access was not granted (\(reason)): run `trackdrop auth login` again and press "
                + "\"Authorize\" on Strava's page"
        case .stateMismatch:
            return "the login callback did not belong to this login (state mismatch), so it was refused: "
                + "run `trackdrop auth login` again and use only the link it prints"
        case .unreadableRedirect(let text):
            return "could not find an authorization code in \"\(text)\": paste the whole address the browser "
                + "shows after you press \"Authorize\" (it contains `code=`), or just the code"
        case .loginTimedOut(let seconds):
            return "no answer from the browser within \(seconds) s: run `trackdrop auth login` again "
                + "(or `trackdrop auth login --manual` on a machine without a browser)"
        case .exchangeFailed(let reason):
            return "Strava did not accept the login (\(reason)): check client id and secret in the "
                + "configuration, then run `trackdrop auth login` again"
        case .networkUnavailable(let endpoint, let reason):
            return "could not reach Strava at \(endpoint) (\(reason)): check the network connection and try again"
        case .server(let endpoint, let status, let message):
            return "Strava answered \(status) to \(endpoint): \(message)"
        case .invalidResponse(let endpoint, let reason):
            return "could not understand Strava's answer to \(endpoint): \(reason)"
        case .insecureCredentialsFile(let path, let mode):
            return "the credentials file \(path) can be read by other users (mode \(mode)), so it was not used: "
                + "run `chmod 600 \(path)`"
        case .credentialsFile(let path, let reason):
            return "the credentials file \(path) could not be used: \(reason)"
        case .configuration(let reason):
            return "Strava settings: \(reason)"
        case .sessionClosed:
            return "the Strava session was already shut down"
        }
    }

    private static func scopeLabel(_ scope: String) -> String {
        switch scope {
        case "activity:write": return "Upload your activities from trackdrop to Strava"
        case "activity:read_all": return "View data about your private activities"
        case "activity:read": return "View data about your activities"
        default: return scope
        }
    }
}
