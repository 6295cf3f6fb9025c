import Foundation

/// The control API in-process: the same operations as the `/_sandbox/` routes.
extension StravaSandboxServer {
    /// Requests per route, 429s, uploads, activities, window usage and faults injected.
    public func stats() -> SandboxStats { store.stats() }

    /// Every activity, deleted ones included, oldest first.
    public func activities() -> [SandboxActivity] { store.activityList() }

    /// Revokes every token of the athlete (the configured athlete when nil); returns how many tokens died.
    @discardableResult
    public func revokeTokens(athleteID: Int64? = nil) -> Int { store.revoke(athleteID: athleteID) }

    /// The faults in force now.
    public var faults: InjectedFaults { store.faults }

    /// Replaces the faults in force (and reseeds the fault generator from `faults.seed`).
    public func setFaults(_ faults: InjectedFaults) { store.setFaults(faults) }

    /// Forgets every token, upload, activity, count and run-time fault; the configuration stays.
    /// Makes the app inactive (every API call gets Strava's 403) or active again, as `POST /_sandbox/app`.
    public func setAppStatus(_ status: SandboxConfiguration.AppStatus) { store.setAppStatus(status) }

    /// Signs another athlete in to the sandbox's "browser", as `POST /_sandbox/athlete`.
    public func switchAthlete(to id: Int64) { store.withState { $0.athlete.id = id } }

    public func reset() { store.reset() }

    /// Moves the sandbox clock forward: tokens expire, uploads finish and windows turn without waiting.
    public func advanceClock(by seconds: TimeInterval) { store.clock.advance(by: seconds) }

    /// Deletes an activity as the athlete would on strava.com; false when there is none with this id.
    @discardableResult
    public func deleteActivity(id: Int64) -> Bool { store.deleteActivity(id: id) }

    /// Hands out tokens for the configured athlete without the OAuth redirect.
    public func issueTokens(scopes: [String] = ["read", "activity:read_all", "activity:write"]) -> SandboxTokens {
        store.issueTokens(scopes: scopes)
    }
}
