import AsyncHTTPClient
import Foundation
import Logging
import StravaKit

/// Connects to a sandbox through the real OAuth flow, playing the browser: GET the authorize URL and follow
/// the redirect to trackdrop's own loopback receiver.
public enum SandboxLogin {
    public static func connect(settings: StravaSettings, credentialsFile: URL, logger: Logger) async throws -> LoginResult {
        let login = OAuthLogin(settings: settings, credentialsFile: credentialsFile, logger: logger)
        return try await login.run { authorizeURL in
            // The client follows the sandbox's 302 to the loopback receiver, which completes the login.
            // AsyncHTTPClient rather than URLSession: FoundationNetworking would pull libcurl and its
            // dependencies into every start of the binary.
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                let response = try await client.execute(HTTPClientRequest(url: authorizeURL.absoluteString), timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 20)
                try await client.shutdown()
                if response.status.code >= 400 {
                    throw StravaError.consentDenied("the sandbox answered the authorize request with HTTP \(response.status.code)")
                }
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }
}
