import Foundation

/// Cleans GPS noise out of a track: timestamp repairs, spikes, bursts of reflected signal and drifts that end in a
/// jump, stop jitter and rests under a slow wander (`RestStops`), then Kalman–RTS smoothing. Its noise model (white
/// noise, acceleration noise, and a wandering error when the track shows one) is estimated from the track itself by
/// maximum likelihood (on the fixes before rests are collapsed, which must not change it); the smoothing then gives
/// each step the acceleration noise its own fixes call for (`SparseTurns`), so turns are followed and straights held
/// straight. Where the noise changes along a segment, each stretch of it gets its own stop radius and noise model
/// (`NoiseStretches`). A segment recorded many times a second is cleaned a second (a walker's: two) at a time
/// (`DenseRecording`).
///
/// Works per segment on points in time order. Only latitude and longitude ever change: every point that
/// stays keeps its time, elevation and sensor data. Segments with a point that has no time are left as
/// they are (every stage needs time, and such a file is refused by the checks anyway).
public enum TrackCleaner {
    /// From this many fixes in a segment on, its rests and its stretches are found side by side on two threads
    /// (`restsAndCuts`): on the 500,000-fix benchmark file, one after the other, the rests took 0.085 s and the
    /// stretches 0.03 s (`Benchmarks/results/trackkit.md`).
    static let parallelFixes = 50_000
    /// The quantile of a segment's speeds over 10 s taken for the athlete's top speed, for the spike filter's way
    /// through a fix (`SpikeFilter.detourFactor`) and the stop collapser's excursions (`StopCollapser.topPaceFactor`);
    /// the burst filter reads its own from its straight windows (`BurstFilter.topSpeedQuantile`, the same quantile)
    /// before any stop is collapsed.
    static let topSpeedQuantile = 0.9

    public static func clean(_ track: Track, options: CleaningOptions = .init()) -> (Track, CleaningReport) {
        var cleaned = track
        let report = clean(&cleaned, options: options, keepingAtLeast: 0) ?? CleaningReport()
        return (cleaned, report)
    }

    /// Cleans `track` in place, so a long activity is never held twice: every stage is worked out first on
    /// compact samples, then the surviving points are moved down over the removed ones. When the result
    /// would hold fewer than `minimumTimedPoints` timed points (a device that barely moved), nothing is
    /// changed and nil is returned.
    static func clean(_ track: inout Track, options: CleaningOptions, keepingAtLeast minimumTimedPoints: Int) -> CleaningReport? {
        var removals: [CleaningRemoval]?
        return clean(&track, options: options, keepingAtLeast: minimumTimedPoints, removals: &removals)
    }

    /// As above; a non-nil `removals` also receives every removed point with its reason (for a report; it
    /// costs a copy of the samples at each stage that removes something).
    static func clean(
        _ track: inout Track, options: CleaningOptions, keepingAtLeast minimumTimedPoints: Int,
        removals: inout [CleaningRemoval]?
    ) -> CleaningReport? {
        let profile = SportProfile(sport: options.sport ?? track.sport)
        var report = CleaningReport()
        var plans = track.segments.map { plan($0, profile: profile, options: options, report: &report, removals: &removals) }
        let timedLeft = zip(plans, track.segments).reduce(0) { total, pair in
            let (plan, segment) = pair
            if let samples = plan.samples { return total + samples.count }
            return total + (plan.repaired ?? segment).reduce(0) { $0 + ($1.time == nil ? 0 : 1) }
        }
        guard timedLeft >= minimumTimedPoints else { return nil }

        // TCX laps share their points with the segments; let go of them so the segments can change in place.
        let lapsFollowSegments = !track.laps.isEmpty && track.laps.count == track.segments.count
        if lapsFollowSegments {
            for index in track.laps.indices { track.laps[index].points = [] }
        }
        for index in plans.indices where plans[index].repaired != nil || plans[index].samples != nil {
            var points = plans[index].repaired ?? track.segments[index]
            plans[index].repaired = nil
            track.segments[index] = []
            if let samples = plans[index].samples, let frame = plans[index].frame {
                plans[index].samples = nil
                keep(samples, of: &points, frame: frame)
            }
            track.segments[index] = points
        }
        if lapsFollowSegments {
            for index in track.laps.indices { track.laps[index].points = track.segments[index] }
        }
        return report
    }

    /// What cleaning does to one segment, worked out without changing it.
    struct SegmentPlan {
        /// The segment after timestamp repair, when the repair changed anything.
        var repaired: [TrackPoint]?
        /// The points to keep, in order, with their new positions; nil when the positions stay as they are.
        var samples: [CleaningSample]?
        var frame: LocalFrame?
    }

    static func plan(
        _ segment: [TrackPoint], profile: SportProfile, options: CleaningOptions, report: inout CleaningReport
    ) -> SegmentPlan {
        var removals: [CleaningRemoval]?
        return plan(segment, profile: profile, options: options, report: &report, removals: &removals)
    }

    static func plan(
        _ segment: [TrackPoint], profile: SportProfile, options: CleaningOptions, report: inout CleaningReport,
        removals: inout [CleaningRemoval]?
    ) -> SegmentPlan {
        guard segment.count >= 2, segment.allSatisfy({ $0.time != nil }) else { return SegmentPlan() }
        var result = SegmentPlan()
        if options.repairTimestamps {
            let repaired = TimestampRepair.repair(segment)
            report.count(CleaningReport.Reason.duplicates, repaired.duplicates)
            report.count(CleaningReport.Reason.outOfOrder, repaired.outOfOrder)
            report.reordered += repaired.reordered
            if repaired.duplicates + repaired.outOfOrder + repaired.reordered > 0 { result.repaired = repaired.points }
            if removals != nil, repaired.duplicates + repaired.outOfOrder > 0 {
                removals! += CleaningRemoval.timestampRemovals(segment, kept: repaired.points)
            }
        }
        let points = result.repaired ?? segment
        guard points.count >= 3, options.removeSpikes || options.collapseStops || options.smooth else { return result }

        let frame = LocalFrame(latitude: points[0].latitude, longitude: points[0].longitude)
        var samples = [CleaningSample]()
        samples.reserveCapacity(points.count)
        for index in points.indices {
            let point = points[index]
            let (x, y) = frame.project(latitude: point.latitude, longitude: point.longitude)
            samples.append(CleaningSample(source: index, t: point.time!.timeIntervalSinceReferenceDate, x: x, y: y))
        }
        // Without a time order (timestamp repair switched off) nothing below is meaningful.
        guard zip(samples, samples.dropFirst()).allSatisfy({ $0.t < $1.t }) else { return result }

        if let dense = DenseRecording(samples, gapSeconds: options.gapSeconds) {
            // Fixes many times a second: every stage works on one fix a second (a walker's: one every two seconds; see
            // `DenseRecording`), and what it makes of them is carried back to every fix.
            var skeleton = dense.skeleton
            var skeletonRemovals: [CleaningRemoval]? = []
            let smoothedBefore = report.smoothed
            cleanStages(&skeleton, points: points, profile: profile, options: options, report: &report, removals: &skeletonRemovals)
            let expanded = dense.expand(
                skeleton, removals: skeletonRemovals ?? [], points: points, smoothed: options.smooth)
            samples = expanded.samples
            report.count(CleaningReport.Reason.spikes, expanded.moreSpikes)
            report.count(CleaningReport.Reason.jitter, expanded.moreJitter)
            report.smoothed = smoothedBefore + expanded.moved
            if removals != nil { removals! += expanded.removals }
        } else {
            cleanStages(&samples, points: points, profile: profile, options: options, report: &report, removals: &removals)
        }
        result.samples = samples
        result.frame = frame
        return result
    }

    /// Every stage after the samples are made, in order, on `samples` (see the type's documentation).
    private static func cleanStages(
        _ samples: inout [CleaningSample], points: [TrackPoint], profile: SportProfile, options: CleaningOptions,
        report: inout CleaningReport, removals: inout [CleaningRemoval]?
    ) {
        if options.removeSpikes {
            let top = SparseTurns.typicalAndTopSpeed(
                samples, gapSeconds: options.gapSeconds, topQuantile: topSpeedQuantile).top
            let filtered = SpikeFilter.filter(samples, profile: profile, topSpeed: top)
            if removals != nil, filtered.removed > 0 {
                removals! += CleaningRemoval.stageRemovals(before: samples, after: filtered.samples, points: points, reason: .spike)
            }
            samples = filtered.samples
            report.count(CleaningReport.Reason.spikes, filtered.removed)
        }
        let sigma = NoiseEstimator.sigma(samples, gapSeconds: options.gapSeconds)
        if options.removeSpikes {
            let corrections = BurstFilter.correct(&samples, sigma: sigma, gapSeconds: options.gapSeconds)
            report.bursts += corrections.bursts
            report.drifts += corrections.drifts
        }
        // Where the fixes were before the smoothing, for the athletics track's test of its shape (`AthleticsTrack`).
        let recorded = options.smooth && options.athleticsTrack ? AthleticsTrack.Positions(samples) : AthleticsTrack.Positions()
        let (rests, cuts) = restsAndCuts(samples, profile: profile, options: options)
        if !cuts.isEmpty {
            let stretches = NoiseStretches.stretches(samples, cuts: cuts, gapSeconds: options.gapSeconds)
            cleanInStretches(
                &samples, stretches, rests: rests, points: points, profile: profile, options: options, report: &report,
                removals: &removals)
        } else {
            cleanWhole(&samples, sigma: sigma, rests: rests, points: points, profile: profile, options: options,
                       report: &report, removals: &removals)
        }
        if options.smooth, options.athleticsTrack, let found = AthleticsTrack.apply(
            &samples, gapSeconds: options.gapSeconds, recorded: recorded)
        {
            report.athleticsTracks += 1
            report.trackFixes += found.moved
            if let lane = found.line.lane { report.trackLanes.insert(lane) }
        }
    }

    /// Stop collapsing and smoothing for a segment with one noise model.
    private static func cleanWhole(
        _ samples: inout [CleaningSample], sigma: Double, rests: [RestStops.Rest], points: [TrackPoint],
        profile: SportProfile, options: CleaningOptions, report: inout CleaningReport, removals: inout [CleaningRemoval]?
    ) {
        if options.collapseStops {
            let speeds = SparseTurns.typicalAndTopSpeed(
                samples, gapSeconds: options.gapSeconds, topQuantile: topSpeedQuantile)
            let collapsed = StopCollapser.collapse(
                samples, radius: StopCollapser.radius(forNoise: sigma), profile: profile,
                athleteSpeed: speeds.typical, topSpeed: speeds.top)
            if removals != nil, collapsed.removed > 0 {
                removals! += CleaningRemoval.stageRemovals(before: samples, after: collapsed.samples, points: points, reason: .stopJitter)
            }
            samples = collapsed.samples
            report.count(CleaningReport.Reason.jitter, collapsed.removed)
            report.stops += collapsed.stops
        }
        let model = collapseRests(&samples, rests, points: points, report: &report, removals: &removals)
        if options.smooth {
            let smoothed = smoothRuns(
                &samples, sigma: sigma, profile: profile, gapSeconds: options.gapSeconds, sparseTurns: options.sparseTurns,
                model: model)
            report.smoothed += smoothed.moved
            report.noiseMeters = max(report.noiseMeters ?? 0, smoothed.sigma)
        }
    }

    /// The rests of `samples` (`RestStops`, their edges taken in), found on the fixes as they came in: the stop
    /// collapser leaves too few of them to see one; and where the noise changes along them, the cuts between stretches
    /// that each get their own stop radius and smoothing model (`NoiseStretches`); each empty where `options` leave its
    /// stage out. Both read the same fixes and nothing else: from `parallelFixes` fixes on (a parameter for tests only)
    /// the stretches are found on a second thread meanwhile.
    static func restsAndCuts(
        _ samples: [CleaningSample], profile: SportProfile, options: CleaningOptions, parallelFixes: Int = parallelFixes
    ) -> (rests: [RestStops.Rest], cuts: [Int]) {
        let findsRests = options.collapseStops && options.collapseRests
        let findsCuts = options.noiseStretches && (options.collapseStops || options.smooth)
        let gapSeconds = options.gapSeconds
        var aside: SecondThread<[Int]>?
        if findsRests && findsCuts && samples.count >= parallelFixes {
            let sums = NoiseStretches.Sums(count: samples.count)  // taken here (see `NoiseStretches.Sums`)
            aside = SecondThread { NoiseStretches.cuts(samples, gapSeconds: gapSeconds, sums: sums) }
        }
        let found = findsRests ? RestStops.find(samples, profile: profile) : []
        let rests = options.restEdges ? RestStops.takeInEdges(samples, rests: found, profile: profile) : found
        let cuts = aside?.join() ?? (findsCuts ? NoiseStretches.cuts(samples, gapSeconds: gapSeconds) : [])
        return (rests, cuts)
    }

    /// Collapses `rests` in `samples` (see `RestStops`). Returns the samples as they were before, for the smoothing to
    /// fit its noise model on, or nil when nothing changed: a rest taken out must not change what the noise is taken to
    /// be (removing a few per cent of the fixes can tip the choice of model, and move a whole track's length).
    private static func collapseRests(
        _ samples: inout [CleaningSample], _ rests: [RestStops.Rest], points: [TrackPoint], report: inout CleaningReport,
        removals: inout [CleaningRemoval]?
    ) -> [CleaningSample]? {
        guard !rests.isEmpty else { return nil }
        let collapsed = RestStops.collapse(samples, rests: rests)
        guard collapsed.stops > 0 else { return nil }
        if removals != nil, collapsed.removed > 0 {
            removals! += CleaningRemoval.stageRemovals(
                before: samples, after: collapsed.samples, points: points, reason: .stopJitter)
        }
        report.count(CleaningReport.Reason.jitter, collapsed.removed)
        report.stops += collapsed.stops
        let before = samples
        samples = collapsed.samples
        return before
    }

    /// Moves the kept points down over the removed ones, with their new positions. Sources only ever
    /// increase, so each point moves to a place at or before its own and nothing is overwritten unread.
    private static func keep(_ samples: [CleaningSample], of points: inout [TrackPoint], frame: LocalFrame) {
        for (index, sample) in samples.enumerated() {
            var point = points[sample.source]
            if sample.moved { (point.latitude, point.longitude) = frame.unproject(x: sample.x, y: sample.y) }
            points[index] = point
        }
        points.removeLast(points.count - samples.count)
    }

    /// Stop collapsing and smoothing for a segment whose noise changes along it: each stretch's stops are collapsed
    /// with the radius of its own noise, and each stretch is smoothed with a model fitted to it alone.
    private static func cleanInStretches(
        _ samples: inout [CleaningSample], _ stretches: [NoiseStretches.Stretch], rests: [RestStops.Rest],
        points: [TrackPoint], profile: SportProfile, options: CleaningOptions, report: inout CleaningReport,
        removals: inout [CleaningRemoval]?
    ) {
        report.stretches += stretches.count
        // Where each stretch begins, in time: indices move as stops collapse.
        let starts = stretches.map { samples[$0.range.lowerBound].t }
        if options.collapseStops {
            var collapsedAll: [CleaningSample] = []
            collapsedAll.reserveCapacity(samples.count)
            let (speed, top) = SparseTurns.typicalAndTopSpeed(
                samples, gapSeconds: options.gapSeconds, topQuantile: topSpeedQuantile)
            for stretch in stretches {
                let collapsed = StopCollapser.collapse(
                    Array(samples[stretch.range]), radius: StopCollapser.radius(forNoise: stretch.sigma), profile: profile,
                    athleteSpeed: speed, topSpeed: top)
                collapsedAll += collapsed.samples
                report.count(CleaningReport.Reason.jitter, collapsed.removed)
                report.stops += collapsed.stops
            }
            if removals != nil, collapsedAll.count < samples.count {
                removals! += CleaningRemoval.stageRemovals(before: samples, after: collapsedAll, points: points, reason: .stopJitter)
            }
            samples = collapsedAll
        }
        let model = collapseRests(&samples, rests, points: points, report: &report, removals: &removals)
        if options.smooth {
            let smoothed = smoothStretches(
                &samples, stretches: zip(starts, stretches.map(\.sigma)).map { ($0, $1) }, profile: profile,
                gapSeconds: options.gapSeconds, sparseTurns: options.sparseTurns, model: model)
            report.smoothed += smoothed.moved
            report.noiseMeters = max(report.noiseMeters ?? 0, smoothed.sigma)
        }
    }

    /// Seconds of the neighbouring stretches a stretch's smoothing reaches into, so that it starts and ends settled;
    /// only the stretch's own points keep what it gives them.
    static let stretchMarginSeconds = 60.0

    /// Smooths each stretch of noise (`stretches`: where each begins, in time, and its noise) with a model fitted to
    /// that stretch alone, as `smoothRuns` smooths a whole segment. Returns the points moved by 10 cm or more and
    /// the largest noise a stretch's model assumed. Every stretch is smoothed from the samples as they came in, so the
    /// results are gathered in a second copy of them (only for a segment whose noise changes). With `model`, each
    /// stretch's model is fitted on those of its samples instead (see `smoothRuns`).
    private static func smoothStretches(
        _ samples: inout [CleaningSample], stretches: [(start: Double, sigma: Double)], profile: SportProfile,
        gapSeconds: Double, sparseTurns: Bool, model: [CleaningSample]? = nil
    ) -> (moved: Int, sigma: Double) {
        var moved = 0, largest = 0.0
        func index(_ t: Double, in samples: [CleaningSample]) -> Int {
            var low = 0, high = samples.count
            while low < high {
                let mid = (low + high) / 2
                if samples[mid].t < t { low = mid + 1 } else { high = mid }
            }
            return low
        }
        func index(_ t: Double) -> Int { index(t, in: samples) }
        var smoothed = samples
        for (k, stretch) in stretches.enumerated() {
            let own = index(stretch.start)..<(k + 1 < stretches.count ? index(stretches[k + 1].start) : samples.count)
            guard !own.isEmpty else { continue }
            let reach = index(stretch.start - stretchMarginSeconds)..<(
                k + 1 < stretches.count ? index(stretches[k + 1].start + stretchMarginSeconds) : samples.count)
            var part = Array(samples[reach])
            guard part.count >= 3 else { continue }
            let modelPart = model.map { model in
                Array(model[index(part[0].t, in: model)..<index(part[part.count - 1].t.nextUp, in: model)])
            }
            let result = smoothRuns(
                &part, sigma: stretch.sigma, profile: profile, gapSeconds: gapSeconds, sparseTurns: sparseTurns,
                model: modelPart)
            largest = max(largest, result.sigma)
            for i in own {
                let p = part[i - reach.lowerBound]
                let dx = p.x - samples[i].x, dy = p.y - samples[i].y
                if dx * dx + dy * dy >= 0.01 { moved += 1 }
                smoothed[i] = p
            }
        }
        samples = smoothed
        return (moved, largest)
    }

    /// The median time between neighbouring fixes, gaps left out; 1 s when there is nothing to measure.
    static func typicalInterval(_ samples: some RandomAccessCollection<CleaningSample>, gapSeconds: Double) -> Double {
        let stride = max(1, samples.count / 50_000)
        var steps: [Double] = []
        steps.reserveCapacity(samples.count / stride + 1)
        for offset in Swift.stride(from: 1, to: samples.count, by: stride) {
            let i = samples.index(samples.startIndex, offsetBy: offset)
            let dt = samples[i].t - samples[samples.index(before: i)].t
            if dt > 0, dt <= gapSeconds { steps.append(dt) }
        }
        guard !steps.isEmpty else { return 1 }
        return Selection.kthSmallest(steps.count / 2, of: &steps)
    }

    /// Smooths each run between gaps on its own: across a long pause the athlete's velocity is unknown.
    /// Returns the points moved and the noise the smoother assumed. The noise model, the sampling interval and the
    /// athlete's typical speed are taken from `model` when it is given (the samples before rests were collapsed) and
    /// holds at least three, from `samples` otherwise.
    private static func smoothRuns(
        _ samples: inout [CleaningSample], sigma: Double, profile: SportProfile, gapSeconds: Double, sparseTurns: Bool,
        model: [CleaningSample]? = nil
    ) -> (moved: Int, sigma: Double) {
        func runs(_ samples: [CleaningSample]) -> [Range<Int>] {
            var bounds: [Range<Int>] = []
            var start = 0
            for end in 1...samples.count where end == samples.count || samples[end].t - samples[end - 1].t > gapSeconds {
                bounds.append(start..<end)
                start = end
            }
            return bounds
        }
        let bounds = runs(samples)
        let fitted = model.flatMap { $0.count >= 3 ? $0 : nil } ?? samples
        let fittedRuns = runs(fitted).map { fitted[$0] }
        let interval = typicalInterval(fitted, gapSeconds: gapSeconds)
        let cap = profile.accelerationNoise(samplingInterval: interval)
        let tuned = KalmanSmoother.tune(fittedRuns, sigma: sigma, maxAccelerationNoise: cap)
        // An error that wanders (correlated over seconds to minutes) is modelled as such when the data show
        // it clearly; otherwise the white-noise model stands. With `sparseTurns` the wander's fast part is counted
        // as noise (`SparseTurns.effectiveSigma`) and the wander model itself is not run.
        let wandering = KalmanSmoother.tuneWander(
            fittedRuns, sigma: tuned.sigma, accelerationNoise: tuned.accelerationNoise,
            maxAccelerationNoise: cap, estimatedNoise: sigma)
        var moved = 0
        // Turns and straights each get the acceleration noise their own fixes call for (`SparseTurns`).
        let sparse = sparseTurns ? (
            sigma: SparseTurns.effectiveSigma(white: wandering?.sigma ?? tuned.sigma, wander: wandering?.wander),
            scale: SparseTurns.scale(
                speed: SparseTurns.typicalSpeed(fitted, gapSeconds: gapSeconds),
                interval: interval)) : nil
        for range in bounds {
            if let sparse {
                moved += SparseTurns.smooth(
                    &samples, range: range, sigma: sparse.sigma, accelerationNoise: tuned.accelerationNoise,
                    initialSpeed: profile.maxSpeed / 2, scale: sparse.scale, cap: cap)
            } else if let wandering {
                moved += KalmanSmoother.smooth(
                    &samples, range: range, sigma: wandering.sigma, accelerationNoise: wandering.accelerationNoise,
                    wander: wandering.wander, initialSpeed: profile.maxSpeed / 2)
            } else {
                moved += KalmanSmoother.smooth(
                    &samples, range: range, sigma: tuned.sigma, accelerationNoise: tuned.accelerationNoise,
                    initialSpeed: profile.maxSpeed / 2)
            }
        }
        if let sparse { return (moved, sparse.sigma) }
        guard let wandering else { return (moved, tuned.sigma) }
        let w = wandering.wander.sigma
        return (moved, (wandering.sigma * wandering.sigma + w * w).squareRoot())
    }
}
