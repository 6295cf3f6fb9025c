import Foundation

/// A run on a standard 400 m athletics track, recognised from its smoothed fixes and put on the running line it was
/// run on.
///
/// Every standard track has the same running line (World Athletics' track rules): two straights of 84.39 m and two
/// bends of 36.50 m kerb radius, measured 0.30 m outside the kerb in lane 1, 400.00 m in all; in lane k (k ≥ 2) 0.20 m
/// outside the lane's inner line, each lane 1.22 m wide. On the track no smoother can tell the athlete's line from
/// an error that wanders across a lane over a minute, and every metre of it outward on both bends is 6.3 m a lap
/// (1.6 %): on the benchmark's phones the laps came out 2–3 % off on average, each way. Sports watches offer a track
/// mode for this reason. Here the shape is looked for in every segment: where the fixes lie on it all the way round,
/// over at least two laps, with no part of it off on average (the line fitted on the smoothed fixes, or where that
/// fails, on the fixes as recorded: `refit`), the fixes on it are moved onto the running line of their
/// lane (lane 1 unless the fit is clearly outside it, `lane`), after the error's slow part, read from the fixes'
/// distances across the line, is taken out (`drift`), so each fix keeps the place along the line the athlete had; where
/// that place stalls, as in a rest between repetitions, the fixes are put in one place (`standStill`), and where they
/// still go a few metres back and forth along the line, they are put where the athlete goes one way round (`oneWay`).
/// Any other loop fails those tests and is left as smoothed; a shape within a few metres of the standard one (an older
/// track's) can pass under a phone's wander, and is then measured as the standard one.
enum AthleticsTrack {
    static let halfStraight = 84.39 / 2
    static let laneOneRadius = 36.80
    static let laneWidth = 1.22
    /// The running line's length in lane 1, metres.
    static let lapLength = 4 * halfStraight + 2 * Double.pi * laneOneRadius

    /// How far lane `lane`'s running line lies outside lane 1's, metres.
    static func laneOffset(_ lane: Int) -> Double {
        lane <= 1 ? 0 : laneWidth * Double(lane - 1) - 0.10
    }

    /// Lanes a fitted line is put in (a ninth on some straights is left out: it has no bend).
    static let lanes = 8
    /// A fitted line clearly outside lane 1 and this close (metres) to another lane's running line is put on it; one
    /// between lanes keeps its own (`lane`).
    static let laneSnap = 0.4
    /// Laps the fixes on the line must cover, in all, before it is taken for a track.
    static let minimumLaps = 2.0
    /// Parts of the line (equal lengths) that must each hold fixes, none of them off the line on average by more than
    /// `sectorBias` metres (or `sectorErrors` standard errors of its mean, where those are more): a loop of another shape
    /// fits the track's somewhere and misses it elsewhere.
    static let sectors = 8
    static let sectorBias = 3.0
    /// The largest spread of the fixes about the line (metres, a robust standard deviation) it is looked for under.
    static let largestScale = 10.0
    /// Fixes within this many spreads of the line (never nearer than `nearestTolerance`, never farther than
    /// `farthestTolerance` metres) are on it.
    static let toleranceScales = 3.0
    static let nearestTolerance = 4.0
    static let farthestTolerance = 20.0
    /// A run of fixes on the line moves onto it only when it goes at least this far along it (metres): a warm-up
    /// passing the track is not put on it.
    static let shortestRun = 100.0
    /// Fixes off the line for this long or less (seconds) between two runs on it are put on it too.
    static let excursionSeconds = 60.0
    /// Path length (metres) of each stretch the fit is started from, and how many such stretches at most.
    static let startStretch = 800.0
    static let mostStarts = 40
    /// At most this many fixes feed a fit.
    static let fitPoints = 20_000

    /// A running line in a segment's local frame: the middle of the infield, the direction of the straights (radians
    /// from east), how far outside lane 1's line it runs, and how spread the fixes are about it.
    struct Line: Equatable {
        var x: Double
        var y: Double
        var angle: Double { didSet { (cosine, sine) = (cos(angle), sin(angle)) } }
        var offset: Double
        var scale = 0.0
        /// The lane whose running line it was put on; nil when it lies between lanes.
        var lane: Int?
        /// `angle`'s cosine and sine, worked out once for the many points a line is asked about.
        private(set) var cosine: Double
        private(set) var sine: Double

        init(x: Double, y: Double, angle: Double, offset: Double) {
            self.x = x
            self.y = y
            self.angle = angle
            self.offset = offset
            (cosine, sine) = (cos(angle), sin(angle))
        }

        var radius: Double { AthleticsTrack.laneOneRadius + offset }
        var length: Double { 4 * AthleticsTrack.halfStraight + 2 * Double.pi * radius }

        /// The point's coordinates along the straights (u) and across them (v), from the infield's middle.
        @inline(__always)
        func local(_ px: Double, _ py: Double) -> (u: Double, v: Double) {
            let dx = px - x, dy = py - y
            return (cosine * dx + sine * dy, -sine * dx + cosine * dy)
        }

        /// How far outside the line the point lies (negative: inside), metres.
        func residual(_ px: Double, _ py: Double) -> Double {
            let (u, v) = local(px, py)
            let w = abs(u) - AthleticsTrack.halfStraight
            return (w > 0 ? (w * w + v * v).squareRoot() : abs(v)) - radius
        }

        /// The nearest point of the line.
        func project(_ px: Double, _ py: Double) -> (x: Double, y: Double) {
            let (u, v) = local(px, py)
            let half = AthleticsTrack.halfStraight
            var pu = u, pv = v
            let w = abs(u) - half
            if w > 0 {
                let rho = (w * w + v * v).squareRoot()
                if rho > 0 {
                    pu = (u < 0 ? -1 : 1) * (half + radius * w / rho)
                    pv = radius * v / rho
                } else {
                    pu = (u < 0 ? -1 : 1) * (half + radius)
                    pv = 0
                }
            } else {
                pv = v < 0 ? -radius : radius
            }
            return (x + cosine * pu - sine * pv, y + sine * pu + cosine * pv)
        }

        /// The unit vector out of the line (away from the infield) at the point's nearest point.
        func normal(_ px: Double, _ py: Double) -> (x: Double, y: Double) {
            let (u, v) = local(px, py)
            let w = abs(u) - AthleticsTrack.halfStraight
            var eu = 0.0, ev: Double = v < 0 ? -1 : 1
            if w > 0 {
                let rho = (w * w + v * v).squareRoot()
                if rho > 0 { eu = (u < 0 ? -w : w) / rho; ev = v / rho } else { eu = u < 0 ? -1 : 1; ev = 0 }
            }
            return (cosine * eu - sine * ev, sine * eu + cosine * ev)
        }

        /// Where along the line the point's nearest point lies, metres from the start of the first straight
        /// (u = −half, v = −radius), counterclockwise.
        func along(_ px: Double, _ py: Double) -> Double {
            let (u, v) = local(px, py)
            let half = AthleticsTrack.halfStraight, r = radius
            if u > half {
                return 2 * half + r * (atan2(v, u - half) + Double.pi / 2)
            } else if u < -half {
                let a = atan2(v, u + half)  // from π/2 round to 3π/2 (−π/2)
                return 4 * half + Double.pi * r + r * ((a < 0 ? a + 2 * Double.pi : a) - Double.pi / 2)
            } else if v < 0 {
                return u + half
            } else {
                return 2 * half + Double.pi * r + (half - u)
            }
        }

        /// The point of the line `distance` metres along it (as `along` measures, taken round the lap).
        func point(along distance: Double) -> (x: Double, y: Double) {
            let half = AthleticsTrack.halfStraight, r = radius
            var s = distance.truncatingRemainder(dividingBy: length)
            if s < 0 { s += length }
            var u: Double, v: Double
            if s < 2 * half {
                (u, v) = (s - half, -r)
            } else if s < 2 * half + Double.pi * r {
                let a = (s - 2 * half) / r - Double.pi / 2
                (u, v) = (half + r * cos(a), r * sin(a))
            } else if s < 4 * half + Double.pi * r {
                (u, v) = (half - (s - 2 * half - Double.pi * r), r)
            } else {
                let a = (s - 4 * half - Double.pi * r) / r + Double.pi / 2
                (u, v) = (-half + r * cos(a), r * sin(a))
            }
            return (x + cosine * u - sine * v, y + sine * u + cosine * v)
        }
    }

    /// Finds a running line in `samples` (smoothed, in time order) and moves the fixes on it onto it. Returns the line
    /// and how many fixes moved; nil when the segment holds no track.
    @discardableResult
    static func apply(
        _ samples: inout [CleaningSample], gapSeconds: Double, recorded: Positions = Positions()
    ) -> (line: Line, moved: Int)? {
        guard let (line, runs) = find(samples, gapSeconds: gapSeconds, recorded: recorded) else { return nil }
        let tolerance = tolerance(line.scale)
        var moved = 0
        for run in runs {
            let shift = drift(samples, run: run, line: line, tolerance: tolerance)
            let before = samples[run].map { (x: $0.x, y: $0.y) }
            let bridged = bridge(samples, run: run, line: line, shift: shift, tolerance: tolerance)
            for i in run {
                let offset = shift[i - run.lowerBound]
                let p = bridged[i - run.lowerBound] ?? line.project(samples[i].x - offset.x, samples[i].y - offset.y)
                let dx = p.x - samples[i].x, dy = p.y - samples[i].y
                guard dx * dx + dy * dy > 1e-6 else { continue }
                samples[i].x = p.x
                samples[i].y = p.y
                samples[i].moved = true
            }
            standStill(&samples, run: run, line: line)
            oneWay(&samples, run: run, line: line)
            for i in run {
                let dx = samples[i].x - before[i - run.lowerBound].x, dy = samples[i].y - before[i - run.lowerBound].y
                if dx * dx + dy * dy >= 0.01 { moved += 1 }
            }
        }
        return (line, moved)
    }

    /// Where on the line the fixes of `run` that lie far inside it go (nil for the others, which are projected): a run
    /// is joined over excursions of up to `excursionSeconds` (`runsOnLine`), and the nearest point of the line says
    /// nothing of where the athlete was for a fix 40 m into the infield, past its middle: it lies nearer the far
    /// straight, and a burst of reflected signal at a rest was drawn across the infield and back, 74 m each way, fix
    /// after fix. A fix more than `farthestTolerance` inside (farther than any fix the line takes as on it) is put at
    /// the progress along the line its time gives between the nearest fixes either side that are not (after the drift
    /// is taken out). Which way round and how many laps lie between those two, the athlete's pace on the line before
    /// and after says (over the `restSeconds` of fixes within `tolerance` next to each), where it is read on both sides
    /// at a walk or faster (`restMeters` in `restSeconds`): the same way, the way nearest their mean over the time;
    /// opposite ways, nothing can be said and the excursion is projected. Where it is read on one side only, a rest may
    /// begin or end inside the excursion (a lap added for one side's pace over 56 s put 328 m into a rest), so the
    /// shorter way is taken, and the excursion projected where that goes against the one pace by more than
    /// `backtrackMeters`. Where the way found is longer than twice the faster of the paces covers in the time, and
    /// `backtrackMeters` more, the fixes either side are not where the athlete was (a smoothed track that lags at a
    /// bend) and the excursion is projected; so is an excursion at either end of the run. Projected, an excursion whose
    /// fixes pass the infield's middle steps from one straight to the other in one fix (73.7 m, seen in the benchmark's
    /// multipath runs, the fixes next to the excursion 13–20 m inside where a burst drew the smoothed track across): no
    /// athlete runs that. There the excursion is taken out to the nearest fixes either side within `tolerance`
    /// (`crosses`), whose paces can be read, and decided again from those two; where that says nothing either, it is
    /// projected.
    static func bridge(
        _ samples: [CleaningSample], run: Range<Int>, line: Line, shift: [(x: Double, y: Double)], tolerance: Double
    ) -> [(x: Double, y: Double)?] {
        var placed = [(x: Double, y: Double)?](repeating: nil, count: run.count)
        func position(_ k: Int) -> (x: Double, y: Double) {
            let i = run.lowerBound + k
            return (samples[i].x - shift[k].x, samples[i].y - shift[k].y)
        }
        func t(_ k: Int) -> Double { samples[run.lowerBound + k].t }
        let astray = run.map { i in line.residual(samples[i].x, samples[i].y) < -farthestTolerance }
        // Most runs have no fix so far in: the progress along the line need not be worked out for them.
        guard astray.contains(true) else { return placed }
        let on = (0..<run.count).map { k in abs(line.residual(position(k).x, position(k).y)) <= tolerance }
        let onLine = (0..<run.count).map { k in
            var s = samples[run.lowerBound + k]
            (s.x, s.y) = position(k)
            return s
        }
        let progress = progress(onLine, run: onLine.indices, line: line)
        // The pace along the line over the fixes on it within restSeconds of fix k, going back (-1) or on (+1) from it.
        func pace(from k: Int, _ direction: Int) -> Double? {
            var far = k
            while (0..<run.count).contains(far + direction), on[far + direction],
                  abs(t(far + direction) - t(k)) <= restSeconds {
                far += direction
            }
            let dt = t(far) - t(k)
            return dt != 0 ? (progress[far] - progress[k]) / dt : nil
        }
        // The step along the line from fix a to fix b, laps and way round decided by the paces next to them; nil where
        // they say nothing (see above).
        func decided(_ a: Int, _ b: Int) -> Double? {
            let span = t(b) - t(a)
            guard span > 0 else { return nil }
            let paces = [pace(from: a, -1), pace(from: b, 1)].compactMap { $0 }
            let from = line.along(position(a).x, position(a).y), to = line.along(position(b).x, position(b).y)
            var step = to - from
            step -= line.length * (step / line.length).rounded()
            let moving = restMeters / restSeconds
            let going = paces.filter { abs($0) >= moving }
            if going.count == 2 {
                // Seen moving on both sides: the same way, the laps between; opposite ways, nothing can be said.
                guard going[0] * going[1] > 0 else { return nil }
                let expected = (going[0] + going[1]) / 2 * span
                step += line.length * ((expected - step) / line.length).rounded()
            } else if let way = going.first, way * step < 0, abs(step) > backtrackMeters {
                // Seen moving on one side only (a rest may begin or end inside): the shorter way, unless it goes back.
                return nil
            }
            guard abs(step) <= 2 * (paces.map(abs).max() ?? 0) * span + backtrackMeters else { return nil }
            return step
        }
        // Whether the fixes from a to b, each at its nearest point of the line, step across the infield: from one fix
        // to the next, the nearest points move more than twice `farthestTolerance` further than the fixes do.
        func crosses(_ a: Int, _ b: Int) -> Bool {
            var previous = line.project(position(a).x, position(a).y)
            for j in (a + 1)...b {
                let p = line.project(position(j).x, position(j).y)
                let raw = hypot(position(j).x - position(j - 1).x, position(j).y - position(j - 1).y)
                if hypot(p.x - previous.x, p.y - previous.y) > raw + 2 * farthestTolerance { return true }
                previous = p
            }
            return false
        }
        // The nearest fix on the line at or before each fix, and at or after it: found once, so that many excursions
        // with none on the line beside them do not each search the run again.
        var onBefore = [Int?](repeating: nil, count: run.count), onAfter = [Int?](repeating: nil, count: run.count)
        for j in 0..<run.count { onBefore[j] = on[j] ? j : j > 0 ? onBefore[j - 1] : nil }
        for j in stride(from: run.count - 1, through: 0, by: -1) {
            onAfter[j] = on[j] ? j : j + 1 < run.count ? onAfter[j + 1] : nil
        }
        var k = 0
        while k < run.count {
            guard astray[k] else { k += 1; continue }
            var end = k
            while end < run.count, astray[end] { end += 1 }
            defer { k = end }
            guard k > 0, end < run.count else { continue }
            var a = k - 1, b = end
            var step = decided(a, b)
            if step == nil, crosses(a, b) {
                // Out to the fixes on the line either side, where the paces are read.
                guard let before = onBefore[a], let after = onAfter[b] else { continue }
                (a, b) = (before, after)
                step = decided(a, b)
                end = max(end, b)
            }
            guard let step else { continue }
            let from = line.along(position(a).x, position(a).y), span = t(b) - t(a)
            for j in (a + 1)..<b {
                placed[j] = line.point(along: from + step * (t(j) - t(a)) / span)
            }
        }
        return placed
    }

    /// Seconds either side of a fix over which its progress along the line is averaged to tell a rest (`standStill`).
    static let restSeconds = 15.0
    /// A fix is at rest where the mean progress over the `restSeconds` after it is within this many metres of the mean
    /// over those before it: 0.67 m/s, slower than an athlete walks between repetitions.
    static let restMeters = 10.0
    /// Fixes each side of a fix that the test needs.
    static let restFixes = 3

    /// Puts the fixes of `run` (on the line) where the athlete stood still at one place: an interval session's rests
    /// between repetitions last 60–150 s, too short for `RestStops` (which needs 50 s of rest either side of a fix), and
    /// on the line a phone's wander draws them as 20–35 m back and forth along it. A fix is at rest where its progress
    /// along the line, averaged over `restSeconds` either side, moves less than `restMeters` (at least `restFixes`
    /// fixes each side); each stretch of such fixes is put at the fix of its median progress. The test is centred, so
    /// a rest's first and last seconds, where the athlete slows into it and sets off, keep their fixes. Returns how
    /// many stretches it put in one place.
    @discardableResult
    static func standStill(_ samples: inout [CleaningSample], run: Range<Int>, line: Line) -> Int {
        guard run.count > 2 * restFixes else { return 0 }
        let progress = progress(samples, run: run, line: line)
        var sums = [Double](repeating: 0, count: run.count + 1)
        for k in 0..<run.count { sums[k + 1] = sums[k] + progress[k] }
        func t(_ k: Int) -> Double { samples[run.lowerBound + k].t }
        var atRest = [Bool](repeating: false, count: run.count)
        var low = 0, high = 0  // fixes low..<k are within restSeconds before k; k+1...high-1 within those after it
        for k in 0..<run.count {
            while t(k) - t(low) > restSeconds { low += 1 }
            high = max(high, k + 1)
            while high < run.count, t(high) - t(k) <= restSeconds { high += 1 }
            let before = k - low, after = high - k - 1
            guard before >= restFixes, after >= restFixes else { continue }
            let meanBefore = (sums[k] - sums[low]) / Double(before)
            let meanAfter = (sums[high] - sums[k + 1]) / Double(after)
            atRest[k] = abs(meanAfter - meanBefore) < restMeters
        }
        var stretches = 0
        var k = 0
        while k < run.count {
            guard atRest[k] else { k += 1; continue }
            var end = k
            while end < run.count, atRest[end] { end += 1 }
            if end - k >= 2 {
                let order = (k..<end).sorted { progress[$0] < progress[$1] }
                let centre = samples[run.lowerBound + order[order.count / 2]]
                for i in (run.lowerBound + k)..<(run.lowerBound + end) where samples[i].x != centre.x || samples[i].y != centre.y {
                    samples[i].x = centre.x
                    samples[i].y = centre.y
                    samples[i].moved = true
                }
                stretches += 1
            }
            k = end
        }
        return stretches
    }

    /// Progress along the line of each fix of `run`, metres, unwrapped across the start of each lap (`along`).
    static func progress(_ samples: [CleaningSample], run: Range<Int>, line: Line) -> [Double] {
        guard !run.isEmpty else { return [] }
        var progress = [Double](repeating: 0, count: run.count)
        var previous = line.along(samples[run.lowerBound].x, samples[run.lowerBound].y)
        progress[0] = previous
        for k in 1..<run.count {
            let a = line.along(samples[run.lowerBound + k].x, samples[run.lowerBound + k].y)
            var step = a - previous
            step -= line.length * (step / line.length).rounded()
            progress[k] = progress[k - 1] + step
            previous = a
        }
        return progress
    }

    /// The widest stretch of progress, metres, that `oneWay` takes for a wander: a standing phone's fixes, smoothed and
    /// on the line, reach up to about ten metres either side of where the athlete stands.
    static let backtrackMeters = 2 * restMeters

    /// Takes out where the fixes of `run` (on the line) go back against the way the run goes round the track and
    /// forward again within `backtrackMeters`: an athlete on a track runs one way round, and at the edges of a rest,
    /// between the places `standStill` puts its still stretches, and where a wander moves a rest's place, the fixes
    /// still go a few metres back and forth along the line, which adds their length twice. Progress along the line is
    /// fitted with the closest sequence that never goes back (pooling neighbours, the least-squares fit); each pool of
    /// fixes whose recorded progress spans no more than `backtrackMeters` is put at its mean, and any wider pool (an
    /// athlete who turns and walks or runs back) is left as it was. Returns how many fixes it moved.
    @discardableResult
    static func oneWay(_ samples: inout [CleaningSample], run: Range<Int>, line: Line) -> Int {
        let progress = progress(samples, run: run, line: line)
        guard let first = progress.first, let last = progress.last, last != first else { return 0 }
        let way: Double = last > first ? 1 : -1
        // Pools of neighbouring fixes, each with its sum, count and first fix; a pool whose mean is below the one before
        // it is merged into it (pool adjacent violators).
        var pools: [(sum: Double, count: Int, start: Int)] = []
        for (k, p) in progress.enumerated() {
            pools.append((way * p, 1, k))
            while pools.count > 1 {
                let b = pools[pools.count - 1], a = pools[pools.count - 2]
                guard b.sum * Double(a.count) < a.sum * Double(b.count) else { break }
                pools.removeLast()
                pools[pools.count - 1] = (a.sum + b.sum, a.count + b.count, a.start)
            }
        }
        var moved = 0
        for pool in pools where pool.count > 1 {
            let members = pool.start..<(pool.start + pool.count)
            let values = members.map { progress[$0] }
            guard let low = values.min(), let high = values.max(), high - low <= backtrackMeters else { continue }
            let place = line.point(along: way * pool.sum / Double(pool.count))
            for k in members {
                let i = run.lowerBound + k
                let dx = place.x - samples[i].x, dy = place.y - samples[i].y
                guard dx * dx + dy * dy > 1e-6 else { continue }
                samples[i].x = place.x
                samples[i].y = place.y
                samples[i].moved = true
                moved += 1
            }
        }
        return moved
    }

    /// The slowly changing offset of every fix of `run` from where the athlete was, read from the fixes on the line
    /// around it (`LineDrift`): each fix's distance across the line says how far the error reaches along the line's
    /// normal there, and over half a lap the normal turns through every direction. An error that wanders over tens of
    /// seconds or more moves a fix along the line as much as across it; taken out along with it, each lap's length no
    /// longer takes in the wander's change between its ends.
    static func drift(
        _ samples: [CleaningSample], run: Range<Int>, line: Line, tolerance: Double
    ) -> [(x: Double, y: Double)] {
        var readings = LineDrift.Readings()
        for i in run {
            let s = samples[i]
            let residual = line.residual(s.x, s.y)
            let normal = line.normal(s.x, s.y)
            readings.append(t: s.t, nx: normal.x, ny: normal.y, r: residual, use: abs(residual) <= tolerance)
        }
        return LineDrift.estimate(readings)
    }

    /// The running line of `samples` and the runs of fixes on it (index ranges, each going at least `shortestRun`
    /// along it); nil unless the tests of the type's documentation all pass.
    static func find(
        _ samples: [CleaningSample], gapSeconds: Double, recorded: Positions = Positions()
    ) -> (Line, [Range<Int>])? {
        guard samples.count >= 3 * sectors else { return nil }
        var pathLength = 0.0
        for i in 1..<samples.count { pathLength += samples[i].distance(to: samples[i - 1]) }
        guard pathLength.isFinite, pathLength >= minimumLaps * lapLength else { return nil }

        // Stretches of `startStretch` metres of path, each a starting guess for the fit.
        var starts: [Range<Int>] = []
        var from = 0, run = 0.0
        for i in 1..<samples.count {
            run += samples[i].distance(to: samples[i - 1])
            if run >= startStretch {
                starts.append(from..<(i + 1))
                from = i + 1
                run = 0
            }
        }
        if starts.count > mostStarts {
            let step = Double(starts.count) / Double(mostStarts)
            starts = (0..<mostStarts).map { starts[Int(Double($0) * step)] }
        }
        let stride = max(1, samples.count / fitPoints)
        let spread = Swift.stride(from: 0, to: samples.count, by: stride).map { (samples[$0].x, samples[$0].y) }
        var best: (line: Line, count: Int)?
        for range in starts where range.count >= sectors {
            let chunkStride = max(1, range.count / 2_000)
            let chunk = Swift.stride(from: range.lowerBound, to: range.upperBound, by: chunkStride).map {
                (samples[$0].x, samples[$0].y)
            }
            guard let guess = firstGuess(chunk), let line = fit(chunk, from: guess), line.scale <= largestScale else {
                continue
            }
            let tolerance = tolerance(line.scale)
            let count = spread.reduce(0) { $0 + (abs(line.residual($1.0, $1.1)) <= tolerance ? 1 : 0) }
            if count > (best?.count ?? 0) { best = (line, count) }
        }
        guard let candidate = best?.line else { return nil }
        // The fit again on every fix near the line, then the fixes on it.
        let near = spread.filter { abs(candidate.residual($0.0, $0.1)) <= farthestTolerance }
        guard near.count >= 3 * sectors, let line = fit(near, from: candidate), line.scale <= largestScale else {
            return nil
        }
        if let found = accept(line, samples: samples, gapSeconds: gapSeconds, recorded: recorded) { return found }
        // Fitted on the positions before the smoothing (see `refit`), the line is tried once more.
        guard let refitted = refit(line, on: recorded) else { return nil }
        return accept(refitted, samples: samples, gapSeconds: gapSeconds, recorded: recorded)
    }

    /// `line` fitted again on the `recorded` positions within `farthestTolerance` of it; nil where too few are, or the
    /// fit does not settle within `largestScale`. Where the smoothing cuts the bends unevenly (under a phone's quick,
    /// large error; or between fixes 10 s apart, whose bends its noise model reads as noise, four times the device's)
    /// the line fitted on its output sits metres off the track's, and the recorded positions, which are not pulled,
    /// then fail the shape's test against that line though they lie on the track's. Fitted on those positions, the
    /// line is the track's again; a loop of another shape misses it on them as on the smoothed fixes.
    static func refit(_ line: Line, on recorded: Positions) -> Line? {
        let near = recorded.offsets.compactMap { offset -> (Double, Double)? in
            let p = recorded.origin + SIMD2<Double>(offset)
            return abs(line.residual(p.x, p.y)) <= farthestTolerance ? (p.x, p.y) : nil
        }
        guard near.count >= 3 * sectors, let refitted = fit(near, from: line), refitted.scale <= largestScale else {
            return nil
        }
        return refitted
    }

    /// The lane of the fitted `line`, the runs of `samples` on it, and whether they pass the tests of the type's
    /// documentation (laps enough, every eighth on the line on the smoothed fixes or on the `recorded` ones); nil if not.
    static func accept(
        _ fitted: Line, samples: [CleaningSample], gapSeconds: Double, recorded: Positions
    ) -> (Line, [Range<Int>])? {
        var line = fitted
        let tolerance = tolerance(line.scale)
        (line.lane, line.offset) = lane(of: line, samples: samples, tolerance: tolerance, gapSeconds: gapSeconds)
        guard line.offset >= -1.5, line.offset <= laneOffset(lanes) + 0.6 else { return nil }
        let runs = runsOnLine(samples, line: line, tolerance: tolerance, gapSeconds: gapSeconds)
        guard !runs.isEmpty else { return nil }

        // All round the line, none of it off on average, and laps enough.
        var sectorMeans = SectorMeans()
        var laps = 0.0
        for range in runs {
            var previous: Double?
            var progress = 0.0
            for i in range {
                let a = line.along(samples[i].x, samples[i].y)
                let residual = line.residual(samples[i].x, samples[i].y)
                if abs(residual) <= tolerance {
                    let sector = min(sectors - 1, max(0, Int(a / line.length * Double(sectors))))
                    sectorMeans.add(residual, sector: sector)
                }
                if let previous {
                    var step = a - previous
                    if step > line.length / 2 { step -= line.length } else if step < -line.length / 2 { step += line.length }
                    progress += step
                }
                previous = a
            }
            laps += abs(progress) / line.length
        }
        guard laps >= minimumLaps else { return nil }
        guard sectorMeans.allOnLine || onLineAllRound(recorded, line: line, tolerance: tolerance) else {
            return nil
        }
        return (line, runs)
    }

    /// Positions kept for `onLineAllRound`: offsets from the first in single precision (8 bytes a fix; about a millimetre
    /// within 10 km of the first, a centimetre within 100 km).
    struct Positions {
        var origin = SIMD2<Double>(0, 0)
        var offsets: [SIMD2<Float>] = []

        init() {}

        init(_ positions: [SIMD2<Double>]) {
            origin = positions.first ?? SIMD2(0, 0)
            offsets = positions.map { SIMD2<Float>($0 - origin) }
        }

        init(_ samples: [CleaningSample]) {
            origin = samples.first.map { SIMD2($0.x, $0.y) } ?? SIMD2(0, 0)
            offsets = samples.map { SIMD2<Float>(SIMD2($0.x, $0.y) - origin) }
        }
    }

    /// Each eighth's mean distance from the line, from the fixes in it (in time order), and that mean's standard error
    /// from the means of its visits (each pass through the eighth, seconds long: a wander moves its fixes together).
    struct SectorMeans {
        var sum = [Double](repeating: 0, count: sectors)
        var count = [Int](repeating: 0, count: sectors)
        /// Per eighth: the visits' means summed, their squares summed, how many.
        var visitSum = [Double](repeating: 0, count: sectors)
        var visitSquares = [Double](repeating: 0, count: sectors)
        var visits = [Int](repeating: 0, count: sectors)
        private var current: (sector: Int, sum: Double, count: Int)?

        mutating func add(_ residual: Double, sector: Int) {
            sum[sector] += residual
            count[sector] += 1
            if let c = current, c.sector == sector {
                current = (sector, c.sum + residual, c.count + 1)
            } else {
                closeVisit()
                current = (sector, residual, 1)
            }
        }

        private mutating func closeVisit() {
            guard let c = current else { return }
            let mean = c.sum / Double(c.count)
            visitSum[c.sector] += mean
            visitSquares[c.sector] += mean * mean
            visits[c.sector] += 1
            current = nil
        }

        /// Whether every eighth holds fixes and none lies off the line on average by more than `sectorBias`, or by
        /// more than `sectorErrors` standard errors of its mean where those are larger (a phone's large, quick error
        /// read on its fixes before the smoothing).
        var allOnLine: Bool {
            var copy = self
            copy.closeVisit()
            return (0..<sectors).allSatisfy { k in
                guard copy.count[k] >= 2 else { return false }
                let mean = copy.sum[k] / Double(copy.count[k])
                var allowed = sectorBias
                let n = Double(copy.visits[k])
                if n >= 3 {
                    let visitMean = copy.visitSum[k] / n
                    let variance = max(0, (copy.visitSquares[k] - n * visitMean * visitMean) / (n - 1))
                    allowed = max(allowed, sectorErrors * (variance / n).squareRoot())
                }
                return abs(mean) <= allowed
            }
        }
    }

    /// Standard errors an eighth's mean may lie off the line (`SectorMeans`).
    static let sectorErrors = 3.0

    /// The same test on the positions as they were before the smoothing, those within `tolerance` of `line`. Under a
    /// phone's quick, large error (8 m over 5 s on the benchmark) the smoothing cuts the bends, 3–4 m inside the line on
    /// average: that is the smoothing's pull, not the shape's, and the positions it started from are not pulled. They
    /// are noisier, so a run on a track is taken if either passes; a loop of another shape misses the line on both.
    static func onLineAllRound(_ recorded: Positions, line: Line, tolerance: Double) -> Bool {
        guard !recorded.offsets.isEmpty else { return false }
        var means = SectorMeans()
        for offset in recorded.offsets {
            let p = recorded.origin + SIMD2<Double>(offset)
            let residual = line.residual(p.x, p.y)
            guard abs(residual) <= tolerance else { continue }
            means.add(residual, sector: min(sectors - 1, max(0, Int(line.along(p.x, p.y) / line.length * Double(sectors)))))
        }
        return means.allOnLine
    }

    /// Seconds of fixes whose mean distance across the line counts as one reading of it (`lane`): a wandering error
    /// moves many fixes in a row together.
    static let laneBlockSeconds = 60.0
    /// Metres of each straight next to the bends left out of the reading of the lane (`lane`).
    static let straightMargin = 5.0

    /// The lane `line` was run in and the offset of the line to put the fixes on: lane 1 unless the fixes lie outside
    /// its line by four standard errors or more, then the lane whose line is within `laneSnap` of theirs (nil for a
    /// line between lanes, which keeps their own offset). Both readings of how far out the fixes lie run wide, each for
    /// a cause of its own, so the one further in is taken: the whole line's, which a device's own tracking filter moves
    /// out on the bends (a phone's fused location, a watch's chipset: 0.4–0.9 m on the benchmark's), and the straights'
    /// alone, which the smoothing moves out (0.4–0.6 m for a phone's noise on the benchmark's, 0.9 m for a watch's in
    /// lane 3 in `AthleticsTrackTests`). The standard error comes from the straights' mean distance over each
    /// `laneBlockSeconds` of fixes, which a wander keeps from averaging out fix by fix: under a phone's wander a fit's
    /// line lands up to a lane's width from the true one, and one lane too far out is 7 m a lap. Most runs on a track
    /// are in lane 1, and a watch's track mode takes that lane unless told otherwise.
    static func lane(
        of line: Line, samples: [CleaningSample], tolerance: Double, gapSeconds: Double
    ) -> (lane: Int?, offset: Double) {
        var means: [Double] = []
        var sum = 0.0, count = 0, start: Double?
        var total = 0.0, totalCount = 0
        for run in runsOnLine(samples, line: line, tolerance: tolerance, gapSeconds: gapSeconds) {
            for i in run {
                let (u, v) = line.local(samples[i].x, samples[i].y)
                guard abs(u) <= halfStraight - straightMargin else { continue }
                let r = abs(v) - line.radius
                guard abs(r) <= tolerance else { continue }
                if let s = start, samples[i].t - s >= laneBlockSeconds {
                    means.append(sum / Double(count))
                    sum = 0; count = 0; start = nil
                }
                if start == nil { start = samples[i].t }
                sum += r; count += 1
                total += r; totalCount += 1
            }
        }
        if count > 0 { means.append(sum / Double(count)) }
        guard means.count >= 2 else { return (1, laneOffset(1)) }
        // The straights' reading, or the whole line's where that lies further in: each runs wide for a cause of its own.
        let offset = min(line.offset, line.offset + total / Double(totalCount))
        let mean = means.reduce(0, +) / Double(means.count)
        let variance = means.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(means.count - 1)
        let standardError = max(0.1, (variance / Double(means.count)).squareRoot())
        if offset <= laneOffset(1) + 4 * standardError { return (1, laneOffset(1)) }
        let nearest = (2...lanes).min { abs(laneOffset($0) - offset) < abs(laneOffset($1) - offset) }!
        return abs(laneOffset(nearest) - offset) <= laneSnap ? (nearest, laneOffset(nearest)) : (nil, offset)
    }

    static func tolerance(_ scale: Double) -> Double {
        min(farthestTolerance, max(nearestTolerance, toleranceScales * scale))
    }

    /// The runs of fixes on the line: consecutive fixes within `tolerance` of it, a gap ending a run; two runs joined
    /// when the fixes between them left it for `excursionSeconds` or less (a burst of reflected signal the burst
    /// filter left, a stretch of louder noise); each run reaching on over the fixes next to it within twice
    /// `tolerance` (a smoothed track's first and last fixes are its least certain); only runs that go at least
    /// `shortestRun` along the line.
    static func runsOnLine(_ samples: [CleaningSample], line: Line, tolerance: Double, gapSeconds: Double) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for i in samples.indices {
            let on = abs(line.residual(samples[i].x, samples[i].y)) <= tolerance
            if let s = start, !on || samples[i].t - samples[i - 1].t > gapSeconds {
                runs.append(s..<i)
                start = nil
            }
            if on, start == nil { start = i }
        }
        if let s = start { runs.append(s..<samples.count) }
        // Joined over short excursions without a gap.
        var joined: [Range<Int>] = []
        for run in runs {
            if let last = joined.last, samples[run.lowerBound].t - samples[last.upperBound - 1].t <= excursionSeconds,
               !(last.upperBound..<run.lowerBound + 1).contains(where: { samples[$0].t - samples[$0 - 1].t > gapSeconds }) {
                joined[joined.count - 1] = last.lowerBound..<run.upperBound
            } else {
                joined.append(run)
            }
        }
        // Reaching on over nearby fixes at each end.
        let loose = 2 * tolerance
        for k in joined.indices {
            var lower = joined[k].lowerBound, upper = joined[k].upperBound
            let floor = k > 0 ? joined[k - 1].upperBound : 0
            let ceiling = k + 1 < joined.count ? joined[k + 1].lowerBound : samples.count
            while lower > floor, samples[lower].t - samples[lower - 1].t <= gapSeconds,
                  abs(line.residual(samples[lower - 1].x, samples[lower - 1].y)) <= loose { lower -= 1 }
            while upper < ceiling, samples[upper].t - samples[upper - 1].t <= gapSeconds,
                  abs(line.residual(samples[upper].x, samples[upper].y)) <= loose { upper += 1 }
            joined[k] = lower..<upper
        }
        return joined.filter { run in
            var progress = 0.0
            var previous = line.along(samples[run.lowerBound].x, samples[run.lowerBound].y)
            for i in run.dropFirst() {
                let a = line.along(samples[i].x, samples[i].y)
                var step = a - previous
                if step > line.length / 2 { step -= line.length } else if step < -line.length / 2 { step += line.length }
                progress += step
                previous = a
            }
            return abs(progress) >= shortestRun
        }
    }

    /// A starting line for a stretch of fixes: its middle, its long axis for the straights, lane 1; nil for fixes that
    /// do not spread in two directions as a track's laps do.
    static func firstGuess(_ points: [(Double, Double)]) -> Line? {
        guard points.count >= sectors else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.0 } / n, my = points.reduce(0) { $0 + $1.1 } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for (px, py) in points {
            sxx += (px - mx) * (px - mx); syy += (py - my) * (py - my); sxy += (px - mx) * (py - my)
        }
        sxx /= n; syy /= n; sxy /= n
        // The track's laps spread about 50 m along the straights and 27 m across them (standard deviations).
        let mean = (sxx + syy) / 2, half = (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
        let major = mean + half, minor = mean - half
        guard minor > 10 * 10, major < 80 * 80 else { return nil }
        return Line(x: mx, y: my, angle: 0.5 * atan2(2 * sxy, sxx - syy), offset: 0)
    }

    /// The line through `points` from `start`, by Gauss–Newton on the distances across to it, each fix weighted by
    /// Huber's rule (a fix more than 1.5 spreads off counts as if it were at that distance), the spread re-estimated
    /// each round from the median distance. Nil if it does not settle in the bends' size.
    static func fit(_ points: [(Double, Double)], from start: Line, rounds: Int = 12) -> Line? {
        var line = start
        var scale = 5.0
        var residuals = [Double](repeating: 0, count: points.count)
        for _ in 0..<rounds {
            // The normal equations, accumulated one row of the Jacobian at a time.
            var a = [SIMD4<Double>](repeating: .zero, count: 4)
            var b = SIMD4<Double>.zero
            let c = line.cosine, s = line.sine, half = halfStraight
            for (k, (px, py)) in points.enumerated() {
                let dx = px - line.x, dy = py - line.y
                let u = c * dx + s * dy, v = -s * dx + c * dy
                let w = abs(u) - half
                var r: Double, j: SIMD4<Double>
                if w > 0 {
                    let rho = (w * w + v * v).squareRoot()
                    guard rho > 1e-9 else {
                        residuals[k] = line.radius
                        continue
                    }
                    let su: Double = u < 0 ? -1 : 1
                    // ∂u/∂(x, y, angle) = (−c, −s, v); ∂v/∂(x, y, angle) = (s, −c, −u).
                    let dw = (su * -c, su * -s, su * v)
                    j = SIMD4((w * dw.0 + v * s) / rho, (w * dw.1 + v * -c) / rho, (w * dw.2 + v * -u) / rho, -1)
                    r = rho - line.radius
                } else {
                    let sv: Double = v < 0 ? -1 : 1
                    j = SIMD4(sv * s, sv * -c, sv * -u, -1)
                    r = abs(v) - line.radius
                }
                residuals[k] = abs(r)
                let weight = abs(r) <= 1.5 * scale ? 1 : 1.5 * scale / abs(r)
                b -= weight * j * r
                for p in 0..<4 { a[p] += weight * j[p] * j }
            }
            var system = a.map { [$0[0], $0[1], $0[2], $0[3]] }
            for p in 0..<4 {
                for q in 0..<p { system[p][q] = system[q][p] }
                system[p][p] *= 1 + 1e-9
                system[p][p] += 1e-9
            }
            guard let step = solve(system, [b[0], b[1], b[2], b[3]]) else { return nil }
            line.x += step[0]; line.y += step[1]; line.angle += step[2]; line.offset += step[3]
            guard line.x.isFinite, line.y.isFinite, line.angle.isFinite, line.offset.isFinite,
                  line.offset > -laneOneRadius / 2, line.offset < laneOneRadius else { return nil }
            var sorted = residuals
            scale = max(0.5, Selection.kthSmallest(sorted.count / 2, of: &sorted) * 1.4826)
            if abs(step[0]) + abs(step[1]) + abs(step[3]) < 1e-4, abs(step[2]) < 1e-7 { break }
        }
        for (k, (px, py)) in points.enumerated() { residuals[k] = abs(line.residual(px, py)) }
        line.scale = Selection.kthSmallest(residuals.count / 2, of: &residuals) * 1.4826
        line.angle = remainder(line.angle, Double.pi)
        return line
    }

    /// The solution of the 4 × 4 system `a`·x = `b` (Gaussian elimination with partial pivoting); nil if singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a, r = b
        let n = r.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            guard abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot); r.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = m[row][col] / m[col][col]
                for k in col..<n { m[row][k] -= f * m[col][k] }
                r[row] -= f * r[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = r[row]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }
}
