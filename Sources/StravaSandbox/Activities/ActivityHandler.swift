import Foundation
import Hummingbird

/// `GET /api/v3/activities/{id}`, `GET /api/v3/athlete` and `GET /api/v3/athlete/activities`.
struct ActivityHandler: Sendable {
    let store: SandboxStore

    func activity(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let token: AccessToken
        switch store.authorize(request, allowed: OAuthScope.canReadActivities, otherwise: .missingReadPermission) {
        case .failure(let fault): return fault.response
        case .success(let value): token = value
        }
        guard let id = context.parameters.get("id", as: Int64.self) else { return StravaFault.notFound.response }
        let now = store.now
        let activity = store.withState { state in
            state.activities[id].flatMap { $0.athleteID == token.athleteID && !$0.isDeleted(at: now) ? $0 : nil }
        }
        return activity.map { .json($0.json(detailed: true)) } ?? StravaFault.notFound.response
    }

    func athlete(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        switch store.authenticate(request) {
        case .failure(let fault): return fault.response
        case .success: return .json(store.withState { $0.athlete.json(resourceState: 3) })
        }
    }

    func list(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let token: AccessToken
        switch store.authorize(request, allowed: OAuthScope.canReadActivities, otherwise: .missingReadPermission) {
        case .failure(let fault): return fault.response
        case .success(let value): token = value
        }
        let query = request.queryFields
        let now = store.now
        let before = query["before"].flatMap(Double.init)
        let after = query["after"].flatMap(Double.init)
        // Milliseconds where seconds belong put `after` far in the future; Strava refuses that.
        if let after, after > now.timeIntervalSince1970 + 86_400 { return StravaFault.afterInFuture.response }
        let page = max(1, query["page"].flatMap(Int.init) ?? 1)
        let perPage = min(200, max(1, query["per_page"].flatMap(Int.init) ?? 30))
        let activities = store.withState { state in
            state.liveActivities(at: now)
                .filter { $0.athleteID == token.athleteID }
                .filter { activity in
                    let start = activity.startDate.timeIntervalSince1970
                    return (before.map { start < $0 } ?? true) && (after.map { start > $0 } ?? true)
                }
                .sorted { ($0.startDate, $0.id) > ($1.startDate, $1.id) }
        }
        let first = (page - 1) * perPage
        let slice = first < activities.count ? Array(activities[first..<min(activities.count, first + perPage)]) : []
        return .json(.array(slice.map { $0.json(detailed: false) }))
    }
}
