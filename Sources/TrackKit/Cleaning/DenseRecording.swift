import Foundation

/// A segment recorded many times a second, cleaned one second (a walker's: two) at a time.
///
/// Every stage of the cleaner judges fixes by their neighbours and by counts of them: a spike against the fixes either
/// side, a rest's jitter as each fix's distance from its neighbours' chord, a burst within at most 48 fixes, the noise
/// from differences between neighbours. At one fix a second (or slower) those are the time scales GPS error lives on.
/// At five or ten a second they are not: a receiver that fixes once a second and writes ten interpolated fixes, or
/// repeats each one, or a phone whose fused location updates often, gives neighbours that agree to centimetres while the
/// error of a second ago is metres away. The cleaner then takes a phone's wander for the path: the phone and multipath
/// hikes among the benchmark's 1 s files (0.15 to 4.32 % long as they are), written again at ten fixes a second, came
/// out 10 to 42 % long, with up to 17 % of the true length drawn while the hiker stood still
/// (`Benchmarks/results/generalize.md`).
///
/// So where most of a segment's steps are `denseStepSeconds` (0.5 s) or shorter, its fixes are taken in groups of
/// consecutive fixes less than `groupSeconds` (1 s) after the group's first, and each group becomes one fix of a
/// **skeleton**: the median of its fixes' east and north (one fix thrown far off moves it no further than the next of
/// the other fixes) at the median of their times. Every stage runs on the skeleton as on any track at one fix a second
/// (a walker's: one every two seconds, below). Then each fix of a group the skeleton kept is put on the straight line
/// between the cleaned skeleton fixes either side of its time (where the group next to it was kept as well; else at its
/// own group's cleaned fix), and a fix of a group the skeleton lost is removed with the same reason. Every fix kept
/// keeps its time and sensor data, as everywhere else.
/// A segment whose steps are mostly longer than half a second is cleaned fix by fix, as before: nothing changes for it.
///
/// A walker's skeleton is made of two-second groups (`walkerGroupSeconds`). A device that writes fixes between its
/// solutions gives each the error of the solution before or after it, or a blend of the two, so a second's median mixes
/// two solutions' errors and shares one of them with the next second's. Every stage reads noise from how a fix differs
/// from its neighbours, and on such a skeleton the noise looks smaller than it is and the rest of it like motion: rests
/// went unfound, their wander was drawn, and the smoother followed much of what was left. At a walker's pace the error
/// moves faster than the walker, so that is most of what a hike measures. Two-second groups of such fixes share a
/// quarter of their error rather than half, and have twice the fixes for their medians; a walker covers 4 m in them at
/// most, and a hike's sharp turns are cut by about a metre more each (held out: −2.0 → −3.0 m a turn on average). A
/// runner or a rider covers 6 to 25 m, and a sharp corner is cut across at that (on the development files, two-second
/// groups at every pace cut a run's sharp turns by up to 5 m more each): their skeleton stays at one fix a second, as
/// does one whose pace cannot be read. The pace is read on the one-second skeleton (`SparseTurns.measuredSpeed`, the
/// median speed over ten seconds while moving) against `walkingSpeed`. On the benchmark's development hikes written two
/// or five times a second (56 files), the error left (sum of |error − floor|) fell from 166 to 75 points, the worst
/// file from +15.2 to +6.8 %; on 96 held-out hikes from 177 to 112 points, the worst from +13.9 to +6.5 %
/// (`Benchmarks/results/generalize.md`).
struct DenseRecording {
    /// A segment is dense where more than half its steps are this short or shorter.
    static let denseStepSeconds = 0.5
    /// A group holds the fixes less than this many seconds after its first, unless the athlete walks.
    static let groupSeconds = 1.0
    /// A walker's groups, seconds (see the type's documentation).
    static let walkerGroupSeconds = 2.0
    /// The fastest typical pace taken for a walk, m/s: about where people change from walking to running.
    static let walkingSpeed = 2.0

    /// The segment's samples as they came in.
    let samples: [CleaningSample]
    /// Each group's samples: a range of `samples`, in order, together covering them all.
    let groups: [Range<Int>]
    /// One sample per group (its source is the group's first sample's, so a stage's removals name a real point).
    let skeleton: [CleaningSample]

    /// How many seconds a group spans at most: `groupSeconds`, or `walkerGroupSeconds` for a walker.
    let seconds: Double

    /// nil unless `samples` (in strict time order) are dense and make a skeleton of at least three fixes. `gapSeconds`
    /// is the cleaning's gap, for reading the athlete's pace.
    init?(_ samples: [CleaningSample], gapSeconds: Double) {
        guard samples.count >= 3 else { return nil }
        var short = 0
        for k in 1..<samples.count where samples[k].t - samples[k - 1].t <= Self.denseStepSeconds { short += 1 }
        guard 2 * short > samples.count - 1 else { return nil }
        var (groups, skeleton) = Self.grouped(samples, seconds: Self.groupSeconds)
        var seconds = Self.groupSeconds
        // A pace that cannot be read (a segment of a few seconds, or one that never moves) keeps one-second groups.
        if let pace = SparseTurns.measuredSpeed(skeleton, gapSeconds: gapSeconds), pace <= Self.walkingSpeed {
            seconds = Self.walkerGroupSeconds
            (groups, skeleton) = Self.grouped(samples, seconds: seconds)
        }
        guard skeleton.count >= 3 else { return nil }
        self.samples = samples
        self.groups = groups
        self.skeleton = skeleton
        self.seconds = seconds
    }

    /// `samples` in groups of the fixes less than `seconds` after the group's first, and a skeleton fix for each.
    static func grouped(
        _ samples: [CleaningSample], seconds: Double
    ) -> (groups: [Range<Int>], skeleton: [CleaningSample]) {
        var groups: [Range<Int>] = []
        var skeleton: [CleaningSample] = []
        var xs: [Double] = [], ys: [Double] = []
        var first = 0
        while first < samples.count {
            var end = first + 1
            while end < samples.count, samples[end].t - samples[first].t < seconds { end += 1 }
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            for k in first..<end {
                xs.append(samples[k].x)
                ys.append(samples[k].y)
            }
            groups.append(first..<end)
            // The median time, as the position is the median position: with an even count both are halfway between
            // the middle two fixes (at two fixes a second, the later one's time put the path a quarter second late).
            let time = (samples[first + (end - first - 1) / 2].t + samples[first + (end - first) / 2].t) / 2
            skeleton.append(CleaningSample(
                source: samples[first].source, t: time, x: Self.median(&xs), y: Self.median(&ys)))
            first = end
        }
        return (groups, skeleton)
    }

    /// The median of `values` (reordered; the mean of the middle two when their count is even).
    static func median(_ values: inout [Double]) -> Double {
        let middle = values.count / 2
        let upper = Selection.kthSmallest(middle, of: &values)
        return values.count % 2 == 1 ? upper : (Selection.kthSmallest(middle - 1, of: &values) + upper) / 2
    }

    struct Expanded {
        /// Every sample of a kept group, in order, at its place on the cleaned skeleton.
        var samples: [CleaningSample]
        /// Every sample of a group the skeleton lost, with the stage's reason.
        var removals: [CleaningRemoval]
        /// How many more removals each reason counts than the skeleton's stages counted (a lost group counts its
        /// every fix; the stages counted one of them).
        var moreSpikes: Int
        var moreJitter: Int
        /// Samples moved by 10 cm or more.
        var moved: Int
    }

    /// Carries the cleaned `skeleton` (a subsequence of `self.skeleton`, with new positions) back to every sample.
    /// `removals` are the stages' removals of skeleton fixes (each names its group's first point of `points`). With
    /// `smoothed` false (smoothing switched off) each fix keeps its own position moved only as far as the skeleton's
    /// fixes either side were moved (by a burst's correction or a stop's snapping), not onto the skeleton itself.
    func expand(
        _ cleaned: [CleaningSample], removals: [CleaningRemoval], points: [TrackPoint], smoothed: Bool = true
    ) -> Expanded {
        // The group of each cleaned skeleton fix: sources increase with the groups.
        var groupOf: [Int] = []
        groupOf.reserveCapacity(cleaned.count)
        var g = 0
        for fix in cleaned {
            while g < groups.count, samples[groups[g].lowerBound].source != fix.source { g += 1 }
            precondition(g < groups.count, "a cleaned skeleton fix that is not one of the skeleton's")
            groupOf.append(g)
        }
        var result = Expanded(samples: [], removals: [], moreSpikes: 0, moreJitter: 0, moved: 0)
        result.samples.reserveCapacity(samples.count)
        // Without smoothing, what is carried is each skeleton fix's move (its time, and how far it was moved).
        let carried = smoothed ? cleaned : cleaned.enumerated().map { k, fix in
            let own = skeleton[groupOf[k]]
            return CleaningSample(source: fix.source, t: fix.t, x: fix.x - own.x, y: fix.y - own.y)
        }
        for (k, fix) in carried.enumerated() {
            let group = groups[groupOf[k]]
            let before = k > 0 && groupOf[k - 1] == groupOf[k] - 1 ? carried[k - 1] : nil
            let after = k + 1 < carried.count && groupOf[k + 1] == groupOf[k] + 1 ? carried[k + 1] : nil
            for index in group {
                var sample = samples[index]
                var (x, y): (Double, Double)
                if sample.t >= fix.t, let after {
                    (x, y) = Self.between(fix, after, at: sample.t)
                } else if sample.t < fix.t, let before {
                    (x, y) = Self.between(before, fix, at: sample.t)
                } else {
                    (x, y) = (fix.x, fix.y)
                }
                if !smoothed {
                    x += sample.x
                    y += sample.y
                }
                let dx = x - sample.x, dy = y - sample.y
                if dx != 0 || dy != 0 {
                    if dx * dx + dy * dy >= 0.01 { result.moved += 1 }
                    sample.x = x
                    sample.y = y
                    sample.moved = true
                }
                result.samples.append(sample)
            }
        }
        // A lost group's every fix goes, for the reason its skeleton fix went (a stage's removal names the group's
        // first point, by its time). Every lost group is traced, so the report's marks are the fixes removed.
        var reasons: [Date: CleaningRemoval.Reason] = [:]
        for removal in removals {
            if let time = removal.time { reasons[time] = removal.reason }
        }
        var next = 0  // into groupOf: the next kept group
        for (g, group) in groups.enumerated() {
            if next < groupOf.count, groupOf[next] == g {
                next += 1
                continue
            }
            let traced = points[samples[group.lowerBound].source].time.flatMap { reasons[$0] }
            let reason = traced ?? .stopJitter
            for index in group {
                result.removals.append(CleaningRemoval(points[samples[index].source], reason))
            }
            // The stage counted the skeleton fix it traced; the group's other fixes are counted here.
            let more = group.count - (traced == nil ? 0 : 1)
            switch reason {
            case .spike: result.moreSpikes += more
            default: result.moreJitter += more
            }
        }
        return result
    }

    /// The position on the straight line from `a` to `b` at time `t`.
    static func between(_ a: CleaningSample, _ b: CleaningSample, at t: Double) -> (Double, Double) {
        let span = b.t - a.t
        guard span > 0 else { return (a.x, a.y) }
        let f = (t - a.t) / span
        return (a.x + f * (b.x - a.x), a.y + f * (b.y - a.y))
    }
}
