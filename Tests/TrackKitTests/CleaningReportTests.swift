import Foundation
import TestSupport
import Testing
@testable import TrackKit

/// `check --report`: the page that shows what cleaning did, and the removal trace it is drawn from.
@Suite("Cleaning report")
struct CleaningReportTests {
    static let sampleRuns = SyntheticCorpus.repositoryRoot.appendingPathComponent("SampleRuns")

    /// Every removed point is traced with a reason, and the trace agrees with the counts the sidecar reports.
    @Test func theRemovalTraceAgreesWithTheCounts() {
        let synthetic = SyntheticTrack(seed: 7, duration: 1800, interval: 1, noise: .phone, stop: (at: 600, seconds: 180))
        var track = synthetic.track
        var removals: [CleaningRemoval]? = []
        let report = try! #require(TrackCleaner.clean(&track, options: CleaningOptions(), keepingAtLeast: 2, removals: &removals))
        let traced = removals ?? []
        let byReason = Dictionary(grouping: traced, by: \.reason).mapValues(\.count)
        #expect((byReason[.spike] ?? 0) == (report.removed[CleaningReport.Reason.spikes] ?? 0))
        #expect((byReason[.stopJitter] ?? 0) == (report.removed[CleaningReport.Reason.jitter] ?? 0))
        #expect((byReason[.duplicateTime] ?? 0) == (report.removed[CleaningReport.Reason.duplicates] ?? 0))
        #expect(traced.count == report.removedTotal)
        #expect(byReason[.spike] ?? 0 > 0 && byReason[.stopJitter] ?? 0 > 0)
        // Each traced spike is a point that was thrown: it lies far from the true path.
        for spike in traced where spike.reason == .spike {
            let point = TrackPoint(latitude: spike.latitude, longitude: spike.longitude)
            #expect(synthetic.maxDeviation(of: [point]) > 30)
        }
        // The cleaned track is the recorded one less exactly the traced points.
        #expect(track.segments[0].count == synthetic.points.count - traced.count)
    }

    @Test func timestampRepairsAreTracedAsDuplicatesAndOutOfOrder() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var points = (0..<40).map { index in
            TrackPoint(latitude: 47 + Double(index) * 0.00003, longitude: 8, time: start.addingTimeInterval(Double(index)))
        }
        points.insert(TrackPoint(latitude: 47.0003, longitude: 8.00001, time: start.addingTimeInterval(10)), at: 11)
        points.insert(TrackPoint(latitude: 47.0009, longitude: 8, time: start.addingTimeInterval(2)), at: 30)
        var track = Track(format: .gpx, sport: "running", segments: [points])
        var removals: [CleaningRemoval]? = []
        let report = try! #require(TrackCleaner.clean(&track, options: CleaningOptions(), keepingAtLeast: 2, removals: &removals))
        let reasons = (removals ?? []).map(\.reason)
        #expect(reasons.filter { $0 == .duplicateTime }.count == report.removed[CleaningReport.Reason.duplicates] ?? 0)
        #expect(reasons.filter { $0 == .outOfOrder }.count == report.removed[CleaningReport.Reason.outOfOrder] ?? 0)
        #expect(reasons.contains(.duplicateTime) && reasons.contains(.outOfOrder))
    }

    /// Points that stay in their places and take their neighbours' times (`TimestampRepair.keepPlacesWhereShorter`) are
    /// kept, not removed: the trace names only the point dropped as a jump back in time, with its own time.
    @Test func pointsGivenTheirTimesInOrderAreNotTracedAsRemoved() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        // A ride every 10 s at 10 m/s.
        var points = (0..<60).map { index in
            TrackPoint(latitude: 47 + Double(index) * 100 / 111_195, longitude: 8, time: start.addingTimeInterval(Double(index * 10)))
        }
        (points[20].time, points[21].time) = (points[21].time, points[20].time)
        let jump = TrackPoint(latitude: 47.0300, longitude: 8, time: start.addingTimeInterval(5))
        points.insert(jump, at: 45)
        var track = Track(format: .gpx, sport: "cycling", segments: [points])
        var removals: [CleaningRemoval]? = []
        let report = try! #require(TrackCleaner.clean(&track, options: CleaningOptions(), keepingAtLeast: 2, removals: &removals))
        let outOfOrder = (removals ?? []).filter { $0.reason == .outOfOrder }
        #expect(report.removed[CleaningReport.Reason.outOfOrder] == 1)
        #expect(outOfOrder.count == 1)
        #expect(outOfOrder.first?.time == jump.time && outOfOrder.first?.latitude == jump.latitude)
    }

    @Test func thePhoneSampleReportShowsBothTracksTheFiguresAndEveryReason() throws {
        let folder = try ScratchFolder()
        let destination = folder.url.appendingPathComponent("phone.html")
        let normalized = try TrackKit.normalize(
            contentsOf: Self.sampleRuns.appendingPathComponent("2026-11-15-phone-run-with-stop.gpx"),
            options: NormalizeOptions(reportFile: destination))
        #expect(normalized.reportFile == destination)
        let html = try String(contentsOf: destination, encoding: .utf8)
        #expect(html.contains("id=\"recorded-track\"") && html.contains("id=\"cleaned-track\""))
        #expect(html.contains("id=\"speed-recorded\"") && html.contains("id=\"speed-cleaned\""))
        #expect(html.contains("2026-11-15-phone-run-with-stop.gpx"))
        #expect(html.contains(ReportHTML.kilometres(normalized.distanceRawMeters)))
        #expect(html.contains(ReportHTML.kilometres(normalized.distanceMeters)))
        // The counts on the page are the counts the sidecar gets.
        let pairs: [(CleaningRemoval.Reason, String)] = [
            (.spike, CleaningReport.Reason.spikes), (.stopJitter, CleaningReport.Reason.jitter),
            (.duplicateTime, CleaningReport.Reason.duplicates), (.outOfOrder, CleaningReport.Reason.outOfOrder),
        ]
        for (reason, key) in pairs {
            #expect(html.contains("data-reason=\"\(reason.rawValue)\">\(normalized.removed[key] ?? 0)<"), "\(reason)")
        }
        #expect((normalized.removed[CleaningReport.Reason.jitter] ?? 0) > 0)
        // Self-contained: no script, no external resource.
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href=\"http"))
    }

    /// The page counts the bursts of reflected signal and the drifts that ended in a jump that cleaning moved back
    /// onto the track: the counts the sidecar and `check` get.
    @Test(arguments: [CleaningReport.Correction.bursts, CleaningReport.Correction.drifts])
    func theReportCountsWhatWasMovedBackOntoTheTrack(kind: String) throws {
        let folder = try ScratchFolder()
        let data = kind == CleaningReport.Correction.bursts ? SampleTrack.gpxWithBurst() : SampleTrack.gpxWithDrift()
        let source = try folder.write("\(kind).gpx", data)
        let destination = folder.url.appendingPathComponent("\(kind).html")
        let normalized = try TrackKit.normalize(contentsOf: source, options: NormalizeOptions(reportFile: destination))
        #expect(normalized.corrected == [kind: 1])
        let html = try String(contentsOf: destination, encoding: .utf8)
        #expect(html.contains("data-corrected=\"\(kind)\">1<"))
        // Without cleaning nothing is moved, and the page says 0.
        let plain = try TrackKit.normalize(
            contentsOf: source, options: NormalizeOptions(clean: false, reportFile: destination))
        #expect(plain.corrected.isEmpty)
        #expect(try String(contentsOf: destination, encoding: .utf8).contains("data-corrected=\"\(kind)\">0<"))
    }

    /// 500,000 points: the drawing is reduced, the figures are not.
    @Test func aHalfMillionPointTrackStaysReadable() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var points: [TrackPoint] = []
        points.reserveCapacity(500_000)
        for index in 0..<500_000 {
            let angle = Double(index) / 2_000 * 2 * Double.pi
            points.append(TrackPoint(
                latitude: 47 + 0.004 * sin(angle) + Double(index) * 1e-8, longitude: 8 + 0.006 * (1 - cos(angle)),
                time: start.addingTimeInterval(Double(index))))
        }
        let track = Track(format: .gpx, sport: "running", segments: [points])
        let page = CleaningReportPage(
            fileName: "long.gpx", format: .gpx, sport: "running", recorded: track, cleaned: track, removals: [],
            issues: [], usable: true)
        let html = page.html()
        let vertices = Self.dataVertices(of: "cleaned-track", in: html)
        #expect(vertices > 100 && vertices < 20_000, "\(vertices) vertices drawn")
        #expect(html.utf8.count < 2_000_000, "\(html.utf8.count) bytes")
        #expect(html.contains(ReportHTML.kilometres(TrackStatistics(track).distanceMeters)))
    }

    @Test func aFileWithNoTrackToDrawStillGetsAPageThatSaysWhy() throws {
        let folder = try ScratchFolder()
        let fit = folder.url.appendingPathComponent("fit.html")
        let fitResult = try TrackKit.normalize(
            contentsOf: Self.sampleRuns.appendingPathComponent("2026-11-18-forerunner-10.fit"), options: NormalizeOptions(reportFile: fit))
        #expect(fitResult.reportFile == fit)
        #expect(try String(contentsOf: fit, encoding: .utf8).contains("passed through unchanged"))

        let refused = folder.url.appendingPathComponent("refused.html")
        let noTimes = try TrackKit.normalize(
            contentsOf: Self.sampleRuns.appendingPathComponent("2026-11-20-planned-route-no-times.gpx"),
            options: NormalizeOptions(reportFile: refused))
        #expect(!noTimes.usable)
        let html = try String(contentsOf: refused, encoding: .utf8)
        #expect(html.contains("no-timestamps"))
        #expect(html.contains("id=\"recorded-track\"") && !html.contains("id=\"cleaned-track\""))
    }

    static func dataVertices(of id: String, in html: String) -> Int {
        guard let element = html.range(of: "id=\"\(id)\"") else { return -1 }
        let rest = html[element.upperBound...]
        guard let start = rest.range(of: "data-vertices=\""), let end = rest[start.upperBound...].firstIndex(of: "\"") else { return -1 }
        return Int(rest[start.upperBound..<end]) ?? -1
    }
}
