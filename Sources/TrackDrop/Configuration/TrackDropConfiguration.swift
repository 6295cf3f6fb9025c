import Foundation
import TrackKit

/// Everything `config.json` can say; missing keys take the documented defaults.
public struct TrackDropConfiguration: Sendable, Equatable {
    public var folders: [FolderConfiguration]
    /// How long a file must stay unchanged before it is taken.
    public var settleSeconds: Double
    /// Force polling for every folder (it is chosen automatically for FUSE and network mounts).
    public var poll: Bool
    public var pollIntervalSeconds: Double
    /// Denoise tracks before upload (false: checked and uploaded as they are).
    public var clean: Bool
    /// Write an HTML cleaning report beside every sidecar (folders can ask for it on their own too).
    public var report: Bool
    /// Sidecars for sources in read-only folders.
    public var resultsFolder: URL?
    public var stateFolder: URL?
    public var strava: StravaConfiguration
    /// The file this was read from, nil for defaults.
    public var loadedFrom: URL?
    /// Files larger than this (as stored, or once inflated) are answered `invalid` with `too-large`.
    public var maxFileMiB: Int = Defaults.maxFileMiB
    /// Follow symbolic links to folders (each folder is still visited once). Symlinked files are always taken,
    /// but without this only when they point inside a configured folder.
    public var followSymlinks: Bool = Defaults.followSymlinks

    /// The default of every top-level key: the one place each is written. The initializer, the parser and the
    /// watcher's options take them from here; `config.example.json` shows the same values (a test compares).
    public enum Defaults {
        public static let settleSeconds: Double = 1
        public static let poll = false
        public static let pollIntervalSeconds: Double = 5
        public static let clean = true
        public static let report = false
        public static let maxFileMiB = InputLimits.defaultMaxFileMiB
        public static let followSymlinks = false
    }

    /// The longest duration any `*_seconds` key may hold (a week): beyond it a typo, and far beyond it a trap.
    public static let maximumSeconds: Double = 7 * 86_400

    public init(
        folders: [FolderConfiguration] = [], settleSeconds: Double = Defaults.settleSeconds, poll: Bool = Defaults.poll,
        pollIntervalSeconds: Double = Defaults.pollIntervalSeconds, clean: Bool = Defaults.clean,
        report: Bool = Defaults.report, resultsFolder: URL? = nil,
        stateFolder: URL? = nil, strava: StravaConfiguration = .init(), loadedFrom: URL? = nil
    ) {
        self.report = report
        self.folders = folders
        self.settleSeconds = settleSeconds
        self.poll = poll
        self.pollIntervalSeconds = pollIntervalSeconds
        self.clean = clean
        self.resultsFolder = resultsFolder
        self.stateFolder = stateFolder
        self.strava = strava
        self.loadedFrom = loadedFrom
    }

    static let keys: Set<String> = [
        "folders", "settle_seconds", "poll", "poll_interval_seconds", "clean", "report", "results_folder", "state_folder", "strava",
        "max_file_mib", "follow_symlinks",
    ]

    /// Reads `url`, or `$XDG_CONFIG_HOME/trackdrop/config.json` when nil; a missing default file means all defaults,
    /// a missing explicit file is an error.
    public static func load(
        from url: URL?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> TrackDropConfiguration {
        let file = url ?? TrackDropPaths(environment: environment).configFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            if url == nil { return TrackDropConfiguration() }
            throw ConfigurationError(file: file.path, keyPath: "", problem: "no such file; pass an existing file to --config (see config.example.json)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigurationError(file: file.path, keyPath: "", problem: "cannot be read: \(error.localizedDescription)")
        }
        var configuration = try parse(data, fileName: file.lastPathComponent, baseFolder: file.deletingLastPathComponent())
        configuration.loadedFrom = file
        return configuration
    }

    /// Parses configuration JSON; relative paths are taken from `baseFolder`.
    public static func parse(_ data: Data, fileName: String = "config.json", baseFolder: URL? = nil) throws -> TrackDropConfiguration {
        let root: ConfigurationValue
        do {
            root = try JSONDecoder().decode(ConfigurationValue.self, from: data)
        } catch {
            throw ConfigurationError(file: fileName, keyPath: "", problem: "not valid JSON (\(Self.describe(decodingError: error)))")
        }
        guard case .object(let object) = root else {
            throw ConfigurationError(file: fileName, keyPath: "", problem: "expected a JSON object at the top, got \(root.shortDescription)")
        }
        let reader = ConfigurationReader(file: fileName, keyPath: "", object: object, baseFolder: baseFolder)
        try reader.rejectUnknownKeys(allowed: keys)
        var folders: [FolderConfiguration] = []
        for (index, value) in (try reader.array("folders") ?? []).enumerated() {
            let keyPath = "folders[\(index)]"
            switch value {
            case .object(let folderObject):
                folders.append(try FolderConfiguration(reading: ConfigurationReader(
                    file: fileName, keyPath: keyPath, object: folderObject, baseFolder: baseFolder)))
            case .string(let path) where !path.isEmpty:
                folders.append(FolderConfiguration(path: ConfigurationReader.resolvePath(path, relativeTo: baseFolder)))
            default:
                throw ConfigurationError(file: fileName, keyPath: keyPath, problem: "expected an object with a \"path\" (or a path string), got \(value.shortDescription)")
            }
        }
        var configuration = TrackDropConfiguration(
            folders: folders,
            settleSeconds: try reader.number("settle_seconds", minimum: 0, maximum: maximumSeconds) ?? Defaults.settleSeconds,
            poll: try reader.bool("poll") ?? Defaults.poll,
            pollIntervalSeconds: try reader.number("poll_interval_seconds", exclusiveMinimum: 0, maximum: maximumSeconds)
                ?? Defaults.pollIntervalSeconds,
            clean: try reader.bool("clean") ?? Defaults.clean,
            report: try reader.bool("report") ?? Defaults.report,
            resultsFolder: try reader.fileURL("results_folder"),
            stateFolder: try reader.fileURL("state_folder"),
            strava: try reader.objectReader("strava").map(StravaConfiguration.init(reading:)) ?? StravaConfiguration()
        )
        configuration.maxFileMiB = try reader.integer("max_file_mib", in: 1...1_048_576) ?? Defaults.maxFileMiB
        configuration.followSymlinks = try reader.bool("follow_symlinks") ?? Defaults.followSymlinks
        return configuration
    }

    /// The XDG paths with this configuration's overrides (state folder, credentials file) applied.
    public func paths(environment: [String: String] = ProcessInfo.processInfo.environment) -> TrackDropPaths {
        var paths = TrackDropPaths(environment: environment)
        if let loadedFrom { paths.configFile = loadedFrom }
        if let stateFolder { paths.stateFolder = stateFolder }
        if let credentials = strava.credentialsFile { paths.credentialsFile = credentials }
        return paths
    }

    /// What the pipeline needs from the configuration, the same for `watch` and `upload`.
    public func pipelineOptions(paths: TrackDropPaths) -> Pipeline.Options {
        Pipeline.Options(
            clean: clean, paths: paths, resultsFolder: resultsFolder, links: ActivityLinks(webBase: strava.webBaseURL),
            reports: ReportPolicy(everywhere: report, folders: folders.filter(\.report).map(\.path)),
            limits: InputLimits(maxFileMiB: maxFileMiB, settingName: "max_file_mib in the configuration"))
    }

    /// What the folder watcher needs from the configuration, the same for `watch` and `watch --once`. The state
    /// and results folders are never walked when they sit inside a watched tree.
    public func watcherOptions(paths: TrackDropPaths) -> FolderWatcher.Options {
        FolderWatcher.Options(
            settleSeconds: settleSeconds, pollIntervalSeconds: pollIntervalSeconds, forcePoll: poll,
            excludedFolders: [paths.stateFolder] + [resultsFolder].compactMap { $0 }, followSymlinks: followSymlinks)
    }

    /// The folder configuration that covers `file` (the deepest configured folder holding it), if any.
    public func folder(containing file: URL) -> FolderConfiguration? {
        let path = file.standardizedFileURL.path
        return folders
            .filter { path.hasPrefix($0.path.path.hasSuffix("/") ? $0.path.path : $0.path.path + "/") }
            .max { $0.path.path.count < $1.path.path.count }
    }

    private static func describe(decodingError error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError { return "\(underlying)" }
            return context.debugDescription
        }
        return "\(error)"
    }
}
