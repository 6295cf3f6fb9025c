/// The activity file formats trackdrop reads and Strava accepts.
public enum TrackFormat: String, Sendable, Codable, CaseIterable {
    case gpx, tcx, fit
}
