import TrackKit
import StravaKit
import GRDB

/// Namespace for the watcher, ledger, pipeline and sidecars.
public enum TrackDropInfo {}
