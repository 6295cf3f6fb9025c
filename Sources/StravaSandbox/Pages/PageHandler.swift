import Foundation
import Hummingbird

/// `GET /` and `GET /activities/{id}`: the pages a person opens from a sidecar's `activity_url`. No token, as on
/// strava.com in a logged-in browser; the sandbox listens on loopback only and has one athlete.
struct PageHandler: Sendable {
    let store: SandboxStore

    func activity(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let now = store.now
        guard let id = context.parameters.get("id", as: Int64.self),
              let activity = store.withState({ state in state.activities[id].flatMap { $0.isDeleted(at: now) ? nil : $0 } })
        else {
            return .html(Self.notFound, status: .notFound)
        }
        return .html(ActivityPage(activity: activity).html())
    }

    func index(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let now = store.now
        let activities = store.withState { state in
            state.liveActivities(at: now).sorted { ($0.startDate, $0.id) > ($1.startDate, $1.id) }
        }
        return .html(ActivityIndexPage(activities: activities).html())
    }

    static let notFound = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not found – trackdrop sandbox</title></head>
        <body><h1>No such activity</h1><p>It was never made, or it was deleted. <a href="/">All activities</a></p></body></html>
        """
}
