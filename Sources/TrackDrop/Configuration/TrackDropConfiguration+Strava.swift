import Foundation
import StravaKit

extension TrackDropConfiguration {
    /// The Strava app settings; `STRAVA_CLIENT_ID` / `STRAVA_CLIENT_SECRET` override the file.
    public func stravaSettings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StravaSettings {
        let file = loadedFrom?.lastPathComponent ?? "config.json"
        let clientID = environment["STRAVA_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? strava.clientID
        let clientSecret = environment["STRAVA_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 } ?? strava.clientSecret
        guard let clientID else {
            throw ConfigurationError(file: file, keyPath: "strava.client_id",
                                     problem: "missing: set it (or STRAVA_CLIENT_ID) to your Strava app's client id from https://www.strava.com/settings/api, or try `--sandbox`")
        }
        guard let clientSecret else {
            throw ConfigurationError(file: file, keyPath: "strava.client_secret",
                                     problem: "missing: set it (or STRAVA_CLIENT_SECRET) to your Strava app's client secret, or try `--sandbox`")
        }
        return StravaSettings(baseURL: strava.baseURL, clientID: clientID, clientSecret: clientSecret, rateLimitWindow: strava.rateLimitWindowSeconds)
    }
}
