import Foundation

/// Finds bursts of reflected signal and takes their offset out of the fixes.
///
/// Between tall buildings or under a cliff a receiver can lock onto a reflection: within a few seconds its
/// fixes move 15–50 m to one side, stay there (moving on with the athlete) for seconds to a minute, then move
/// back. The smoother cannot tell such a held offset from the athlete's own motion; it follows it, the track
/// goes there and back, and the distance grows by twice the offset.
///
/// What gives a burst away is its pair of jumps. At a jump, straight lines fitted to the fixes just before and
/// just after it miss each other by far more than the track's own noise (measured on the same track, for each
/// length of gap) while their velocities agree, and the athlete could not have made it: it goes across their way,
/// or further along it than a change of pace explains, and getting across it would take more than twice their
/// speed. So a walker's 30 m jump in a few seconds is a burst, and a cyclist's detour down a side street is not.
/// A second jump, nearly equal and opposite, ends the burst. A real sidestep and back does not pass as such a pair
/// either: moving sideways at an even pace costs progress along the way, so both steps land behind the lines.
///
/// Once one jump is clear, its partner is looked for knowing the step to expect, so it is found even where the
/// athlete turns as the signal comes back (within a clear jump's rise), and after a slow fall where they do not
/// (a receiver lets go of a reflection more slowly than it takes one up). A partner is taken only if the fixes,
/// with the burst taken out, show no jump left around it or inside it; inside the hold, a jump no larger than
/// `mirrorTolerance` of the burst is the hold's own wander (a reflection's offset swings by a fair part of itself)
/// and does not count. A burst whose fall is too slow, or whose hold too short, for its partner to be found is
/// found from its entry, in `BurstFilter+SlowFalls.swift`. Between the two jumps the offset is taken out, interpolated in time from one jump's estimate
/// to the other's; a fix within a rise or a fall is moved by the part of the jump it has made.
///
/// A burst with no hold (the fixes jump aside and fall straight back within `maxFlashSeconds`) has no line inside
/// it and so no pair of jumps. It is found the other way round: the lines before and after it agree, and the first
/// fix off the line lies further off than the athlete could have gone; its fixes are put back on the line.
///
/// A lone jump that ends a drift (a fused location provider jumping back once it has a satellite fix again) is
/// taken out with its drift, in `BurstFilter+Drifts.swift`.
///
/// Left to the smoother: a lone jump with no drift beside it, or one whose partner does not mirror it (without a
/// partner or a drift there is no telling which side of it is wrong); a burst whose both jumps fall in turns, or
/// one with no hold in a turn; jumps along the athlete's way that a change of pace within their own top speed explains
/// (a car's or a rider's between junctions: going on ahead, they add little distance); jumps no larger than the
/// track's own wander makes likely; bursts held longer than `maxHoldSeconds`; and runs sampled faster than every
/// `minInterval` seconds, whose windows would be too costly (a segment recorded that fast reaches this filter a second
/// at a time, `DenseRecording`, so only a run packed that densely within a slower segment is left).
///
/// Where fixes come every `sparseAfterLinesInterval` seconds or sparser, a burst is a few fixes that the lines cannot
/// pin down: runs sampled sparser than every `maxInterval` seconds are searched by the steps into and out of a burst
/// instead of by lines, and smart-recorded runs by both, in `BurstFilter+Sparse.swift`.
enum BurstFilter {
    /// Seconds of fixes each line is fitted to (at least `minimumFitFixes` fixes).
    static let fitSeconds = 8.0
    static let minimumFitFixes = 4
    /// Longest rise of a clear jump, seconds.
    static let maxRiseSeconds = 10.0
    /// Longest fall of a clear jump's partner after it, seconds: a receiver can take a while to let go of a
    /// reflection ...
    static let maxFallSeconds = 20.0
    /// ... but takes one up at once: the longest rise of a partner before a clear jump, seconds.
    static let maxEntrySeconds = 5.0
    /// How much the two lines' velocities may differ at a jump, metres per second.
    static let velocityTolerance = 1.5
    /// The smallest jump taken for a burst, metres; at least `noiseFactor` times the noise of the two lines.
    static let minimumJumpMeters = 15.0
    static let noiseFactor = 5.0
    /// ... and at least this many times the typical step between neighbouring windows of the same track.
    static let stepFactor = 6.0
    /// The fixes on either side of a jump lie this close to a straight line (rms per axis, metres; at least
    /// `straightnessFactor` times the track's noise): a window that holds part of a jump or a tight turn says
    /// nothing about the step.
    static let minimumStraightnessMeters = 4.0
    static let straightnessFactor = 2.5
    /// Between the windows either side of a jump an athlete may speed up to this many times their pace ...
    static let paceFactor = 2.5
    /// ... but no faster than they go on this run at all: this quantile of the speeds of its straight windows. A
    /// walker does not cover 20 m more than their pace in a few seconds; a car between two junctions does ...
    static let topSpeedQuantile = 0.9
    /// ... and go across the jump itself at up to this many times their speed.
    static let speedUpFactor = 2.0
    /// Longest burst, seconds from the end of one jump to the start of the other: up to a minute of hold and the
    /// start of the fall. The longer the hold, the likelier a jump read into a later bend passes for its partner.
    static let maxHoldSeconds = 70.0
    /// The two jumps of a burst cancel to within this fraction of the larger one: the offset wobbles while it
    /// holds, and a slow fall is measured short ...
    static let mirrorTolerance = 0.5
    /// ... and within this fraction when the partner is a quick rise before a clear jump.
    static let entryTolerance = 0.35
    /// Longest burst with no hold, seconds from the last fix on the line to the first fix back on it.
    static let maxFlashSeconds = 30.0
    /// Runs whose median interval is shorter than this (seconds) are left alone too: at 10 Hz and more a window
    /// would hold hundreds of fixes and every search below grows with it (a 100 Hz file of 100,000 points took
    /// minutes). A segment recorded mostly that fast is cleaned a second at a time, a walker's two (`DenseRecording`):
    /// its fixes come here one or two seconds apart.
    static let minInterval = 0.5
    /// Bounds on the fixes any one search looks at, whatever the times say (a crafted file can pack thousands of
    /// fixes into a second inside a run that is 1 Hz elsewhere). None binds at 1 Hz and up to `minInterval`:
    /// a window (up to 8 s) holds 9–17 fixes, a fall (20 s) 21–41, a flash (30 s) 31–61, a hold (70 s) 71–141.
    static let maxWindowFixes = 48
    static let maxStepFixes = 64
    static let maxHoldFixes = 160
    /// Runs whose median interval is longer than this (seconds) are left alone.
    static let maxInterval = 5.0
    /// From this many fixes in a run on, its clear jumps are looked for on two threads (`clearJumpCandidates()`):
    /// searched for twice over every fix, they took about a quarter of the CPU time of `trackdrop check --out` on a
    /// 500,000-fix recording made every second (`Benchmarks/results/trackkit.md`).
    static let parallelFixes = 50_000

    /// A jump in the fixes: `last` is the last fix before it, `first` the first after it; (dx, dy) is how far the
    /// line after it sits from the line before it, at the middle of the jump.
    struct Jump: Equatable {
        var last: Int
        var first: Int
        var dx: Double
        var dy: Double
        /// Where the fixes would be on either side of the jump without it: the line through the window before it
        /// and the line through the window after it, both with the shared velocity.
        var before: Anchor
        var after: Anchor
        var size: Double { (dx * dx + dy * dy).squareRoot() }
    }

    /// A line with the shared velocity through a window's mean.
    struct Anchor: Equatable {
        var t, x, y, vx, vy: Double
        func position(at time: Double) -> (x: Double, y: Double) { (x + vx * (time - t), y + vy * (time - t)) }
    }

    /// A burst with no hold: the fixes after `last` and before `first` are off the line the fixes on either side
    /// agree on.
    struct Flash: Equatable {
        var last: Int
        var first: Int
        var before: Anchor
        var after: Anchor
        /// How far the first fix of it was off the line, metres.
        var size: Double

        /// Where the line puts the athlete at `t`: the two anchors' lines, blended across the flash.
        func position(at t: Double) -> (x: Double, y: Double) {
            let p = before.position(at: t), q = after.position(at: t)
            let w = after.t > before.t ? min(1, max(0, (t - before.t) / (after.t - before.t))) : 0
            return (p.x + w * (q.x - p.x), p.y + w * (q.y - p.y))
        }
    }

    /// A burst found and corrected: the jump into it and the jump out of it.
    struct Burst: Equatable {
        var entry: Jump
        var exit: Jump
    }

    /// Least-squares sums of the fixes in a window: count, means, and sums of products about the means.
    struct Window {
        var n = 0.0, t = 0.0, x = 0.0, y = 0.0
        var tt = 0.0, tx = 0.0, ty = 0.0, xx = 0.0, yy = 0.0

        /// One pass, about the window's first fix (a window spans seconds and metres, so nothing cancels).
        init(_ s: [CleaningSample], _ indices: ClosedRange<Int>) {
            n = Double(indices.count)
            let origin = s[indices.lowerBound]
            var st = 0.0, sx = 0.0, sy = 0.0
            for i in indices {
                let dt = s[i].t - origin.t, dx = s[i].x - origin.x, dy = s[i].y - origin.y
                st += dt; sx += dx; sy += dy
                tt += dt * dt; tx += dt * dx; ty += dt * dy; xx += dx * dx; yy += dy * dy
            }
            tt -= st * st / n; tx -= st * sx / n; ty -= st * sy / n; xx -= sx * sx / n; yy -= sy * sy / n
            t = origin.t + st / n; x = origin.x + sx / n; y = origin.y + sy / n
        }

        /// The window's own velocity.
        var velocity: (x: Double, y: Double) { tt > 0 ? (tx / tt, ty / tt) : (0, 0) }

        /// Variance per axis of the fixes about the window's own line: a window that holds part of a jump, or a
        /// tight turn, is far from straight.
        var residual: Double {
            guard tt > 0, n > 2 else { return 0 }
            return max(0, xx - tx * tx / tt + yy - ty * ty / tt) / (2 * (n - 2))
        }
    }

    /// The step between two windows under one shared velocity (the athlete's), with the variance of each of its
    /// components. A change of velocity between windows of equal length adds no step: the shared velocity is
    /// their mean, and the two windows' positions, carried to each other with it, still meet.
    static func step(_ b: Window, _ a: Window) -> (dx: Double, dy: Double, variance: Double, velocity: (x: Double, y: Double))? {
        let tt = b.tt + a.tt
        guard tt > 0, b.n + a.n > 3 else { return nil }
        let vx = (b.tx + a.tx) / tt, vy = (b.ty + a.ty) / tt
        let gap = a.t - b.t
        let dx = a.x - b.x - vx * gap, dy = a.y - b.y - vy * gap
        let squares = max(0, b.xx + a.xx - vx * (b.tx + a.tx)) + max(0, b.yy + a.yy - vy * (b.ty + a.ty))
        let residual = squares / (2 * (b.n + a.n - 3))
        return (dx, dy, residual * (1 / b.n + 1 / a.n + gap * gap / tt), (vx, vy))
    }

    /// What the filter took out of a track: bursts (with or without a hold) and drifts that end in a jump.
    struct Corrections: Equatable {
        var bursts = 0
        var drifts = 0
    }

    /// Corrects the bursts and drifts found in each run (split at gaps longer than `gapSeconds`) and returns how
    /// many. `sigma` is the track's estimated noise; a jump must stand out from it too.
    @discardableResult
    static func correct(_ samples: inout [CleaningSample], sigma: Double, gapSeconds: Double) -> Corrections {
        var total = Corrections()
        var start = 0
        for end in 1...max(1, samples.count) where end >= samples.count || samples[end].t - samples[end - 1].t > gapSeconds {
            if end - start >= 4 * minimumFitFixes {
                let found = correctRun(&samples, range: start..<end, sigma: sigma)
                total.bursts += found.bursts
                total.drifts += found.drifts
            }
            start = end
        }
        return total
    }

    private static func correctRun(_ samples: inout [CleaningSample], range: Range<Int>, sigma: Double) -> Corrections {
        let interval = TrackCleaner.typicalInterval(samples[range], gapSeconds: .infinity)
        if interval > maxInterval {
            // Too sparse for the lines: the bursts are found by their steps (`BurstFilter+Sparse.swift`).
            guard interval <= maxSparseInterval else { return Corrections() }
            let sparse = sparseBursts(samples, range: range)
            for burst in sparse { remove(burst, from: &samples) }
            return Corrections(bursts: sparse.count, drifts: 0)
        }
        guard interval >= minInterval else { return Corrections() }
        let finder = Finder(samples, range: range, interval: interval, sigma: sigma)
        let candidates = finder.clearJumpCandidates()
        let bursts = finder.bursts(from: finder.largestOf(candidates))
        for burst in bursts { remove(burst, from: &samples) }
        // Then the bursts with no hold, on the fixes with the others taken out.
        let flashes = Finder(samples, range: range, judgingAs: finder).flashes()
        for flash in flashes { remove(flash, from: &samples) }
        // Where fixes come seconds apart, the bursts too short for the lines, by their steps. Before the lone jumps
        // below: the steps see a burst's rise and its fall together, where a drift or a slow fall sees one jump and
        // a decay, and can read a burst's wobbly fall as the entry of one and move the fixes after it instead.
        var sparse: [SparseBurst] = []
        if interval >= sparseAfterLinesInterval {
            sparse = sparseBursts(samples, range: range)
            for burst in sparse { remove(burst, from: &samples) }
        }
        // Last, the jumps left: a drift that ends in one (`BurstFilter+Drifts.swift`).
        let drifts = Finder(samples, range: range, judgingAs: finder).drifts()
        for drift in drifts { remove(drift, from: &samples) }
        // And the clear jumps still left that begin a burst with a slow fall (`BurstFilter+SlowFalls.swift`), found
        // again only near the fixes moved since the first search.
        let after = Finder(samples, range: range, judgingAs: finder)
        let slow = after.slowFallBursts(from: after.clearJumps(updating: candidates, from: finder))
        for burst in slow { remove(burst, from: &samples) }
        return Corrections(bursts: bursts.count + flashes.count + slow.count + sparse.count, drifts: drifts.count)
    }

    /// Finds the bursts of one run (time order, no gaps) of `s`.
    struct Finder {
        let s: [CleaningSample]
        let range: Range<Int>
        /// The median time between fixes, and the seconds of fixes each line is fitted to.
        let interval: Double
        let window: Double
        /// How far a window may reach to hold `minimumFitFixes` where the fixes come unevenly: a watch's smart
        /// recording writes one every second or two in turns and one every 5 s on a straight, so a window as long
        /// as three median intervals may hold only two fixes there. Up to four fixes `maxInterval` apart.
        let longestWindow: Double
        /// The smallest jump that counts, by how many fixes its rise spans (the last for any longer rise).
        var floors: [Double] = []
        /// The largest variance about its own line a window on either side of a jump may have.
        let straightness: Double
        /// How fast the athlete goes on this run at most: the `topSpeedQuantile` of the speeds of its straight
        /// windows (infinite where too few are straight to tell).
        var topSpeed = Double.infinity

        /// A finder over `s` that judges jumps as `other` does (same windows and floors).
        init(_ s: [CleaningSample], range: Range<Int>, judgingAs other: Finder) {
            self.s = s
            self.range = range
            interval = other.interval
            window = other.window
            longestWindow = other.longestWindow
            floors = other.floors
            straightness = other.straightness
            topSpeed = other.topSpeed
        }

        init(_ s: [CleaningSample], range: Range<Int>, interval: Double, sigma: Double) {
            self.s = s
            self.range = range
            self.interval = interval
            window = max(fitSeconds, Double(minimumFitFixes - 1) * interval)
            longestWindow = max(window + 2 * interval, Double(minimumFitFixes - 1) * maxInterval)
            let spread = max(minimumStraightnessMeters, straightnessFactor * sigma)
            straightness = spread * spread
            // How far apart the windows on either side of a gap of d fixes sit anyway, wherever the track runs on
            // evenly: the noise a jump of that rise must stand out from, including an error that wanders (which the
            // windows' own residuals do not see), and growing with the gap the shared velocity is carried across.
            let baseFloor = max(minimumJumpMeters, noiseFactor * sigma)
            let longest = min(maxStepFixes, max(1, Int((max(maxRiseSeconds, maxFallSeconds) / max(interval, 0.1)).rounded(.up))))
            // About a thousand steps for each median: plenty, and the floors stay cheap on long activities.
            let stride = max(1, range.count / 1_000)
            floors = [Double](repeating: baseFloor, count: longest + 1)
            for d in 1...longest {
                var squares: [Double] = []
                for last in Swift.stride(from: range.lowerBound, to: range.upperBound - d, by: stride) {
                    guard let b = windowBefore(last), let a = windowAfter(last + d), b.residual <= straightness,
                          a.residual <= straightness, let step = BurstFilter.step(b, a)
                    else { continue }
                    let (va, vb) = (a.velocity, b.velocity)
                    let dvx = va.x - vb.x, dvy = va.y - vb.y
                    if dvx * dvx + dvy * dvy <= velocityTolerance * velocityTolerance {
                        squares.append(step.dx * step.dx + step.dy * step.dy)
                    }
                }
                guard squares.count >= 20 else { continue }
                // For 2-D Gaussian noise the median of |e|² is 2·ln 2·σ².
                let sigmaStep = (Selection.kthSmallest(squares.count / 2, of: &squares) / (2 * log(2.0))).squareRoot()
                floors[d] = max(baseFloor, stepFactor * sigmaStep)
            }
            // Bursts take up few of a run's straight windows (a rise or a fall is not straight), so they barely
            // move this quantile; a cyclist's sprints or a car's open road do.
            var speeds: [Double] = []
            for last in Swift.stride(from: range.lowerBound, to: range.upperBound, by: stride) {
                guard let b = windowBefore(last), b.residual <= straightness else { continue }
                let v = b.velocity
                speeds.append((v.x * v.x + v.y * v.y).squareRoot())
            }
            if speeds.count >= 20 {
                let k = min(speeds.count - 1, Int(Double(speeds.count) * topSpeedQuantile))
                topSpeed = Selection.kthSmallest(k, of: &speeds)
            }
        }

        /// The window of fixes ending at fix `i`: those within `window` seconds, and further back (up to
        /// `longestWindow`) until it holds `minimumFitFixes`; nil when it cannot.
        func windowBefore(_ i: Int) -> Window? {
            var low = i
            while low > range.lowerBound, i - low + 1 < maxWindowFixes, s[i].t - s[low - 1].t <= window { low -= 1 }
            while i - low + 1 < minimumFitFixes, low > range.lowerBound, s[i].t - s[low - 1].t <= longestWindow { low -= 1 }
            return i - low + 1 >= minimumFitFixes ? Window(s, low...i) : nil
        }

        /// The window of fixes starting at fix `i`, taken as `windowBefore` takes its own.
        func windowAfter(_ i: Int) -> Window? { windowAfterWithEnd(i)?.window }

        /// `windowAfter`, with the index of the window's last fix.
        func windowAfterWithEnd(_ i: Int) -> (end: Int, window: Window)? {
            var high = i
            while high + 1 < range.upperBound, high - i + 1 < maxWindowFixes, s[high + 1].t - s[i].t <= window { high += 1 }
            while high - i + 1 < minimumFitFixes, high + 1 < range.upperBound, s[high + 1].t - s[i].t <= longestWindow { high += 1 }
            return high - i + 1 >= minimumFitFixes ? (high, Window(s, i...high)) : nil
        }

        /// The smallest jump that counts when its rise spans `d` fixes.
        func floor(_ d: Int) -> Double { floors[min(d, floors.count - 1)] }

        /// Every (last, first) pair of fixes a jump can lie between, with the step there under one shared velocity
        /// and how far the two windows' own velocities disagree.
        func forEachStep(
            lasts: some Sequence<Int>, rise: Double = maxRiseSeconds, maxVelocityChange: Double = .infinity,
            _ body: (Jump, _ variance: Double, _ velocityChange: Double) -> Void
        ) {
            // The windows after the fixes just ahead, kept while the lasts move on one by one.
            let ring = 256
            var cachedIndex = [Int](repeating: -1, count: ring)
            var cached = [Window?](repeating: nil, count: ring)
            for last in lasts {
                guard let b = windowBefore(last), b.residual <= straightness else { continue }
                let vb = b.velocity
                var first = last + 1
                while first < range.upperBound, first - last <= maxStepFixes, s[first].t - s[last].t <= rise + 1e-9 {
                    defer { first += 1 }
                    if cachedIndex[first % ring] != first {
                        cachedIndex[first % ring] = first
                        cached[first % ring] = windowAfter(first)
                    }
                    guard let a = cached[first % ring], a.residual <= straightness else { continue }
                    let va = a.velocity
                    let dvx = va.x - vb.x, dvy = va.y - vb.y
                    let change = (dvx * dvx + dvy * dvy).squareRoot()
                    guard change <= maxVelocityChange, let step = BurstFilter.step(b, a) else { continue }
                    // Carrying the shared velocity across the gap is only as good as the two windows agree on it.
                    let half = (a.t - b.t) / 2
                    let (vx, vy) = step.velocity
                    let jump = Jump(
                        last: last, first: first, dx: step.dx, dy: step.dy,
                        before: Anchor(t: b.t, x: b.x, y: b.y, vx: vx, vy: vy), after: Anchor(t: a.t, x: a.x, y: a.y, vx: vx, vy: vy))
                    body(jump, step.variance + change * change / 2 * half * half, change)
                }
            }
        }

        /// The clear jumps: where the athlete's velocity holds and the step stands `noiseFactor` times above its
        /// noise. For each fix the best-supported jump after it; then the largest of those that overlap.
        func clearJumps() -> [Jump] { largestOf(clearJumpCandidates()) }

        /// Every fix's best-supported clear jump after it, in the order of those fixes. On two threads from
        /// `parallelFixes` fixes on: each fix's candidate depends on no other fix's, so the halves join in order.
        func clearJumpCandidates() -> [Candidate] {
            let lasts = range.lowerBound..<max(range.lowerBound, range.upperBound - 1)
            guard lasts.count >= parallelFixes else { return clearJumpCandidates(lasts: lasts) }
            let middle = lasts.lowerBound + lasts.count / 2
            let later = SecondThread { [self] in clearJumpCandidates(lasts: middle..<lasts.upperBound) }
            return clearJumpCandidates(lasts: lasts.lowerBound..<middle) + later.join()
        }

        /// The clear jumps of these fixes, where `earlier` are `clearJumpCandidates()` of a finder that judged as this
        /// one does, over fixes at the same times, some of which have since moved (bursts, flashes and drifts taken
        /// out). A fix's candidate depends only on the fixes from `candidateReach.behind` before it to
        /// `candidateReach.ahead` after it (the windows and steps are bounded in fixes), so only the candidates of
        /// fixes that near a moved one are found again; the rest are `earlier`'s. The same jumps as `clearJumps()`,
        /// which is what it does where `before` judged otherwise or its fixes' times or range differ.
        func clearJumps(updating earlier: [Candidate], from before: Finder) -> [Jump] {
            guard before.range == range, before.s.count == s.count, before.interval == interval,
                  before.window == window, before.longestWindow == longestWindow, before.floors == floors,
                  before.straightness == straightness, before.topSpeed == topSpeed,
                  range.allSatisfy({ before.s[$0].t == s[$0].t }) else { return clearJumps() }
            let lastsEnd = max(range.lowerBound, range.upperBound - 1)  // a candidate's fix is before this one
            // The fixes whose candidates are found again, as ranges in time order.
            var stale: [Range<Int>] = []
            for i in range where before.s[i].x != s[i].x || before.s[i].y != s[i].y {
                let from = max(range.lowerBound, i - Self.candidateReach.ahead)
                let to = min(lastsEnd, i + Self.candidateReach.behind + 1)
                guard from < to else { continue }
                if let previous = stale.last, from <= previous.upperBound {
                    stale[stale.count - 1] = previous.lowerBound..<max(previous.upperBound, to)
                } else {
                    stale.append(from..<to)
                }
            }
            guard !stale.isEmpty else { return largestOf(earlier) }
            var merged: [Candidate] = []
            merged.reserveCapacity(earlier.count)
            var next = 0  // the first of `earlier` not yet taken or passed over
            for lasts in stale {
                while next < earlier.count, earlier[next].jump.last < lasts.lowerBound {
                    merged.append(earlier[next])
                    next += 1
                }
                while next < earlier.count, earlier[next].jump.last < lasts.upperBound { next += 1 }
                merged += clearJumpCandidates(lasts: lasts)
            }
            merged += earlier[next...]
            return largestOf(merged)
        }

        /// How far a fix's clear-jump candidate reaches, in fixes: back to the start of the window before it, ahead
        /// to the end of the window after the furthest first fix of a step.
        static let candidateReach = (behind: maxWindowFixes - 1, ahead: maxStepFixes + maxWindowFixes - 1)

        /// A fix's best-supported clear jump after it, and how far it stands above its noise.
        typealias Candidate = (jump: Jump, score: Double)

        /// Of overlapping candidates, the largest jump; in time order.
        func largestOf(_ candidates: [Candidate]) -> [Jump] {
            var kept: [Jump] = []
            for jump in candidates.map(\.jump).sorted(by: { $0.size > $1.size }) where !kept.contains(where: { overlap($0, jump) }) {
                kept.append(jump)
            }
            return kept.sorted { $0.last < $1.last }
        }

        /// The best-supported clear jump after each of `lasts` that has one, in their order.
        func clearJumpCandidates(lasts: Range<Int>) -> [Candidate] {
            var candidates: [Candidate] = []
            var current: Candidate?
            forEachStep(lasts: lasts, maxVelocityChange: velocityTolerance) { jump, variance, change in
                if let c = current, c.jump.last != jump.last {
                    candidates.append(c)
                    current = nil
                }
                let noise = variance.squareRoot()
                guard change <= velocityTolerance else { return }
                let size = implausible(jump)
                guard size >= max(floor(jump.first - jump.last), noiseFactor * noise), impossible(jump) else { return }
                let score = size / max(noise, 1e-6)
                if score > current?.score ?? 0 { current = (jump, score) }
            }
            if let current { candidates.append(current) }
            return candidates
        }

        /// Whether the athlete could not have made the jump: getting from where the line before it puts them at its
        /// last fix to where the line after it puts them at its first takes more than `speedUpFactor` times the
        /// speed they were going. A cyclist's detour down a side street and back onto the road, or a ride speeding
        /// up between two junctions, moves the fixes as far as a burst does, but at the rider's own speed; a
        /// reflection moves a walker's fixes 30 m in a few seconds.
        func impossible(_ jump: Jump) -> Bool {
            let vx = jump.before.vx, vy = jump.before.vy
            let gap = s[jump.first].t - s[jump.last].t
            guard gap > 0 else { return true }
            let dx = vx * gap + jump.dx, dy = vy * gap + jump.dy
            return (dx * dx + dy * dy).squareRoot() > speedUpFactor * (vx * vx + vy * vy).squareRoot() * gap
        }

        /// How much of a jump the athlete could not have made by changing pace: all of it across the way they were
        /// going, and along it only what would take more than `paceFactor` times their speed (or more than their
        /// `topSpeed`) from one window to the other, or a turn back. A car or a ride speeding up between two junctions
        /// moves the fixes ahead of the lines as far as a burst does; a walker's fixes thrown 20 m ahead and back
        /// run backwards on the way back, which the smoother keeps as distance.
        func implausible(_ jump: Jump) -> Double {
            let vx = jump.before.vx, vy = jump.before.vy
            let speed = (vx * vx + vy * vy).squareRoot()
            guard speed > 0 else { return jump.size }
            let along = (jump.dx * vx + jump.dy * vy) / speed
            let across = (jump.dx * vy - jump.dy * vx) / speed
            let span = jump.after.t - jump.before.t
            let travelled = speed * span
            let faster = min((paceFactor - 1) * travelled, max(0, topSpeed - speed) * span)
            let excess = max(0, along - faster, -(along + travelled))
            return (across * across + excess * excess).squareRoot()
        }

        /// Two jumps within a window's length of each other are one.
        func overlap(_ a: Jump, _ b: Jump) -> Bool {
            s[a.last].t < s[b.first].t + window && s[b.last].t < s[a.first].t + window
        }

        /// The jumps that cancel `jump` to within the tolerance, within `maxHoldSeconds` after it (or before it),
        /// best match first; of those close together in time (within a fall's length of each other) only the best,
        /// since a slow fall matches better once it has finished. Knowing the step to look for, the velocities need
        /// not agree here: the partner of a clear jump may fall in a turn.
        func partners(of jump: Jump, after: Bool) -> [Jump] {
            let lasts: [Int]
            if after {
                // The window before the partner lies wholly inside the burst.
                let inside = (jump.first..<range.upperBound).first {
                    s[$0].t - s[jump.first].t >= window || $0 - jump.first >= maxWindowFixes
                } ?? range.upperBound
                lasts = Array((inside..<range.upperBound).prefix { s[$0].t - s[jump.first].t <= maxHoldSeconds }.prefix(maxHoldFixes))
            } else {
                let earliest = s[jump.last].t - maxHoldSeconds - maxEntrySeconds
                lasts = Array(stride(from: jump.last - minimumFitFixes, through: range.lowerBound, by: -1)
                    .prefix { s[$0].t >= earliest }.prefix(maxHoldFixes))
            }
            var found: [(jump: Jump, mismatch: Double, start: Int)] = []
            // A reflection is taken up at once but may be let go of slowly: a partner after the jump may fall
            // for longer than a clear jump rises.
            forEachStep(lasts: lasts, rise: after ? maxFallSeconds : maxEntrySeconds) { candidate, _, change in
                // A long fall only where the athlete's velocity holds across it: carried through a turn for that
                // long, the lines miss each other by as much as a burst (a phone's drift that ends in a jump back
                // found its "partner" in the next corner that way).
                guard change <= velocityTolerance || s[candidate.first].t - s[candidate.last].t <= maxRiseSeconds else { return }
                // ... and for a partner before the jump, the window after it.
                guard after || s[jump.last].t - s[candidate.first].t >= window else { return }
                guard after || s[jump.last].t - s[candidate.first].t <= maxHoldSeconds else { return }
                // As large as the noise makes likely for a jump of its rise: the longer the fall, the further the
                // lines are carried across it.
                guard candidate.size >= floor(candidate.first - candidate.last) else { return }
                let sx = candidate.dx + jump.dx, sy = candidate.dy + jump.dy
                let mismatch = (sx * sx + sy * sy).squareRoot()
                guard mismatch <= (after ? mirrorTolerance : entryTolerance) * max(jump.size, candidate.size) else { return }
                if let current = found.last, abs(s[candidate.last].t - s[current.start].t) <= maxFallSeconds {
                    if mismatch < current.mismatch { found[found.count - 1] = (candidate, mismatch, current.start) }
                } else {
                    found.append((candidate, mismatch, candidate.last))
                }
            }
            return found.sorted { $0.mismatch < $1.mismatch }.map(\.jump)
        }

        /// Clear jumps with their partners, in time order, none inside another. A clear jump is taken for a burst's
        /// entry first, then for its exit; of its partners, the best match that leaves no jump behind. `clear` are
        /// this finder's `clearJumps()`.
        func bursts(from clear: [Jump]? = nil) -> [Burst] {
            var bursts: [Burst] = []
            var end = -1
            for jump in clear ?? clearJumps() where jump.last > end {
                let forward = partners(of: jump, after: true).lazy.map { Burst(entry: jump, exit: $0) }
                let backward = partners(of: jump, after: false).lazy.filter { $0.last > end }.map { Burst(entry: $0, exit: jump) }
                if let burst = forward.first(where: leavesNoJump) ?? backward.first(where: leavesNoJump) {
                    bursts.append(burst)
                    end = burst.exit.first
                }
            }
            return bursts
        }

        /// Bursts with no hold ("flashes"): the fixes jump aside and fall back at once, in a few fixes, onto the
        /// line they left. No window fits inside such a burst, so it has no pair of jumps; what gives it away is
        /// that the lines before and after it agree (one shared velocity, no step) while the first fix after the
        /// line before sits further off it than the athlete could have gone (`impossible`), and at least a floor
        /// for one fix. The fixes in between are put on the line. A spur run off the way and back keeps its
        /// fixes: it leaves at the athlete's own speed.
        func flashes() -> [Flash] {
            var found: [Flash] = []
            var last = range.lowerBound
            while last < range.upperBound - 2 {
                defer { last += 1 }
                guard let b = windowBefore(last), b.residual <= straightness else { continue }
                let out = last + 1
                let vb = b.velocity
                let gapOut = s[out].t - s[last].t
                guard gapOut > 0 else { continue }
                // Where the line before puts the first fix after it, and how far off it the fix is.
                let px = b.x + vb.x * (s[out].t - b.t), py = b.y + vb.y * (s[out].t - b.t)
                let ox = s[out].x - px, oy = s[out].y - py
                let off = (ox * ox + oy * oy).squareRoot()
                let speed = (vb.x * vb.x + vb.y * vb.y).squareRoot()
                // Getting there from the line's last fix takes more than `speedUpFactor` times the athlete's speed.
                let mx = vb.x * gapOut + ox, my = vb.y * gapOut + oy
                guard off >= floor(1), off > 2 * straightness.squareRoot(),
                      (mx * mx + my * my).squareRoot() > speedUpFactor * speed * gapOut else { continue }
                // The first fix back on the line: a straight window starting there that agrees with the one before.
                var back = out + 1
                var taken: Flash?
                while back < range.upperBound, back - last <= maxStepFixes, s[back].t - s[last].t <= maxFlashSeconds {
                    defer { back += 1 }
                    guard let a = windowAfter(back), a.residual <= straightness else { continue }
                    let va = a.velocity
                    let dvx = va.x - vb.x, dvy = va.y - vb.y
                    guard dvx * dvx + dvy * dvy <= velocityTolerance * velocityTolerance,
                          let step = BurstFilter.step(b, a) else { continue }
                    let stepSize = (step.dx * step.dx + step.dy * step.dy).squareRoot()
                    guard stepSize < floor(1) / 2, stepSize <= noiseFactor * step.variance.squareRoot() + floor(1) / 4 else { continue }
                    let (vx, vy) = step.velocity
                    let before = Anchor(t: b.t, x: b.x, y: b.y, vx: vx, vy: vy)
                    let after = Anchor(t: a.t, x: a.x, y: a.y, vx: vx, vy: vy)
                    taken = Flash(last: last, first: back, before: before, after: after, size: off)
                    break
                }
                if let taken {
                    found.append(taken)
                    last = taken.first
                }
            }
            return found
        }

        /// Whether the fixes with the burst taken out show no clear jump around it or inside it. A partner read into
        /// a bend, or found after the burst had already ended, leaves the real end of the burst behind as a jump
        /// of its own (or makes one where it subtracts what was never there).
        func leavesNoJump(_ burst: Burst) -> Bool {
            let reach = min(2 * maxWindowFixes, 2 * Int((window / max(interval, 0.1)).rounded(.up)))
            let low = max(range.lowerBound, burst.entry.last - reach)
            let high = min(range.upperBound, burst.exit.first + reach)
            var corrected = Array(s[low..<high])
            for i in (burst.entry.last + 1)..<burst.exit.first {
                let (ox, oy) = BurstFilter.offset(of: burst, at: i, in: s)
                corrected[i - low].x -= ox
                corrected[i - low].y -= oy
            }
            let check = Finder(corrected, range: 0..<corrected.count, judgingAs: self)
            let from = s[burst.entry.last].t - window, to = s[burst.exit.first].t + window
            // A jump left wholly inside the hold, and small against the burst, is the hold's own wobble: a
            // reflection's offset swings by a fair part of itself while it holds.
            let holdFrom = s[burst.entry.first].t, holdTo = s[burst.exit.last].t
            let wobble = mirrorTolerance * max(burst.entry.size, burst.exit.size)
            return !check.clearJumps().contains {
                corrected[$0.first].t >= from && corrected[$0.last].t <= to
                    && !(corrected[$0.last].t >= holdFrom && corrected[$0.first].t <= holdTo && $0.size <= wobble)
            }
        }
    }

    /// Puts a flash's fixes on the line.
    private static func remove(_ flash: Flash, from samples: inout [CleaningSample]) {
        for i in (flash.last + 1)..<flash.first {
            let p = flash.position(at: samples[i].t)
            samples[i].x = p.x
            samples[i].y = p.y
            samples[i].moved = true
        }
    }

    /// Takes a burst's offset out of the fixes it holds.
    private static func remove(_ burst: Burst, from samples: inout [CleaningSample]) {
        for i in (burst.entry.last + 1)..<burst.exit.first {
            let (ox, oy) = offset(of: burst, at: i, in: samples)
            samples[i].x -= ox
            samples[i].y -= oy
            samples[i].moved = true
        }
    }

    /// The offset a burst puts on fix `i`: in full from the end of the entry's rise to the start of the exit's fall
    /// (moving from one jump's estimate to the other's); within a rise or a fall, the part of the jump the fix has
    /// made (its offset from the line on the clean side, along the jump); none outside the burst.
    static func offset(of burst: Burst, at i: Int, in samples: [CleaningSample]) -> (Double, Double) {
        let entry = burst.entry, exit = burst.exit
        guard i > entry.last, i < exit.first else { return (0, 0) }
        if i < entry.first { return partOf(entry, madeBy: samples[i], entering: true) }
        if i > exit.last { return partOf(exit, madeBy: samples[i], entering: false) }
        let start = samples[entry.first].t, end = samples[exit.last].t
        let along = end > start ? (samples[i].t - start) / (end - start) : 0
        return (entry.dx + along * (-exit.dx - entry.dx), entry.dy + along * (-exit.dy - entry.dy))
    }

    /// The offset of a fix within a jump's rise (or fall): how far it sits from the line on the clean side,
    /// along the jump, between none of it and all of it.
    private static func partOf(_ jump: Jump, madeBy sample: CleaningSample, entering: Bool) -> (Double, Double) {
        let p = (entering ? jump.before : jump.after).position(at: sample.t)
        let size = jump.size
        guard size > 0 else { return (0, 0) }
        let ux = jump.dx / size, uy = jump.dy / size
        // An entry's fixes move along +jump away from the line before it; an exit's fixes sit at -jump from the
        // line after it until they fall back.
        let sign: Double = entering ? 1 : -1
        let along = sign * ((sample.x - p.x) * ux + (sample.y - p.y) * uy)
        let part = min(size, max(0, along))
        return (sign * part * ux, sign * part * uy)
    }
}
