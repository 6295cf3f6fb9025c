import CLibXML2
import Foundation
import Synchronization

/// Validates GPX and TCX documents against the bundled XSDs (`master.xsd`, which imports GPX 1.0/1.1 and
/// the Garmin extensions, and `TrainingCenterDatabasev2.xsd`). Schemas are parsed once, from local
/// files only, and shared; validation streams through `xmlTextReader`, so no DOM of the document is built.
enum SchemaValidator {
    /// A parsed schema. `@unchecked Sendable`: libxml2 never modifies a parsed `xmlSchema`, and each
    /// validation uses its own validation context, which is what libxml2 requires for sharing a schema
    /// across threads; the pointer is freed never (schemas live as long as the process).
    private final class ParsedSchema: @unchecked Sendable {
        let pointer: xmlSchemaPtr
        init(_ pointer: xmlSchemaPtr) { self.pointer = pointer }
    }

    private static let cache = Mutex<[TrackFormat: ParsedSchema]>([:])

    /// Throws `TrackError` (`output-invalid`) naming the first violation and its line.
    static func validate(_ data: Data, format: TrackFormat) throws {
        guard format != .fit else { return }
        let schema = try schema(for: format)
        LibXML.prepare()
        guard let context = xmlSchemaNewValidCtxt(schema.pointer) else {
            throw TrackError.io("cannot create an XSD validation context")
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let errors = ParseErrorSink()
        xmlSchemaSetValidStructuredErrors(context, ParseErrorSink.callback, Unmanaged.passUnretained(errors).toOpaque())
        let valid: Bool = try data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress,
                let reader = xmlReaderForMemory(
                    base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", LibXML.safeReaderOptions)
            else { throw TrackError.io("cannot create an XSD validation reader") }
            defer { xmlFreeTextReader(reader) }
            xmlTextReaderSetStructuredErrorHandler(reader, ParseErrorSink.callback, Unmanaged.passUnretained(errors).toOpaque())
            guard xmlTextReaderSchemaValidateCtxt(reader, context, 0) == 0 else {
                throw TrackError.io("cannot attach the XSD schema to the validation reader")
            }
            var status: Int32 = 1
            while status == 1 { status = xmlTextReaderRead(reader) }
            return status == 0 && xmlTextReaderIsValid(reader) == 1 && errors.message == nil
        }
        guard !valid else { return }
        let place = errors.line.map { " (line \($0))" } ?? ""
        throw TrackError(
            code: "output-invalid",
            message: "the \(format.rawValue.uppercased()) trackdrop wrote fails XSD validation: \(errors.message ?? "the document is not valid")\(place); this is a trackdrop bug, please report it",
            line: errors.line)
    }

    private static func schema(for format: TrackFormat) throws -> ParsedSchema {
        try cache.withLock { cache in
            if let schema = cache[format] { return schema }
            let schema = try parse(format == .tcx ? "TrainingCenterDatabasev2.xsd" : "master.xsd")
            cache[format] = schema
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
