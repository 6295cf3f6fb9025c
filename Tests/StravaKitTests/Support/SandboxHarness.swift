import AsyncHTTPClient
import Foundation
import Logging
import StravaSandbox
import TestSupport
import Testing
@testable import StravaKit

/// What StravaKit's tests add to the shared harness: the real OAuth flow, sessions, the two API layouts.
extension SandboxHarness {
    /// Connects through the real loopback flow, the test playing the browser.
    @discardableResult
    func login() async throws -> LoginResult {
        try await OAuthLogin(settings: settings, credentialsFile: credentialsFile, logger: logger)
            .run(openBrowser: OAuthLogin.headlessBrowser())
    }

    func session() throws -> StravaSession {
        try StravaSession(settings: settings, credentialsFile: credentialsFile, logger: logger)
    }

    /// A session with other settings (another API base, another OAuth base), the same credentials.
    func session(settings: StravaSettings) throws -> StravaSession {
        try StravaSession(settings: settings, credentialsFile: credentialsFile, logger: logger)
    }

    /// The two layouts of this sandbox: the new host's (at the root) and today's (under /api/v3).
    var rootAPI: URL { baseURL }
    var legacyAPI: URL { baseURL.appendingPathComponent("api/v3") }

    /// These settings with `apiBase` in place of the fixed `/api/v3` base.
    func settings(apiBase: APIBaseSetting) -> StravaSettings {
        StravaSettings(
            apiBase: apiBase, oauthBaseURL: baseURL, clientID: settings.clientID, clientSecret: settings.clientSecret,
            rateLimitWindow: settings.rateLimitWindow)
    }

    /// No log line and no given error text holds a token (40 hex characters, as Strava's) or the
    /// client secret.
    func expectNoSecrets(in extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let token = /(?:^|[^0-9a-f])[0-9a-f]{40}(?:[^0-9a-f]|$)/
        for line in logs.all + extra {
            #expect(line.firstMatch(of: token) == nil, "token-like text in: \(line)", sourceLocation: sourceLocation)
            #expect(!line.contains(settings.clientSecret), "client secret in: \(line)", sourceLocation: sourceLocation)
        }
    }
}

/// Small GPX activities with distinct start times, so the sandbox makes a separate activity of each.
enum ActivityFilesByIndex {
    static func gpx(index: Int, points: Int = 30) -> Data {
        let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 7_200)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="trackdrop-tests" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Run \(index)</name><trkseg>

            """
        for point in 0..<points {
            let time = start.addingTimeInterval(Double(point) * 5).ISO8601Format()
            let lat = 47.0 + Double(point) * 0.0001
            let lon = 8.0 + Double(point) * 0.0001
            text += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>400</ele><time>\(time)</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        return Data(text.utf8)
    }

    static func request(index: Int, externalID: String? = nil) -> UploadRequest {
        UploadRequest(
            fileName: "run-\(index).gpx", data: gpx(index: index), dataType: "gpx",
            externalID: externalID ?? "test-run-\(index)", name: "Run \(index)",
            startTime: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 7_200))
    }
}
