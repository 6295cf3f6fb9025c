import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// Hostile and broken input: each gives a clear error, never a crash, a network access or a file read.
@Suite struct HostileInputTests {
    @Test func externalEntityToEtcPasswdIsRefusedAndNeverRead() throws {
        let scratch = try ScratchFolder()
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <gpx version="1.1" creator="x"><trk><name>&xxe;</name><trkseg>
            <trkpt lat="1" lon="1"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="1.001" lon="1"><time>2024-01-01T00:00:05Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let file = try scratch.write("xxe.gpx", xml)
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes == ["unsafe-xml"])
        let everything = String(decoding: result.output, as: UTF8.self) + result.issues.map(\.message).joined()
        #expect(!everything.contains("root:"))
        #expect(throws: TrackError.self) { try TrackKit.summarize(data: Data(xml.utf8), format: .gpx) }
    }

    @Test func externalEntityWithoutInternalSubsetInFirstChunkIsStillRefused() throws {
        // The DOCTYPE comes after 70 KB of comment, beyond the prolog scan; the reader still refuses it.
        let padding = "<!--" + String(repeating: "x", count: 70_000) + "-->\n"
        let xml = "<?xml version=\"1.0\"?>\n" + padding + """
            <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <gpx version="1.1" creator="x"><trk><name>&xxe;</name></trk></gpx>
            """
        let error = try #require(throws: TrackError.self) { try TrackKit.summarize(data: Data(xml.utf8), format: .gpx) }
        #expect(error.code == "unsafe-xml")
        #expect(!error.message.contains("root:"))
    }

    @Test func billionLaughsIsRefused() throws {
        var entities = "<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n\(entities)]>\n<gpx version=\"1.1\"><trk><name>&lol9;</name></trk></gpx>"
        let error = try #require(throws: TrackError.self) { try TrackKit.summarize(data: Data(xml.utf8), format: .gpx) }
        #expect(error.code == "unsafe-xml")
        #expect(error.description.contains("entit"))
    }

    @Test func tenThousandNestingLevelsAreRefused() throws {
        let xml = "<?xml version=\"1.0\"?><gpx version=\"1.1\">" + String(repeating: "<a>", count: 10_000)
            + String(repeating: "</a>", count: 10_000) + "</gpx>"
        let error = try #require(throws: TrackError.self) { try TrackKit.summarize(data: Data(xml.utf8), format: .gpx) }
        #expect(error.code == "unsafe-xml")
        #expect(error.description.contains("nested deeper than 256"))
    }

    @Test func randomBinaryNamedGPXIsNotXML() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0x42  // not "<", not gzip, not FIT
        let scratch = try ScratchFolder()
        let file = try scratch.write("random.gpx", Data(bytes))
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(!result.usable)
        let issue = try #require(result.issues.first)
        #expect(issue.severity == .error)
        #expect(["not-xml", "malformed-xml"].contains(issue.code))
        #expect(issue.message.contains("GPX") || issue.message.contains("XML"))
    }

    @Test func truncatedFileSaysTruncated() throws {
        let xml = SampleGPX.track(points: 50)
        let cut = String(xml.prefix(xml.count / 2))
        let error = try #require(throws: TrackError.self) { try TrackKit.summarize(data: Data(cut.utf8), format: .gpx) }
        #expect(["truncated", "malformed-xml"].contains(error.code))
        #expect(error.line != nil)
        #expect(error.description.contains("line"))
    }

    @Test func emptyAndWhitespaceOnlyFilesAreEmpty() throws {
        let scratch = try ScratchFolder()
        for (name, content) in [("empty.gpx", ""), ("blank.tcx", "  \n\t\n"), ("empty.fit", "")] {
            let file = try scratch.write(name, content)
            let result = try TrackKit.normalize(contentsOf: file, options: .init())
            #expect(!result.usable, "\(name)")
            #expect(result.errorCodes == ["empty-file"], "\(name)")
            #expect(result.output.isEmpty)
        }
        let error = try #require(throws: TrackError.self) { try TrackKit.summarize(data: Data(), format: .gpx) }
        #expect(error.code == "empty-file")
    }

    @Test func damagedGzipIsReported() throws {
        var compressed = try Gzip.compress(Data(SampleGPX.track(points: 200).utf8))
        compressed.removeLast(compressed.count / 2)
        let error = try #require(throws: TrackError.self) { try TrackKit.summarize(data: compressed, format: .gpx) }
        #expect(["truncated", "bad-gzip"].contains(error.code))
        #expect(error.description.contains("gzip"))
    }

    @Test func missingFileThrowsWithThePath() throws {
        let url = URL(fileURLWithPath: "/nonexistent/trackdrop/\(UUID().uuidString).gpx")
        let error = try #require(throws: TrackError.self) { try TrackKit.normalize(contentsOf: url, options: .init()) }
        #expect(error.description.contains(url.path))
    }
}
