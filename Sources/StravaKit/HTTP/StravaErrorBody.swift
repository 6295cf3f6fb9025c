import Foundation

/// Strava's error shape: `{"message": "...", "errors": [{"resource", "field", "code"}]}`.
struct StravaErrorBody: Decodable, Sendable {
    /// One entry of `errors`.
    struct Detail: Decodable, Sendable {
        var resource: String?
        var field: String?
        var code: String?
    }

    var message: String?
    var errors: [Detail]?

    init(_ body: Data) {
        let decoded = try? JSONDecoder().decode(StravaErrorBody.self, from: body)
        message = decoded?.message
        errors = decoded?.errors
    }

    func has(resource: String, code: String? = nil) -> Bool {
        (errors ?? []).contains { detail in
            detail.resource == resource && (code == nil || detail.code == code)
        }
    }

    /// Strava's answer for an app whose owner has no subscription:
    /// `{"resource":"Application","field":"Status","code":"Inactive"}`.
    var reportsInactiveApp: Bool {
        (errors ?? []).contains { $0.resource == "Application" && $0.field == "Status" && $0.code == "Inactive" }
    }

    /// Strava's refusal of one more athlete for the app: "Limit of connected athletes exceeded".
    var reportsAthleteLimit: Bool {
        (message ?? "").localizedCaseInsensitiveContains("limit of connected athletes")
    }

    /// The scope a `*_permission` / `missing` error names, e.g. `activity:write`.
    var missingScope: String? {
        for detail in errors ?? [] where detail.code == "missing" {
            if let field = detail.field, field.hasSuffix("_permission") {
                return String(field.dropLast("_permission".count))
            }
        }
        return nil
    }

    /// "Bad Request: Upload data empty" style summary for error messages.
    var summary: String {
        var parts: [String] = []
        if let message { parts.append(message) }
        let details = (errors ?? []).map { detail in
            [detail.resource, detail.field, detail.code].compactMap { $0 }.filter { !$0.isEmpty }
                .joined(separator: " ")
        }.filter { !$0.isEmpty }
        if !details.isEmpty { parts.append(details.joined(separator: "; ")) }
        return parts.isEmpty ? "no details" : parts.joined(separator: ": ")
    }
}
