import Hummingbird

/// One of Strava's error responses: a status and the exact body Strava sends with it.
struct StravaFault: Error, Sendable {
    var status: HTTPResponse.Status
    var body: SandboxJSON

    init(status: HTTPResponse.Status, message: String, errors: [(resource: String, field: String, code: String)]) {
        self.status = status
        self.body = .object([
            ("message", .string(message)),
            ("errors", .array(errors.map { error in
                .object([
                    ("resource", .string(error.resource)),
                    ("field", .string(error.field)),
                    ("code", .string(error.code)),
                ])
            })),
        ])
    }

    static func badRequest(resource: String, field: String, code: String) -> StravaFault {
        StravaFault(status: .badRequest, message: "Bad Request", errors: [(resource, field, code)])
    }

    // MARK: OAuth

    static let invalidClientID = badRequest(resource: "Application", field: "client_id", code: "invalid")
    static let invalidRedirectURI = badRequest(resource: "Application", field: "redirect_uri", code: "invalid")
    static let invalidScope = badRequest(resource: "Authorize", field: "scope", code: "invalid")
    static let invalidResponseType = badRequest(resource: "Authorize", field: "response_type", code: "invalid")
    static let invalidGrantType = badRequest(resource: "Application", field: "grant_type", code: "invalid")
    static let invalidCode = badRequest(resource: "AuthorizationCode", field: "code", code: "invalid")
    static let expiredCode = badRequest(resource: "AuthorizationCode", field: "", code: "expired")
    static let invalidRefreshToken = badRequest(resource: "RefreshToken", field: "refresh_token", code: "invalid")
    static let invalidClientSecret = StravaFault(
        status: .unauthorized, message: "Authorization Error", errors: [("Application", "", "invalid")])

    // MARK: API

    static let invalidAccessToken = StravaFault(
        status: .unauthorized, message: "Authorization Error", errors: [("Athlete", "access_token", "invalid")])
    static let missingWritePermission = StravaFault(
        status: .unauthorized, message: "Authorization Error",
        errors: [("AccessToken", "activity:write_permission", "missing")])
    static let missingReadPermission = StravaFault(
        status: .unauthorized, message: "Authorization Error",
        errors: [("AccessToken", "activity:read_permission", "missing")])
    static let notFound = StravaFault(status: .notFound, message: "Resource Not Found", errors: [])
    static let emptyUpload = badRequest(resource: "Upload", field: "data", code: "empty")
    static let invalidDataType = badRequest(resource: "Upload", field: "data_type", code: "invalid")
    static let afterInFuture = badRequest(resource: "Application", field: "after", code: "future")
    static let rateLimitExceeded = StravaFault(
        status: .tooManyRequests, message: "Rate Limit Exceeded", errors: [("Application", "rate limit", "exceeded")])

    /// Every API call of an app whose owner has no Strava subscription.
    static let appInactive = StravaFault(
        status: .forbidden, message: "Forbidden", errors: [("Application", "Status", "Inactive")])
    /// One athlete more than the app may connect. Strava's exact JSON shape is unconfirmed; the message is its text.
    static let athleteLimitExceeded = StravaFault(
        status: .forbidden, message: "Limit of connected athletes exceeded", errors: [])

    static func serverError(_ status: HTTPResponse.Status) -> StravaFault {
        StravaFault(status: status, message: status.reasonPhrase, errors: [])
    }

    var response: Response { Response.json(body, status: status) }
}
