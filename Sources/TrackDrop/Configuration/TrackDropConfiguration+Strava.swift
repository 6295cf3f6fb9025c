import Foundation
import StravaKit

extension TrackDropConfiguration {
    /// The Strava app settings, with the environment's overrides (`StravaConfiguration.applyingEnvironment`).
    /// Without a configured API base, Strava's is chosen by date and the choice is remembered in the
    /// state folder (`api-base.json`); `clock` is "now" for that choice.
    public func stravaSettings(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> StravaSettings {
        let file = loadedFrom?.lastPathComponent ?? "config.json"
        let strava = try self.strava.applyingEnvironment(environment)
        guard let clientID = strava.clientID else {
            throw ConfigurationError(file: file, keyPath: "strava.client_id",
                                     problem: "missing: set it (or STRAVA_CLIENT_ID) to your Strava app's client id from https://www.strava.com/settings/api, or try `--sandbox`")
        }
        guard let clientSecret = strava.clientSecret else {
            throw ConfigurationError(file: file, keyPath: "strava.client_secret",
                                     problem: "missing: set it (or STRAVA_CLIENT_SECRET) to your Strava app's client secret, or try `--sandbox`")
        }
        let apiBase: APIBaseSetting
        if let configured = strava.apiBaseURL {
            apiBase = .fixed(configured)
        } else if StravaConfiguration.trimmed(strava.oauthBaseURL) != StravaConfiguration.trimmed(StravaConfiguration.stravaBaseURL) {
            // Another server than Strava (a sandbox) with no API base of its own: the layout below one base.
            apiBase = .fixed(StravaSettings.legacyAPIBase(of: strava.oauthBaseURL))
        } else {
            apiBase = .automatic(APIBaseSchedule(memoryFile: paths(environment: environment).apiBaseMemoryFile, clock: clock))
        }
        return StravaSettings(
            apiBase: apiBase, oauthBaseURL: strava.oauthBaseURL, clientID: clientID, clientSecret: clientSecret,
            rateLimitWindow: strava.rateLimitWindowSeconds)
    }
}
