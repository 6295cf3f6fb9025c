import Foundation
import Testing
import TrackKit

/// The sample runs exist, are small, and each has the property `SampleRuns/README.md` claims for it.
@Suite("SampleRuns")
struct SampleRunsTests {
    static let directory = SyntheticCorpus.repositoryRoot.appendingPathComponent("SampleRuns")

    static let files = [
        "2026-11-14-morning-run.gpx", "2026-11-15-phone-run-with-stop.gpx", "2026-11-17-track-intervals.tcx",
        "2026-11-18-forerunner-10.fit", "2026-11-19-lunch-run.gpx.gz", "2026-11-20-planned-route-no-times.gpx",
        "2026-11-21-evening-run.gpx", "2026-11-21-evening-run.tcx",
    ]

    private func url(_ name: String) -> URL { Self.directory.appendingPathComponent(name) }

    private func load(_ name: String) throws -> Track { try SyntheticLoader.load(contentsOf: url(name)) }

    private func length(_ track: Track) -> Double { track.segments.map(SyntheticTrack.length).reduce(0, +) }

    @Test func theSetIsCompleteAndSmall() throws {
        let present = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        for name in Self.files + ["README.md", "generate.py"] {
            #expect(present.contains(name), "SampleRuns/\(name) is missing")
        }
        let readme = try String(contentsOf: url("README.md"), encoding: .utf8)
        for name in Self.files {
            let size = try FileManager.default.attributesOfItem(atPath: url(name).path)[.size] as? Int ?? 0
            #expect(size > 0 && size < 300_000, "\(name) is \(size) bytes")
            #expect(readme.contains(name), "README.md does not describe \(name)")
        }
    }

    @Test func theWatchRunIsCleanWithHeartRate() throws {
        let track = try load("2026-11-14-morning-run.gpx")
        let points = track.allPoints
        #expect(points.count > 500)
        #expect(points.allSatisfy { $0.heartRate != nil && $0.time != nil && $0.cadence != nil })
        let (cleaned, report) = TrackCleaner.clean(track)
        #expect(report.removedTotal == 0)
        #expect(abs(length(cleaned) - length(track)) / length(track) < 0.01)
    }

    @Test func thePhoneRunHasSpikesAndAStop() throws {
        let track = try load("2026-11-15-phone-run-with-stop.gpx")
        #expect(track.allPoints.allSatisfy { $0.heartRate == nil && $0.time != nil })
        let (cleaned, report) = TrackCleaner.clean(track)
        #expect(report.removed[CleaningReport.Reason.spikes] == 6)
        #expect((report.removed[CleaningReport.Reason.jitter] ?? 0) > 60)
        #expect(report.stops >= 1)
        // 26 minutes at 2.8 m/s with a two-minute stop: about 4,030 m; raw, the noise triples it.
        #expect(length(track) > 8_000)
        #expect(abs(length(cleaned) - 4_032) < 120)
    }

    @Test func theTCXHasLapsAndHeartRate() throws {
        let text = try String(contentsOf: url("2026-11-17-track-intervals.tcx"), encoding: .utf8)
        #expect(text.components(separatedBy: "<Lap StartTime=").count - 1 == 6)
        #expect(text.contains("<Intensity>Resting</Intensity>"))
        let track = try load("2026-11-17-track-intervals.tcx")
        #expect(track.segments.count == 6)
        #expect(track.allPoints.allSatisfy { $0.heartRate != nil && $0.distance != nil })
    }

    @Test func theFITFileIsARealDeviceFile() throws {
        let data = try Data(contentsOf: url("2026-11-18-forerunner-10.fit"))
        #expect(data.count > 14)
        #expect(String(decoding: data[8..<12], as: UTF8.self) == ".FIT")
        if let corpus = try? SyntheticCorpus.file("garmin-forerunner-10.fit") {
            #expect(try Data(contentsOf: corpus) == data)
        }
    }

    @Test func theGzippedRunReads() throws {
        let data = try Data(contentsOf: url("2026-11-19-lunch-run.gpx.gz"))
        #expect(data.prefix(2) == Data([0x1F, 0x8B]))
        let track = try TrackKit.read(contentsOf: url("2026-11-19-lunch-run.gpx.gz"))
        #expect(track.format == .gpx)
        #expect(track.allPoints.count > 400)
        #expect(track.allPoints.allSatisfy { $0.time != nil && $0.heartRate != nil })
    }

    @Test func thePlannedRouteHasNoTimes() throws {
        let track = try load("2026-11-20-planned-route-no-times.gpx")
        #expect(track.allPoints.count > 50)
        #expect(track.allPoints.allSatisfy { $0.time == nil })
    }

    @Test func theEveningRunIsTheSameRunTwice() throws {
        let gpx = try load("2026-11-21-evening-run.gpx").allPoints
        let tcx = try load("2026-11-21-evening-run.tcx").allPoints
        #expect(gpx.count == tcx.count)
        #expect(gpx.first?.time == tcx.first?.time)
        #expect(gpx.last?.time == tcx.last?.time)
        #expect(gpx.map(\.latitude) == tcx.map(\.latitude))
    }

    /// What trackdrop's own pipeline makes of them: only the untimed route is refused.
    @Test(arguments: files)
    func normalizeAcceptsAllButTheUntimedRoute(name: String) throws {
        let result = try TrackKit.normalize(contentsOf: url(name), options: NormalizeOptions())
        let expectUsable = name != "2026-11-20-planned-route-no-times.gpx"
        #expect(result.usable == expectUsable, "\(name): \(result.issues.map(\.message))")
        if expectUsable {
            #expect(result.startTime != nil && (result.duration ?? 0) > 0)
        }
    }
}
