import Foundation

/// Drifts that end in a jump back: a phone's fused location provider coasting on dead reckoning (no satellite fix
/// for a while) moves its fixes away from the athlete at an even rate, then jumps back when it has a fix again.
/// The smoother cannot tell the drift from the athlete's own motion and takes the jump for a short sprint, so the
/// track goes out and back and the distance grows by up to twice the drift.
///
/// What gives such a drift away is its jump and what the fixes' velocity does around it:
/// - **A lone jump.** Lines fitted to the fixes on either side of one step (a provider jumps back at once, from
///   one fix to the next), each with its own velocity (a drift changes it), miss each other at the step by more
///   than such lines miss anywhere else on the track, and by more than the athlete could have covered
///   (`speedUpFactor` times the faster line's speed). A jump that a burst's pair or a flash explains has already
///   been taken out by then.
/// - **The drift's rate.** Along the jump, the velocity on one side differs from the other by the drift's rate:
///   the side it came from and its length follow (the jump over the rate). The rate must stand out from how the
///   track's velocity bends anyway (`driftBendSignificance` times the median bend: turns, changes of pace, noise).
/// - **Its start.** Where the drift started, the fixes' velocity bends by that rate; of the lengths around the
///   estimate, the one whose start bends most nearly so is taken, and only if that bend is within
///   `driftBendTolerance` of the rate it implies. A lone jump with no such start (a step, or a burst whose other
///   jump was not found) has no side that can be told, and is left to the smoother.
///
/// The drift is taken out as a ramp: nothing at its start, the whole jump at the jump. Only positions move.
extension BurstFilter {
    /// Longest drift, seconds: a provider coasts for up to a minute before it has a satellite fix again.
    static let maxDriftSeconds = 60.0
    /// Shortest ramp, seconds.
    static let minDriftSeconds = 5.0
    /// The bend where a drift starts is within this fraction of the rate the drift implies.
    static let driftBendTolerance = 0.5
    /// The drift's rate is at least this many times the median bend of the track's velocity.
    static let driftBendSignificance = 2.0

    /// A drift found: the jump that ends it (or starts it) and the stretch of fixes on one side of it. The jump is
    /// one step (`jump.first == jump.last + 1`), so every fix lies on one side of it.
    struct Drift: Equatable {
        var jump: Jump
        /// True when the drift came before the jump (the jump brought the fixes back); false when it came after
        /// (the fixes jumped aside and drifted back).
        var before: Bool
        /// Where the drift starts (before) or ends (after), seconds.
        var far: Double
        /// The fixes the ramp moves.
        var fixes: ClosedRange<Int>

        /// The offset the drift puts on fix `i` (to be taken out): a ramp from none at `far` to the whole jump at
        /// the jump, against the jump before it and along it after it.
        func offset(at i: Int, in s: [CleaningSample]) -> (Double, Double) {
            let t = s[i].t
            let near = before ? s[jump.last].t : s[jump.first].t
            let w = far != near ? max(0, min(1, (t - far) / (near - far))) : 1
            return before ? (-w * jump.dx, -w * jump.dy) : (w * jump.dx, w * jump.dy)
        }
    }

    /// Takes a drift's ramp out of the fixes it spans.
    static func remove(_ drift: Drift, from samples: inout [CleaningSample]) {
        for i in drift.fixes {
            let (ox, oy) = drift.offset(at: i, in: samples)
            samples[i].x -= ox
            samples[i].y -= oy
            samples[i].moved = true
        }
    }
}

extension BurstFilter.Finder {
    /// The lone jumps of the run, each with the drift on one side of it; those whose drift cannot be told are left.
    func drifts() -> [BurstFilter.Drift] {
        let jumps = loneJumps()
        guard !jumps.isEmpty, let typicalBend = typicalBend() else { return [] }
        var found: [BurstFilter.Drift] = []
        for (k, jump) in jumps.enumerated() {
            guard let b = driftWindow(endingAt: jump.last), let a = driftWindow(startingAt: jump.first), jump.size > 0 else { continue }
            // A ramp reaches no further than the run, a neighbouring jump, or the last drift taken out.
            let earliest = max(s[range.lowerBound].t, k > 0 ? s[jumps[k - 1].first].t : -.infinity,
                               found.last.map { $0.before ? s[$0.jump.first].t : $0.far } ?? -.infinity)
            let latest = min(s[range.upperBound - 1].t, k + 1 < jumps.count ? s[jumps[k + 1].last].t : .infinity)
            let size = jump.size
            let (ux, uy) = (jump.dx / size, jump.dy / size)
            // The change of velocity across the jump, along it: positive where a drift ended in the jump (the fixes
            // were moving against it), negative where one began with it.
            let va = a.velocity, vb = b.velocity
            let along = (va.x - vb.x) * ux + (va.y - vb.y) * uy
            let before = along >= 0
            // The drift's rate must stand out from how the track's velocity bends anyway.
            let rate = abs(along)
            guard rate >= BurstFilter.driftBendSignificance * typicalBend else { continue }
            let tLast = s[jump.last].t, tFirst = s[jump.first].t
            let room = min(BurstFilter.maxDriftSeconds, before ? tLast - earliest : latest - tFirst)
            let estimate = size / rate
            guard room >= BurstFilter.minDriftSeconds, estimate <= 2 * BurstFilter.maxDriftSeconds else { continue }
            // Of the lengths around the estimate, the one whose far end bends the velocity most nearly by the rate it
            // implies, relative to that rate.
            var best: (length: Double, miss: Double)?
            for factor in [1, 0.7, 0.85, 1.2, 1.4] {
                let length = min(room, max(BurstFilter.minDriftSeconds, estimate * factor))
                let far = before ? tLast - length : tFirst + length
                guard let bend = velocityBend(at: far) else { continue }
                // At the far end the fixes start drifting against the jump (before) or stop drifting back (after).
                let expected = size / length
                let sign: Double = before ? -1 : 1
                let mx = bend.x - sign * expected * ux, my = bend.y - sign * expected * uy
                let miss = (mx * mx + my * my).squareRoot() / expected
                if miss < best?.miss ?? .infinity { best = (length, miss) }
            }
            guard let best, best.miss <= BurstFilter.driftBendTolerance else { continue }
            let far = before ? tLast - best.length : tFirst + best.length
            let fixes: ClosedRange<Int>
            // By bisection: a crafted file can hold a drift every half minute for days.
            if before {
                let low = min(jump.last, firstFix(after: far))
                fixes = low...max(low, jump.first - 1)
            } else {
                let high = max(jump.first, firstFix(atOrAfter: far) - 1)
                fixes = (jump.last + 1)...max(jump.last + 1, high)
            }
            found.append(BurstFilter.Drift(jump: jump, before: before, far: far, fixes: fixes))
        }
        return found
    }

    /// The jumps a drift ends in (or starts with): lines fitted to the fixes on either side of a step, each with its
    /// own velocity, miss each other at the step by more than such lines miss anywhere else on the track (`stepFactor`
    /// times the median, at least the one-fix floor and `noiseFactor` times the step's own noise), and the athlete
    /// could not have made it. Of jumps within a window's length of each other, the one that stands out most.
    func loneJumps() -> [BurstFilter.Jump] {
        var squares: [Double] = []
        let stride = max(1, range.count / 2_000)
        for last in Swift.stride(from: range.lowerBound, to: range.upperBound - 1, by: stride) {
            if let (jump, _) = separateStep(last) { squares.append(jump.dx * jump.dx + jump.dy * jump.dy) }
        }
        guard squares.count >= 20 else { return [] }
        let typical = (Selection.kthSmallest(squares.count / 2, of: &squares) / (2 * log(2.0))).squareRoot()
        let least = max(floor(1), BurstFilter.stepFactor * typical)
        var candidates: [(jump: BurstFilter.Jump, score: Double)] = []
        for last in range.lowerBound..<(range.upperBound - 1) {
            // The fixes themselves must move at least half the least jump: where they do not, the lines either miss
            // each other by less than that, or the athlete covers the move (it is then under twice their speed).
            guard s[last].distance(to: s[last + 1]) >= least / 2, let (jump, noise) = separateStep(last), jump.size >= max(least, BurstFilter.noiseFactor * noise) else { continue }
            // From the line before at its last fix to the line after at its first takes more than `speedUpFactor`
            // times the faster line's speed.
            let gap = s[jump.first].t - s[jump.last].t
            let p = jump.before.position(at: s[jump.last].t), q = jump.after.position(at: s[jump.first].t)
            let move = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            let speed = max((jump.before.vx * jump.before.vx + jump.before.vy * jump.before.vy).squareRoot(),
                            (jump.after.vx * jump.after.vx + jump.after.vy * jump.after.vy).squareRoot())
            guard move > BurstFilter.speedUpFactor * speed * gap else { continue }
            candidates.append((jump, jump.size / max(noise, 1e-6)))
        }
        var kept: [BurstFilter.Jump] = []
        for candidate in candidates.sorted(by: { $0.score > $1.score }) where !kept.contains(where: { overlap($0, candidate.jump) }) {
            kept.append(candidate.jump)
        }
        return kept.sorted { $0.last < $1.last }
    }

    /// The step between fix `last` and the next, from straight windows either side, each line carried to the middle
    /// of the step with its own velocity; with the step's noise (1 sigma per axis).
    func separateStep(_ last: Int) -> (BurstFilter.Jump, Double)? {
        let first = last + 1
        guard first < range.upperBound, let b = windowBefore(last), let a = windowAfter(first),
              b.residual <= straightness, a.residual <= straightness, b.tt > 0, a.tt > 0 else { return nil }
        let middle = (s[last].t + s[first].t) / 2
        let vb = b.velocity, va = a.velocity
        let db = middle - b.t, da = middle - a.t
        let dx = a.x + va.x * da - (b.x + vb.x * db), dy = a.y + va.y * da - (b.y + vb.y * db)
        let variance = b.residual * (1 / b.n + db * db / b.tt) + a.residual * (1 / a.n + da * da / a.tt)
        let jump = BurstFilter.Jump(
            last: last, first: first, dx: dx, dy: dy,
            before: BurstFilter.Anchor(t: b.t, x: b.x, y: b.y, vx: vb.x, vy: vb.y),
            after: BurstFilter.Anchor(t: a.t, x: a.x, y: a.y, vx: va.x, vy: va.y))
        return (jump, variance.squareRoot())
    }

    /// How the fixes' velocity changes at time `t`: the velocity of the window after it less that of the window
    /// before it.
    func velocityBend(at t: Double) -> (x: Double, y: Double)? {
        let low = firstFix(atOrAfter: t)
        guard low > range.lowerBound, low < range.upperBound, let b = driftWindow(endingAt: low - 1),
              let a = driftWindow(startingAt: low)
        else { return nil }
        let va = a.velocity, vb = b.velocity
        return (va.x - vb.x, va.y - vb.y)
    }

    /// How long the windows are whose velocities measure a drift's rate and the bends of the track: longer than the
    /// lines a jump is found with, since a rate of half a metre per second must stand out from the noise of a
    /// velocity, and a drift lasts 10 s to a minute.
    var driftSeconds: Double { max(2 * window, Double(BurstFilter.minimumFitFixes - 1) * interval) }

    /// The fixes within `driftSeconds` up to fix `i` (at most `maxWindowFixes`), if they are at least
    /// `minimumFitFixes`.
    func driftWindow(endingAt i: Int) -> BurstFilter.Window? {
        var low = i
        while low > range.lowerBound, i - low + 1 < BurstFilter.maxWindowFixes, s[i].t - s[low - 1].t <= driftSeconds { low -= 1 }
        return i - low + 1 >= BurstFilter.minimumFitFixes ? BurstFilter.Window(s, low...i) : nil
    }

    /// The fixes within `driftSeconds` from fix `i` on, as `driftWindow(endingAt:)` takes its own.
    func driftWindow(startingAt i: Int) -> BurstFilter.Window? {
        var high = i
        while high + 1 < range.upperBound, high - i + 1 < BurstFilter.maxWindowFixes, s[high + 1].t - s[i].t <= driftSeconds { high += 1 }
        return high - i + 1 >= BurstFilter.minimumFitFixes ? BurstFilter.Window(s, i...high) : nil
    }

    /// The first fix of the run at or after time `t` (the end of the run if none), by bisection.
    func firstFix(atOrAfter t: Double) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            if s[mid].t < t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first fix of the run after time `t` (the end of the run if none).
    func firstFix(after t: Double) -> Int { firstFix(atOrAfter: t.nextUp) }

    /// The median bend of the run's velocity (metres per second), over at most about 2,000 places half a drift
    /// window apart; nil on a run too short to say.
    func typicalBend() -> Double? {
        let start = s[range.lowerBound].t, end = s[range.upperBound - 1].t
        let step = max(driftSeconds / 2, (end - start) / 2_000)
        var squares: [Double] = []
        var t = start + driftSeconds
        while t < end - driftSeconds {
            if let bend = velocityBend(at: t) { squares.append(bend.x * bend.x + bend.y * bend.y) }
            t += step
        }
        guard squares.count >= 20 else { return nil }
        return Selection.kthSmallest(squares.count / 2, of: &squares).squareRoot()
    }
}
