import Foundation

/// What `TrackCleaner` does to a track: a sport hint and one switch per stage.
public struct CleaningOptions: Sendable, Equatable {
    /// Overrides the sport named in the file (`running`, `cycling`, `Biking`, `hiking`, ...); it sets the
    /// fastest plausible speed and how agile the smoother lets the athlete be.
    public var sport: String?
    /// Drop duplicate timestamps, put locally swapped points back in order, drop points that jump back in time.
    public var repairTimestamps: Bool
    /// Drop GPS spikes: points at an impossible speed, or far out and back between two close neighbours; and
    /// take bursts of reflected signal (the fixes jump aside, move on with the athlete, and jump back) back
    /// onto the track.
    public var removeSpikes: Bool
    /// Collapse the wandering positions of a stop so it adds no distance; keeps its first and last points.
    public var collapseStops: Bool
    /// Smooth positions with a constant-velocity Kalman filter and a Rauch–Tung–Striebel backward pass, its noise
    /// model estimated from the track (a wandering error included when the track shows one); see `sparseTurns`.
    public var smooth: Bool
    /// Where the noise changes along a segment (a phone carried from open sky into a city and back), collapse stops
    /// and smooth each stretch with a noise model of its own (`NoiseStretches`); otherwise one model for the segment.
    public var noiseStretches: Bool
    /// Give each step of the smoothing the acceleration noise its own fixes call for (`SparseTurns`): turns are
    /// followed and straights held straight; otherwise one tuned noise for a whole run, with a wandering error
    /// modelled apart when the track shows one.
    public var sparseTurns: Bool
    /// With `collapseStops`, also collapse where the device lay at rest under a slow, smooth error that the stop
    /// collapser cannot tell from a walk (`RestStops`).
    public var collapseRests: Bool
    /// With `collapseRests`, take in each rest's edges, which its centred test leaves (`RestStops.takeInEdges`).
    public var restEdges: Bool
    /// With `smooth`, put a run on a standard 400 m athletics track on the running line it was run on
    /// (`AthleticsTrack`).
    public var athleticsTrack: Bool
    /// A time gap longer than this (seconds) starts a fresh filter, as a segment boundary does.
    public var gapSeconds: TimeInterval

    public init(
        sport: String? = nil, repairTimestamps: Bool = true, removeSpikes: Bool = true,
        collapseStops: Bool = true, smooth: Bool = true, noiseStretches: Bool = true, sparseTurns: Bool = true,
        collapseRests: Bool = true, restEdges: Bool = true, athleticsTrack: Bool = true,
        gapSeconds: TimeInterval = 60
    ) {
        self.sport = sport
        self.repairTimestamps = repairTimestamps
        self.removeSpikes = removeSpikes
        self.collapseStops = collapseStops
        self.smooth = smooth
        self.noiseStretches = noiseStretches
        self.sparseTurns = sparseTurns
        self.collapseRests = collapseRests
        self.restEdges = restEdges
        self.athleticsTrack = athleticsTrack
        self.gapSeconds = gapSeconds
    }
}
