import Foundation
import Testing

@testable import TrackKit

/// Long GPX tracks are formatted on two threads in blocks (`GPXWriter.writeInParallel`); the file must hold exactly
/// the bytes the one-thread writer produces, whatever the segments look like around the cut.
@Suite struct ParallelWritingTests {
    private static func track(segmentSizes: [Int]) -> Track {
        var index = 0
        let segments = segmentSizes.map { size in
            (0..<size).map { _ -> TrackPoint in
                defer { index += 1 }
                return TrackPoint(
                    latitude: 47 + Double(index) * 0.00001, longitude: 8 + Double(index % 977) * 0.00001,
                    elevation: Double(index % 300), time: Date(timeIntervalSince1970: 1_714_546_800 + Double(index)),
                    heartRate: index % 3 == 0 ? 120 + index % 50 : nil, power: index % 5 == 0 ? 200 : nil)
            }
        }
        return Track(format: .gpx, name: "Parallel", sport: "cycling", segments: segments)
    }

    /// What the writer puts in a file through a descriptor with a small chunk, so the second half is
    /// larger than the chunk and written straight through.
    private static func writtenToFile(_ track: Track) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        var out = OutputBuffer(fileDescriptor: descriptor, chunk: 64 * 1024)
        GPXWriter.writeInParallel(track, to: &out)
        out.flush()
        #expect(out.writeError == 0)
        close(descriptor)
        return try Data(contentsOf: url)
    }

    // Blocks are 32,768 points: cuts fall at 32,768, 65,536, 98,304, ...
    @Test(arguments: [
        [60_000],                    // one segment, cut in its middle
        [32_768, 32_768],            // a cut exactly where the second segment starts
        [32_767, 1, 0, 40_000],      // a one-point segment and an empty one at the cut
        [10_000, 100_000, 10_000],   // several blocks, the last one short and written by this thread
        [65_536, 1],                 // a last block of one point
    ])
    func twoThreadsWriteTheSameBytesAsOne(segmentSizes: [Int]) throws {
        let track = Self.track(segmentSizes: segmentSizes)
        let expected = GPXWriter.write(track)
        let written = try Self.writtenToFile(track)
        #expect(written.count == expected.count)
        let same = written == expected  // compared whole; printing megabytes on failure helps nobody
        #expect(same)
        try SchemaValidator.validateWritten(written, format: .gpx)
    }

    @Test func shortTracksAreWrittenByOneThread() throws {
        let track = Self.track(segmentSizes: [GPXWriter.parallelPoints - 1])
        let written = try Self.writtenToFile(track)
        let same = written == GPXWriter.write(track)
        #expect(same)
    }
}
