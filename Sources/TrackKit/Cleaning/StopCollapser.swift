import Foundation

/// Collapses stops: a while spent standing still, its positions wandering within a few metres.
///
/// A stop is told from slow movement by time, not by the step from one point to the next (which depends
/// on the sampling interval): the points must stay within `radius` of their centroid for longer than the
/// slowest athlete of the sport would need to walk out of it, and the stop must not get anywhere. Its first
/// and last points stay, moved to the centroid, so the elapsed time is kept and the stop adds no distance.
///
/// A receiver at rest between buildings can lock onto a reflection: its fixes leave the stop within seconds, sit tens
/// of metres off for up to a minute, and come back. Left in, that draws twice the offset into the activity. So an
/// excursion from a stop back to the same stop is taken into the stop when the athlete could not have made it: some
/// fix of it lies further out than they could have got from the stop in the time since, or could get back from in
/// the time left, at `excursionPaceFactor` times their typical speed (`athleteSpeed`) or `topPaceFactor` times their
/// top speed (`topSpeed`), whichever is faster, noise allowed for. A walk to a fountain and back keeps its fixes: it
/// leaves and returns at a walker's pace; so does a 400 m repetition from a rest on the track back to it, run at the
/// athlete's top speed while their typical speed, pulled down by the rests, is a walk. An excursion whose fixes go
/// round the stop (`goesRound`) is never taken in, however fast one of them was thrown out by noise: a reflection
/// holds one direction, a loop run from a rest back to it turns half round as seen from it.
enum StopCollapser {
    /// Shortest stop worth collapsing, seconds.
    static let minimumDuration = 20.0
    static let minimumPoints = 3
    /// A stop survives this many consecutive stray fixes as long as the position comes back.
    static let maxStrays = 3
    /// Longest excursion from a stop that can be taken for a reflection, seconds: a minute of hold, its rise and its
    /// fall.
    static let maxExcursionSeconds = 90.0
    /// ... and at most this many fixes, whatever the times say.
    static let maxExcursionFixes = 400
    /// How many times their typical speed an athlete may leave a stop or come back to it at ...
    static let excursionPaceFactor = 2.5
    /// ... or how many times their top speed (`topSpeed`), where that is faster: on an interval session the typical
    /// speed is a jog or less (the rests' jitter counts as slow motion), and a 400 m repetition leaves the rest at
    /// twice or three times it and comes back round the track to the same place within 90 s.
    static let topPaceFactor = 1.25
    /// An excursion whose fixes turn further than this round the stop, seen from it (degrees), is a loop the athlete
    /// went round, whatever its fixes' speeds (`goesRound`): a reflection holds one direction.
    static let loopDegrees = 60.0
    /// ... counted over at least this many fixes beyond twice the stop's radius.
    static let loopFixes = 4

    /// Radius for a segment with this much noise: wide enough for the wander of a phone at rest.
    static func radius(forNoise sigma: Double) -> Double {
        min(25, max(6, 4 * sigma + 3))
    }

    /// Collapses the stops of `s`; with `athleteSpeed` (their typical moving speed, m/s), also the excursions from a
    /// stop back to it that they could not have made (see above), faster than `excursionPaceFactor` times it and than
    /// `topPaceFactor` times `topSpeed` (the fastest they go, m/s), where that is given, and not going round the stop.
    static func collapse(
        _ s: [CleaningSample], radius: Double, profile: SportProfile, athleteSpeed: Double? = nil, topSpeed: Double? = nil
    ) -> (samples: [CleaningSample], removed: Int, stops: Int) {
        let longEnough = max(minimumDuration, 2 * radius / profile.slowestMovingSpeed)
        var out: [CleaningSample] = []
        out.reserveCapacity(s.count)
        var removed = 0, stops = 0
        // Where the last collapsed stop is, so that a stop broken up by wandering noise is joined up again.
        var previous: (centreX: Double, centreY: Double, endIndex: Int)?
        var i = 0
        while i < s.count {
            let cluster = grow(s, from: i, radius: radius)
            let last = cluster.last
            let continuesStop = previous.map { stop in
                let near = hypot(cluster.centreX - stop.centreX, cluster.centreY - stop.centreY) <= radius
                guard near else { return false }
                if i - stop.endIndex <= maxStrays + 1 { return true }
                // Across an excursion only a cluster that is a stop in its own right (the scan below is then made
                // once for it, not for every fix near the stop).
                guard let athleteSpeed, i - stop.endIndex <= maxExcursionFixes,
                      s[i].t - s[stop.endIndex].t <= maxExcursionSeconds, cluster.count >= minimumPoints,
                      s[last].t - s[i].t >= minimumDuration, netDisplacement(s, i, last) <= radius
                else { return false }
                let centre = (x: stop.centreX, y: stop.centreY)
                return impossibleExcursion(
                    s, after: stop.endIndex, backAt: i, centre: centre, radius: radius,
                    speed: max(excursionPaceFactor * athleteSpeed, topPaceFactor * (topSpeed ?? 0)))
                    && !goesRound(s, after: stop.endIndex, backAt: i, centre: centre, radius: radius)
            } ?? false
            // A new stop must last longer than the slowest athlete needs to walk out of it; one that goes on
            // only has to be long enough to matter. Either way it must get nowhere.
            let needed = continuesStop ? minimumDuration : longEnough
            guard cluster.count >= minimumPoints, s[last].t - s[i].t >= needed,
                  netDisplacement(s, i, last) <= radius
            else {
                out.append(s[i])
                i += 1
                continue
            }
            if continuesStop, let stop = previous {
                // Drop the old end and any strays since; the stop now ends here, where it began.
                out.removeLast(1 + (i - stop.endIndex - 1))
                removed += 1 + (i - stop.endIndex - 1) + (last - i)
                var end = s[last]
                end.x = stop.centreX; end.y = stop.centreY; end.moved = true
                out.append(end)
                previous = (stop.centreX, stop.centreY, last)
            } else {
                var first = s[i], end = s[last]
                first.x = cluster.centreX; first.y = cluster.centreY; first.moved = true
                end.x = cluster.centreX; end.y = cluster.centreY; end.moved = true
                out.append(first)
                out.append(end)
                removed += last - i - 1
                stops += 1
                previous = (cluster.centreX, cluster.centreY, last)
            }
            i = last + 1
        }
        return (out, removed, stops)
    }

    /// Whether some fix strictly between `end` (the stop's last fix) and `back` (the first fix of its continuation)
    /// lies further from the stop's `centre` than twice `radius` plus what `speed` covers from `end`, or to `back`. The
    /// athlete may have been anywhere within the stop's radius, and a fix lies within its noise of them (the radius
    /// is at least four times the noise).
    static func impossibleExcursion(
        _ s: [CleaningSample], after end: Int, backAt back: Int, centre: (x: Double, y: Double), radius: Double,
        speed: Double
    ) -> Bool {
        for j in (end + 1)..<back {
            let out = hypot(s[j].x - centre.x, s[j].y - centre.y) - 2 * radius
            if out > speed * (s[j].t - s[end].t) || out > speed * (s[back].t - s[j].t) { return true }
        }
        return false
    }

    /// Whether the fixes strictly between `end` and `back` that lie beyond twice `radius` from the stop's `centre`
    /// go round it: their bearings from it, unwrapped in time order, spread over more than `loopDegrees` between their
    /// 0.1 and 0.9 quantiles, over at least `loopFixes` fixes. A reflection holds one direction (its bias), wobbling by
    /// its noise; a lap of a track from a rest back to it turns half round as seen from the rest, and a fix thrown
    /// out by noise on the way does not make it a reflection.
    static func goesRound(
        _ s: [CleaningSample], after end: Int, backAt back: Int, centre: (x: Double, y: Double), radius: Double
    ) -> Bool {
        var bearings: [Double] = []
        var previous: Double?
        for j in (end + 1)..<back {
            let dx = s[j].x - centre.x, dy = s[j].y - centre.y
            guard hypot(dx, dy) > 2 * radius else { continue }
            var bearing = atan2(dy, dx) * 180 / .pi
            if let previous { bearing += 360 * ((previous - bearing) / 360).rounded() }
            previous = bearing
            bearings.append(bearing)
        }
        guard bearings.count >= loopFixes else { return false }
        bearings.sort()
        let n = Double(bearings.count)
        return bearings[min(bearings.count - 1, Int(0.9 * n))] - bearings[Int(0.1 * n)] > loopDegrees
    }

    struct Cluster {
        var last: Int
        var count: Int
        var centreX: Double
        var centreY: Double
    }

    /// Grows a cluster from `start` while new points fall within `radius` of the running centroid; a few
    /// stray fixes followed by one inside again do not end it.
    static func grow(_ s: [CleaningSample], from start: Int, radius: Double) -> Cluster {
        var sumX = s[start].x, sumY = s[start].y, count = 1
        var last = start
        var k = start + 1
        func inside(_ j: Int) -> Bool {
            let dx = s[j].x - sumX / Double(count), dy = s[j].y - sumY / Double(count)
            return dx * dx + dy * dy <= radius * radius
        }
        while k < s.count {
            if inside(k) {
                sumX += s[k].x; sumY += s[k].y; count += 1
                last = k
                k += 1
            } else if count >= minimumPoints,
                      let back = (k + 1..<min(s.count, k + 1 + maxStrays)).first(where: inside)
            {
                k = back
            } else {
                break
            }
        }
        return Cluster(last: last, count: count, centreX: sumX / Double(count), centreY: sumY / Double(count))
    }

    /// Distance between where the stop starts and ends, each end averaged over a few points against noise.
    static func netDisplacement(_ s: [CleaningSample], _ first: Int, _ last: Int) -> Double {
        let n = min(3, (last - first + 1) / 2)
        var ax = 0.0, ay = 0.0, bx = 0.0, by = 0.0
        for k in 0..<n {
            ax += s[first + k].x; ay += s[first + k].y
            bx += s[last - k].x; by += s[last - k].y
        }
        let dx = (bx - ax) / Double(n), dy = (by - ay) / Double(n)
        return (dx * dx + dy * dy).squareRoot()
    }
}
