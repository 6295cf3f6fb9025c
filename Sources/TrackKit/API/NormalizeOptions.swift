import Foundation

/// What `TrackKit.normalize` should do besides reading, checking and writing back.
public struct NormalizeOptions: Sendable, Equatable {
    /// Remove duplicates, spikes and jitter and smooth noise (on by default).
    public var clean: Bool
    /// Validate the written file against the bundled XSDs (on by default; a failure is a bug). See
    /// `OutputValidation` for how much of a very large file is validated.
    public var validateOutput: Bool
    /// Write the normalized GPX or TCX straight to this file (replaced atomically, and only when the track
    /// is usable) instead of into `NormalizedTrack.output`, so the whole file is never held in memory.
    /// FIT is passed through unchanged and always lands in `output`.
    public var outputFile: URL?

    public init(clean: Bool = true, validateOutput: Bool = true, outputFile: URL? = nil) {
        self.clean = clean
        self.validateOutput = validateOutput
        self.outputFile = outputFile
    }
}
