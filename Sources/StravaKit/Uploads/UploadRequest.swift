import Foundation

/// One activity file to send to `POST /api/v3/uploads`.
public struct UploadRequest: Sendable {
    public var fileName: String
    public var data: Data
    /// `gpx`, `gpx.gz`, `tcx`, `tcx.gz`, `fit` or `fit.gz`.
    public var dataType: String
    /// Stable id derived from the content; lets a lost POST be found again.
    public var externalID: String
    public var name: String?
    public var description: String?
    public var sportType: String?
    public var trainer: Bool?
    public var commute: Bool?
    /// Start of the activity, when known: lets reconciliation list only activities from then on.
    public var startTime: Date?

    public init(
        fileName: String, data: Data, dataType: String, externalID: String,
        name: String? = nil, description: String? = nil, sportType: String? = nil,
        trainer: Bool? = nil, commute: Bool? = nil, startTime: Date? = nil
    ) {
        self.fileName = fileName
        self.data = data
        self.dataType = dataType
        self.externalID = externalID
        self.name = name
        self.description = description
        self.sportType = sportType
        self.trainer = trainer
        self.commute = commute
        self.startTime = startTime
    }
}
