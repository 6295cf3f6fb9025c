import Foundation

/// Finds where a device lay at rest under a slow, smooth error, and collapses it.
///
/// A chipset's own tracking filter, or a phone's fused location, leaves an error that moves smoothly: metres over tens
/// of seconds. At rest its fixes wander 10–20 m from where the device lies, at walking pace, and neither the stop
/// collapser (its radius is sized from how far fixes sit off their neighbours' chord, which a smooth error hardly
/// moves) nor the smoother (a smooth error looks like motion over seconds) can tell that from a walk. A hike with three
/// long breaks came out up to 19 % long that way.
///
/// What tells it apart is where the fixes get to over a longer time. A walker, even at the sport's slowest moving
/// pace, gets `side` metres along in `side / slowestMovingSpeed` seconds; a device at rest stays in a small box however
/// its error wanders. So a fix is *at rest* when every fix within that many seconds before it and after it lies in a
/// box `side` metres on a side (a walker would have covered twice that), and a run of such fixes is a rest. The test
/// is centred: a rest ends that many seconds before the athlete set off, so no step of the walk itself is ever taken
/// into it (of the 734 rests found in the benchmark's `tuning`, `after`, `other`, `stretches` and `still-final` files,
/// none held a metre of the truth's movement).
///
/// Rests are found on the fixes as they came in (spikes and bursts corrected), and collapsed after the stop collapser,
/// like its stops: a rest's first and last fix stay, moved to its centroid, so its time is kept and it adds no
/// distance.
enum RestStops {
    /// Side of the box a device at rest stays in, metres: the wander of a chipset's or a phone's smooth error at rest
    /// (10–20 m from its centre over a long stop, most of it within 12 m).
    static let side = 20.0
    /// Fewest fixes in a fix's window for the test to mean anything.
    static let minimumWindowFixes = 5

    /// A rest: from `start` to `end` (seconds, the times of its first and last fix), centred at (`x`, `y`).
    struct Rest: Equatable {
        var start: Double, end: Double, x: Double, y: Double
    }

    /// The rests of `s` (samples in strictly increasing time), in time order. A fix's window must lie within `s` and
    /// hold `minimumWindowFixes` fixes that reach at least half-way to each of its ends: across a loss of signal the
    /// test has nothing to see. Linear in the number of fixes (sliding minima and maxima).
    static func find(_ s: [CleaningSample], profile: SportProfile) -> [Rest] {
        let n = s.count
        guard n >= minimumWindowFixes else { return [] }
        let half = side / profile.slowestMovingSpeed
        var lowX = SlidingExtreme(below: true), highX = SlidingExtreme(below: false)
        var lowY = SlidingExtreme(below: true), highY = SlidingExtreme(below: false)
        var rests: [Rest] = []
        // The current run of fixes at rest: where it began, and the sums for its centroid.
        var run: (first: Int, sumX: Double, sumY: Double)?
        func close(_ last: Int) {
            guard let open = run else { return }
            run = nil
            let count = Double(last - open.first + 1)
            if last > open.first {
                rests.append(Rest(start: s[open.first].t, end: s[last].t, x: open.sumX / count, y: open.sumY / count))
            }
        }
        var low = 0, high = 0  // the window is low..<high
        for k in 0..<n {
            while high < n, s[high].t <= s[k].t + half {
                lowX.push(high, s[high].x); highX.push(high, s[high].x)
                lowY.push(high, s[high].y); highY.push(high, s[high].y)
                high += 1
            }
            while s[low].t < s[k].t - half { low += 1 }
            // Forget what left the window on every step, judged or not, so the queues hold one window at most.
            lowX.drop(before: low); highX.drop(before: low)
            lowY.drop(before: low); highY.drop(before: low)
            let t = s[k].t
            let full = t - half >= s[0].t && t + half <= s[n - 1].t && high - low >= minimumWindowFixes
                && s[low].t <= t - half / 2 && s[high - 1].t >= t + half / 2
            let still = full && highX.value - lowX.value <= side && highY.value - lowY.value <= side
            if still {
                if let open = run {
                    run = (open.first, open.sumX + s[k].x, open.sumY + s[k].y)
                } else {
                    run = (k, s[k].x, s[k].y)
                }
            } else {
                close(k - 1)
            }
        }
        close(n - 1)
        return rests
    }

    /// Collapses `rests` (from `find`, in time order) in `s`: the samples within each rest's time give way to its first
    /// and last, both moved to the rest's centroid.
    static func collapse(
        _ s: [CleaningSample], rests: [Rest]
    ) -> (samples: [CleaningSample], removed: Int, stops: Int) {
        guard !rests.isEmpty else { return (s, 0, 0) }
        var out: [CleaningSample] = []
        out.reserveCapacity(s.count)
        var removed = 0, stops = 0
        var next = 0
        var i = 0
        while i < s.count {
            while next < rests.count, rests[next].end < s[i].t { next += 1 }
            guard next < rests.count, s[i].t >= rests[next].start else {
                out.append(s[i])
                i += 1
                continue
            }
            let rest = rests[next]
            var last = i
            while last + 1 < s.count, s[last + 1].t <= rest.end { last += 1 }
            var first = s[i], end = s[last]
            first.x = rest.x; first.y = rest.y; first.moved = true
            out.append(first)
            if last > i {
                end.x = rest.x; end.y = rest.y; end.moved = true
                out.append(end)
            }
            removed += max(0, last - i - 1)
            stops += 1
            i = last + 1
            next += 1
        }
        return (out, removed, stops)
    }

    /// The least (`below`) or greatest of the values pushed and not yet dropped: a monotonic queue over a sliding
    /// window, each index pushed and dropped once.
    struct SlidingExtreme {
        let below: Bool
        private var indices: [Int] = []
        private var values: [Double] = []
        private var head = 0

        init(below: Bool) { self.below = below }

        mutating func push(_ index: Int, _ value: Double) {
            while indices.count > head, below ? values[values.count - 1] >= value : values[values.count - 1] <= value {
                indices.removeLast()
                values.removeLast()
            }
            indices.append(index)
            values.append(value)
        }

        /// Drops the values pushed with an index below `low`, which never decreases between calls.
        mutating func drop(before low: Int) {
            while head < indices.count, indices[head] < low { head += 1 }
            // Keep the storage to what is still in the window.
            if head >= 4_096, head * 2 >= indices.count {
                indices.removeFirst(head)
                values.removeFirst(head)
                head = 0
            }
        }

        /// The extreme of the values pushed and not dropped; at least one must be.
        var value: Double { values[head] }
    }
}
