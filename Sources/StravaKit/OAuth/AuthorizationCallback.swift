import Foundation

/// What Strava's redirect carried back: a code and the granted scopes, or an error.
struct AuthorizationCallback: Sendable, Equatable {
    var state: String?
    var code: String?
    var scope: String?
    var error: String?

    /// Reads the query of a redirect URL such as `/callback?state=..&code=..&scope=..`.
    init(query: String?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let key = parts[0].removingPercentEncoding ?? parts[0]
            let raw = parts.count > 1 ? parts[1].replacingOccurrences(of: "+", with: " ") : ""
            let value = raw.removingPercentEncoding ?? raw
            switch key {
            case "state": state = value
            case "code": code = value
            case "scope": scope = value
            case "error": error = value
            default: break
            }
        }
    }

    init(state: String?, code: String?, scope: String?, error: String?) {
        self.state = state
        self.code = code
        self.scope = scope
        self.error = error
    }

    /// A pasted redirect URL (with `code=`) or a bare code.
    static func parsePasted(_ text: String) -> AuthorizationCallback? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if trimmed.contains("code=") || trimmed.contains("error=") {
            let query = trimmed.split(separator: "?", maxSplits: 1).last.map(String.init) ?? trimmed
            let callback = AuthorizationCallback(query: query.split(separator: "#").first.map(String.init))
            return callback.code == nil && callback.error == nil ? nil : callback
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard trimmed.unicodeScalars.allSatisfy({ allowed.contains($0) }) else { return nil }
        return AuthorizationCallback(state: nil, code: trimmed, scope: nil, error: nil)
    }

    var grantedScopes: [String] {
        (scope ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
