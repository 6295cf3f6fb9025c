import Foundation

/// A point on its way through the cleaner: which point it is, its time in seconds and its position in the
/// segment's local frame. Small on purpose: long activities hold hundreds of thousands of these.
struct CleaningSample: Sendable {
    /// Index of the point in the segment (after timestamp repair).
    var source: Int
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
