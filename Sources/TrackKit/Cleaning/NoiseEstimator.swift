import Foundation

/// Estimates the position noise of a segment from the data itself, so that a watch's clean track is barely
/// touched and a phone's noisy one is smoothed hard.
enum NoiseEstimator {
    static let floorMeters = 1.0
    static let ceilingMeters = 25.0

    /// One-sigma noise per axis in metres, from how far each point sits from the straight line between its
    /// neighbours (robust median, so turns and the odd outlier barely move it).
    static func sigma(_ s: [CleaningSample], gapSeconds: Double) -> Double {
        sigma(s[...], gapSeconds: gapSeconds)
    }

    /// As above, for a part of a segment (a stretch of its own noise, `NoiseStretches`).
    static func sigma(_ s: ArraySlice<CleaningSample>, gapSeconds: Double) -> Double {
        guard s.count >= 3 else { return floorMeters }
        // A spread-out subset of at most ~50,000 triples is plenty for a median.
        let stride = max(1, s.count / 50_000)
        var normalized: [Double] = []
        normalized.reserveCapacity(s.count / stride + 1)
        for i in Swift.stride(from: s.startIndex + 1, to: s.endIndex - 1, by: stride) {
            if let value = squaredMiss(s, at: i, gapSeconds: gapSeconds) { normalized.append(value) }
        }
        guard !normalized.isEmpty else { return floorMeters }
        // For 2-D Gaussian noise the median of |e|² is 2·ln 2·σ².
        let median = Selection.kthSmallest(normalized.count / 2, of: &normalized)
        let sigma = (median / (2 * log(2.0))).squareRoot()
        return min(ceilingMeters, max(floorMeters, sigma))
    }

    /// How far fix `i` sits off the straight line between its neighbours (interpolated at its time), squared and
    /// scaled so that for white noise of σ per axis its mean is 2σ²; nil where a neighbour is missing, at the same
    /// time or across a gap.
    @inline(__always)
    static func squaredMiss(_ s: ArraySlice<CleaningSample>, at i: Int, gapSeconds: Double) -> Double? {
        guard i > s.startIndex, i + 1 < s.endIndex else { return nil }
        let dtIn = s[i].t - s[i - 1].t, dtOut = s[i + 1].t - s[i].t
        guard dtIn > 0, dtOut > 0, dtIn <= gapSeconds, dtOut <= gapSeconds else { return nil }
        let wBefore = dtOut / (dtIn + dtOut), wAfter = 1 - wBefore
        let ex = s[i].x - (wBefore * s[i - 1].x + wAfter * s[i + 1].x)
        let ey = s[i].y - (wBefore * s[i - 1].y + wAfter * s[i + 1].y)
        let value = (ex * ex + ey * ey) / (1 + wBefore * wBefore + wAfter * wAfter)
        return value.isFinite ? value : nil
    }
}
