import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// `trackdrop check` validates a covering sample of what it writes (`TrackKit.covering`): every segment's
/// ends, every value's extremes, one point of every combination of values and an even sample. These tests
/// pin down what the sample must hold, that a single bad value anywhere is still caught, and the heart
/// rate and cadence values the schema does not admit.
@Suite struct CoveringValidationTests {
    /// Points with randomly present values (about a quarter of each missing), a second a point.
    private static func track(format: TrackFormat, segmentSizes: [Int], seed: UInt64) -> Track {
        var random = SyntheticRandom(seed: seed)
        var second = 0.0
        let segments = segmentSizes.map { size in
            (0..<size).map { _ -> TrackPoint in
                second += 1
                func maybe<T>(_ value: T) -> T? { Int.random(in: 0..<4, using: &random) == 0 ? nil : value }
                return TrackPoint(
                    latitude: Double.random(in: 47...47.1, using: &random),
                    longitude: Double.random(in: 8...8.1, using: &random),
                    elevation: maybe(Double.random(in: 300...900, using: &random)),
                    time: Date(timeIntervalSince1970: 1_780_000_000 + second),
                    heartRate: maybe(Int.random(in: 60...200, using: &random)),
                    cadence: maybe(Int.random(in: 0...120, using: &random)),
                    temperature: maybe(Double.random(in: -5...35, using: &random)),
                    power: maybe(Int.random(in: 0...900, using: &random)),
                    speed: maybe(Double.random(in: 0...15, using: &random)),
                    distance: maybe(second * 3))
            }
        }
        let laps = format == .tcx
            ? segments.map { Lap(startTime: $0[0].time!, totalTimeSeconds: Double($0.count), distanceMeters: 3 * Double($0.count), points: $0) }
            : []
        return Track(format: format, name: "Covering test", sport: "running", segments: segments, laps: laps)
    }

    private static let fieldReaders: [(String, @Sendable (TrackPoint) -> Double?)] = [
        ("latitude", { $0.latitude }), ("longitude", { $0.longitude }), ("elevation", { $0.elevation }),
        ("time", { $0.time?.timeIntervalSince1970 }), ("heart rate", { $0.heartRate.map(Double.init) }),
        ("cadence", { $0.cadence.map(Double.init) }), ("temperature", { $0.temperature }),
        ("power", { $0.power.map(Double.init) }), ("speed", { $0.speed }), ("distance", { $0.distance }),
    ]

    @Test(arguments: [TrackFormat.gpx, .tcx])
    func theSampleHoldsSegmentEndsExtremesAndEveryCombination(format: TrackFormat) throws {
        let track = Self.track(format: format, segmentSizes: [1200, 1, 2, 3000, 800], seed: 7)
        let (sample, whole) = TrackKit.covering(track, evenPoints: 100)
        let all = track.allPoints, kept = sample.allPoints
        #expect(!whole)
        #expect(kept.count < all.count / 10, "\(kept.count) of \(all.count) points")
        #expect(sample.segments.count == track.segments.count)
        for (original, thinned) in zip(track.segments, sample.segments) {
            #expect(thinned.first == original.first)
            #expect(thinned.last == original.last)
        }
        for (name, value) in Self.fieldReaders {
            let values = all.compactMap(value)
            #expect(kept.contains { value($0) == values.min() }, "the smallest \(name)")
            #expect(kept.contains { value($0) == values.max() }, "the largest \(name)")
        }
        #expect(Set(kept.map(\.presence)) == Set(all.map(\.presence)))
        // Kept points stay in their order.
        let times = kept.compactMap(\.time)
        #expect(times == times.sorted())
        // And the sample is a valid document, as the whole track is.
        let (validation, issue) = TrackKit.validateCovering(track, evenPoints: 100)
        #expect(issue == nil)
        #expect(validation == .covering)
    }

    @Test func aNonFiniteValueIsAlwaysInTheSample() throws {
        var track = Self.track(format: .gpx, segmentSizes: [5000], seed: 11)
        track.segments[0][2345].temperature = .nan
        track.segments[0][3456].speed = .infinity
        let kept = TrackKit.covering(track, evenPoints: 10).sample.allPoints
        #expect(kept.contains { $0.temperature?.isNaN == true })
        #expect(kept.contains { $0.speed == .infinity })
    }

    @Test func aSmallTrackIsValidatedWhole() throws {
        let track = Self.track(format: .gpx, segmentSizes: [80, 40], seed: 3)
        #expect(track.allPoints.count <= OutputValidation.coveringEvenPoints)
        let (sample, whole) = TrackKit.covering(track, evenPoints: OutputValidation.coveringEvenPoints)
        #expect(whole)
        #expect(sample.segments.map(\.count) == track.segments.map(\.count))
        #expect(TrackKit.validateCovering(track, evenPoints: OutputValidation.coveringEvenPoints).0 == .full)
    }

    /// One point in the middle of a long track holds a value the schema refuses (a latitude beyond 90°,
    /// which the checks would have refused before writing): an even sample would miss it, the covering one
    /// holds it because it is the largest latitude.
    @Test(arguments: [TrackFormat.gpx, .tcx])
    func oneBadValueAnywhereFailsValidation(format: TrackFormat) throws {
        var track = Self.track(format: format, segmentSizes: [4000, 4000], seed: 5)
        track.segments[1][1237].latitude = 95
        if format == .tcx { track.laps[1].points = track.segments[1] }
        let (validation, issue) = TrackKit.validateCovering(track, evenPoints: 100)
        #expect(validation == .skipped)
        let failure = try #require(issue)
        #expect(failure.code == "output-invalid")
        #expect(failure.message.contains("95"), "\(failure.message)")
    }

    /// Devices write heart rate 0 when the strap loses contact and cadence 255 for "none"; TrackPointExtension
    /// admits 1–255 and 0–254. Those values are left out of the point, and the file stays usable.
    @Test func heartRateZeroAndCadence255AreLeftOutNotRefused() throws {
        let scratch = try ScratchFolder()
        var points = ""
        for second in 0..<20 {
            let heartRate = second == 5 ? 0 : 140, cadence = second == 7 ? 255 : 80
            points += """
                <trkpt lat="\(47 + Double(second) * 0.0001)" lon="8.5"><time>2024-05-01T07:00:\(second < 10 ? "0" : "")\(second)Z</time>\
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(heartRate)</gpxtpx:hr><gpxtpx:cad>\(cadence)</gpxtpx:cad>\
                </gpxtpx:TrackPointExtension></extensions></trkpt>

                """
        }
        let source = try scratch.write("strap.gpx", """
            <?xml version="1.0"?><gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>
            \(points)</trkseg></trk></gpx>
            """)
        let result = try TrackKit.normalize(contentsOf: source, options: NormalizeOptions(clean: false))
        #expect(result.usable, "\(result.issues)")
        #expect(result.outputValidation == .full)
        let written = String(decoding: result.output, as: UTF8.self)
        #expect(!written.contains("<gpxtpx:hr>0<"))
        #expect(!written.contains("<gpxtpx:cad>255<"))
        #expect(written.components(separatedBy: "<gpxtpx:hr>140<").count == 20)
        #expect(written.components(separatedBy: "<gpxtpx:cad>80<").count == 20)
    }

    /// A track along the antimeridian, with one point a hair short of 180° in the middle: the written file
    /// must be valid whichever of its points the sample holds.
    @Test func aLongitudeJustShortOf180StaysValid() throws {
        var track = Self.track(format: .gpx, segmentSizes: [3000], seed: 8)
        for index in track.segments[0].indices { track.segments[0][index].longitude = 179.9 + Double(index % 7) * 0.001 }
        track.segments[0][1500].longitude = 180
        track.segments[0][1777].longitude = 179.99999996
        let (validation, issue) = TrackKit.validateCovering(track, evenPoints: 50)
        #expect(issue == nil, "\(String(describing: issue))")
        #expect(validation == .covering)
        let written = String(decoding: GPXWriter.write(track), as: UTF8.self)
        #expect(!written.contains("lon=\"180\""))
        try SchemaValidator.validateWritten(GPXWriter.write(track), format: .gpx)
    }
}
