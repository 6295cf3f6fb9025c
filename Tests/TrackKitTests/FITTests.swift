import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// FIT files are checked (header, CRCs, records) and passed through byte for byte.
@Suite struct FITTests {
    @Test func garminEdgeFileIsReadAndPassedThrough() throws {
        let url = try DeviceCorpus.file("garmin-edge-800.fit")
        let original = try Data(contentsOf: url)
        let result = try TrackKit.normalize(contentsOf: url, options: .init())
        #expect(result.format == .fit)
        #expect(result.usable, "\(result.issues)")
        #expect(result.output == original)
        #expect(result.pointsIn > 100)
        #expect((result.duration ?? 0) > 60)
        let summary = try TrackKit.summarize(data: original, format: .fit)
        #expect(summary.pointCount == result.pointsIn)
        #expect(summary.startTime == result.startTime)
        #expect(summary.startTime! > Date(timeIntervalSince1970: 946_684_800))
    }

    @Test func crcCorruptionIsDetected() throws {
        var bytes = try Data(contentsOf: try DeviceCorpus.file("garmin-forerunner-10.fit"))
        bytes[bytes.count / 2] ^= 0x5A
        let scratch = try ScratchFolder()
        let result = try TrackKit.normalize(contentsOf: try scratch.write("broken.fit", bytes), options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes.contains("fit-crc"))
    }

    @Test func truncatedFITIsReported() throws {
        let bytes = try Data(contentsOf: try DeviceCorpus.file("garmin-forerunner-10.fit"))
        let scratch = try ScratchFolder()
        let result = try TrackKit.normalize(contentsOf: try scratch.write("short.fit", bytes.prefix(bytes.count - 100)), options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes.contains("fit-crc"))
        #expect(result.issues.contains { $0.message.contains("truncated") })
    }

    @Test func gzippedFITIsInflatedForUpload() throws {
        let original = try Data(contentsOf: try DeviceCorpus.file("wahoo-element-bolt.fit"))
        let scratch = try ScratchFolder()
        let result = try TrackKit.normalize(contentsOf: try scratch.write("ride.fit.gz", try Gzip.compress(original)), options: .init())
        #expect(result.gzipped)
        #expect(result.format == .fit)
        #expect(result.output == original)
        #expect(result.usable, "\(result.issues)")
    }

    @Test func notFITAtAll() throws {
        let error = try #require(throws: TrackError.self) {
            try TrackKit.summarize(data: Data("this is not a fit file at all".utf8), format: .fit)
        }
        #expect(error.code == "fit-header")
    }

    @Test func crcMatchesTheFITReferenceValue() {
        // The FIT SDK's CRC of the 12 header bytes 0C 10 6C 00 ... ".FIT" from a real file is stored in
        // 14-byte headers; here: CRC of "123456789" for the CRC-16/ARC polynomial FIT uses is 0xBB3D.
        let crc = Array("123456789".utf8).withUnsafeBytes { FITCRC.checksum($0) }
        #expect(crc == 0xBB3D)
    }
}
