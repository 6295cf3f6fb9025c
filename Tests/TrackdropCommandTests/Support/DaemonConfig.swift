import Foundation
import TestSupport

/// The config file the process tests hand to `trackdrop --config`: watched folders, a short settle time, a
/// state folder and the sandbox's Strava settings, its address under each of `addressKeys`.
enum DaemonConfig {
    static func write(
        to file: URL, folders: [String], stateFolder: URL, sandbox: SandboxHarness, settleSeconds: Double = 0.1,
        addressKeys: [String] = ["base_url"]
    ) throws {
        var strava: [String: Any] = [
            "client_id": sandbox.settings.clientID,
            "client_secret": sandbox.settings.clientSecret,
            "credentials_file": sandbox.credentialsFile.path,
        ]
        for key in addressKeys { strava[key] = sandbox.baseURL.absoluteString }
        let object: [String: Any] = [
            "folders": folders.map { ["path": $0] },
            "settle_seconds": settleSeconds,
            "state_folder": stateFolder.path,
            "strava": strava,
        ]
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }
}
