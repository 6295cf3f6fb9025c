import Foundation

/// Stretches of a track whose noise differs: a phone carried from open sky into a city and back, a watch under
/// trees for half an hour. One noise model fitted to the whole track smooths the quiet stretches too hard (their
/// turns are cut) and the noisy ones too little (their jitter stays), and sizes every stop by the middle of the two.
///
/// Each fix's noise is read as `NoiseEstimator` reads it, from how far it sits off the chord of its neighbours. The
/// logarithm of that squared miss has the same spread whatever the noise (for Gaussian noise, that of the logarithm
/// of an exponential draw, π²/6), so a change of noise is a step in its mean. The track is cut where that step is
/// strongest, as long as both sides are long and the step is far beyond chance, and each side is looked at again
/// (binary segmentation). Then every cut is judged between the cuts either side of it: the noise on its two sides must
/// differ by a clear factor, and the step still stand far beyond chance; of the cuts that fail, the one with the
/// smallest factor goes and its neighbours are judged again, until none fails.
///
/// The factor is judged only at the end because a first cut's sides mix what lies inside them: a city of ten minutes
/// in the middle of a walk of an hour and a half, cut at its start, is a fifth of the side after, and the noise of
/// the sides differs by a factor of 1.3 where the city's is four times the open sky's. Judged at once, that cut failed
/// and nothing inside was looked at: the whole walk was cleaned as one stretch (`aShortCityInALongWalkIsCutAtBothEnds`;
/// the figures: `Benchmarks/generalize/experiments/stretch-segmentation/`).
enum NoiseStretches {
    /// Shortest stretch, seconds: each gets a noise model of its own, fitted on its fixes and those within
    /// `TrackCleaner.stretchMarginSeconds` either side. A louder spell shorter than this (a city block) is cut around,
    /// in a stretch at least this long that holds it (`aShortCityGetsAStretchOfItsOwn`).
    static let minimumSeconds = 300.0
    /// Shortest stretch, fixes (a sparse recording needs enough of them to fit a model).
    static let minimumFixes = 150
    /// Smallest ratio of the noise (one sigma) on the two sides of a cut.
    static let minimumRatio = 1.8
    /// How far beyond chance a step must be, in standard errors of the difference of the two means. Neighbouring
    /// misses share fixes and a wandering error correlates them for many seconds, so the bar is far above what
    /// independent values would need.
    static let minimumScore = 12.0
    /// At most this many stretches in a segment.
    static let maximumStretches = 64
    /// The segmentation stops at this many stretches, before its cuts are judged.
    static let candidateStretches = 4 * maximumStretches

    /// A stretch: the samples `range` (indices into the segment's samples) and their noise, metres (one sigma per
    /// axis, as `NoiseEstimator.sigma` reads it).
    struct Stretch: Equatable {
        var range: Range<Int>
        var sigma: Double
    }

    /// The stretches of `s`, in order and covering it; one when its noise does not change.
    static func find(_ s: [CleaningSample], gapSeconds: Double) -> [Stretch] {
        stretches(s, cuts: cuts(s, gapSeconds: gapSeconds), gapSeconds: gapSeconds)
    }

    /// The stretches of `s` between `cuts` (as `cuts(_:gapSeconds:)` gives them), each with its noise.
    static func stretches(_ s: [CleaningSample], cuts: [Int], gapSeconds: Double) -> [Stretch] {
        let bounds = [0] + cuts + [s.count]
        return zip(bounds, bounds.dropFirst()).map { start, end in
            Stretch(range: start..<end, sigma: NoiseEstimator.sigma(s[start..<end], gapSeconds: gapSeconds))
        }
    }

    /// Where the stretches of `s` begin, the first excepted (indices, ascending); empty when its noise does not change.
    static func cuts(_ s: [CleaningSample], gapSeconds: Double) -> [Int] {
        cuts(s, gapSeconds: gapSeconds, sums: Sums(count: s.count))
    }

    /// The running sums `cuts` works in, one past each fix of a segment. Made apart from it so that where `cuts` runs on
    /// a second thread (`TrackCleaner`), its memory is still taken on the calling thread: taken on the second, it would
    /// come from that thread's own allocator arena and stay resident after the cleaning (peak RSS of a `check` of the
    /// 500,000-point benchmark file 111 → 123 MiB).
    final class Sums: @unchecked Sendable {
        fileprivate var values: [Double], counts: [Int]
        init(count n: Int) {
            values = [Double](repeating: 0, count: n + 1)
            counts = [Int](repeating: 0, count: n + 1)
        }
    }

    /// As above, in `sums` (made for `s.count` fixes, and used up: each `Sums` serves one call).
    static func cuts(_ s: [CleaningSample], gapSeconds: Double, sums buffers: Sums) -> [Int] {
        guard s.count >= 2 * minimumFixes, let first = s.first, let last = s.last,
              last.t - first.t >= 2 * minimumSeconds
        else { return [] }
        // Taken out of `buffers`, so that each stays uniquely held and is written where it was made.
        var sums = buffers.values, counts = buffers.counts
        buffers.values = []
        buffers.counts = []
        precondition(sums.count == s.count + 1 && counts.count == s.count + 1, "sums made for another segment")
        // Running sums of the logarithm of each fix's squared miss off its neighbours' chord, where it can be read,
        // and of their count, for any range's mean in constant time.
        let all = s[...]
        for i in s.indices {
            // A floor far below any receiver's noise keeps a repeated fix from giving −∞ (NaN where it cannot be read).
            let value = i > 0 && i + 1 < s.count ? NoiseEstimator.squaredMiss(all, at: i, gapSeconds: gapSeconds) : nil
            let miss = value.map { log(max($0, 1e-4)) } ?? .nan
            let readable = !miss.isNaN
            sums[i + 1] = sums[i] + (readable ? miss : 0)
            counts[i + 1] = counts[i] + (readable ? 1 : 0)
        }
        func mean(_ range: Range<Int>) -> Double {
            let n = counts[range.upperBound] - counts[range.lowerBound]
            return n > 0 ? (sums[range.upperBound] - sums[range.lowerBound]) / Double(n) : .nan
        }
        let spread = (Double.pi * Double.pi / 6).squareRoot()
        /// How the noise steps at `cut` between `low..<cut` and `cut..<high`: the ratio it means (the mean log of a
        /// squared miss moves by 2 ln(ratio)) and how far beyond chance it is.
        func step(_ low: Int, _ cut: Int, _ high: Int) -> (ratio: Double, score: Double) {
            let before = counts[cut] - counts[low], after = counts[high] - counts[cut]
            guard before > 0, after > 0 else { return (1, 0) }
            let change = abs(mean(low..<cut) - mean(cut..<high))
            return (exp(change / 2), change / (spread * (1 / Double(before) + 1 / Double(after)).squareRoot()))
        }
        // Every range's strongest cut, while it stands far beyond chance, whatever the ratio (binary segmentation).
        var candidates: [Int] = []
        var pending: [Range<Int>] = [s.indices]
        while let range = pending.popLast(), candidates.count + 1 < candidateStretches {
            var best: (index: Int, score: Double)?
            let total = counts[range.upperBound] - counts[range.lowerBound]
            for cut in (range.lowerBound + minimumFixes)..<max(range.lowerBound + minimumFixes, range.upperBound - minimumFixes + 1) {
                guard s[cut].t - s[range.lowerBound].t >= minimumSeconds,
                      s[range.upperBound - 1].t - s[cut].t >= minimumSeconds else { continue }
                let before = counts[cut] - counts[range.lowerBound], after = total - before
                guard before >= minimumFixes / 2, after >= minimumFixes / 2 else { continue }
                let step = abs(mean(range.lowerBound..<cut) - mean(cut..<range.upperBound))
                let score = step / (spread * (1 / Double(before) + 1 / Double(after)).squareRoot())
                if score > (best?.score ?? 0) { best = (cut, score) }
            }
            guard let best, best.score >= minimumScore else { continue }
            candidates.append(best.index)
            pending.append(range.lowerBound..<best.index)
            pending.append(best.index..<range.upperBound)
        }
        // Then each cut is judged between its neighbours, and the one with the smallest ratio among those that miss a
        // bar goes, until none does; past `maximumStretches`, the smallest ratios go.
        var cuts = candidates.sorted()
        func judged(_ i: Int) -> (ratio: Double, score: Double) {
            step(i == 0 ? 0 : cuts[i - 1], cuts[i], i + 1 == cuts.count ? s.count : cuts[i + 1])
        }
        while !cuts.isEmpty {
            let steps = cuts.indices.map(judged)
            let failing = cuts.indices.filter {
                steps[$0].ratio < minimumRatio || steps[$0].score < minimumScore || cuts.count + 1 > maximumStretches
            }
            guard let weakest = failing.min(by: { steps[$0].ratio < steps[$1].ratio }) else { break }
            cuts.remove(at: weakest)
        }
        return cuts
    }
}
