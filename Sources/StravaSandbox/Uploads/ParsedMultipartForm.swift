import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578): the few lines `POST /uploads` needs.
struct ParsedMultipartForm: Sendable {
    /// One part: its field name, its file name when it is a file, and its bytes.
    struct Part: Sendable {
        var name: String
        var fileName: String?
        var data: Data
    }

    private(set) var parts: [Part] = []

    /// Parses `body` with the boundary from `contentType`; nil when the body is not multipart.
    init?(body: Data, contentType: String) {
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty
        else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var cursor = body.startIndex
        guard let first = body.range(of: delimiter, in: cursor..<body.endIndex) else { return nil }
        cursor = first.upperBound
        while cursor < body.endIndex {
            // "--" after a delimiter closes the body.
            if body[cursor...].starts(with: Data("--".utf8)) { break }
            guard let headersRange = body.range(of: headerEnd, in: cursor..<body.endIndex) else { break }
            let headerText = String(decoding: body[cursor..<headersRange.lowerBound], as: UTF8.self)
            guard let next = body.range(of: Data("\r\n--\(boundary)".utf8), in: headersRange.upperBound..<body.endIndex)
            else { break }
            let content = body[headersRange.upperBound..<next.lowerBound]
            if let part = Self.part(headers: headerText, content: Data(content)) {
                parts.append(part)
            }
            cursor = next.upperBound
        }
    }

    /// The first part named `name`.
    func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// A text field's value.
    func value(_ name: String) -> String? {
        part(named: name).map { String(decoding: $0.data, as: UTF8.self) }
    }

    private static func part(headers: String, content: Data) -> Part? {
        for line in headers.split(whereSeparator: \.isNewline) {
            let text = String(line)
            guard text.lowercased().hasPrefix("content-disposition:") else { continue }
            guard let name = parameter("name", in: text) else { return nil }
            return Part(name: name, fileName: parameter("filename", in: text), data: content)
        }
        return nil
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[..<equals].lowercased() == key.lowercased() else { continue }
            var value = String(trimmed[trimmed.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
