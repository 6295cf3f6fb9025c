import Hummingbird

/// Names requests for the statistics ("GET /api/v3/uploads/{id}") and sorts them into the rate-limited API and the rest.
enum RouteName {
    /// "METHOD /path" with numeric path segments replaced by `{id}`.
    static func of(method: HTTPRequest.Method, path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            !segment.isEmpty && segment.allSatisfy(\.isNumber) ? "{id}" : String(segment)
        }
        return "\(method.rawValue) \(segments.joined(separator: "/"))"
    }

    /// Routes that count toward the rate limits, carry the rate-limit headers and meet the faults:
    /// everything under /api/v3 except the token endpoint, plus deauthorization.
    static func isRateLimitedAPI(path: String) -> Bool {
        if path == "/oauth/deauthorize" { return true }
        return path.hasPrefix("/api/v3/") && path != "/api/v3/oauth/token"
    }

    /// `POST /uploads` counts toward the overall bucket only.
    static func countsTowardRead(method: HTTPRequest.Method, path: String) -> Bool {
        !(method == .post && (path == "/api/v3/uploads" || path == "/api/v3/uploads/"))
    }

    static func isControl(path: String) -> Bool {
        path == "/_sandbox" || path.hasPrefix("/_sandbox/")
    }
}
