import Foundation
import Hummingbird
import NIOCore

/// Counts every request, guards the control routes, and puts Strava's gate in front of the API:
/// faults, rate limits with their four headers, and Strava's 404 for unknown API routes.
struct SandboxMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let store: SandboxStore

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let route = RouteName.of(method: request.method, path: path)
        store.withState { $0.requestCounts[route, default: 0] += 1 }
        if RouteName.isControl(path: path) {
            guard context.isLoopbackPeer else {
                return Response.json(.object([("message", .string("Forbidden")), ("errors", .array([]))]), status: .forbidden)
            }
            return try await next(request, context)
        }
        let isAPI = RouteName.isRateLimitedAPI(path: path, request: request)
        let stall = store.withState { state in
            state.faultInjector.stalls(route: route, isAPI: isAPI) ? state.faultInjector.faults : nil
        }
        if let stall {
            // The head goes out, then the body stops (or trickles): only a deadline on the whole exchange helps.
            var response = Response.json(.object([("message", .string("stalled"))]))
            if stall.stallAfterProcessing {
                response = isAPI ? try await gate(request, context: context, path: path, next: next) : try await next(request, context)
            }
            return StalledAnswer(trickle: stall.stallTrickle, seconds: stall.stallSeconds, store: store)
                .response(from: response, channel: context.channel)
        }
        guard isAPI else {
            return try await next(request, context)
        }
        return try await gate(request, context: context, path: path, next: next)
    }

    private func gate(
        _ request: Request, context: Context, path: String,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let (decision, latency) = store.withState { state in
            (state.faultInjector.decide(), state.faultInjector.latency())
        }
        if latency > 0 {
            try await Task.sleep(for: .seconds(latency))
        }
        switch decision {
        case .serverError(let status):
            // An injected 5xx stands for a failing proxy in front of Strava: no rate-limit headers, no usage.
            return StravaFault.serverError(status).response
        case .drop(afterProcessing: false):
            try await drop(context)
        case .drop(afterProcessing: true), .none:
            break
        }
        let countsTowardRead = RouteName.countsTowardRead(method: request.method, path: path)
        let now = store.now
        let snapshot = store.withState { state in
            var snapshot = state.rateLimiter.record(countsTowardRead: countsTowardRead, now: now)
            if state.faultInjector.takeBurst() { snapshot.limited = true }
            if snapshot.limited { state.rateLimitedCount += 1 }
            return snapshot
        }
        var response: Response
        if snapshot.limited {
            response = StravaFault.rateLimitExceeded.response
        } else if let refusal = refusal(of: request, path: path) {
            response = refusal.response
        } else {
            response = try await respond(request, context: context, next: next)
        }
        if case .drop(afterProcessing: true) = decision {
            try await drop(context)
        }
        response.headers[.init("X-RateLimit-Limit")!] = snapshot.overall.limitHeader
        response.headers[.init("X-RateLimit-Usage")!] = snapshot.overall.usageHeader
        response.headers[.init("X-ReadRateLimit-Limit")!] = snapshot.read.limitHeader
        response.headers[.init("X-ReadRateLimit-Usage")!] = snapshot.read.usageHeader
        return response
    }

    /// Strava's answer before the route runs: a token in the query once that is refused (from 1 June 2027),
    /// or an inactive app (every API call, not OAuth). The query token is counted either way.
    private func refusal(of request: Request, path: String) -> StravaFault? {
        let (rejectQueryTokens, inactive) = store.withState { state in
            if request.hasAccessTokenInQuery { state.accessTokenParameterCount += 1 }
            return (state.configuration.queryTokensRejected, state.appStatus == .inactive)
        }
        if rejectQueryTokens, request.hasAccessTokenInQuery { return .invalidAccessToken }
        if inactive, !RouteName.isDeauthorize(path) { return .appInactive }
        return nil
    }

    /// Runs the route, turning Hummingbird's errors into Strava-shaped JSON so the gate can add its headers.
    private func respond(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            if error.status == .notFound { return StravaFault.notFound.response }
            return StravaFault(status: error.status, message: error.status.reasonPhrase, errors: []).response
        }
    }

    /// Closes the connection without a response, as a dropped connection does.
    private func drop(_ context: Context) async throws -> Never {
        try? await context.channel.close()
        throw DroppedConnection()
    }

    /// Thrown after the connection was closed on purpose; nothing is left to answer.
    struct DroppedConnection: Error {}
}
