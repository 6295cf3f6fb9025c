import Foundation

/// One watched folder and the defaults its uploads get.
public struct FolderConfiguration: Sendable, Equatable {
    public var path: URL
    /// Watch subfolders too, including ones created later.
    public var recursive: Bool
    /// Strava `sport_type` for every upload from this folder (nil: Strava decides from the file).
    public var sportType: String?
    /// Activity name when the file carries none (else the file name is used).
    public var name: String?
    public var description: String?
    public var trainer: Bool
    public var commute: Bool
    /// Overrides the global settle time for this folder.
    public var settleSeconds: Double?
    /// Overrides the global polling choice for this folder (true forces polling).
    public var poll: Bool?
    /// Write an HTML cleaning report beside the sidecar of every file from here.
    public var report: Bool

    public init(
        path: URL, recursive: Bool = true, sportType: String? = nil, name: String? = nil,
        description: String? = nil, trainer: Bool = false, commute: Bool = false,
        settleSeconds: Double? = nil, poll: Bool? = nil, report: Bool = false
    ) {
        self.report = report
        self.path = path.standardizedFileURL
        self.recursive = recursive
        self.sportType = sportType
        self.name = name
        self.description = description
        self.trainer = trainer
        self.commute = commute
        self.settleSeconds = settleSeconds
        self.poll = poll
    }

    static let keys: Set<String> = [
        "path", "recursive", "sport_type", "name", "description", "trainer", "commute", "settle_seconds", "poll", "report",
    ]

    init(reading reader: ConfigurationReader) throws {
        try reader.rejectUnknownKeys(allowed: Self.keys)
        guard let path = try reader.fileURL("path") else {
            throw reader.error("path", "missing: every folder needs a \"path\"")
        }
        self.init(
            path: path,
            recursive: try reader.bool("recursive") ?? true,
            sportType: try reader.string("sport_type"),
            name: try reader.string("name"),
            description: try reader.string("description"),
            trainer: try reader.bool("trainer") ?? false,
            commute: try reader.bool("commute") ?? false,
            settleSeconds: try reader.number("settle_seconds", minimum: 0, maximum: TrackDropConfiguration.maximumSeconds),
            poll: try reader.bool("poll"),
            report: try reader.bool("report") ?? false
        )
    }
}
