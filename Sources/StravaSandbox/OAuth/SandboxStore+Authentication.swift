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
}
