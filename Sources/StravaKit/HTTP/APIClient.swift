import Foundation
import Logging
import NIOHTTP1

/// Sends API requests with a fresh token, through the rate-limit gate, retrying what is safe to retry.
struct APIClient: Sendable {
    let transport: Transport
    let settings: StravaSettings
    let tokens: TokenManager
    let gate: RateLimitGate
    let apiBase: APIBaseResolver
    let logger: Logger
    var retry: RetryPolicy { settings.retry }

    /// The answer when its status is `expected`; any other final status is `StravaError.server` with Strava's
    /// own message. The one status check every call shares.
    func send(_ request: APIRequest, expecting expected: Int = 200, calls: inout Int) async throws -> HTTPExchange {
        let exchange = try await send(request, calls: &calls)
        guard exchange.status == expected else {
            throw StravaError.server(
                endpoint: request.label, status: exchange.status, message: StravaErrorBody(exchange.body).summary)
        }
        return exchange
    }

    /// Like `send(_:expecting:calls:)`, with the answer's JSON decoded as `type`.
    func send<T: Decodable>(
        _ request: APIRequest, expecting expected: Int = 200, as type: T.Type, calls: inout Int
    ) async throws -> T {
        try await send(request, expecting: expected, calls: &calls).decode(type, endpoint: request.label)
    }

    /// The final answer (2xx, or a 4xx other than 401/408/429). `calls` grows by every request that
    /// reached, or may have reached, Strava.
    func send(_ request: APIRequest, calls: inout Int) async throws -> HTTPExchange {
        var url = await apiBase.base() + request.path
        if !request.query.isEmpty { url += "?" + FormEncoding.encode(request.query) }
        var refreshedAfter401 = false
        var adoptedAfter401 = false
        var failures = 0
        while true {
            try Task.checkCancellation()
            let token = try await tokens.accessToken()
            var headers = HTTPHeaders()
            headers.add(name: "Authorization", value: "Bearer \(token)")
            headers.add(name: "Accept", value: "application/json")
            if let contentType = request.contentType { headers.add(name: "Content-Type", value: contentType) }
            let ticket = try await gate.acquire(request.bucket)
            let exchange: HTTPExchange
            do {
                exchange = try await transport.send(
                    method: request.method, url: url, headers: headers, body: request.body)
            } catch {
                await gate.complete(ticket, headers: nil, status: nil)
                if case .outcomeUnknown = error {
                    calls += 1
                    if request.unsafeToResend { throw OutcomeUnknown(calls: calls, reason: error.reason) }
                }
                failures += 1
                guard failures < retry.maximumAttempts else {
                    throw StravaError.networkUnavailable(endpoint: request.label, reason: error.reason)
                }
                try await backOff(failures, retryAfter: nil, request: request, reason: error.reason)
                continue
            }
            calls += 1
            await gate.complete(ticket, headers: exchange.rateLimitHeaders, status: exchange.status)
            switch exchange.status {
            case 401:
                let body = StravaErrorBody(exchange.body)
                if let scope = body.missingScope { throw StravaError.missingScope(scope) }
                if refreshedAfter401 {
                    // Another process may have logged in again or rotated the tokens: only a token that is
                    // still the newest in the credentials file proves that access was revoked.
                    let revoked = await tokens.markReconnectRequired(rejecting: adoptedAfter401 ? nil : token)
                    guard revoked else {
                        adoptedAfter401 = true
                        continue
                    }
                    throw StravaError.reconnectRequired
                }
                refreshedAfter401 = true
                logger.info("Strava refused the access token; refreshing once", metadata: ["endpoint": "\(request.label)"])
                try await tokens.refreshAfterRejection(of: token)
            case 403 where StravaErrorBody(exchange.body).reportsInactiveApp:
                await tokens.markAppInactive()
                throw StravaError.appInactive
            case 429:
                // The gate has paused until the window turns; the next acquire waits for it.
                continue
            case 408, 500...599:
                failures += 1
                let reason = "HTTP \(exchange.status)"
                guard failures < retry.maximumAttempts else {
                    throw StravaError.server(
                        endpoint: request.label, status: exchange.status,
                        message: StravaErrorBody(exchange.body).summary)
                }
                let retryAfter = RetryPolicy.retryAfterSeconds(exchange.headers.first(name: "Retry-After"))
                try await backOff(failures, retryAfter: retryAfter, request: request, reason: reason)
            case 200..<300:
                await tokens.markAppActive()
                guard let problem = request.expectedBody.problem(with: exchange.body) else { return exchange }
                // A proxy or an overloaded Strava answering 200 with a page: the request may have taken
                // effect, so a POST is looked up, never sent again blindly; a GET is retried.
                let reason = "HTTP \(exchange.status) with \(problem)"
                if request.unsafeToResend { throw OutcomeUnknown(calls: calls, reason: reason) }
                failures += 1
                guard failures < retry.maximumAttempts else {
                    throw StravaError.invalidResponse(endpoint: request.label, reason: reason)
                }
                try await backOff(failures, retryAfter: nil, request: request, reason: reason)
            default:
                return exchange
            }
        }
    }

    private func backOff(_ failures: Int, retryAfter: TimeInterval?, request: APIRequest, reason: String) async throws {
        let delay = retry.delay(beforeRetry: failures, retryAfter: retryAfter)
        logger.info(
            "request failed, retrying",
            metadata: ["endpoint": "\(request.label)", "reason": "\(reason)", "attempt": "\(failures)", "delay": "\(delay)"])
        try await Task.sleep(for: delay)
    }
}
