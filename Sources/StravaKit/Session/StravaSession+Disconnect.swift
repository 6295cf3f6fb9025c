import Foundation
import NIOHTTP1

extension StravaSession {
    /// Withdraws the app's access at Strava, then deletes the local credentials; they are deleted with a
    /// warning even when Strava cannot be reached.
    ///
    /// `POST /oauth/revoke` (the app authenticated with HTTP Basic, the refresh token in the form) comes
    /// first; `POST /oauth/deauthorize` (retired on 1 June 2027) only when revoke is not there (404).
    public func disconnect() async throws -> DisconnectResult {
        try ensureOpen()
        guard let credentials = await tokens.current else {
            return DisconnectResult(deauthorized: false, deletedCredentials: try store.delete(), warning: nil)
        }
        var warning: String?
        var deauthorized = false
        let advice = "remove trackdrop under Settings → My Apps on strava.com"
        do {
            switch try await revoke(refreshToken: credentials.refreshToken) {
            case 200..<300:
                deauthorized = true
            case 404:
                logger.info("Strava has no /oauth/revoke here; withdrawing access with /oauth/deauthorize")
                let status = try await deauthorize()
                switch status {
                case 200..<300, 401:
                    // 401: the tokens no longer work, so access is already withdrawn.
                    deauthorized = true
                default:
                    warning = "Strava answered \(status) to the deauthorization; \(advice)"
                }
            case 401:
                warning = "Strava refused the app's client id or secret when revoking access; \(advice)"
            case let status:
                warning = "Strava answered \(status) to the revocation; \(advice)"
            }
        } catch StravaError.reconnectRequired {
            deauthorized = true
        } catch let failure as TransportFailure {
            warning = "could not reach Strava to withdraw access (\(failure.reason)); \(advice)"
        } catch {
            warning = "could not withdraw access at Strava (\(error)); \(advice)"
        }
        if let warning { logger.warning("\(warning)") }
        await tokens.forget()
        let deleted = try store.delete()
        return DisconnectResult(deauthorized: deauthorized, deletedCredentials: deleted, warning: warning)
    }

    /// `POST /oauth/revoke`; returns the status.
    private func revoke(refreshToken: String) async throws -> Int {
        var headers = HTTPHeaders()
        let pair = Data("\(settings.clientID):\(settings.clientSecret)".utf8).base64EncodedString()
        headers.add(name: "Authorization", value: "Basic \(pair)")
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        headers.add(name: "Accept", value: "application/json")
        let body = FormEncoding.encode([("token", refreshToken), ("token_type_hint", "refresh_token")])
        let exchange = try await Transport(client: client, deadline: settings.exchangeDeadline).send(
            method: .POST, url: settings.oauthURL("/oauth/revoke"), headers: headers, body: Data(body.utf8))
        return exchange.status
    }

    /// `POST /oauth/deauthorize` with the access token in the `Authorization` header; returns the status.
    private func deauthorize() async throws -> Int {
        let token = try await tokens.accessToken()
        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer \(token)")
        let exchange = try await Transport(client: client, deadline: settings.exchangeDeadline).send(
            method: .POST, url: settings.oauthURL("/oauth/deauthorize"), headers: headers)
        return exchange.status
    }
}
