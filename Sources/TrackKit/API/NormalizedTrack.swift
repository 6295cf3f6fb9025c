import Foundation

/// The result of `TrackKit.normalize`: the verdict, what was found and removed, and the file to upload.
public struct NormalizedTrack: Sendable {
    public var format: TrackFormat
    /// The source was gzipped.
    public var gzipped: Bool
    /// False when Strava would refuse the file or trackdrop refuses it; `issues` say why.
    public var usable: Bool
    public var issues: [TrackIssue]
    public var pointsIn: Int
    public var pointsOut: Int
    public var distanceRawMeters: Double
    public var distanceMeters: Double
    public var startTime: Date?
    public var duration: TimeInterval?
    /// What cleaning removed, by reason, e.g. `["spikes": 3, "duplicates": 9]`.
    public var removed: [String: Int]
    /// What cleaning moved back onto the track without removing a point, by kind, e.g. `["bursts": 2, "drifts": 1]`
    /// (bursts of reflected signal and drifts that ended in a jump, each counted as one, not as points; keys in
    /// `CleaningReport.Correction`). Kinds that found nothing are absent.
    public var corrected: [String: Int]
    /// Stretches of different noise cleaning found along the track, each cleaned with a noise model of its own; 0
    /// when the noise did not change (or nothing was cleaned).
    public var noiseStretches: Int
    /// The lanes of a 400 m athletics track whose running lines cleaning put the track on (`corrected`'s
    /// `athletics_track`), in order; empty when it put none there, or a line between lanes.
    public var trackLanes: [Int]
    public var name: String?
    public var sport: String?
    /// The normalized file in the same format, not gzipped; for FIT the original bytes. Empty when
    /// `NormalizeOptions.outputFile` was given: the file then holds it instead.
    public var output: Data
    /// Where the normalized file was written, when `NormalizeOptions.outputFile` asked for it.
    public var outputFile: URL?
    /// How much of the output passed XSD validation.
    public var outputValidation: OutputValidation
    /// Where the HTML cleaning report was written, when `NormalizeOptions.reportFile` asked for it.
    public var reportFile: URL?

    public init(
        format: TrackFormat, gzipped: Bool = false, usable: Bool, issues: [TrackIssue] = [],
        pointsIn: Int = 0, pointsOut: Int = 0, distanceRawMeters: Double = 0, distanceMeters: Double = 0,
        startTime: Date? = nil, duration: TimeInterval? = nil, removed: [String: Int] = [:],
        corrected: [String: Int] = [:], noiseStretches: Int = 0, trackLanes: [Int] = [], name: String? = nil, sport: String? = nil, output: Data = Data(), outputFile: URL? = nil,
        outputValidation: OutputValidation = .skipped, reportFile: URL? = nil
    ) {
        self.reportFile = reportFile
        self.format = format
        self.gzipped = gzipped
        self.usable = usable
        self.issues = issues
        self.pointsIn = pointsIn
        self.pointsOut = pointsOut
        self.distanceRawMeters = distanceRawMeters
        self.distanceMeters = distanceMeters
        self.startTime = startTime
        self.duration = duration
        self.removed = removed
        self.corrected = corrected
        self.noiseStretches = noiseStretches
        self.trackLanes = trackLanes
        self.name = name
        self.sport = sport
        self.output = output
        self.outputFile = outputFile
        self.outputValidation = outputValidation
    }
}
