import Foundation
import NIOHTTP1

/// One API call, described well enough to send, count and retry it.
struct APIRequest: Sendable {
    var method: HTTPMethod
    /// Path below the API base, e.g. `/uploads/42`.
    var path: String
    var query: [(String, String)] = []
    var body: Data?
    var contentType: String?
    /// A lost answer must not make us resend (a POST that creates something).
    var unsafeToResend = false

    /// `POST /uploads` counts toward the overall bucket only; everything else also toward read.
    var bucket: RateLimitBucket {
        method == .POST && path == "/uploads" ? .overallOnly : .overallAndRead
    }

    /// "GET /uploads/{id}"-style name for logs and errors; ids and queries left out, and the base too
    /// (`/api/v3` before Strava's move to its own API host, nothing after it).
    var label: String {
        let route = path.split(separator: "/").map { $0.allSatisfy(\.isNumber) ? "{id}" : String($0) }
        return "\(method.rawValue) /" + route.joined(separator: "/")
    }
}
