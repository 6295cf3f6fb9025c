import Foundation
import Hummingbird

/// The `/_sandbox/` routes: inspection and run-time control for tests, demos and benchmarks (loopback only).
struct ControlHandler: Sendable {
    let store: SandboxStore

    func stats(_ request: Request, context: SandboxRequestContext) -> Response {
        .json(store.stats().json)
    }

    func activities(_ request: Request, context: SandboxRequestContext) -> Response {
        .json(.array(store.activityList().map(\.json)))
    }

    func revoke(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectData(upTo: 64 * 1024)
        var athleteID: Int64?
        if !body.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                return Self.badRequest("the body must be a JSON object such as {\"athlete_id\": 28462211}")
            }
            athleteID = (object["athlete_id"] as? NSNumber)?.int64Value
        }
        let count = store.revoke(athleteID: athleteID)
        return .json(.object([("revoked", .int(Int64(count)))]))
    }

    func faults(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectData(upTo: 64 * 1024)
        do {
            let faults = try InjectedFaults.decode(json: body)
            store.setFaults(faults)
            return try Self.encoded(store.faults)
        } catch let error as SandboxError {
            return Self.badRequest(error.description)
        }
    }

    func currentFaults(_ request: Request, context: SandboxRequestContext) throws -> Response {
        try Self.encoded(store.faults)
    }

    func reset(_ request: Request, context: SandboxRequestContext) -> Response {
        store.reset()
        return .json(.object([("reset", .bool(true))]))
    }

    func clock(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectData(upTo: 64 * 1024)
        if !body.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let seconds = (object["advance_seconds"] as? NSNumber)?.doubleValue
            else { return Self.badRequest("the body must be a JSON object such as {\"advance_seconds\": 3600}") }
            store.clock.advance(by: seconds)
        }
        return .json(.object([
            ("now", .string(ISO8601.string(from: store.now))),
            ("offset_seconds", .double(store.clock.currentOffset)),
        ]))
    }

    func deleteActivity(_ request: Request, context: SandboxRequestContext) -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), store.deleteActivity(id: id) else {
            return StravaFault.notFound.response
        }
        return .json(.object([("deleted", .int(id))]))
    }

    func tokens(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let fields = try await request.formFields()
        let scopes = OAuthScope.parse(fields["scope"] ?? "read,activity:read_all,activity:write") ?? []
        guard !scopes.isEmpty else { return Self.badRequest("scope must be a comma-separated list of Strava scopes") }
        let tokens = store.issueTokens(scopes: scopes)
        let now = store.now
        return .json(TokenHandler.body(
            TokenGrant(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt,
                       scopes: tokens.scopes),
            now: now, athlete: nil))
    }

    /// `GET /_sandbox/app`: `{"status": "active"}` or `{"status": "inactive"}`.
    func appStatus(_ request: Request, context: SandboxRequestContext) -> Response {
        .json(.object([("status", .string(store.withState { $0.appStatus.rawValue }))]))
    }

    /// `POST /_sandbox/app` with `{"status": "inactive"}` (the owner's subscription lapsed: every API call gets
    /// Strava's 403) or `{"status": "active"}` (reactivated).
    func setAppStatus(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectData(upTo: 64 * 1024)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let text = object["status"] as? String, let status = SandboxConfiguration.AppStatus(rawValue: text)
        else { return Self.badRequest("the body must be {\"status\": \"active\"} or {\"status\": \"inactive\"}") }
        store.setAppStatus(status)
        return appStatus(request, context: context)
    }

    /// `POST /_sandbox/athlete` with `{"athlete_id": N}`: from now on another athlete is signed in to the
    /// sandbox's "browser", so the next authorization is for that athlete (to reach `athlete_capacity`).
    func switchAthlete(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectData(upTo: 64 * 1024)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let id = (object["athlete_id"] as? NSNumber)?.int64Value, id > 0
        else { return Self.badRequest("the body must be a JSON object such as {\"athlete_id\": 4242}") }
        store.withState { $0.athlete.id = id }
        return .json(.object([("athlete_id", .int(id))]))
    }

    private static func badRequest(_ message: String) -> Response {
        .json(.object([("message", .string(message)), ("errors", .array([]))]), status: .badRequest)
    }

    private static func encoded(_ faults: InjectedFaults) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(faults)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
