import Foundation
import NIOHTTP1

extension StravaSession {
    /// Withdraws the app's access at Strava (`POST /oauth/deauthorize`), then deletes the local
    /// credentials; they are deleted with a warning even when Strava cannot be reached.
    public func disconnect() async throws -> DisconnectResult {
        try ensureOpen()
        guard await tokens.current != nil else {
            return DisconnectResult(deauthorized: false, deletedCredentials: try store.delete(), warning: nil)
        }
        var warning: String?
        var deauthorized = false
        do {
            let token = try await tokens.accessToken()
            var headers = HTTPHeaders()
            headers.add(name: "Authorization", value: "Bearer \(token)")
            let exchange = try await Transport(client: client).send(
                method: .POST, url: settings.url("/oauth/deauthorize"), headers: headers)
            switch exchange.status {
            case 200, 204:
                deauthorized = true
            case 401:
                // The tokens no longer work: access is already withdrawn.
                deauthorized = true
            default:
                warning = "Strava answered \(exchange.status) to the deauthorization (\(StravaErrorBody(exchange.body).summary)); "
                    + "remove trackdrop under Settings → My Apps on strava.com"
            }
        } catch StravaError.reconnectRequired {
            deauthorized = true
        } catch let failure as TransportFailure {
            warning = "could not reach Strava to withdraw access (\(failure.reason)); "
                + "remove trackdrop under Settings → My Apps on strava.com"
        } catch {
            warning = "could not withdraw access at Strava (\(error)); remove trackdrop under Settings → My Apps on strava.com"
        }
        if let warning { logger.warning("\(warning)") }
        await tokens.forget()
        let deleted = try store.delete()
        return DisconnectResult(deauthorized: deauthorized, deletedCredentials: deleted, warning: warning)
    }
}
