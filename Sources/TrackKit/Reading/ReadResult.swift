import Foundation

/// What the XML reader found besides the track itself, for the checks.
struct ReadResult {
    var track: Track
    var gzipped = false
    /// `wpt` and `rtept` elements: present in files that hold routes or waypoints instead of a track.
    var waypointCount = 0
    var routePointCount = 0
    /// Points whose time carried no zone (read as UTC), and where the first one is.
    var zonelessTimes = 0
    var firstZonelessLine: Int?
    /// `<time>` texts that are not ISO 8601 times.
    var unreadableTimes = 0
    var firstUnreadableTimeLine: Int?
    /// Points left out because they have no usable position.
    var pointsWithoutPosition = 0
    var firstPointWithoutPositionLine: Int?
    /// Of the points without a position, those with a time: an indoor activity (treadmill, trainer) records
    /// only these. Their earliest and latest time and the largest distance the device measured.
    var timedWithoutPosition = 0
    var firstTimeWithoutPosition: Date?
    var lastTimeWithoutPosition: Date?
    var distanceWithoutPosition: Double?
    /// The TCX file holds a course (a planned route) rather than a recorded activity.
    var isCourse = false

    init(track: Track) {
        self.track = track
    }
}
