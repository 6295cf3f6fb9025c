import CLibXML2
import Foundation

/// One-time libxml2 set-up shared by reading and validation.
enum LibXML {
    /// Parser options for untrusted input: never the network, never DTDs, never entity expansion
    /// (XML_PARSE_NOENT, DTDLOAD, DTDATTR and DTDVALID are deliberately absent), and silence: errors are
    /// collected by a `ParseErrorSink`.
    static let safeReaderOptions: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)

    /// Deepest element nesting accepted; real GPX and TCX files stay below 10.
    static let maximumDepth = 256

    /// Where the bundled schemas live: the only place the entity loader reads from.
    static let schemaDirectory: String? = schemasBesideExecutable() ?? Bundle.module.resourceURL?
        .appendingPathComponent("Schemas", isDirectory: true).standardizedFileURL.path

    /// `trackdrop_TrackKit.resources/Schemas` in the executable's folder, where SwiftPM puts this target's
    /// resources and where `Bundle.module` looks first. Found without `Bundle`, whose main bundle lists the
    /// executable's whole folder when first used (about 2 ms, a tenth of checking a small file).
    static func schemasBesideExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let directory = String(executable[..<slash]) + "/trackdrop_TrackKit.resources/Schemas"
        var status = stat()
        guard stat(directory + "/output-gpx.xsd", &status) == 0, !directory.contains("/../") else { return nil }
        return directory
    }

    private static let initialized: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader(loader)
        return true
    }()

    /// Called before any libxml2 use, on every thread (the generic error handler is per thread).
    static func prepare() {
        _ = initialized
        trackdrop_silenceGenericErrors()
    }

    /// Refuses every external entity, DTD and URL, except the bundled schema files that `master.xsd`
    /// imports, so a hostile `file:///etc/passwd` or `http://` reference is never read.
    private static let loader: xmlExternalEntityLoader = { url, id, context in
        guard let url, let directory = LibXML.schemaDirectory else { return nil }
        var path = String(cString: url)
        if path.hasPrefix("file://") { path.removeFirst("file://".count) }
        guard path.hasPrefix(directory + "/"), !path.contains("/../"), path.hasSuffix(".xsd") else { return nil }
        return xmlNoNetExternalEntityLoader(url, id, context)
    }
}
