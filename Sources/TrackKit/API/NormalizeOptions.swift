/// What `TrackKit.normalize` should do besides reading, checking and writing back.
public struct NormalizeOptions: Sendable, Equatable {
    /// Remove duplicates, spikes and jitter and smooth noise (on by default).
    public var clean: Bool
    /// Validate the written file against the bundled XSDs (on by default; a failure is a bug).
    public var validateOutput: Bool

    public init(clean: Bool = true, validateOutput: Bool = true) {
        self.clean = clean
        self.validateOutput = validateOutput
    }
}
