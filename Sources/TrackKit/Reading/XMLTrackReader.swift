import CLibXML2
import Foundation

/// Streams a GPX or TCX file through `xmlTextReader` into a `Track`, keeping only the points (never a
/// DOM of the file), matching elements on local names so sloppy namespaces still read.
final class XMLTrackReader {
    private let source: ByteSource
    private let errors = ParseErrorSink()
    private var kinds: [UnsafePointer<xmlChar>: ElementKind] = [:]
    private var stack: [ElementKind] = []
    private var result = ReadResult(track: Track(format: .gpx))
    private var format: TrackFormat = .gpx
    private var formatName = "XML"
    private var sawRoot = false

    private var point = TrackPoint(latitude: .nan, longitude: .nan)
    private var pointLine = 0
    private var inPoint = false
    private var segment: [TrackPoint] = []
    private var lap: Lap?
    private var trackCount = 0
    private var pointIndex = 0

    init(source: ByteSource, expectedPoints: Int) {
        self.source = source
        stack.reserveCapacity(LibXML.maximumDepth + 1)
        segment.reserveCapacity(expectedPoints)
    }

    /// Reads the whole source; throws `TrackError` for anything that is not a readable GPX or TCX file.
    func read() throws -> ReadResult {
        LibXML.prepare()
        let head = try source.prepare()
        guard head.contains(where: { !TextScanner.isSpace($0) }) else { throw TrackError.empty() }
        try Self.refuseInternalSubset(head)

        let context = Unmanaged.passUnretained(source).toOpaque()
        guard
            let reader = xmlReaderForIO(
                { context, buffer, length in
                    guard let context, let buffer, length > 0 else { return -1 }
                    let source = Unmanaged<ByteSource>.fromOpaque(context).takeUnretainedValue()
                    let target = UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))
                    return source.readForParser(into: target)
                }, nil, context, nil, nil, LibXML.safeReaderOptions)
        else { throw TrackError.io("cannot start the XML parser") }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(
            reader, ParseErrorSink.callback, Unmanaged.passUnretained(errors).toOpaque())

        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            if status < 0 { throw parseFailure(reader) }
            try handleNode(reader)
        }
        guard sawRoot else { throw parseFailure(reader) }
        if !segment.isEmpty { result.track.segments.append(segment) }
        result.gzipped = source.gzipped
        result.track.format = format
        return result
    }

    private func parseFailure(_ reader: xmlTextReaderPtr) -> TrackError {
        if let failure = source.failure { return failure }
        let line = errors.line
        guard let message = errors.message else {
            return TrackError.malformed(formatName, "the document ended before its root element closed", line: line)
        }
        if message.contains("Excessive depth") {
            return TrackError.unsafe("elements nested deeper than \(LibXML.maximumDepth) levels", line: line)
        }
        if message.lowercased().contains("entity") {
            return TrackError.unsafe("entity use (\(message))", line: line)
        }
        if !sawRoot, source.deliveredBytes > 0, message.contains("Start tag expected") || message.contains("Document is empty") {
            return TrackError(code: "not-xml", message: "not an XML file: \(message); expected GPX, TCX or FIT", line: line)
        }
        if message.contains("Premature end") || message.contains("EndTag") || message.contains("end of data") {
            return TrackError(
                code: "truncated",
                message: "invalid \(formatName): the file is truncated (\(message))\(line.map { " (line \($0))" } ?? ""); copy it from the device again",
                line: line)
        }
        return TrackError.malformed(formatName, message, line: line)
    }

    /// Entity declarations and internal DTD subsets are how XXE and "billion laughs" attacks start;
    /// no GPX or TCX file needs them, so they are refused before the parser sees them.
    static func refuseInternalSubset(_ head: [UInt8]) throws {
        guard let start = find("<!DOCTYPE", in: head) else {
            if find("<!ENTITY", in: head) != nil { throw TrackError.unsafe("the document declares entities") }
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

    /// Where `needle` starts in `haystack`: `memchr` for its first byte, then `memcmp`, because the
    /// generic `firstRange(of:)` took ~10 ms on the 64 KiB head, a third of a typical file's budget.
    private static func find(_ needle: StaticString, in haystack: [UInt8]) -> Int? {
        let length = needle.utf8CodeUnitCount
        let first = Int32(needle.utf8Start.pointee)
        return haystack.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress, bytes.count >= length else { return nil }
            var offset = 0
            while offset + length <= bytes.count {
                guard let hit = memchr(base + offset, first, bytes.count - length + 1 - offset) else { return nil }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(hit, needle.utf8Start, length) == 0 { return at }
                offset = at + 1
            }
            return nil
        }
    }

    private func kind(_ reader: xmlTextReaderPtr) -> ElementKind {
        guard let name = xmlTextReaderConstLocalName(reader) else { return .other }
        if let known = kinds[name] { return known }
        let kind = ElementKind(localName: String(cString: name))
        kinds[name] = kind
        return kind
    }

    private func handleNode(_ reader: xmlTextReaderPtr) throws {
        switch xmlTextReaderNodeType(reader) {
        case 1:
            let kind = kind(reader)
            if stack.count >= LibXML.maximumDepth {
                throw TrackError.unsafe("elements nested deeper than \(LibXML.maximumDepth) levels", line: currentLine(reader))
            }
            try startElement(kind, reader)
            if xmlTextReaderIsEmptyElement(reader) == 1 {
                endElement(kind)
            } else {
                stack.append(kind)
            }
        case 15:
            guard let kind = stack.popLast() else { return }
            endElement(kind)
        case 3, 4:
            guard let top = stack.last, let value = xmlTextReaderConstValue(reader) else { return }
            let bytes = UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            text(top, bytes, reader)
        case 5:
            throw TrackError.unsafe("the document uses entity references", line: currentLine(reader))
        case 10:
            throw TrackError.unsafe("the document has a DOCTYPE declaration", line: currentLine(reader))
        default:
            return
        }
    }

    private func currentLine(_ reader: xmlTextReaderPtr) -> Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = xmlGetLineNo(node)
            if line > 0 { return Int(line) }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    private var parent: ElementKind { stack.count >= 2 ? stack[stack.count - 2] : .other }
    private var grandparent: ElementKind { stack.count >= 3 ? stack[stack.count - 3] : .other }

    private func startElement(_ kind: ElementKind, _ reader: xmlTextReaderPtr) throws {
        if !sawRoot {
            sawRoot = true
            switch kind {
            case .gpx:
                format = .gpx
                formatName = "GPX"
                result.track.creator = attribute(reader, "creator")
            case .trainingCenterDatabase:
                format = .tcx
                formatName = "TCX"
            default:
                let name = String(cString: xmlTextReaderConstLocalName(reader))
                throw TrackError(
                    code: "not-a-track",
                    message: "not a GPX or TCX file: the root element is <\(name)>; export the activity as GPX, TCX or FIT")
            }
            return
        }
        switch kind {
        case .trkpt, .trackpoint:
            inPoint = true
            pointLine = currentLine(reader)
            point = TrackPoint(latitude: .nan, longitude: .nan, sourceLine: pointLine)
            if kind == .trkpt { readCoordinates(reader) }
        case .trk:
            trackCount += 1
        case .trkseg:
            flushSegment()
        case .wpt:
            result.waypointCount += 1
        case .rtept:
            result.routePointCount += 1
        case .activity:
            if result.track.sport == nil { result.track.sport = attribute(reader, "Sport") }
        case .course:
            result.isCourse = true
        case .lap:
            flushSegment()
            let start = attribute(reader, "StartTime").flatMap(TextScanner.time(string:))
            lap = Lap(startTime: Date(timeIntervalSince1970: start?.seconds ?? 0), totalTimeSeconds: 0, distanceMeters: 0)
            if stack.last == .course { lap = nil }
        default:
            break
        }
    }

    private func flushSegment() {
        if !segment.isEmpty {
            result.track.segments.append(segment)
            segment = []
        }
    }

    private func endElement(_ kind: ElementKind) {
        switch kind {
        case .trkpt, .trackpoint:
            inPoint = false
            finishPoint()
        case .trkseg:
            flushSegment()
        case .lap:
            if var finished = lap {
                finished.points = segment
                result.track.laps.append(finished)
                lap = nil
            }
            flushSegment()
        default:
            break
        }
    }

    private func finishPoint() {
        pointIndex += 1
        guard point.latitude.isFinite, point.longitude.isFinite else {
            result.pointsWithoutPosition += 1
            if result.firstPointWithoutPositionLine == nil { result.firstPointWithoutPositionLine = pointLine }
            return
        }
        segment.append(point)
    }

    private func readCoordinates(_ reader: xmlTextReaderPtr) {
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstLocalName(reader), let value = xmlTextReaderConstValue(reader) else {
                continue
            }
            let bytes = UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            if name[0] == UInt8(ascii: "l"), name[1] == UInt8(ascii: "a"), name[2] == UInt8(ascii: "t"), name[3] == 0 {
                point.latitude = TextScanner.double(bytes) ?? .nan
            } else if name[0] == UInt8(ascii: "l"), name[1] == UInt8(ascii: "o"), name[2] == UInt8(ascii: "n"), name[3] == 0 {
                point.longitude = TextScanner.double(bytes) ?? .nan
            }
        }
        xmlTextReaderMoveToElement(reader)
    }

    private func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
        let value = name.withCString { cName in
            cName.withMemoryRebound(to: xmlChar.self, capacity: name.utf8.count + 1) {
                xmlTextReaderGetAttribute(reader, $0)
            }
        }
        guard let value else { return nil }
        defer { trackdrop_xmlFree(value) }
        return String(cString: value)
    }

    private func setTime(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let time = TextScanner.time(bytes) else {
            result.unreadableTimes += 1
            if result.firstUnreadableTimeLine == nil { result.firstUnreadableTimeLine = pointLine }
            return
        }
        if !time.hadZone {
            result.zonelessTimes += 1
            if result.firstZonelessLine == nil { result.firstZonelessLine = pointLine }
            result.track.hadZonelessTimes = true
        }
        point.time = Date(timeIntervalSince1970: time.seconds)
    }

    private func text(_ top: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>, _ reader: xmlTextReaderPtr) {
        if inPoint {
            pointText(top, bytes)
            return
        }
        switch top {
        case .name:
            if parent == .trk, trackCount == 1 || result.track.name == nil {
                result.track.name = string(bytes)
            } else if parent == .metadata || parent == .gpx, result.track.name == nil {
                result.track.name = string(bytes)
            }
        case .type:
            if parent == .trk, result.track.sport == nil { result.track.sport = string(bytes) }
        case .tcxName:
            if parent == .creator, result.track.creator == nil {
                result.track.creator = string(bytes)
            } else if parent == .course, result.track.name == nil {
                result.track.name = string(bytes)
            }
        default:
            if parent == .lap { lapText(top, bytes) } else if grandparent == .lap, top == .value { lapHeartRate(bytes) }
        }
    }

    private func lapText(_ top: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard lap != nil else { return }
        switch top {
        case .totalTimeSeconds: lap?.totalTimeSeconds = TextScanner.double(bytes) ?? 0
        case .distanceMeters: lap?.distanceMeters = TextScanner.double(bytes) ?? 0
        case .maximumSpeed: lap?.maximumSpeed = TextScanner.double(bytes)
        case .calories: lap?.calories = TextScanner.integer(bytes) ?? 0
        case .intensity: lap?.intensity = string(bytes) ?? "Active"
        case .triggerMethod: lap?.triggerMethod = string(bytes) ?? "Manual"
        case .tcxCadence: lap?.cadence = TextScanner.integer(bytes)
        default: break
        }
    }

    private func lapHeartRate(_ bytes: UnsafeBufferPointer<UInt8>) {
        if parent == .averageHeartRateBpm {
            lap?.averageHeartRate = TextScanner.integer(bytes)
        } else if parent == .maximumHeartRateBpm {
            lap?.maximumHeartRate = TextScanner.integer(bytes)
        }
    }

    private func pointText(_ top: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch top {
        case .time, .tcxTime:
            if parent == .trkpt || parent == .trackpoint { setTime(bytes) }
        case .ele, .altitudeMeters:
            if parent == .trkpt || parent == .trackpoint { point.elevation = TextScanner.double(bytes) }
        case .latitudeDegrees:
            point.latitude = TextScanner.double(bytes) ?? .nan
        case .longitudeDegrees:
            point.longitude = TextScanner.double(bytes) ?? .nan
        case .heartRate:
            point.heartRate = TextScanner.integer(bytes)
        case .value:
            if parent == .heartRateBpm { point.heartRate = TextScanner.integer(bytes) }
        case .cadence, .tcxCadence:
            point.cadence = TextScanner.integer(bytes)
        case .runCadence:
            if point.cadence == nil { point.cadence = TextScanner.integer(bytes) }
        case .temperature:
            point.temperature = TextScanner.double(bytes)
        case .power, .watts:
            point.power = TextScanner.integer(bytes)
        case .speed, .tcxSpeed:
            point.speed = TextScanner.double(bytes)
        case .distance, .distanceMeters:
            point.distance = TextScanner.double(bytes)
        default:
            break
        }
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: TextScanner.trimmed(bytes), as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
