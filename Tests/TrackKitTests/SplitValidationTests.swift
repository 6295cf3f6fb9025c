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

    @Test func smallOutputsAreValidatedAsOneDocument() throws {
        let small = GPXWriter.write(Track(format: .gpx, segments: [[
            TrackPoint(latitude: 1, longitude: 2, time: Date(timeIntervalSince1970: 1_714_546_800)),
        ]]))
        #expect(small.count < SchemaValidator.splitBytes)
        try SchemaValidator.validateWritten(small, format: .gpx)
    }
}
