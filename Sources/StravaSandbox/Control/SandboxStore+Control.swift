import Foundation

extension SandboxStore {
    func stats() -> SandboxStats {
        let now = self.now
        return withState { $0.stats(now: now) }
    }

    func activityList() -> [SandboxActivity] {
        let now = self.now
        return withState { state in
            state.activities.values.sorted { $0.id < $1.id }.map { SandboxActivity($0, now: now) }
        }
    }

    /// Revokes every token of the athlete (the configured one when nil), as if the athlete disconnected the app.
    func revoke(athleteID: Int64?) -> Int {
        withState { state in
            state.faultInjector.count(.revocation)
            return state.tokens.revokeAll(athleteID: athleteID ?? state.athlete.id)
        }
    }

    func setAppStatus(_ status: SandboxConfiguration.AppStatus) {
        withState { $0.appStatus = status }
    }

    func setFaults(_ faults: InjectedFaults) {
        withState { $0.faultInjector.replace(with: faults) }
    }

    var faults: InjectedFaults {
        withState { $0.faultInjector.faults }
    }

    /// Marks an activity deleted from now on; false when there is no such activity.
    func deleteActivity(id: Int64) -> Bool {
        let now = self.now
        return withState { state in
            guard var activity = state.activities[id] else { return false }
            if activity.deletedAt == nil || activity.deletedAt! > now { activity.deletedAt = now }
            state.activities[id] = activity
            return true
        }
    }

    func issueTokens(scopes: [String]) -> SandboxTokens {
        let now = self.now
        return withState { state in
            let grant = state.tokens.issueTokens(
                athleteID: state.athlete.id, scopes: scopes, now: now, configuration: state.configuration)
            return SandboxTokens(
                accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresAt: grant.expiresAt,
                scopes: grant.scopes)
        }
    }
}
