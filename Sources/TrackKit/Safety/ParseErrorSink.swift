import CLibXML2
import Foundation

/// Collects the first error libxml2 reports for one parse, so nothing is printed and the message can be
/// turned into a `TrackError` that names the line.
final class ParseErrorSink {
    private(set) var message: String?
    private(set) var line: Int?
    private(set) var code: Int32 = 0

    func record(_ error: UnsafePointer<xmlError>) {
        guard message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        message = text.trimmingCharacters(in: .whitespacesAndNewlines)
        line = error.pointee.line > 0 ? Int(error.pointee.line) : nil
        code = error.pointee.code
    }

    /// A C callback for `xmlStructuredErrorFunc`; `context` is an unretained `ParseErrorSink`.
    static let callback: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        Unmanaged<ParseErrorSink>.fromOpaque(context).takeUnretainedValue().record(error)
    }
}
