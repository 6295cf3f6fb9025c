import Foundation

/// What `trackdrop auth status` shows, as text or JSON; never a token.
public struct ConnectionReport: Sendable {
    public var credentials: StravaCredentials?
    public var credentialsFile: URL

    public init(credentials: StravaCredentials?, credentialsFile: URL) {
        self.credentials = credentials
        self.credentialsFile = credentialsFile
    }

    public var state: ConnectionState {
        guard let credentials else { return .notConnected }
        if credentials.reconnectRequired { return .reconnectRequired }
        return credentials.appInactiveSince == nil ? .connected : .appInactive
    }

    public func text() -> String {
        guard let credentials else {
            return "Not connected to Strava (no credentials at \(credentialsFile.path)): run `trackdrop auth login`."
        }
        var lines: [String] = []
        switch state {
        case .reconnectRequired: lines.append("Reconnect required: \(StravaError.reconnectRequired)")
        case .appInactive:
            lines.append("Strava app inactive since \(credentials.appInactiveSince.map(Self.format) ?? "?"): uploads are paused.")
            lines.append("What to do:       \(Self.inactiveAdvice)")
        default: lines.append("Connected to Strava.")
        }
        lines.append("Athlete:          \(credentials.athlete.displayName) (id \(credentials.athlete.id))")
        lines.append("Granted scopes:   \(credentials.scopes.joined(separator: ", "))")
        lines.append("Connected since:  \(Self.format(credentials.connectedSince))")
        let expiry = credentials.accessTokenExpiresAt
        let left = expiry.timeIntervalSinceNow
        lines.append("Access token:     expires \(Self.format(expiry))" + (left > 0 ? " (in \(Int(left / 60)) min; refreshed automatically)" : " (expired; refreshed on next use)"))
        lines.append("Last upload:      \(credentials.lastUploadAt.map(Self.format) ?? "none yet")")
        if let rate = credentials.lastRateLimit, let usage = rate.overallUsage, let limit = rate.overallLimit {
            var line = "Rate limit:       overall \(usage.shortTerm)/\(limit.shortTerm) this window, \(usage.daily)/\(limit.daily) today"
            if let readUsage = rate.readUsage, let readLimit = rate.readLimit {
                line += "; read \(readUsage.shortTerm)/\(readLimit.shortTerm), \(readUsage.daily)/\(readLimit.daily)"
            }
            if let seen = rate.observedAt { line += " (seen \(Self.format(seen)))" }
            lines.append(line)
        } else {
            lines.append("Rate limit:       not seen yet")
        }
        lines.append("Credentials:      \(credentialsFile.path)")
        return lines.joined(separator: "\n")
    }

    public func json() -> String {
        var object: [String: Any] = [
            "state": state.rawValue, "connected": state == .connected, "credentials_file": credentialsFile.path,
        ]
        if let credentials {
            object["athlete_id"] = credentials.athlete.id
            object["athlete_name"] = credentials.athlete.displayName
            object["scopes"] = credentials.scopes
            object["connected_since"] = Self.format(credentials.connectedSince)
            object["access_token_expires_at"] = Self.format(credentials.accessTokenExpiresAt)
            object["last_upload_at"] = credentials.lastUploadAt.map(Self.format) ?? NSNull()
            object["reconnect_required"] = credentials.reconnectRequired
            object["app_inactive_since"] = credentials.appInactiveSince.map(Self.format) ?? NSNull()
            if credentials.appInactiveSince != nil { object["what_to_do"] = Self.inactiveAdvice }
            if let rate = credentials.lastRateLimit {
                var limits: [String: Any] = [:]
                if let value = rate.overallUsage { limits["overall_usage"] = [value.shortTerm, value.daily] }
                if let value = rate.overallLimit { limits["overall_limit"] = [value.shortTerm, value.daily] }
                if let value = rate.readUsage { limits["read_usage"] = [value.shortTerm, value.daily] }
                if let value = rate.readLimit { limits["read_limit"] = [value.shortTerm, value.daily] }
                limits["observed_at"] = rate.observedAt.map(Self.format) ?? NSNull()
                object["rate_limit"] = limits
            } else {
                object["rate_limit"] = NSNull()
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// What the owner of an inactive app must do, in one line.
    public static let inactiveAdvice =
        "the Strava account that owns the app needs a Strava subscription; subscribe with that account, then "
        + "reactivate the app at https://www.strava.com/settings/api. Queued files are kept; a running "
        + "`trackdrop watch` checks again now and then and resumes on its own."

    private static func format(_ date: Date) -> String { date.ISO8601Format() }
}
