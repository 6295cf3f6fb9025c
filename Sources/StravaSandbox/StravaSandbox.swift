import TrackKit
import Hummingbird

/// Namespace for the local Strava API server.
public enum StravaSandboxInfo {}
