import Foundation
import TestSupport
import Testing
@testable import TrackDrop

@Suite("Configuration")
struct ConfigurationTests {
    @Test func defaultsWhenEmpty() throws {
        let configuration = try TrackDropConfiguration.parse(Data("{}".utf8))
        #expect(configuration.settleSeconds == 1)
        #expect(configuration.poll == false)
        #expect(configuration.clean == true)
        #expect(configuration.strava.oauthBaseURL.absoluteString == "https://www.strava.com")
        #expect(configuration.strava.webBaseURL.absoluteString == "https://www.strava.com")
        #expect(configuration.strava.apiBaseURL == nil)
        #expect(configuration.strava.rateLimitWindowSeconds == 900)
    }

    @Test func readsEveryOption() throws {
        let json = """
        {"_comment": "ignored",
         "folders": [{"path": "/data/watch", "recursive": false, "sport_type": "Ride", "name": "Commute",
                      "description": "d", "trainer": true, "commute": true, "settle_seconds": 2.5, "poll": true},
                     "relative/folder"],
         "settle_seconds": 0.5, "poll": true, "poll_interval_seconds": 10, "clean": false,
         "results_folder": "~/results", "state_folder": "state",
         "strava": {"client_id": 12345, "client_secret": "s", "base_url": "http://127.0.0.1:8080",
                    "rate_limit_window_seconds": 60, "credentials_file": "/tmp/c.json"}}
        """
        let configuration = try TrackDropConfiguration.parse(Data(json.utf8), baseFolder: URL(fileURLWithPath: "/etc/td"))
        #expect(configuration.folders.count == 2)
        let first = try #require(configuration.folders.first)
        #expect(first.path.path == "/data/watch")
        #expect(first.recursive == false && first.trainer && first.commute)
        #expect(first.sportType == "Ride" && first.name == "Commute" && first.settleSeconds == 2.5 && first.poll == true)
        #expect(configuration.folders[1].path.path == "/etc/td/relative/folder")
        #expect(configuration.folders[1].recursive)
        #expect(configuration.settleSeconds == 0.5 && configuration.poll && configuration.pollIntervalSeconds == 10)
        #expect(configuration.clean == false)
        #expect(configuration.resultsFolder?.path == FileManager.default.homeDirectoryForCurrentUser.path + "/results")
        #expect(configuration.stateFolder?.path == "/etc/td/state")
        #expect(configuration.strava.clientID == "12345")
        #expect(configuration.strava.oauthBaseURL.absoluteString == "http://127.0.0.1:8080")
        #expect(configuration.strava.apiBaseURL?.absoluteString == "http://127.0.0.1:8080/api/v3")
        #expect(configuration.strava.rateLimitWindowSeconds == 60)
        #expect(configuration.strava.credentialsFile?.path == "/tmp/c.json")
    }

    @Test(arguments: [
        (#"{"folders": [{"path": "/a"}, {"path": "/b", "settle_seconds": "fast"}]}"#,
         #"config.json: folders[1].settle_seconds: expected a number, got "fast""#),
        (#"{"settle_second": 1}"#, "config.json: settle_second: unknown key"),
        (#"{"strava": {"base_url": "ftp://x"}}"#, "config.json: strava.base_url: expected an http or https URL"),
        (#"{"strava": {"api_base_url": "api-v3.strava.com"}}"#, "config.json: strava.api_base_url: expected an http or https URL"),
        (#"{"poll": 1}"#, "config.json: poll: expected true or false, got 1"),
        (#"{"folders": [{"recursive": true}]}"#, "config.json: folders[0].path: missing"),
        (#"{"strava": {"client_secret": 5, "client_id": "1"}}"#, "config.json: strava.client_secret: expected a string, got 5"),
        (#"{"settle_seconds": -1}"#, "config.json: settle_seconds: expected a number of at least 0.0, got -1"),
        ("[1]", "config.json: expected a JSON object at the top, got a list"),
        ("{", "config.json: not valid JSON"),
    ])
    func errorsNameTheKey(json: String, expected: String) {
        #expect {
            _ = try TrackDropConfiguration.parse(Data(json.utf8))
        } throws: { error in
            "\(error)".hasPrefix(expected)
        }
    }

    @Test func missingDefaultFileMeansDefaultsButMissingExplicitFileIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("cfg").path]
        let configuration = try TrackDropConfiguration.load(from: nil, environment: environment)
        #expect(configuration.folders.isEmpty)
        #expect(throws: ConfigurationError.self) {
            try TrackDropConfiguration.load(from: folder.appendingPathComponent("nope.json"), environment: environment)
        }
    }

    @Test func pathsFollowXDG() {
        let paths = TrackDropPaths(environment: ["HOME": "/home/r", "XDG_STATE_HOME": "/var/st", "XDG_CONFIG_HOME": "relative"])
        #expect(paths.credentialsFile.path == "/home/r/.config/trackdrop/credentials.json")
        #expect(paths.configFile.path == "/home/r/.config/trackdrop/config.json")
        #expect(paths.stateFolder.path == "/var/st/trackdrop")
    }

    @Test func folderContainingPicksTheDeepest() throws {
        let json = #"{"folders": [{"path": "/w"}, {"path": "/w/bike", "sport_type": "Ride"}]}"#
        let configuration = try TrackDropConfiguration.parse(Data(json.utf8))
        #expect(configuration.folder(containing: URL(fileURLWithPath: "/w/bike/a.gpx"))?.sportType == "Ride")
        #expect(configuration.folder(containing: URL(fileURLWithPath: "/w/run/a.gpx"))?.path.path == "/w")
        #expect(configuration.folder(containing: URL(fileURLWithPath: "/x/a.gpx")) == nil)
    }
}

/// Numbers in the configuration are held to a range, and the refusal names the key (never a trap).
@Suite struct ConfigurationRangeTests {
    @Test(arguments: [
        (#"{"settle_seconds": 1e300}"#, "settle_seconds"),
        (#"{"poll_interval_seconds": 1e300}"#, "poll_interval_seconds"),
        (#"{"folders": [{"path": "/a", "settle_seconds": 1e300}]}"#, "folders[0].settle_seconds"),
        (#"{"max_file_mib": 0}"#, "max_file_mib"),
        (#"{"max_file_mib": 1.5}"#, "max_file_mib"),
        (#"{"max_file_mib": 1e300}"#, "max_file_mib"),
        (#"{"strava": {"client_id": 1e300}}"#, "strava.client_id"),
        (#"{"strava": {"rate_limit_window_seconds": 1e300}}"#, "strava.rate_limit_window_seconds"),
        (#"{"follow_symlinks": 1}"#, "follow_symlinks"),
    ])
    func outOfRangeNumbersNameTheKey(json: String, key: String) throws {
        let error = try #require(throws: ConfigurationError.self) { try TrackDropConfiguration.parse(Data(json.utf8)) }
        #expect(error.keyPath == key, "\(error)")
    }

    @Test func newKeysHaveTheirDefaultsAndAreRead() throws {
        let defaults = try TrackDropConfiguration.parse(Data("{}".utf8))
        #expect(defaults.maxFileMiB == 256 && !defaults.followSymlinks)
        let set = try TrackDropConfiguration.parse(Data(#"{"max_file_mib": 32, "follow_symlinks": true}"#.utf8))
        #expect(set.maxFileMiB == 32 && set.followSymlinks)
        #expect(set.pipelineOptions(paths: TrackDropPaths(environment: [:])).limits.maxFileBytes == 32 << 20)
    }
}
