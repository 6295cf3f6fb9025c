import Foundation
import Logging
import NIOHTTP1

/// `POST /oauth/token` with retries for transient failures; the client secret travels only in the
/// form body and never in a log line.
struct TokenEndpoint: Sendable {
    let transport: Transport
    let settings: StravaSettings
    let logger: Logger
    var retry: RetryPolicy { settings.retry }

    /// Sends the grant; returns the final answer (any status) or throws `networkUnavailable`.
    func post(_ grant: [(String, String)]) async throws -> HTTPExchange {
        let url = settings.oauthURL("/oauth/token")
        let fields = [("client_id", settings.clientID), ("client_secret", settings.clientSecret)] + grant
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        headers.add(name: "Accept", value: "application/json")
        let body = Data(FormEncoding.encode(fields).utf8)
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let failure: String
            do {
                let exchange = try await transport.send(method: .POST, url: url, headers: headers, body: body)
                let unreadable = exchange.status == 200
                    ? APIRequest.ExpectedBody.jsonObject.problem(with: exchange.body) : nil
                if exchange.status == 408 || exchange.status == 429 || exchange.status >= 500 || unreadable != nil {
                    failure = "HTTP \(exchange.status)" + (unreadable.map { " with \($0)" } ?? "")
                    if attempt >= retry.maximumAttempts { return exchange }
                } else {
                    return exchange
                }
            } catch {
                failure = error.reason
                if attempt >= retry.maximumAttempts {
                    throw StravaError.networkUnavailable(endpoint: "POST /oauth/token", reason: failure)
                }
            }
            let delay = retry.delay(beforeRetry: attempt, retryAfter: nil)
            logger.info(
                "token request failed, retrying",
                metadata: ["reason": "\(failure)", "attempt": "\(attempt)", "delay": "\(delay)"])
            try await Task.sleep(for: delay)
            attempt += 1
        }
    }
}
