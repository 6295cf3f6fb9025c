import Foundation
import TestSupport
import StravaKit
import Testing
@testable import TrackDrop

@Suite("Configuration: Strava's API and OAuth bases")
struct StravaBasesConfigurationTests {
    @Test func separateBasesWinOverTheShorthand() throws {
        let json = #"{"strava": {"base_url": "http://127.0.0.1:1", "api_base_url": "http://127.0.0.1:2", "oauth_base_url": "http://127.0.0.1:3"}}"#
        let strava = try TrackDropConfiguration.parse(Data(json.utf8)).strava
        #expect(strava.apiBaseURL?.absoluteString == "http://127.0.0.1:2")
        #expect(strava.oauthBaseURL.absoluteString == "http://127.0.0.1:3")
        #expect(strava.webBaseURL == strava.oauthBaseURL)
    }

    @Test func environmentOverridesTheFileInOnePlace() throws {
        let json = #"{"strava": {"client_id": 1, "client_secret": "file-secret", "base_url": "http://127.0.0.1:1"}}"#
        let configuration = try TrackDropConfiguration.parse(Data(json.utf8))
        let shorthand = try configuration.strava.applyingEnvironment(["STRAVA_BASE_URL": "http://127.0.0.1:5"])
        #expect(shorthand.oauthBaseURL.absoluteString == "http://127.0.0.1:5")
        #expect(shorthand.apiBaseURL?.absoluteString == "http://127.0.0.1:5/api/v3")
        let separate = try configuration.strava.applyingEnvironment([
            "STRAVA_BASE_URL": "http://127.0.0.1:5", "STRAVA_API_BASE_URL": "http://127.0.0.1:6",
            "STRAVA_OAUTH_BASE_URL": "http://127.0.0.1:7", "STRAVA_CLIENT_SECRET": "env-secret",
        ])
        #expect(separate.apiBaseURL?.absoluteString == "http://127.0.0.1:6")
        #expect(separate.oauthBaseURL.absoluteString == "http://127.0.0.1:7")
        #expect(separate.clientSecret == "env-secret")
        #expect(throws: ConfigurationError.self) {
            try configuration.strava.applyingEnvironment(["STRAVA_API_BASE_URL": "api-v3.strava.com"])
        }
    }

    @Test func defaultAPIBaseIsChosenByDateAndRememberedInTheStateFolder() throws {
        let json = #"{"state_folder": "/var/lib/td", "strava": {"client_id": 1, "client_secret": "s"}}"#
        let settings = try TrackDropConfiguration.parse(Data(json.utf8)).stravaSettings(environment: [:])
        guard case .automatic(let schedule) = settings.apiBase else {
            Issue.record("expected the automatic API base, got \(settings.apiBase)")
            return
        }
        #expect(schedule.memoryFile?.path == "/var/lib/td/api-base.json")
        #expect(schedule.newBase.absoluteString == "https://api-v3.strava.com")
        #expect(schedule.legacyBase.absoluteString == "https://www.strava.com/api/v3")
        #expect(settings.webBaseURL.absoluteString == "https://www.strava.com")
    }

    @Test func aSandboxOAuthBaseAloneKeepsTheAPIBelowIt() throws {
        let json = #"{"strava": {"client_id": 1, "client_secret": "s", "oauth_base_url": "http://127.0.0.1:9"}}"#
        let settings = try TrackDropConfiguration.parse(Data(json.utf8)).stravaSettings(environment: [:])
        guard case .fixed(let url) = settings.apiBase else {
            Issue.record("expected a fixed API base, got \(settings.apiBase)")
            return
        }
        #expect(url.absoluteString == "http://127.0.0.1:9/api/v3")
    }

    /// An install made from an older example configuration names Strava's own host as `base_url`: it must
    /// still follow Strava's move of the API without a change.
    @Test func baseURLOfStravaItselfKeepsTheAPIBaseChosenByDate() throws {
        let json = #"{"strava": {"client_id": 1, "client_secret": "s", "base_url": "https://www.strava.com"}}"#
        let configuration = try TrackDropConfiguration.parse(Data(json.utf8))
        #expect(configuration.strava.apiBaseURL == nil)
        let settings = try configuration.stravaSettings(environment: ["STRAVA_BASE_URL": "https://www.strava.com/"])
        guard case .automatic = settings.apiBase else {
            Issue.record("expected the automatic API base, got \(settings.apiBase)")
            return
        }
        #expect(settings.oauthBaseURL.absoluteString.hasPrefix("https://www.strava.com"))
    }
}
