import Foundation

/// A point on its way through the cleaner: the original point plus its time in seconds and its position in
/// the segment's local frame.
struct CleaningSample: Sendable {
    var point: TrackPoint
    /// Seconds since the reference date.
    var t: Double
    var x: Double
    var y: Double
    /// Set once the position has been changed (stop snapping, smoothing), so it is written back.
    var moved = false

    func distance(to other: CleaningSample) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
