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

    /// Throws `TrackError` (`output-invalid`) naming the first violation and its line.
    static func validate(_ data: Data, format: TrackFormat) throws {
        guard format != .fit else { return }
        try validate(data, format: format, against: format == .tcx ? .tcx : .anyGPX)
    }

    /// Validates what trackdrop wrote, against the smallest schema that covers it.
    static func validateWritten(_ data: Data, format: TrackFormat) throws {
        guard format != .fit else { return }
        try validate(data, format: format, against: format == .tcx ? .tcx : .writtenGPX)
    }

    private static func validate(_ data: Data, format: TrackFormat, against kind: Kind) throws {
        let schema = try schema(kind)
        LibXML.prepare()
        guard let context = xmlSchemaNewValidCtxt(schema.pointer) else {
            throw TrackError.io("cannot create an XSD validation context")
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let errors = ParseErrorSink()
        xmlSchemaSetValidStructuredErrors(context, ParseErrorSink.callback, Unmanaged.passUnretained(errors).toOpaque())
        let chunks = ChunkedInput(data)
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
            code: "output-invalid",
            message: "the \(format.rawValue.uppercased()) trackdrop wrote fails XSD validation: \(errors.message ?? "the document is not valid")\(place); this is a trackdrop bug, please report it",
            line: errors.line)
    }

    /// Hands a `Data` to libxml2 in the pieces it asks for, without copying the whole document.
    private final class ChunkedInput {
        private let data: Data
        private var offset = 0

        init(_ data: Data) {
            self.data = data
        }

        func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
            let length = min(count, data.count - offset)
            guard length > 0 else { return 0 }
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
