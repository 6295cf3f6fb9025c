import Foundation
import Hummingbird

/// `GET /oauth/authorize`: auto-approve, or a consent page whose form posts to `/oauth/accept_application`.
struct AuthorizeHandler: Sendable {
    let store: SandboxStore

    func authorize(_ request: Request, context: SandboxRequestContext) -> Response {
        let configuration = store.withState { $0.configuration }
        switch AuthorizeRequest.validate(request.queryFields, configuration: configuration) {
        case .failure(let fault):
            return fault.response
        case .success(let authorize):
            if configuration.autoApprove {
                return approve(authorize, granted: authorize.granted(by: configuration.grantedScopes))
            }
            return .html(ConsentPage.render(authorize, allowed: configuration.grantedScopes, athlete: configuration.athleteFirstname))
        }
    }

    /// The consent form's answer: Authorize (with the ticked scopes) or Cancel.
    func accept(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let fields = try await request.formFields()
        let configuration = store.withState { $0.configuration }
        switch AuthorizeRequest.validate(fields, configuration: configuration) {
        case .failure(let fault):
            return fault.response
        case .success(let authorize):
            guard fields["decision"] == "authorize" else {
                return .redirect(to: authorize.redirect([("state", authorize.state), ("error", "access_denied")]))
            }
            let ticked = fields.all("grant")
            return approve(authorize, granted: authorize.scopes.filter(ticked.contains))
        }
    }

    private func approve(_ authorize: AuthorizeRequest, granted: [String]) -> Response {
        let now = store.now
        let code = store.withState { state in
            state.tokens.issueCode(AuthorizationCode(
                clientID: authorize.clientID, athleteID: state.athlete.id, scopes: granted, issuedAt: now,
                codeChallenge: authorize.codeChallenge, codeChallengeMethod: authorize.codeChallengeMethod
            ))
        }
        return .redirect(to: authorize.redirect([
            ("state", authorize.state), ("code", code), ("scope", granted.joined(separator: ",")),
        ]))
    }
}
