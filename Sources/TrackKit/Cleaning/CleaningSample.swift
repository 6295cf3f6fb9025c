import Foundation

/// A point on its way through the cleaner: which point it is, its time in seconds and its position in the
/// segment's local frame. Small on purpose (32 bytes, the two flags in the padding): long activities hold hundreds
/// of thousands of these.
struct CleaningSample: Sendable {
    /// Seconds since the reference date.
    var t: Double
    var x: Double
    var y: Double
    private var sourceIndex: Int32
    /// Set once the position has been changed (stop snapping, smoothing), so it is written back.
    var moved: Bool
    /// Set on the first and last fix of a collapsed rest (`RestStops.collapse`), put where the athlete stood: at that
    /// moment they are not moving, which the smoothing takes as a reading of their speed
    /// (`KalmanSmoother.restSpeedNoise`). A rest's edges are taken in to its own fixes (`RestStops.takeInEdges`); the
    /// stop collapser's ends are not marked: its clusters reach out to their radius either side, up to 25 m, and their
    /// ends can be up to 25 s from where the athlete stopped or set off, still walking.
    var atRest = false

    init(source: Int, t: Double, x: Double, y: Double, moved: Bool = false) {
        self.t = t
        self.x = x
        self.y = y
        sourceIndex = Int32(clamping: source)
        self.moved = moved
    }

    /// Index of the point in the segment (after timestamp repair).
    var source: Int {
        get { Int(sourceIndex) }
        set { sourceIndex = Int32(clamping: newValue) }
    }

    func distance(to other: CleaningSample) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
