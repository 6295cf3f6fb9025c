import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// Every real device file gets a sensible outcome, and everything written from them is schema-valid.
@Suite struct CorpusTests {
    @Test func everyCorpusFileHasAnOutcomeAndValidOutput() throws {
        let files = try DeviceCorpus.files()
        #expect(files.count >= 100)
        for file in files {
            let result = try TrackKit.normalize(contentsOf: file, options: .init())
            let name = file.lastPathComponent
            #expect(!result.codes.contains("output-invalid"), "\(name): \(result.issues)")
            if result.usable {
                #expect(!result.output.isEmpty, "\(name)")
                #expect(result.pointsOut >= 2, "\(name)")
                #expect(result.startTime != nil, "\(name)")
                if result.format != .fit {
                    try TrackKit.validate(data: result.output, format: result.format)
                }
            } else {
                #expect(result.issues.contains { $0.severity == .error }, "\(name) unusable without an error")
            }
            for issue in result.issues {
                #expect(!issue.message.isEmpty && !issue.code.rawValue.isEmpty, "\(name)")
            }
        }
    }

    @Test func everyUncleanedCorpusOutputValidatesToo() throws {
        for file in try DeviceCorpus.files() {
            let result = try TrackKit.normalize(contentsOf: file, options: .init(clean: false))
            #expect(!result.codes.contains("output-invalid"), "\(file.lastPathComponent): \(result.issues)")
            if result.usable, result.format != .fit {
                #expect(result.pointsOut == result.pointsIn - (result.removed["invalid_position"] ?? 0), "\(file.lastPathComponent)")
            }
        }
    }

    /// Files whose outcome says something: the expected verdict and error codes, file by file.
    static let expectations: [(String, Bool, Set<String>)] = [
        ("garmin-edge-800-output.gpx", true, []),
        ("bike.tcx", true, []),
        ("gtrnctr_power.tcx", true, []),
        ("garmin-edge-800.fit", true, []),
        ("wahoo-element-bolt.fit", true, []),
        ("fit-sample.fit", true, []),
        ("course.tcx", true, []),
        ("trackfilter_faketime.gpx", true, []),
        ("gpx_subsecond-sample.gpx", true, []),
        ("trackfilter-move-d.gpx", true, []),
        // FIT timestamps below 0x10000000 count from power-on; the real start comes later.
        ("garmin-virb-ultra-30.fit", true, []),
        // Its stored file CRC is wrong and its messages cannot be walked to the end.
        ("lezyne_super_gps-garmin_fit-sample-bad-endian.fit", false, ["fit-crc"]),
        ("fitlocations-sample.fit", false, ["not-a-track"]),
        ("fitlocations-sample.gpx", false, ["not-a-track"]),
        ("bounds-test-track.gpx", false, ["no-timestamps"]),
        ("geojson.gpx", false, ["no-timestamps"]),
        ("tpo-sample1.gpx", false, ["no-timestamps"]),
        ("garmin-vivosmart-hr.gpx", false, ["no-position"]),
        ("trackfilter_discard_err.gpx", false, ["not-xml"]),
        ("kalman_hyper_realistic_driving_out.gpx", false, ["too-few-points"]),
    ]

    @Test func courseIsReadAsATrackWithAWarning() throws {
        let result = try TrackKit.normalize(contentsOf: try DeviceCorpus.file("course.tcx"), options: .init())
        #expect(result.codes.contains("tcx-course"))
        #expect(result.pointsOut > 1000)
        let back = try TrackKit.read(data: result.output)
        #expect(back.laps.count == 1)
    }

    @Test func cleaningThatWouldLeaveOnePointIsSkipped() throws {
        let result = try TrackKit.normalize(contentsOf: try DeviceCorpus.file("trackfilter-move-d.gpx"), options: .init())
        #expect(result.usable)
        #expect(result.pointsOut == result.pointsIn)
        #expect(result.codes.contains("cleaning-skipped"))
    }

    @Test(arguments: CorpusTests.expectations)
    func interestingFilesHaveTheirExpectedOutcome(_ expectation: (String, Bool, Set<String>)) throws {
        let (name, usable, errors) = expectation
        let result = try TrackKit.normalize(contentsOf: try DeviceCorpus.file(name), options: .init())
        #expect(result.usable == usable, "\(name): \(result.issues)")
        #expect(result.errorCodes == errors, "\(name): \(result.issues)")
    }

    @Test func sensorDataAndLapsSurviveNormalizing() throws {
        let source = try DeviceCorpus.file("gtrnctr_power.tcx")
        let original = try TrackKit.read(contentsOf: source)
        let result = try TrackKit.normalize(contentsOf: source, options: .init(clean: false))
        let back = try TrackKit.read(data: result.output)
        #expect(back.laps.count == original.laps.count)
        #expect(back.laps.map(\.distanceMeters) == original.laps.map(\.distanceMeters))
        #expect(back.laps.map(\.totalTimeSeconds) == original.laps.map(\.totalTimeSeconds))
        let originalPower = original.allPoints.compactMap(\.power)
        #expect(!originalPower.isEmpty)
        #expect(back.allPoints.compactMap(\.power) == originalPower)
        #expect(back.allPoints.compactMap(\.heartRate) == original.allPoints.compactMap(\.heartRate))
        #expect(back.allPoints.compactMap(\.cadence) == original.allPoints.compactMap(\.cadence))
    }
}
