import Foundation

/// Finds GPS spikes: runs of up to three points that leave the track and come back.
///
/// A run is a spike when, for every point in it, either reaching it and leaving it would both need an
/// impossible speed for the sport, or it lies far from both of its neighbours and far off the line between
/// them, "far" growing with how quickly the athlete moves there (read from the steps either side, from how far apart
/// the run's two anchors are, and from the steps into and out of them) so that a real hairpin is never cut; or, given
/// the athlete's top speed, it lies off the line and the way through it from one neighbour to the other needs half as
/// much again as that speed covers (`isDetourTooFast`): at a fix every 10 s a rider's steps are 100 m, and a fix thrown
/// 150 m off is not "far" against them.
enum SpikeFilter {
    /// Below this (metres) an excursion is GPS noise for the smoother, not a spike.
    static let minimumSpikeMeters = 30.0
    /// Slack (metres) on the speed test, for the position noise of the two fixes.
    static let noiseAllowance = 10.0
    /// An out-and-back excursion is a spike when it is this many times farther than the athlete moves.
    static let excursionFactor = 2.0
    /// A fix is a spike when the way through it, from the fix before to the fix after, needs this many times the
    /// athlete's speed (`isDetourTooFast`).
    static let detourFactor = 1.5
    static let maxRunLength = 3
    /// Steps on each side used to learn how fast the athlete is moving around a candidate.
    static let speedWindow = 8
    static let maxPasses = 3

    /// Removes the spikes, pass after pass. `topSpeed` is the athlete's top speed on the segment (m/s,
    /// `TrackCleaner.topSpeedQuantile` of its 10 s speeds); without it the way through a fix is not judged.
    static func filter(
        _ input: [CleaningSample], profile: SportProfile, topSpeed: Double? = nil
    ) -> (samples: [CleaningSample], removed: Int) {
        var samples = input
        var removed = 0
        for _ in 0..<maxPasses {
            let spikes = findSpikes(samples, profile: profile, topSpeed: topSpeed)
            guard !spikes.isEmpty else { break }
            removed += spikes.count
            samples = samples.indices.filter { !spikes.contains($0) }.map { samples[$0] }
        }
        return (samples, removed)
    }

    static func findSpikes(_ s: [CleaningSample], profile: SportProfile, topSpeed: Double? = nil) -> Set<Int> {
        var spikes = Set<Int>()
        guard s.count >= 3 else { return spikes }
        var anchor = 0
        var i = 1
        while i < s.count - 1 {
            var found = false
            for length in 1...maxRunLength where i + length < s.count {
                let after = i + length
                if isSpikeRun(s, before: anchor, run: i..<after, after: after, profile: profile, topSpeed: topSpeed) {
                    spikes.formUnion(i..<after)
                    i = after
                    found = true
                    break
                }
            }
            if !found {
                anchor = i
                i += 1
            }
        }
        if !spikes.contains(1), isEdgeSpike(s, edge: 0, next: 1, nextButOne: 2, profile: profile) {
            spikes.insert(0)
        }
        let last = s.count - 1
        if !spikes.contains(last - 1), isEdgeSpike(s, edge: last, next: last - 1, nextButOne: last - 2, profile: profile) {
            spikes.insert(last)
        }
        return spikes
    }

    private static func isSpikeRun(
        _ s: [CleaningSample], before a: Int, run: Range<Int>, after b: Int, profile: SportProfile, topSpeed: Double?
    ) -> Bool {
        let start = s[a], end = s[b]
        let span = end.t - start.t
        // If the anchors themselves are too far apart, the run is not what is wrong.
        guard start.distance(to: end) <= profile.maxSpeed * span + noiseAllowance else { return false }
        var typicalSpeed: Double?
        for j in run {
            let p = s[j]
            let dIn = start.distance(to: p), dOut = p.distance(to: end)
            let impossible = dIn > profile.maxSpeed * (p.t - start.t) + noiseAllowance
                && dOut > profile.maxSpeed * (end.t - p.t) + noiseAllowance
            if impossible { continue }
            guard min(dIn, dOut) > minimumSpikeMeters else { return false }
            let fraction = span > 0 ? (p.t - start.t) / span : 0.5
            let ex = start.x + (end.x - start.x) * fraction, ey = start.y + (end.y - start.y) * fraction
            let offLine = ((p.x - ex) * (p.x - ex) + (p.y - ey) * (p.y - ey)).squareRoot()
            guard offLine > minimumSpikeMeters else { return false }
            let speed = typicalSpeed ?? athleteSpeed(s, around: a...b, topSpeed: topSpeed)
            typicalSpeed = speed
            let reach = max(minimumSpikeMeters, excursionFactor * speed * max(p.t - start.t, end.t - p.t))
            if min(dIn, dOut) > reach, offLine > reach { continue }
            guard let topSpeed, span > 0 else { return false }
            let athlete = max(topSpeed, speed, start.distance(to: end) / span)
            guard isDetourTooFast(dIn: dIn, dOut: dOut, span: span, athlete: athlete),
                  anchorsOnTheWay(s, a, b, athlete: athlete) else { return false }
        }
        return true
    }

    /// Whether going from one anchor to the fix and on to the other would take `detourFactor` times the athlete's
    /// speed, `noiseAllowance` taken off for each anchor's own noise: a real fix is never farther from where the
    /// athlete was before and after than they could go meanwhile. Between fixes 10 s apart a rider covers 100 m a step,
    /// so a fix thrown 150 m off is not far from its neighbours against the steps, but the way through it can be more
    /// than half as long again as the rider's top speed covers in that time. The athlete's speed is the fastest of
    /// their top speed, the speed around the run (`athleteSpeed`) and the anchors' distance over their time: a runner's
    /// few strides are faster than the session's top speed, too few to set it, but they take the anchors apart. Each
    /// fix of a run is judged on its own way, so that the run's other fixes do not make it long.
    @inline(__always)
    private static func isDetourTooFast(dIn: Double, dOut: Double, span: Double, athlete: Double) -> Bool {
        dIn + dOut - 2 * noiseAllowance > detourFactor * athlete * span
    }

    /// Whether each anchor is reached from its other neighbour at no more than `detourFactor` times the athlete's
    /// speed: an anchor thrown off itself makes the way through a real fix beside it long, and is the spike.
    private static func anchorsOnTheWay(_ s: [CleaningSample], _ a: Int, _ b: Int, athlete: Double) -> Bool {
        func plausible(_ i: Int, _ j: Int) -> Bool {
            s[i].distance(to: s[j]) - 2 * noiseAllowance <= detourFactor * athlete * abs(s[j].t - s[i].t)
        }
        return (a == 0 || plausible(a - 1, a)) && (b == s.count - 1 || plausible(b, b + 1))
    }

    /// The first or last point of a segment has one neighbour: compare it with where the next two points
    /// say it should be.
    private static func isEdgeSpike(
        _ s: [CleaningSample], edge e: Int, next n: Int, nextButOne m: Int, profile: SportProfile
    ) -> Bool {
        let p = s[e], q = s[n], r = s[m]
        let dt = abs(q.t - p.t), dtNext = abs(r.t - q.t)
        let jump = p.distance(to: q)
        let nextPlausible = q.distance(to: r) <= profile.maxSpeed * dtNext + noiseAllowance
        guard nextPlausible, jump > minimumSpikeMeters else { return false }
        if jump > profile.maxSpeed * dt + noiseAllowance { return true }
        let ratio = dtNext > 0 ? dt / dtNext : 1
        let ex = q.x + (q.x - r.x) * ratio, ey = q.y + (q.y - r.y) * ratio
        let offLine = ((p.x - ex) * (p.x - ex) + (p.y - ey) * (p.y - ey)).squareRoot()
        let lower = min(e, m), upper = max(e, m)
        let reach = max(minimumSpikeMeters, excursionFactor * medianSpeed(s, excluding: lower...upper) * dt)
        return jump > reach && offLine > reach
    }

    /// How fast the athlete moves across a run whose anchors are the ends of `run`: the median speed of the steps just
    /// before and after it, the speed from one anchor to the other (less `noiseAllowance` for the two anchors' own
    /// noise, and no faster than the faster of the two steps just outside the anchors) or the pace at both anchors
    /// (`movingAtBoth`), whichever is the most. The steps
    /// either side may be a rest (an interval session sampled every 10 s: eight steps are 80 s of standing), and a
    /// repetition leaving it then looks like fixes thrown far out; the anchors a run leaves from and comes back to are
    /// as far apart as the athlete got meanwhile, and a spike's are where the athlete was, whatever the noise did
    /// between. An anchor thrown out itself (a receiver's first fix after a gap, far off, the next ones coming back)
    /// makes a pace the steps beside it do not show: the run goes as a spike, and the anchor with the next pass.
    /// Anchors a few seconds apart are set apart by their noise as much as by the athlete: the allowance takes the
    /// noise's share out.
    private static func athleteSpeed(_ s: [CleaningSample], around run: ClosedRange<Int>, topSpeed: Double?) -> Double {
        let start = s[run.lowerBound], end = s[run.upperBound]
        let span = end.t - start.t
        var beside: [Double] = []
        if run.lowerBound > 0 { appendSpeed(s, run.lowerBound - 1, &beside) }
        if run.upperBound < s.count - 1 { appendSpeed(s, run.upperBound, &beside) }
        let across = span > 0 ? min(max(0, start.distance(to: end) - noiseAllowance) / span, beside.max() ?? 0) : 0
        return max(medianSpeed(s, excluding: run), across, movingAtBoth(beside, topSpeed: topSpeed))
    }

    /// The athlete's pace at both of a run's anchors: the slower of the step into the first and the step out of the
    /// last (`beside`), where neither is faster than the way through a fix may go (`detourFactor` times the athlete's
    /// top speed); 0 without both steps or without the top speed. On an interval session sampled every 10 s the steps
    /// beside a run of a repetition's fixes on the far side of the track are the repetition's, while most of the eight
    /// either side are the rest's, and the anchors, round the bend from each other, are as close as the run's fixes
    /// are far (a phone that lags cuts the bend: 50 m for the 190 m run). A spike thrown out at rest has the rest's
    /// steps beside it, one thrown out as the athlete sets off has one, and one thrown out on the move the pace the
    /// steps around it already read.
    private static func movingAtBoth(_ beside: [Double], topSpeed: Double?) -> Double {
        guard let topSpeed, beside.count == 2, let slower = beside.min(), let faster = beside.max(),
              faster <= detourFactor * topSpeed
        else { return 0 }
        return slower
    }

    /// Median speed of the steps just before and after `excluding`.
    private static func medianSpeed(_ s: [CleaningSample], excluding: ClosedRange<Int>) -> Double {
        var speeds: [Double] = []
        speeds.reserveCapacity(2 * speedWindow)
        let lowStart = max(0, excluding.lowerBound - speedWindow)
        for k in stride(from: lowStart, to: excluding.lowerBound, by: 1) { appendSpeed(s, k, &speeds) }
        let highEnd = min(s.count - 1, excluding.upperBound + speedWindow)
        for k in stride(from: excluding.upperBound, to: highEnd, by: 1) { appendSpeed(s, k, &speeds) }
        guard !speeds.isEmpty else { return 0 }
        speeds.sort()
        return speeds[speeds.count / 2]
    }

    private static func appendSpeed(_ s: [CleaningSample], _ k: Int, _ speeds: inout [Double]) {
        let dt = s[k + 1].t - s[k].t
        if dt > 0 { speeds.append(s[k].distance(to: s[k + 1]) / dt) }
    }
}
