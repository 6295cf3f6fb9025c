import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import StravaKit

/// Connects to a sandbox through the real OAuth flow, playing the browser: GET the authorize URL and follow
/// the redirect to trackdrop's own loopback receiver.
public enum SandboxLogin {
    public static func connect(settings: StravaSettings, credentialsFile: URL, logger: Logger) async throws -> LoginResult {
        let login = OAuthLogin(settings: settings, credentialsFile: credentialsFile, logger: logger)
        return try await login.run { authorizeURL in
            // URLSession follows the sandbox's 302 to the loopback receiver, which completes the login.
            let (_, response) = try await URLSession.shared.data(from: authorizeURL)
            if let http = response as? HTTPURLResponse, http.statusCode >= 400 {
                throw StravaError.consentDenied("the sandbox answered the authorize request with HTTP \(http.statusCode)")
            }
        }
    }
}
