import Foundation

/// What `TrackCleaner` changed in a track, and why.
public struct CleaningReport: Sendable, Codable, Equatable {
    /// Points removed per reason: `duplicates`, `out_of_order`, `spikes`, `jitter` (inner points of a stop).
    /// Reasons that removed nothing are absent.
    public var removed: [String: Int]
    /// Points whose position the smoother moved by 10 cm or more.
    public var smoothed: Int
    /// Points that were only out of place by a local swap and were put back in time order.
    public var reordered: Int
    /// Stops found and collapsed.
    public var stops: Int
    /// Bursts of reflected signal found (the fixes jumped aside and back) and taken back onto the track.
    public var bursts: Int
    /// Drifts that ended in a jump (a fused location provider coasting, then jumping back once it had a satellite
    /// fix again) found and taken back onto the track.
    public var drifts: Int
    /// Stretches of different noise the segments were cleaned in, each with its own stop radius and smoothing model
    /// (0 when a segment's noise did not change along it).
    public var stretches: Int
    /// Segments run on a standard 400 m athletics track and put on its running line (`AthleticsTrack`).
    public var athleticsTracks: Int
    /// Fixes those moved onto the line by 10 cm or more.
    public var trackFixes: Int
    /// The lanes whose running lines they were put on (empty when none, or a line between lanes).
    public var trackLanes: Set<Int>
    /// Measurement noise the smoother assumed (metres, 1 sigma per axis), the largest over the segments;
    /// nil when nothing was smoothed.
    public var noiseMeters: Double?

    public init(
        removed: [String: Int] = [:], smoothed: Int = 0, reordered: Int = 0, stops: Int = 0, bursts: Int = 0,
        drifts: Int = 0, stretches: Int = 0, athleticsTracks: Int = 0, trackFixes: Int = 0, trackLanes: Set<Int> = [], noiseMeters: Double? = nil
    ) {
        self.removed = removed
        self.smoothed = smoothed
        self.reordered = reordered
        self.stops = stops
        self.bursts = bursts
        self.drifts = drifts
        self.stretches = stretches
        self.athleticsTracks = athleticsTracks
        self.trackFixes = trackFixes
        self.trackLanes = trackLanes
        self.noiseMeters = noiseMeters
    }

    /// All points removed, whatever the reason.
    public var removedTotal: Int { removed.values.reduce(0, +) }

    /// The report keys, so callers and tests do not spell them by hand.
    public enum Reason {
        public static let duplicates = "duplicates"
        public static let outOfOrder = "out_of_order"
        public static let spikes = "spikes"
        public static let jitter = "jitter"
    }

    /// The keys of `corrected` counts (`NormalizedTrack.corrected`, the sidecar's `track.corrected`): what cleaning
    /// moved back onto the track without removing a point.
    public enum Correction {
        /// Bursts of reflected signal (`bursts`).
        public static let bursts = "bursts"
        /// Drifts that ended in a jump (`drifts`).
        public static let drifts = "drifts"
        /// Runs on a 400 m athletics track put on its running line (`athleticsTracks`), each segment counted as one.
        public static let athleticsTrack = "athletics_track"
    }

    /// What was moved back onto the track, by kind; kinds that found nothing are absent.
    public var corrected: [String: Int] {
        [Correction.bursts: bursts, Correction.drifts: drifts, Correction.athleticsTrack: athleticsTracks]
            .filter { $0.value > 0 }
    }

    mutating func count(_ reason: String, _ n: Int) {
        guard n > 0 else { return }
        removed[reason, default: 0] += n
    }
}
