import Foundation

/// Finds GPS spikes: runs of up to three points that leave the track and come back.
///
/// A run is a spike when, for every point in it, either reaching it and leaving it would both need an
/// impossible speed for the sport, or it lies far from both of its neighbours and far off the line between
/// them, "far" growing with how quickly the athlete moves there so that a real hairpin is never cut.
enum SpikeFilter {
    /// Below this (metres) an excursion is GPS noise for the smoother, not a spike.
    static let minimumSpikeMeters = 30.0
    /// Slack (metres) on the speed test, for the position noise of the two fixes.
    static let noiseAllowance = 10.0
    /// An out-and-back excursion is a spike when it is this many times farther than the athlete moves.
    static let excursionFactor = 2.0
    static let maxRunLength = 3
    /// Steps on each side used to learn how fast the athlete is moving around a candidate.
    static let speedWindow = 8
    static let maxPasses = 3

    static func filter(_ input: [CleaningSample], profile: SportProfile) -> (samples: [CleaningSample], removed: Int) {
        var samples = input
        var removed = 0
        for _ in 0..<maxPasses {
            let spikes = findSpikes(samples, profile: profile)
            guard !spikes.isEmpty else { break }
            removed += spikes.count
            samples = samples.indices.filter { !spikes.contains($0) }.map { samples[$0] }
        }
        return (samples, removed)
    }

    static func findSpikes(_ s: [CleaningSample], profile: SportProfile) -> Set<Int> {
        var spikes = Set<Int>()
        guard s.count >= 3 else { return spikes }
        var anchor = 0
        var i = 1
        while i < s.count - 1 {
            var found = false
            for length in 1...maxRunLength where i + length < s.count {
                let after = i + length
                if isSpikeRun(s, before: anchor, run: i..<after, after: after, profile: profile) {
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
        _ s: [CleaningSample], before a: Int, run: Range<Int>, after b: Int, profile: SportProfile
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
            let speed = typicalSpeed ?? medianSpeed(s, excluding: a...b)
            typicalSpeed = speed
            let reach = max(minimumSpikeMeters, excursionFactor * speed * max(p.t - start.t, end.t - p.t))
            guard min(dIn, dOut) > reach, offLine > reach else { return false }
        }
        return true
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
