import Foundation

/// What `TrackKit.normalize` should do besides reading, checking and writing back.
public struct NormalizeOptions: Sendable, Equatable {
    /// Remove duplicates, spikes and jitter and smooth noise (on by default).
    public var clean: Bool
    /// Validate the written file against the bundled XSDs (on by default; a failure is a bug).
    public var validateOutput: Bool
    /// Validate every byte written (up to `OutputValidation.fullLimitBytes`) rather than a covering
    /// sample; see `OutputValidation`.
    public var validateEveryByte: Bool
    /// Write the normalized GPX or TCX straight to this file (replaced atomically, and only when the track
    /// is usable) instead of into `NormalizedTrack.output`, so the whole file is never held in memory.
    /// FIT is passed through unchanged and always lands in `output`.
    public var outputFile: URL?
    /// The sport the user says the activity is (a folder's `sport_type`, `check --sport`), in Strava's or
    /// the files' spelling (`Run`, `Ride`, `hiking`, ...). It overrides the sport the file names for
    /// cleaning, which sets how fast and how agile the athlete can plausibly be.
    public var sport: String?
    /// Also write an HTML page here that shows what cleaning did (`CleaningReportPage`), replaced atomically.
    public var reportFile: URL?
    /// The source's name as the report shows it (default: the file's name).
    public var reportTitle: String?
    /// How much of the file may be read (size as stored and inflated, inflation ratio); larger files are
    /// refused with `too-large` before their body is read.
    public var limits: InputLimits

    public init(
        clean: Bool = true, validateOutput: Bool = true, validateEveryByte: Bool = true, outputFile: URL? = nil,
        sport: String? = nil, reportFile: URL? = nil, reportTitle: String? = nil, limits: InputLimits = InputLimits()
    ) {
        self.limits = limits
        self.reportFile = reportFile
        self.reportTitle = reportTitle
        self.clean = clean
        self.validateOutput = validateOutput
        self.validateEveryByte = validateEveryByte
        self.outputFile = outputFile
        self.sport = sport
    }
}
