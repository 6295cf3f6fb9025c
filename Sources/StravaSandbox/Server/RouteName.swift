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

    /// The API path below either layout: `/api/v3/uploads/1` (today's) and `/uploads/1` (the new host's) both
    /// give `/uploads/1`; nil for anything that is not an API route. The token endpoint under `/api/v3` is OAuth.
    static func apiPath(_ path: String) -> String? {
        if path.hasPrefix("/api/v3/") {
            let below = String(path.dropFirst("/api/v3".count))
            return below.hasPrefix("/oauth/") ? nil : below
        }
        return isRootAPI(path) ? path : nil
    }

    /// The API routes the new host serves at its root.
    static func isRootAPI(_ path: String) -> Bool {
        ["/uploads", "/athlete", "/activities"].contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Deauthorization, at `/oauth/deauthorize` and (where stravalib sends it) `/api/v3/oauth/deauthorize`.
    static func isDeauthorize(_ path: String) -> Bool {
        path == "/oauth/deauthorize" || path == "/api/v3/oauth/deauthorize"
    }

    /// Routes that count toward the rate limits, carry the rate-limit headers and meet the faults: the API in
    /// either layout, plus deauthorization. A credential-less `GET /activities/{id}` at the root is a person's
    /// browser, not the API (see `SandboxRouter.browserActivityPage`).
    static func isRateLimitedAPI(path: String, request: Request) -> Bool {
        if isDeauthorize(path) { return true }
        if path.hasPrefix("/activities/"), !request.carriesCredentials { return false }
        return apiPath(path) != nil
    }

    /// `POST /uploads` counts toward the overall bucket only.
    static func countsTowardRead(method: HTTPRequest.Method, path: String) -> Bool {
        !(method == .post && (apiPath(path) == "/uploads" || apiPath(path) == "/uploads/"))
    }

    static func isControl(path: String) -> Bool {
        path == "/_sandbox" || path.hasPrefix("/_sandbox/")
    }
}
