import CLibXML2
import Foundation
import Synchronization

/// Validates GPX and TCX documents against the bundled XSDs (`master.xsd`, which imports GPX 1.0/1.1 and
/// the Garmin extensions, `output-gpx.xsd` for what trackdrop writes, and `TrainingCenterDatabasev2.xsd`).
/// Schemas are parsed lazily, once, from local files only, and shared; validation streams through SAX,
/// so no DOM of the document is built.
enum SchemaValidator {
    /// A parsed schema. `@unchecked Sendable`: libxml2 never modifies a parsed `xmlSchema`, and each
    /// validation uses its own validation context, which is what libxml2 requires for sharing a schema
    /// across threads; the pointer is freed never (schemas live as long as the process).
    private final class ParsedSchema: @unchecked Sendable {
        let pointer: xmlSchemaPtr
        init(_ pointer: xmlSchemaPtr) { self.pointer = pointer }
    }

    /// Which bundled schema a document is checked against.
    enum Kind: Hashable {
        /// `master.xsd`: GPX 1.0/1.1 and every Garmin extension, for any GPX.
        case anyGPX
        /// `output-gpx.xsd`: only what trackdrop writes (GPX 1.1, TrackPointExtension v2); a quarter of
        /// the parsing cost of `master.xsd`, which matters for a process that checks one small file.
        case writtenGPX
        case tcx

        var fileName: String {
            switch self {
            case .anyGPX: "master.xsd"
            case .writtenGPX: "output-gpx.xsd"
            case .tcx: "TrainingCenterDatabasev2.xsd"
            }
        }
    }

    private static let cache = Mutex<[Kind: ParsedSchema]>([:])

    /// Starts parsing the schema that `validateWritten` checks `format` against, on another thread, so
    /// that it is ready when the output is (parsing it takes about as long as cleaning a 1 MB file).
    /// Returns nil when an earlier call already started it. The caller must `wait` for what it gets before
    /// it returns: libxml2 tears its dictionaries down when the process exits, under a parse still running.
    static func prepareWritten(_ format: TrackFormat) -> SchemaPreload? {
        guard format != .fit else { return nil }
        let kind: Kind = format == .tcx ? .tcx : .writtenGPX
        guard preloading.withLock({ $0.insert(kind).inserted }) else { return nil }
        return SchemaPreload(work: SecondThread { _ = try? schema(kind) })
    }

    /// Schemas `prepareWritten` has started to parse (apart from `cache`, whose lock a parse holds).
    private static let preloading = Mutex<Set<Kind>>([])

    /// Throws `TrackError` (`output-invalid`) naming the first violation and its line.
    static func validate(_ data: Data, format: TrackFormat) throws {
        guard format != .fit else { return }
        try validate([data], format: format, against: format == .tcx ? .tcx : .anyGPX)
    }

    /// Validates what trackdrop wrote, against the smallest schema that covers it. Outputs of
    /// `splitBytes` or more are validated as two documents at once on two threads (see `halves`): every
    /// byte is still validated, in about half the time.
    static func validateWritten(_ data: Data, format: TrackFormat) throws {
        guard format != .fit else { return }
        let kind: Kind = format == .tcx ? .tcx : .writtenGPX
        guard data.count >= splitBytes, let (first, second) = halves(data, format: format) else {
            try validate([data], format: format, against: kind)
            return
        }
        _ = try schema(kind)
        // The default thread stack (8 MiB), as libxml2's validator had before this used SecondThread.
        let secondHalf = SecondThread(stackSize: 8 << 20) { () -> TrackError? in
            do {
                try validate(second.parts, format: format, against: kind)
                return nil
            } catch let error as TrackError {
                return error
            } catch {
                return TrackError(code: .outputInvalid, message: "\(error)")
            }
        }
        var firstFailure: TrackError?
        do {
            try validate(first.parts, format: format, against: kind)
        } catch let error as TrackError {
            firstFailure = error
        }
        let secondFailure = secondHalf.join()
        if let firstFailure { throw firstFailure }
        if var failure = secondFailure {
            // Name the line in the written file, not in the second document.
            if let line = failure.line {
                let fileLine = line - second.linesBeforeBody + second.bodyStartLine - 1
                failure.message = failure.message.replacingOccurrences(of: "(line \(line))", with: "(line \(fileLine))")
                failure.line = fileLine
            }
            throw failure
        }
    }

    /// Outputs from this size on are validated in two halves at once.
    static let splitBytes = 256 * 1024

    /// One of the two documents a large output is validated as: pieces of the written bytes, plus the
    /// closing or opening tags that make each piece a complete document.
    struct Half {
        var parts: [Data]
        /// Lines in the second document before the written body starts (its copied header).
        var linesBeforeBody = 0
        /// The line of the written file the second document's body starts on.
        var bodyStartLine = 1
    }

    /// Cuts trackdrop's own output just before a point near its middle that follows another point of the
    /// same segment (so neither half holds an empty `<Track>`, which TCX forbids). The first half is the file up to
    /// there, closed with the end tags of the elements open at that point; the second is the file's header
    /// up to and including the first point container (`<trkseg>`, TCX `<Track>`) followed by the rest of
    /// the file. Both are complete documents that are valid exactly when the whole file is. Nil when the
    /// output does not have the shape trackdrop writes.
    static func halves(_ data: Data, format: TrackFormat) -> (Half, Half)? {
        let (point, pointEnd, container, closing): (String, String, String, String) = format == .tcx
            ? ("<Trackpoint>", "</Trackpoint>", "<Track>", "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n")
            : ("<trkpt ", "</trkpt>", "<trkseg>", "</trkseg></trk></gpx>\n")
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (Half, Half)? in
            guard let headerEnd = ByteSearch.firstIndex(of: container, in: bytes).map({ $0 + container.utf8.count })
            else { return nil }
            var from = max(bytes.count / 2, headerEnd)
            var found: Int?
            while found == nil, let candidate = ByteSearch.firstIndex(of: point, in: bytes, from: from) {
                if follows(pointEnd, before: candidate, in: bytes) { found = candidate }
                from = candidate + 1
            }
            guard let split = found, split > headerEnd else { return nil }
            // Slices share the written bytes; nothing is copied.
            let start = data.startIndex
            let first = Half(parts: [data[start..<start + split], Data(closing.utf8)])
            var second = Half(parts: [data[start..<start + headerEnd], data[(start + split)...]])
            second.linesBeforeBody = ByteSearch.newlines(in: UnsafeRawBufferPointer(rebasing: bytes[0..<headerEnd]))
            second.bodyStartLine = ByteSearch.newlines(in: UnsafeRawBufferPointer(rebasing: bytes[0..<split])) + 1
            return (first, second)
        }
    }

    /// Whether `text` ends just before `position`, whitespace aside.
    private static func follows(_ text: String, before position: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var end = position
        while end > 0, TextScanner.isSpace(bytes[end - 1]) { end -= 1 }
        let pattern = Array(text.utf8)
        guard end >= pattern.count else { return false }
        return zip(bytes[(end - pattern.count)..<end], pattern).allSatisfy { $0 == $1 }
    }

    private static func validate(_ parts: [Data], format: TrackFormat, against kind: Kind) throws {
        let schema = try schema(kind)
        LibXML.prepare()
        guard let context = xmlSchemaNewValidCtxt(schema.pointer) else {
            throw TrackError.io("cannot create an XSD validation context")
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let errors = ParseErrorSink()
        xmlSchemaSetValidStructuredErrors(context, ParseErrorSink.callback, Unmanaged.passUnretained(errors).toOpaque())
        let chunks = ChunkedInput(parts)
        let inputContext = Unmanaged.passRetained(chunks).toOpaque()
        guard
            let input = xmlParserInputBufferCreateIO(
                { context, buffer, length in
                    guard let context, let buffer, length > 0 else { return -1 }
                    let chunks = Unmanaged<ChunkedInput>.fromOpaque(context).takeUnretainedValue()
                    return Int32(chunks.read(into: UnsafeMutableRawPointer(buffer), count: Int(length)))
                },
                { context in
                    if let context { Unmanaged<ChunkedInput>.fromOpaque(context).release() }
                    return 0
                }, inputContext, XML_CHAR_ENCODING_NONE)
        else {
            Unmanaged<ChunkedInput>.fromOpaque(inputContext).release()
            throw TrackError.io("cannot create an XSD validation input")
        }
        // SAX-driven validation builds no nodes at all; the parser owns and frees `input`.
        let status = xmlSchemaValidateStream(context, input, XML_CHAR_ENCODING_NONE, nil, nil)
        let valid = status == 0 && errors.message == nil
        guard !valid else { return }
        let place = errors.line.map { " (line \($0))" } ?? ""
        throw TrackError(
            code: .outputInvalid,
            message: "the \(format.rawValue.uppercased()) trackdrop wrote fails XSD validation: \(errors.message ?? "the document is not valid")\(place); this is a trackdrop bug, please report it",
            line: errors.line)
    }

    /// Hands a document made of one or more `Data` pieces to libxml2 in the chunks it asks for.
    private final class ChunkedInput {
        private let parts: [Data]
        private var part = 0
        private var offset = 0

        init(_ parts: [Data]) {
            self.parts = parts
        }

        func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
            while part < parts.count, offset >= parts[part].count {
                part += 1
                offset = 0
            }
            guard part < parts.count else { return 0 }
            let data = parts[part]
            let length = min(count, data.count - offset)
            data.withUnsafeBytes { bytes in
                buffer.copyMemory(from: bytes.baseAddress! + offset, byteCount: length)
            }
            offset += length
            return length
        }
    }

    private static func schema(_ kind: Kind) throws -> ParsedSchema {
        try cache.withLock { cache in
            if let schema = cache[kind] { return schema }
            let schema = try parse(kind.fileName)
            cache[kind] = schema
            return schema
        }
    }

    private static func parse(_ name: String) throws -> ParsedSchema {
        LibXML.prepare()
        guard let directory = LibXML.schemaDirectory else {
            throw TrackError.io("the bundled XSD schemas are missing; reinstall trackdrop")
        }
        let path = directory + "/" + name
        guard let parser = xmlSchemaNewParserCtxt(path) else {
            throw TrackError.io("cannot read the bundled schema \(path)")
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        let errors = ParseErrorSink()
        xmlSchemaSetParserStructuredErrors(parser, ParseErrorSink.callback, Unmanaged.passUnretained(errors).toOpaque())
        guard let schema = xmlSchemaParse(parser) else {
            throw TrackError.io("cannot parse the bundled schema \(path): \(errors.message ?? "unknown error")")
        }
        return ParsedSchema(schema)
    }
}

/// A schema parse running on its own thread (`SchemaValidator.prepareWritten`).
struct SchemaPreload: Sendable {
    fileprivate let work: SecondThread<Void>

    /// Returns once the parse has ended; may be called more than once.
    func wait() {
        work.join()
    }
}
