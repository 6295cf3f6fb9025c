/// What `trackdrop auth logout` achieved.
public struct DisconnectResult: Sendable, Equatable {
    /// Strava confirmed that the app's access was withdrawn.
    public var deauthorized: Bool
    /// Local credentials were deleted.
    public var deletedCredentials: Bool
    /// Why Strava could not be told, when it could not.
    public var warning: String?
}
