import Foundation
import Testing

@testable import TrackKit

/// Outputs of 256 KiB or more are XSD-validated as two documents on two threads: every byte must still
/// be checked, and a fault in either half must be caught and named at its line in the written file.
@Suite struct SplitValidationTests {
    /// trackdrop's own GPX (or TCX) for a 20-minute run with heart rate in one segment, about 0.6 MB.
    private static func written(_ format: TrackFormat) -> Data {
        var points: [TrackPoint] = []
        for index in 0..<4_000 {
            points.append(TrackPoint(
                latitude: 47 + Double(index) * 0.00002, longitude: 8 + Double(index) * 0.00001,
                elevation: 400 + Double(index % 30), time: Date(timeIntervalSince1970: 1_714_546_800 + Double(index)),
                heartRate: 120 + index % 40, cadence: 85))
        }
        let track = Track(format: format, name: "Split validation", sport: "running", segments: [points])
        return format == .tcx ? TCXWriter.write(track) : GPXWriter.write(track)
    }

    /// Replaces the `occurrence`-th `<ele>`/`<AltitudeMeters>` value with text, which the XSD refuses.
    private static func corrupt(_ data: Data, element: String, occurrence: Int) throws -> (Data, line: Int) {
        var text = String(decoding: data, as: UTF8.self)
        var searchFrom = text.startIndex
        var found: Range<String.Index>?
        for _ in 0...occurrence {
            found = text.range(of: "<\(element)>", range: searchFrom..<text.endIndex)
            searchFrom = try #require(found).upperBound
        }
        let open = try #require(found)
        let close = try #require(text.range(of: "</\(element)>", range: open.upperBound..<text.endIndex))
        text.replaceSubrange(open.upperBound..<close.lowerBound, with: "high")
        let line = text[..<open.lowerBound].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        return (Data(text.utf8), line)
    }

    @Test(arguments: [TrackFormat.gpx, .tcx])
    func aLargeOutputIsCutIntoTwoCompleteDocuments(format: TrackFormat) throws {
        let data = Self.written(format)
        #expect(data.count >= SchemaValidator.splitBytes)
        let (first, second) = try #require(SchemaValidator.halves(data, format: format))
        // Together the two documents hold every written byte: the first up to the cut, the second from it.
        let firstBody = try #require(first.parts.first)
        let secondBody = try #require(second.parts.last)
        #expect(firstBody.count + secondBody.count == data.count)
        #expect(Data(firstBody) + Data(secondBody) == data)
        try SchemaValidator.validateWritten(data, format: format)
    }

    @Test(arguments: [TrackFormat.gpx, .tcx], [100, 3_900])
    func aFaultInEitherHalfIsCaughtAtItsLine(format: TrackFormat, pointIndex: Int) throws {
        let element = format == .tcx ? "AltitudeMeters" : "ele"
        let (data, line) = try Self.corrupt(Self.written(format), element: element, occurrence: pointIndex)
        let error = try #require(throws: TrackError.self) { try SchemaValidator.validateWritten(data, format: format) }
        #expect(error.code == "output-invalid")
        #expect(error.line == line)
        #expect(error.message.contains("(line \(line))"))
    }

    /// A two-lap TCX whose middle byte falls between the first lap's last point and the second lap's first:
    /// a cut there would leave the first document an empty `<Track>`, which the schema forbids.
    @Test func aLapBoundaryInTheMiddleIsNotWhereATCXIsCut() throws {
        func written(firstLap: Int) -> Data {
            var points: [TrackPoint] = []
            for index in 0..<4_000 {
                points.append(TrackPoint(
                    latitude: 47 + Double(index) * 0.00002, longitude: 8, elevation: 400,
                    time: Date(timeIntervalSince1970: 1_714_546_800 + Double(index)), heartRate: 130))
            }
            let start = Date(timeIntervalSince1970: 1_714_546_800)
            let laps = [
                Lap(startTime: start, totalTimeSeconds: Double(firstLap), distanceMeters: 100),
                Lap(startTime: start.addingTimeInterval(Double(firstLap)), totalTimeSeconds: 100, distanceMeters: 100),
            ]
            let track = Track(
                format: .tcx, sport: "Running", segments: [Array(points[..<firstLap]), Array(points[firstLap...])],
                laps: laps)
            return TCXWriter.write(track)
        }
        /// Bytes from the middle to the second lap's first point: negative when the lap starts before it.
        func offset(_ data: Data) throws -> Int {
            let text = String(decoding: data, as: UTF8.self)
            let secondLap = try #require(text.range(of: "<Lap ", range: text.index(after: text.range(of: "<Lap ")!.lowerBound)..<text.endIndex))
            let firstPoint = try #require(text.range(of: "<Trackpoint>", range: secondLap.upperBound..<text.endIndex))
            return text.utf8.distance(from: text.startIndex, to: firstPoint.lowerBound) - data.count / 2
        }
        // The lap start moves right faster than the middle as the first lap grows: search for the size
        // that puts the middle just before the second lap's first point, inside the gap between laps.
        var low = 100, high = 3_900
        while high - low > 1 {
            let middle = (low + high) / 2
            if try offset(written(firstLap: middle)) < 0 { low = middle } else { high = middle }
        }
        let data = written(firstLap: high)
        let gap = try offset(data)
        #expect(gap > 0 && gap < 400, "the middle lies between the laps")
        let (first, _) = try #require(SchemaValidator.halves(data, format: .tcx))
        let firstBody = try #require(first.parts.first)
        #expect(!String(decoding: firstBody.suffix(200), as: UTF8.self).hasSuffix("<Track>\n"))
        try SchemaValidator.validateWritten(data, format: .tcx)
    }

    @Test func smallOutputsAreValidatedAsOneDocument() throws {
        let small = GPXWriter.write(Track(format: .gpx, segments: [[
            TrackPoint(latitude: 1, longitude: 2, time: Date(timeIntervalSince1970: 1_714_546_800)),
        ]]))
        #expect(small.count < SchemaValidator.splitBytes)
        try SchemaValidator.validateWritten(small, format: .gpx)
    }
}
