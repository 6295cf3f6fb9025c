import CLibXML2
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads a large, plain GPX file with two SAX2 parsers at once, one per half, on two cores.
///
/// The file is split just before a `<trkpt` near its middle. The first parser reads up to there; the
/// second starts on a copy of the enclosing start tags (`<gpx ...><trk><trkseg>`, with the namespace
/// declarations the first parser saw) followed by the second half. Their points are then joined. When
/// anything is not exactly as assumed (the split fell inside a comment or an odd structure, either half
/// fails to parse, the file is not a plain `gpx/trk/trkseg/trkpt` track) the result is thrown away and
/// the caller reads the file the ordinary way, so the outcome, errors included, is the sequential one.
enum SplitGPXReader {
    /// Below this the second thread saves too little to be worth starting.
    static let minimumBytes = 512 * 1024
    private static let chunkSize = 256 * 1024
    private static let firstChunkSize = 8 * 1024

    /// The read track, or nil when the file is not one to split (or the split did not work out).
    static func read(path: String, head: [UInt8], fileSize: Int, expectedPoints: Int) -> ReadResult? {
        guard fileSize >= minimumBytes, head.first == UInt8(ascii: "<"), declaresUTF8(head),
              ByteSearch.firstIndex(of: "<gpx", in: head) != nil, ByteSearch.firstIndex(of: "<trkpt", in: head) != nil,
              (try? XMLTrackReader.refuseInternalSubset(head)) != nil
        else { return nil }
        let descriptor = FileName.withPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let split = splitOffset(descriptor, fileSize: fileSize) else { return nil }

        LibXML.prepare()
        let first = HalfParse(expectedPoints: expectedPoints)
        defer { first.release() }
        var offset = 0
        var newlines = 0
        var second: HalfParse?
        var worker: SecondThread<Void>?
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }

        while offset < split {
            // Small chunks until the second half can start: the sooner it does, the sooner both are done.
            let wanted = min(second == nil ? firstChunkSize : chunkSize, split - offset)
            let count = pread(descriptor, chunk.baseAddress, wanted, off_t(offset))
            guard count > 0 else { break }
            newlines += ByteSearch.newlines(in: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            first.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), terminate: false)
            offset += count
            if first.failed { break }
            if second == nil, first.parser.pointee.depth >= 3,
               Array(first.parser.pointee.openKinds.prefix(3)) == [.gpx, .trk, .trkseg] {
                // The enclosing tags are known: start the second half now, on the other core.
                let prefix = first.parser.pointee.outerTags.joined()
                let half = HalfParse(expectedPoints: expectedPoints / 2 + expectedPoints / 8)
                second = half
                worker = SecondThread {
                    half.parseSecondHalf(prefix: prefix, descriptor: descriptor, from: split, fileSize: fileSize)
                }
            }
        }
        guard let second, let worker else { return nil }
        if offset != split || first.failed { second.cancel.store(true, ordering: .relaxed) }
        worker.join()
        defer { second.release() }

        // The first parser must stand exactly between two points of the same segment the second one opened.
        let prefixUsed = first.parser.pointee.outerTags.joined() == second.prefix
        guard offset == split, !first.failed, !second.failed, second.finished, prefixUsed,
              Array(first.parser.pointee.openKinds) == [.gpx, .trk, .trkseg],
              !first.parser.pointee.isMidElement, first.onlySpacePending
        else { return nil }
        return join(first: first, second: second, lineOffset: newlines)
    }

    private static func join(first: HalfParse, second: HalfParse, lineOffset: Int) -> ReadResult {
        var open = first.parser.pointee.takeOpenSegment()
        var result = first.parser.pointee.finish(gzipped: false)
        var rest = second.parser.pointee.finish(gzipped: false)
        var later = rest.track.segments
        rest.track.segments = []
        if !later.isEmpty {
            var continuation = later.removeFirst()
            shiftLines(&continuation, by: lineOffset)
            open.append(contentsOf: continuation)
        }
        if !open.isEmpty { result.track.segments.append(open) }
        for var segment in later {
            shiftLines(&segment, by: lineOffset)
            result.track.segments.append(segment)
        }
        let shift = { (line: Int?) in line.map { $0 + lineOffset } }
        result.waypointCount += rest.waypointCount
        result.routePointCount += rest.routePointCount
        result.zonelessTimes += rest.zonelessTimes
        result.firstZonelessLine = result.firstZonelessLine ?? shift(rest.firstZonelessLine)
        result.unreadableTimes += rest.unreadableTimes
        result.firstUnreadableTimeLine = result.firstUnreadableTimeLine ?? shift(rest.firstUnreadableTimeLine)
        result.pointsWithoutPosition += rest.pointsWithoutPosition
        result.firstPointWithoutPositionLine = result.firstPointWithoutPositionLine ?? shift(rest.firstPointWithoutPositionLine)
        result.timedWithoutPosition += rest.timedWithoutPosition
        result.firstTimeWithoutPosition = [result.firstTimeWithoutPosition, rest.firstTimeWithoutPosition].compactMap { $0 }.min()
        result.lastTimeWithoutPosition = [result.lastTimeWithoutPosition, rest.lastTimeWithoutPosition].compactMap { $0 }.max()
        if let distance = rest.distanceWithoutPosition {
            result.distanceWithoutPosition = max(result.distanceWithoutPosition ?? 0, distance)
        }
        result.track.hadZonelessTimes = result.track.hadZonelessTimes || rest.track.hadZonelessTimes
        // A name given to the first track after its points overrides any earlier one, as in one parse.
        if first.parser.pointee.trackCount == 1, let name = second.parser.pointee.firstTrackName {
            result.track.name = name
        }
        if result.track.name == nil { result.track.name = rest.track.name }
        if result.track.sport == nil { result.track.sport = rest.track.sport }
        return result
    }

    private static func shiftLines(_ points: inout [TrackPoint], by offset: Int) {
        guard offset != 0 else { return }
        for index in points.indices {
            if let line = points[index].sourceLine { points[index].sourceLine = line + offset }
        }
    }

    /// Just before the first `<trkpt` at or after the middle of the file.
    private static func splitOffset(_ descriptor: Int32, fileSize: Int) -> Int? {
        let window = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: window)
        let middle = fileSize / 2
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, window, off_t(middle)) }
        guard count > 8 else { return nil }
        return buffer.withUnsafeBytes { bytes -> Int? in
            let read = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
            var from = 0
            while let index = ByteSearch.firstIndex(of: "<trkpt", in: read, from: from) {
                let after = index + 6
                if after < read.count, TextScanner.isSpace(read[after]) || read[after] == UInt8(ascii: ">") {
                    return middle + index
                }
                from = index + 1
            }
            return nil
        }
    }

    /// The second parser sees no XML declaration and reads UTF-8, so only files in UTF-8 (or ASCII, or
    /// with no declared encoding) may be split.
    static func declaresUTF8(_ head: [UInt8]) -> Bool {
        guard head.starts(with: Array("<?xml".utf8)), let close = head.firstIndex(of: UInt8(ascii: ">")) else { return true }
        let declaration = String(decoding: head[..<close], as: UTF8.self).lowercased()
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains { value.hasPrefix($0) }
    }
}

/// One parser of a split read: its state and libxml2 context. Each is used by one thread at a time: the
/// second half's only by its worker thread until that thread signals it is done.
private final class HalfParse: @unchecked Sendable {
    let parser: UnsafeMutablePointer<SAXTrackParser>
    private let context: xmlParserCtxtPtr?
    private(set) var prefix = ""
    private(set) var finished = false
    /// Set by the first half when it failed: the second stops at its next chunk.
    let cancel = Atomic<Bool>(false)

    init(expectedPoints: Int) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: SAXTrackParser(expectedPoints: expectedPoints))
        var handler = SAXTrackParser.handler
        context = xmlCreatePushParserCtxt(&handler, parser, nil, 0, nil)
        if let context {
            xmlCtxtUseOptions(context, LibXML.safeReaderOptions)
            parser.pointee.context = context
        }
    }

    func release() {
        if let context { xmlFreeParserCtxt(context) }
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    var failed: Bool {
        guard let context else { return true }
        return parser.pointee.failure != nil || context.pointee.disableSAX != 0 || context.pointee.wellFormed == 0
    }

    /// Whether the input the parser holds back (waiting for more) is only whitespace.
    var onlySpacePending: Bool {
        guard let input = context?.pointee.input, var cursor = input.pointee.cur, let end = input.pointee.end else {
            return false
        }
        while cursor < end {
            guard TextScanner.isSpace(cursor.pointee) else { return false }
            cursor += 1
        }
        return true
    }

    func feed(_ bytes: UnsafeRawBufferPointer, terminate: Bool) {
        guard let context else { return }
        xmlParseChunk(
            context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), terminate ? 1 : 0)
    }

    func parseSecondHalf(prefix: String, descriptor: Int32, from start: Int, fileSize: Int) {
        LibXML.prepare()
        self.prefix = prefix
        var opening = Array(prefix.utf8)
        opening.withUnsafeMutableBytes { feed(UnsafeRawBufferPointer($0), terminate: false) }
        guard !failed, Array(parser.pointee.openKinds) == [.gpx, .trk, .trkseg] else { return }
        parser.pointee.continuesSegment = true
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
        defer { chunk.deallocate() }
        var offset = start
        while offset < fileSize {
            if cancel.load(ordering: .relaxed) { return }
            let count = pread(descriptor, chunk.baseAddress, chunk.count, off_t(offset))
            guard count > 0 else { return }
            offset += count
            feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), terminate: false)
            if failed { return }
        }
        feed(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
        finished = !failed && parser.pointee.depth == 0
    }
}
