import Foundation

/// Strava's OAuth scopes and the rules the sandbox applies to them.
enum OAuthScope {
    static let all: [String] = [
        "read", "read_all", "profile:read_all", "profile:write", "activity:read", "activity:read_all", "activity:write",
    ]

    /// Parses Strava's comma-separated scope list; nil when it is empty or names an unknown scope.
    static func parse(_ text: String) -> [String]? {
        let scopes = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !scopes.isEmpty, scopes.allSatisfy(all.contains) else { return nil }
        var unique: [String] = []
        for scope in scopes where !unique.contains(scope) { unique.append(scope) }
        return unique
    }

    static func canUpload(_ scopes: [String]) -> Bool { scopes.contains("activity:write") }

    static func canReadActivities(_ scopes: [String]) -> Bool {
        scopes.contains("activity:read") || scopes.contains("activity:read_all")
    }
}
