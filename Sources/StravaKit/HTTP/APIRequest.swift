import Foundation
import NIOHTTP1

/// One API call, described well enough to send, count and retry it.
struct APIRequest: Sendable {
    var method: HTTPMethod
    /// Path below the API base, e.g. `/uploads/42`.
    var path: String
    var query: [(String, String)]
    var body: Data?
    var contentType: String?
    /// What a 2xx answer must hold; anything else (empty, HTML, a proxy's page) is a server failure.
    var expectedBody: ExpectedBody

    init(
        method: HTTPMethod, path: String, query: [(String, String)] = [], body: Data? = nil, contentType: String? = nil,
        expectedBody: ExpectedBody = .jsonObject
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
        self.expectedBody = expectedBody
    }

    /// A request whose answer was lost may have taken effect, and sending it again may do it twice: every method
    /// but the idempotent ones (a POST that creates an upload above all). Such a request is looked up, never
    /// re-sent blindly; it follows from the method, so no caller can forget it.
    var unsafeToResend: Bool {
        ![.GET, .HEAD, .PUT, .DELETE, .OPTIONS].contains(method)
    }

    /// The JSON a successful answer carries.
    enum ExpectedBody: Sendable {
        case jsonObject, jsonArray

        /// Nil when `body` is the expected JSON, else what it is instead (for logs and errors).
        func problem(with body: Data) -> String? {
            guard !body.isEmpty else { return "an empty body" }
            guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
                let start = String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                return start.hasPrefix("<") ? "HTML instead of JSON" : "a body that is not JSON"
            }
            switch self {
            case .jsonObject: return value is [String: Any] ? nil : "JSON that is not an object"
            case .jsonArray: return value is [Any] ? nil : "JSON that is not a list"
            }
        }
    }

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
