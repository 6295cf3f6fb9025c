/// Who got connected, with which scopes, and what the person should know about it.
public struct LoginResult: Sendable {
    public var athlete: StravaCredentials.Athlete
    public var grantedScopes: [String]
    /// E.g. that `activity:read_all` was not granted, so uploads are followed one by one.
    public var warnings: [String]

    public init(athlete: StravaCredentials.Athlete, grantedScopes: [String], warnings: [String]) {
        self.athlete = athlete
        self.grantedScopes = grantedScopes
        self.warnings = warnings
    }
}
