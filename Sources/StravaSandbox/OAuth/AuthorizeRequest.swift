import Foundation

/// A checked `/oauth/authorize` request (also re-read from the consent form).
struct AuthorizeRequest: Sendable {
    var clientID: String
    var redirectURI: String
    var scopes: [String]
    var state: String
    var codeChallenge: String?
    var codeChallengeMethod: String?

    /// Checks the parameters in Strava's order: client, redirect URI, response type, scope.
    static func validate(_ fields: FormFields, configuration: SandboxConfiguration) -> Result<AuthorizeRequest, StravaFault> {
        guard let clientID = fields["client_id"], clientID == configuration.clientID else {
            return .failure(.invalidClientID)
        }
        guard let redirectURI = fields["redirect_uri"], isAllowed(redirectURI, callbackDomain: configuration.callbackDomain)
        else { return .failure(.invalidRedirectURI) }
        guard fields["response_type"] == "code" else { return .failure(.invalidResponseType) }
        guard let scopes = fields["scope"].flatMap(OAuthScope.parse) else { return .failure(.invalidScope) }
        let challenge = fields["code_challenge"].flatMap { $0.isEmpty ? nil : $0 }
        let method = fields["code_challenge_method"].flatMap { $0.isEmpty ? nil : $0 }
        if challenge != nil, let method, !["S256", "plain"].contains(method) {
            return .failure(.badRequest(resource: "Authorize", field: "code_challenge_method", code: "invalid"))
        }
        return .success(AuthorizeRequest(
            clientID: clientID, redirectURI: redirectURI, scopes: scopes, state: fields["state"] ?? "",
            codeChallenge: challenge, codeChallengeMethod: challenge == nil ? nil : (method ?? "plain")
        ))
    }

    /// localhost and 127.0.0.1 are always allowed; otherwise the host must be the callback domain or under it.
    static func isAllowed(_ redirectURI: String, callbackDomain: String?) -> Bool {
        guard let components = URLComponents(string: redirectURI), let host = components.host?.lowercased(),
            components.scheme != nil
        else { return false }
        if ["localhost", "127.0.0.1", "[::1]", "::1"].contains(host) { return true }
        guard let domain = callbackDomain?.lowercased(), !domain.isEmpty else { return false }
        return host == domain || host.hasSuffix("." + domain)
    }

    /// The scopes granted when the athlete accepts: those asked for that the athlete's settings allow.
    func granted(by allowed: [String]?) -> [String] {
        guard let allowed else { return scopes }
        return scopes.filter(allowed.contains)
    }

    /// The redirect back to the app, with Strava's parameters appended.
    func redirect(_ parameters: [(String, String)]) -> String {
        let query = parameters.map { "\($0.0)=\(FormFields.encode($0.1))" }.joined(separator: "&")
        return redirectURI + (redirectURI.contains("?") ? "&" : "?") + query
    }
}
