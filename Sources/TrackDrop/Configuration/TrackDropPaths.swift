import Foundation

/// Where trackdrop keeps its configuration, credentials and state, following the XDG base directories.
public struct TrackDropPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/trackdrop/config.json`.
    public var configFile: URL
    /// `$XDG_CONFIG_HOME/trackdrop/credentials.json` (mode 0600).
    public var credentialsFile: URL
    /// `$XDG_STATE_HOME/trackdrop/`: the ledger, normalized copies, daemon status.
    public var stateFolder: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let configHome = Self.absolute(environment["XDG_CONFIG_HOME"]) ?? home.appendingPathComponent(".config")
        let stateHome = Self.absolute(environment["XDG_STATE_HOME"]) ?? home.appendingPathComponent(".local/state")
        let configFolder = configHome.appendingPathComponent("trackdrop", isDirectory: true)
        configFile = configFolder.appendingPathComponent("config.json")
        credentialsFile = configFolder.appendingPathComponent("credentials.json")
        stateFolder = stateHome.appendingPathComponent("trackdrop", isDirectory: true)
    }

    public init(configFile: URL, credentialsFile: URL, stateFolder: URL) {
        self.configFile = configFile
        self.credentialsFile = credentialsFile
        self.stateFolder = stateFolder
    }

    /// The ledger database inside the state folder.
    public var ledgerFile: URL { stateFolder.appendingPathComponent("ledger.sqlite") }
    /// Normalized copies of what was uploaded.
    public var normalizedFolder: URL { stateFolder.appendingPathComponent("normalized", isDirectory: true) }
    /// What the running daemon is waiting for, read by `trackdrop status`.
    public var daemonStatusFile: URL { stateFolder.appendingPathComponent("daemon-status.json") }
    /// Whether Strava's new API host answered, so that the choice of API base is not asked again each run.
    public var apiBaseMemoryFile: URL { stateFolder.appendingPathComponent("api-base.json") }
    /// Locked by the running `trackdrop watch` (one per state folder); holds its PID.
    public var daemonLockFile: URL { stateFolder.appendingPathComponent("daemon.lock") }
    /// One lock file per running trackdrop process that works on the ledger: rows it owns are its own while
    /// the lock is held, and free to take once it is not (the process ended or was killed).
    public var ownersFolder: URL { stateFolder.appendingPathComponent("owners", isDirectory: true) }
    /// What the rate-limit gate last knew, so that a restarted process does not spend into a 429.
    public var rateLimitFile: URL { stateFolder.appendingPathComponent("rate-limit.json") }
    /// Sidecars for sources in read-only folders when no results folder is configured.
    public var fallbackResultsFolder: URL { stateFolder.appendingPathComponent("results", isDirectory: true) }

    /// XDG says relative values are invalid and must be ignored.
    private static func absolute(_ value: String?) -> URL? {
        guard let value, value.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: value, isDirectory: true)
    }
}
