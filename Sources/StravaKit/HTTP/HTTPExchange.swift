import Foundation
import NIOHTTP1

/// One HTTP answer, body collected.
struct HTTPExchange: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data

    var rateLimitHeaders: RateLimitHeaders { RateLimitHeaders(headers) }
    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Decodes the body as JSON, naming the endpoint in the error.
    func decode<T: Decodable>(_ type: T.Type, endpoint: String) throws(StravaError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw .invalidResponse(endpoint: endpoint, reason: "unexpected JSON for HTTP \(status) (\(error))")
        }
    }
}
