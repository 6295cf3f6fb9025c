import CLibXML2
import Foundation

/// Streams a GPX or TCX file through libxml2's SAX2 push parser into a `Track`, keeping only the points
/// (never a tree of the file), matching elements on local names so sloppy namespaces still read.
///
/// SAX2 rather than `xmlTextReader`: the reader builds and frees a node for every element and text run,
/// which cost about half the time of reading a large file.
final class XMLTrackReader {
    private let source: ByteSource
    private let expectedPoints: Int
    /// Bytes handed to the parser at a time.
    private static let chunkSize = 256 * 1024

    init(source: ByteSource, expectedPoints: Int) {
        self.source = source
        self.expectedPoints = expectedPoints
    }

    /// Reads the whole source; throws `TrackError` for anything that is not a readable GPX or TCX file.
    func read() throws -> ReadResult {
        LibXML.prepare()
        let head = try source.prepare()
        guard head.contains(where: { !TextScanner.isSpace($0) }) else { throw TrackError.empty() }
        try Self.refuseInternalSubset(head)

        let parser = UnsafeMutablePointer<SAXTrackParser>.allocate(capacity: 1)
        parser.initialize(to: SAXTrackParser(expectedPoints: expectedPoints))
        defer {
            parser.deinitialize(count: 1)
            parser.deallocate()
        }
        var handler = SAXTrackParser.handler
        guard let context = xmlCreatePushParserCtxt(&handler, parser, nil, 0, nil) else {
            throw TrackError.io("cannot start the XML parser")
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, LibXML.safeReaderOptions)
        parser.pointee.context = context

        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = source.readForParser(into: chunk)
            if count < 0 { throw source.failure ?? TrackError.io("cannot read the file") }
            xmlParseChunk(context, chunk.baseAddress?.assumingMemoryBound(to: CChar.self), count, count == 0 ? 1 : 0)
            if let failure = parser.pointee.failure { throw failure }
            // A fatal error stops the SAX callbacks; namespace slips in sloppy files are not fatal.
            if context.pointee.disableSAX != 0 || (context.pointee.wellFormed == 0 && count == 0) {
                throw failure(parser.pointee)
            }
            if count == 0 { break }
        }
        guard parser.pointee.sawRoot, parser.pointee.depth == 0 else { throw failure(parser.pointee) }
        return parser.pointee.finish(gzipped: source.gzipped)
    }

    private func failure(_ parser: SAXTrackParser) -> TrackError {
        if let failure = source.failure { return failure }
        let formatName = parser.formatName
        let line = parser.errors.line ?? (parser.line > 0 ? parser.line : nil)
        guard let message = parser.errors.message else {
            if parser.sawRoot {
                return TrackError(
                    code: .truncated,
                    message: "invalid \(formatName): the file ends before its root element closes\(line.map { " (line \($0))" } ?? ""); copy it from the device again",
                    line: line)
            }
            return TrackError.malformed(formatName, "the document has no root element", line: line)
        }
        if message.contains("Excessive depth") {
            return TrackError.unsafe("elements nested deeper than \(LibXML.maximumDepth) levels", line: line)
        }
        if message.lowercased().contains("entity") {
            return TrackError.unsafe("entity use (\(message))", line: line)
        }
        if !parser.sawRoot, source.deliveredBytes > 0, message.contains("Start tag expected") || message.contains("Document is empty") {
            return TrackError(code: .notXML, message: "not an XML file: \(message); expected GPX, TCX or FIT", line: line)
        }
        if parser.depth > 0, message.contains("Premature end") || message.contains("EndTag") || message.contains("end of data")
            || message.contains("Extra content at the end") {
            return TrackError(
                code: .truncated,
                message: "invalid \(formatName): the file is truncated (\(message))\(line.map { " (line \($0))" } ?? ""); copy it from the device again",
                line: line)
        }
        return TrackError.malformed(formatName, message, line: line)
    }

    /// Entity declarations and internal DTD subsets are how XXE and "billion laughs" attacks start;
    /// no GPX or TCX file needs them, so they are refused before the parser sees them.
    static func refuseInternalSubset(_ head: [UInt8]) throws {
        guard let start = ByteSearch.firstIndex(of: "<!DOCTYPE", in: head) else {
            if ByteSearch.firstIndex(of: "<!ENTITY", in: head) != nil { throw TrackError.unsafe("the document declares entities") }
            return
        }
        var index = start
        while index < head.count, head[index] != UInt8(ascii: ">") {
            if head[index] == UInt8(ascii: "[") {
                throw TrackError.unsafe("the document has a DOCTYPE with an internal subset (entity declarations)")
            }
            index += 1
        }
    }
}
