import Foundation
import Testing
import TrackKit

@Suite("Cleaning: timestamps, spikes, stops")
struct CleaningTests {
    private static let onlyTimestamps = CleaningOptions(removeSpikes: false, collapseStops: false, smooth: false)

    private func times(_ points: [TrackPoint]) -> [Date] { points.compactMap(\.time) }

    private func strictlyIncreasing(_ points: [TrackPoint]) -> Bool {
        let t = times(points)
        return t.count == points.count && zip(t, t.dropFirst()).allSatisfy { $0 < $1 }
    }

    @Test func spikesAreRemovedAndNothingStrays() throws {
        let synthetic = SyntheticTrack(seed: 7, duration: 1800, interval: 1, noise: .phone)
        try #require(synthetic.spikeIndices.count >= 10)
        let (cleaned, report) = TrackCleaner.clean(synthetic.track)
        let out = cleaned.segments[0]
        let spikeTimes = Set(synthetic.spikeIndices.map { synthetic.points[$0].time! })
        #expect(out.allSatisfy { !spikeTimes.contains($0.time!) })
        let removed = report.removed[CleaningReport.Reason.spikes] ?? 0
        #expect(removed >= synthetic.spikeIndices.count)
        #expect(removed <= synthetic.spikeIndices.count + 5)
        #expect(synthetic.maxDeviation(of: out) <= 30)
    }

    @Test func spikesAtTenSecondSamplingAreRemoved() {
        let synthetic = SyntheticTrack(
            seed: 8, duration: 3600, interval: 10,
            noise: SyntheticNoise(correlatedMeters: 3, correlationSeconds: 30, whiteMeters: 2, spikeProbability: 0.03))
        let (cleaned, _) = TrackCleaner.clean(synthetic.track)
        let spikeTimes = Set(synthetic.spikeIndices.map { synthetic.points[$0].time! })
        #expect(!spikeTimes.isEmpty)
        #expect(cleaned.segments[0].allSatisfy { !spikeTimes.contains($0.time!) })
        #expect(synthetic.maxDeviation(of: cleaned.segments[0]) <= 30)
    }

    @Test func aSpikeAtTheStartIsRemoved() {
        var points = SyntheticTrack(seed: 9, duration: 300, interval: 1, noise: .watch).points
        points[0].latitude += 0.002  // 220 m north, one second before the next fix
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]))
        #expect(report.removed[CleaningReport.Reason.spikes] == 1)
        #expect(cleaned.segments[0].first?.time == points[1].time)
    }

    @Test func duplicatesAreMerged() throws {
        let original = SyntheticTrack(seed: 11, duration: 600, interval: 1, noise: .watch).points
        var points = original
        // Inserted from the back so earlier indices stay valid.
        for i in [250, 200] {  // same time, 6 m away: keep the one that fits the neighbours
            var other = points[i]
            other.latitude += 6 / SyntheticTrack.metresPerDegree
            other.heartRate = nil
            points.insert(other, at: i + 1)
        }
        for i in [150, 100, 50] { points.insert(points[i], at: i + 1) }
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]), options: Self.onlyTimestamps)
        let out = cleaned.segments[0]
        #expect(report.removed == [CleaningReport.Reason.duplicates: 5])
        #expect(out == original)
        #expect(strictlyIncreasing(out))
    }

    @Test func swappedTimestampsAreFixedAndBackwardJumpsDropped() {
        let original = SyntheticTrack(seed: 12, duration: 600, interval: 1, noise: .watch).points
        var points = original
        for i in [30, 60, 90] { points.swapAt(i, i + 1) }
        points[300].time = original[100].time!.addingTimeInterval(0.5)
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]), options: Self.onlyTimestamps)
        let out = cleaned.segments[0]
        #expect(report.reordered == 3)
        #expect(report.removed == [CleaningReport.Reason.outOfOrder: 1])
        #expect(strictlyIncreasing(out))
        var expected = original
        expected.remove(at: 300)
        #expect(out == expected)
    }

    /// A ride at 10 m/s recorded every 10 s, with a 90 s gap after point 20: each point where the rider was at its time.
    private static func sparseRide() -> [TrackPoint] {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<40).map { i in
            let seconds = Double(i * 10 + (i > 20 ? 80 : 0))
            return TrackPoint(latitude: 47 + seconds * 10 / 111_195, longitude: 8, time: start.addingTimeInterval(seconds))
        }
    }

    /// Two neighbours' times written the other way round (`swapTimes`), or the two points written in each other's
    /// places (`swapPoints`), across the gap, where the rider went 900 m between them: either way the ride comes out
    /// as it was, with no 900 m there and back. Put in time order, swapped times move the points; kept in their
    /// places, swapped points would.
    @Test(arguments: ["swapTimes", "swapPoints"])
    func aSwapAcrossAGapTakesTheReadingWithoutTheThereAndBack(fault: String) {
        let original = Self.sparseRide()
        var points = original
        if fault == "swapTimes" {
            (points[20].time, points[21].time) = (original[21].time, original[20].time)
        } else {
            points.swapAt(20, 21)
        }
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]), options: Self.onlyTimestamps)
        let out = cleaned.segments[0]
        #expect(out == original)
        #expect(report.reordered == 1)
        #expect(report.removed.isEmpty)
        // Through the whole cleaner too: the ride's 4.7 km, not 6.5.
        let whole = TrackCleaner.clean(Track(format: .gpx, sport: "cycling", segments: [points])).0.segments.flatMap { $0 }
        let length = SyntheticTrack.length(whole), expected = SyntheticTrack.length(original)
        #expect(abs(length - expected) < 0.01 * expected, "\(fault): \(length) m, recorded \(expected) m")
    }

    /// Between near neighbours (a run every second) the two readings' paths differ by less than the fixes' own error
    /// can make up (`TimestampRepair.clearSaving`): the points are put in time order, as written with their times.
    @Test func nearNeighboursWithSwappedTimesArePutInTimeOrder() {
        let original = SyntheticTrack(seed: 12, duration: 600, interval: 1, noise: .phone).points
        var points = original
        (points[200].time, points[201].time) = (original[201].time, original[200].time)
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]), options: Self.onlyTimestamps)
        let out = cleaned.segments[0]
        #expect(report.reordered == 1)
        #expect(strictlyIncreasing(out))
        #expect(out[200] == points[201] && out[201] == points[200])
    }

    /// A watch's stop must vanish; a phone's wanders like a slow walk for tens of metres, so only most of it
    /// can go without risking real slow movement.
    @Test(arguments: [
        ("watch", SyntheticNoise.watch, 10.0, 0.0),
        ("phone", SyntheticNoise(correlatedMeters: 7, correlationSeconds: 30, whiteMeters: 4, spikeProbability: 0), 10.0, 0.05),
    ])
    func stopJitterAddsAlmostNoDistance(label: String, noise: SyntheticNoise, meters: Double, share: Double) throws {
        let synthetic = SyntheticTrack(
            seed: 13, duration: 1200, interval: 1, noise: noise, stop: (at: 400, seconds: 240))
        let stop = try #require(synthetic.stopPoints)
        let (cleaned, report) = TrackCleaner.clean(synthetic.track)
        let out = cleaned.segments[0]
        let first = synthetic.points[stop.lowerBound].time!, last = synthetic.points[stop.upperBound - 1].time!
        let rawStop = SyntheticTrack.length(Array(synthetic.points[stop]))
        let cleanedStop = SyntheticTrack.length(out.filter { $0.time! >= first && $0.time! <= last })
        #expect(report.stops >= 1, "\(label): no stop found")
        #expect(cleanedStop <= max(meters, share * rawStop), "\(label): stop still adds \(cleanedStop) m (raw \(rawStop) m)")
        #expect((report.removed[CleaningReport.Reason.jitter] ?? 0) > 100)
        // Elapsed time is kept.
        #expect(out.first?.time == synthetic.points.first?.time)
        #expect(out.last?.time == synthetic.points.last?.time)
        let error = abs(SyntheticTrack.length(out) - synthetic.trueLength) / synthetic.trueLength
        #expect(error < 0.03, "\(label): distance error \(error)")
    }

    @Test(arguments: [1.0, 10.0])
    func aCleanTrackBarelyChanges(interval: Double) {
        let synthetic = SyntheticTrack(
            seed: 14, duration: 1800, interval: interval, noise: .none, speed: { 3 + 0.5 * sin($0 / 60) })
        let (cleaned, report) = TrackCleaner.clean(synthetic.track)
        let before = SyntheticTrack.length(synthetic.points), after = SyntheticTrack.length(cleaned.segments[0])
        #expect(abs(after - before) / before < 0.01)
        #expect(report.removedTotal == 0)
    }

    @Test func sensorDataSurvivesOnEveryPoint() {
        var points = SyntheticTrack(
            seed: 15, duration: 1200, interval: 1, noise: .phone, stop: (at: 300, seconds: 180)).points
        points.insert(points[500], at: 501)
        points.swapAt(700, 701)
        let byTime = Dictionary(points.map { ($0.time!, $0) }, uniquingKeysWith: { first, _ in first })
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]))
        #expect(report.removedTotal > 0)
        #expect(report.smoothed > 0)
        for point in cleaned.segments[0] {
            let source = byTime[point.time!]
            #expect(source != nil)
            #expect(point.elevation == source?.elevation)
            #expect(point.heartRate == source?.heartRate)
            #expect(point.cadence == source?.cadence)
            #expect(point.temperature == source?.temperature)
            #expect(point.power == source?.power)
        }
    }

    @Test func lapsHoldTheCleanedPoints() {
        let points = SyntheticTrack(seed: 16, duration: 600, interval: 1, noise: .phone).points
        let halves = [Array(points[..<300]), Array(points[300...])]
        let laps = halves.map { Lap(startTime: $0[0].time!, totalTimeSeconds: 300, distanceMeters: 900, points: $0) }
        let (cleaned, _) = TrackCleaner.clean(Track(format: .tcx, sport: "Running", segments: halves, laps: laps))
        #expect(cleaned.laps.count == 2)
        #expect(cleaned.laps.map(\.points) == cleaned.segments)
        #expect(cleaned.segments != halves)
    }

    @Test func aSegmentWithoutTimesIsLeftAlone() {
        var points = SyntheticTrack(seed: 17, duration: 120, interval: 1, noise: .phone).points
        for i in points.indices { points[i].time = nil }
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]))
        #expect(cleaned.segments[0] == points)
        #expect(report == CleaningReport())
    }

    @Test func switchedOffCleaningChangesNothing() {
        let points = SyntheticTrack(seed: 18, duration: 600, interval: 1, noise: .phone).points
        let options = CleaningOptions(repairTimestamps: false, removeSpikes: false, collapseStops: false, smooth: false)
        let (cleaned, report) = TrackCleaner.clean(Track(format: .gpx, segments: [points]), options: options)
        #expect(cleaned.segments[0] == points)
        #expect(report.removedTotal == 0)
    }
}
