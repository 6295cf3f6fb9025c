import Foundation
import Hummingbird

extension SandboxStore {
    /// The access token of an API request, or Strava's 401 when it is missing, unknown, expired or revoked.
    func authenticate(_ request: Request) -> Result<AccessToken, StravaFault> {
        guard let value = request.accessToken, !value.isEmpty else { return .failure(.invalidAccessToken) }
        let now = self.now
        let token = withState { $0.tokens.authenticate(value, now: now) }
        return token.map { .success($0) } ?? .failure(.invalidAccessToken)
    }

    /// The access token of an API request that needs a scope: Strava's 401 for a bad token, and the
    /// endpoint's own 401 (`missing`) when the token lacks the scope.
    func authorize(
        _ request: Request, allowed: ([String]) -> Bool, otherwise missingScope: StravaFault
    ) -> Result<AccessToken, StravaFault> {
        authenticate(request).flatMap { allowed($0.scopes) ? .success($0) : .failure(missingScope) }
    }
}
