import Foundation
import TestSupport
import Glibc
import Testing

@testable import TrackKit

/// Files built to exhaust memory or time: each is refused from its first bytes or within the size and
/// inflation limits, and the verdict names the limit.
@Suite struct InputLimitTests {
    /// A sparse file: `size` bytes of zeros that take no disk space.
    static func sparse(_ scratch: ScratchFolder, _ name: String, size: Int64, head: [UInt8] = []) throws -> URL {
        let file = scratch.url.appendingPathComponent(name)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        if !head.isEmpty { _ = head.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } }
        try #require(ftruncate(descriptor, off_t(size)) == 0)
        return file
    }

    /// `members` copies of one gzip member holding `chunk`: how a bomb is made without compressing gigabytes.
    static func gzipBomb(_ scratch: ScratchFolder, _ name: String, chunk: Data, members: Int) throws -> URL {
        let member = try Gzip.compress(chunk)
        var data = Data(capacity: member.count * members)
        for _ in 0..<members { data.append(member) }
        return try scratch.write(name, data)
    }

    @Test func fileAboveTheLimitIsRefusedAsTooLargeNamingTheKey() throws {
        let scratch = try ScratchFolder()
        let file = try Self.sparse(scratch, "huge.gpx", size: 8 << 30, head: Array("<?xml version=\"1.0\"?><gpx>".utf8))
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(result.errorCodes == ["too-large"])
        let message = try #require(result.issues.first?.message)
        #expect(message.contains("256 MiB"))
        #expect(message.contains("max_file_mib"))
        let small = try TrackKit.normalize(contentsOf: try scratch.write("run.gpx", SampleGPX.track(points: 50)), options: .init(limits: InputLimits(maxFileMiB: 1)))
        #expect(small.usable)
    }

    @Test func sparseFileThatIsNotATrackIsRefusedFromItsFirstBytes() throws {
        let scratch = try ScratchFolder()
        for name in ["zeros.fit", "zeros.gpx", "zeros.tcx.gz"] {
            let file = try Self.sparse(scratch, name, size: 2 << 30)
            let result = try TrackKit.normalize(contentsOf: file, options: .init(limits: InputLimits(maxFileMiB: 4096)))
            #expect(!result.usable, "\(name)")
            #expect(result.errorCodes.isSubset(of: ["fit-header", "not-xml"]) && result.errorCodes.count == 1, "\(name): \(result.issues)")
        }
    }

    @Test func fitHeaderAnnouncingMoreThanTheLimitIsRefusedBeforeTheBody() throws {
        let scratch = try ScratchFolder()
        var header: [UInt8] = [14, 0x10, 0x54, 0x08, 0xF0, 0xFF, 0xFF, 0xFF]  // 4 GiB of data announced
        header += Array(".FIT".utf8) + [0, 0]
        let file = try scratch.write("announces-4gib.fit", Data(header + [UInt8](repeating: 0x40, count: 1000)))
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(result.errorCodes == ["too-large"])
        #expect(result.issues.first?.message.contains("FIT header") == true)
    }

    @Test func gzipBombOfZerosIsRefusedByRatio() throws {
        let scratch = try ScratchFolder()
        let file = try Self.gzipBomb(scratch, "zeros.gpx.gz", chunk: Data(count: 1 << 20), members: 64)
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes.count == 1 && result.errorCodes.isSubset(of: ["not-xml", "too-large"]), "\(result.issues)")
    }

    @Test func gzipBombOfXMLLookingTextIsRefusedByRatio() throws {
        let scratch = try ScratchFolder()
        let point = "<trkpt lat=\"47.0\" lon=\"8.0\"><time>2024-05-01T07:00:00Z</time></trkpt>\n"
        let opening = try Gzip.compress(Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n".utf8))
        let body = Data(String(repeating: point, count: (1 << 20) / point.utf8.count).utf8)
        let member = try Gzip.compress(body)
        var data = opening
        for _ in 0..<128 { data.append(member) }
        let file = try scratch.write("xmlbomb.gpx.gz", data)
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(result.errorCodes == ["too-large"], "\(result.issues)")
        #expect(result.issues.first?.message.contains("inflates more than 100 times") == true)
        // The same bomb as FIT: the inflated size is held to the limit too.
        let limited = try TrackKit.normalize(contentsOf: file, options: .init(limits: InputLimits(maxFileMiB: 4, maxInflationRatio: 100_000)))
        #expect(limited.errorCodes == ["too-large"], "\(limited.issues)")
        #expect(limited.issues.first?.message.contains("4 MiB") == true)
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let scratch = try ScratchFolder()
        let fifo = scratch.url.appendingPathComponent("pipe.gpx")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        let result = try TrackKit.normalize(contentsOf: fifo, options: .init())
        #expect(result.errorCodes == ["not-a-file"])
        #expect(result.issues.first?.message.contains("FIFO") == true)
    }

    @Test func permissionDeniedSaysItMayPass() throws {
        guard getuid() != 0 else { return }  // root reads everything
        let scratch = try ScratchFolder()
        let file = try scratch.write("locked.gpx", SampleGPX.track(points: 5))
        chmod(file.path, 0)
        let error = try #require(throws: TrackError.self) { try TrackKit.normalize(contentsOf: file, options: .init()) }
        #expect(error.code == "unreadable")
        #expect(error.mayBeTemporary)
    }
}

/// Every input that once crashed or hung a reader (`Tests/Regressions/`) gets a verdict now.
@Suite struct RegressionInputTests {
    static let folder = TrackdropBinary.repositoryRoot.appendingPathComponent("Tests/Regressions")

    static func inputs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent != "README.md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyRegressionInputGetsAVerdict() throws {
        let inputs = try Self.inputs()
        #expect(inputs.contains { $0.lastPathComponent == "fit-compressed-timestamp-overflow.fit" })
        for input in inputs {
            let result = try TrackKit.normalize(contentsOf: input, options: .init())
            #expect(!result.issues.isEmpty || result.usable, "\(input.lastPathComponent)")
            let data = try Data(contentsOf: input)
            _ = try? TrackKit.summarize(data: data, format: TrackKit.formatGuess(input))
        }
    }

    @Test func compressedTimestampNearTheEndOfTheFITClockWraps() throws {
        let input = Self.folder.appendingPathComponent("fit-compressed-timestamp-overflow.fit")
        let fit = try FITFile(data: Data(contentsOf: input))
        #expect(fit.recordCount == 2)
        #expect(fit.timedRecordCount == 2)
        #expect(fit.fileCRCValid)
    }
}
