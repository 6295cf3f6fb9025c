import Foundation

/// Tells FIT from XML by the first bytes, whatever the file is called.
enum FITDetection {
    static func isFIT(_ head: [UInt8]) -> Bool {
        head.count >= 12 && (head[0] == 12 || head[0] == 14) && head[8] == UInt8(ascii: ".")
            && head[9] == UInt8(ascii: "F") && head[10] == UInt8(ascii: "I") && head[11] == UInt8(ascii: "T")
    }

    /// `<` after optional whitespace and a UTF-8 BOM, or a UTF-16 document (with a BOM, or `<` and a zero byte).
    static func looksLikeXML(_ head: [UInt8]) -> Bool {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return true }
        if head.starts(with: [0x3C, 0x00]) || head.starts(with: [0x00, 0x3C]) { return true }
        return head.first(where: { !TextScanner.isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<")
    }

    /// The refusal of a file that is neither XML nor FIT by its first bytes, said without reading further.
    static func unknownFormat(_ head: [UInt8], gzipped: Bool) -> TrackError {
        let shown = head.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined(separator: " ")
        let inside = gzipped ? "the gzipped content" : "the file"
        return TrackError(
            code: .notXML,
            message: "not an XML file: \(inside) starts with bytes \(shown), which is neither GPX, TCX (XML) nor FIT; expected GPX, TCX or FIT")
    }
}

/// Reads a FIT file header first: the header's declared data size decides whether, and how much of, the
/// rest is read, so a huge or hostile file is refused before its body costs memory.
enum FITReading {
    /// Bytes kept after the declared data (a chained FIT file); more than this is refused, not read.
    static let maximumTrailingBytes = 16 << 20

    /// The file's bytes (inflated when gzipped): header, declared data and CRC, plus any chained file.
    static func read(_ source: ByteSource, head: [UInt8]) throws -> Data {
        let headerSize = Int(head[0])
        let dataSize = Int(UInt32(head[4]) | UInt32(head[5]) << 8 | UInt32(head[6]) << 16 | UInt32(head[7]) << 24)
        let declared = headerSize + dataSize + 2
        guard declared <= source.limits.maxFileBytes else {
            throw source.limits.tooLarge(bytes: declared, what: "the data the FIT header announces")
        }
        let keep = declared + maximumTrailingBytes
        var data = Data()
        data.reserveCapacity(min(declared, max(source.storedSize, head.count)) + 2)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try source.readVerbatim(into: $0) }
            if count == 0 { return data }
            guard data.count + count <= keep else {
                throw TrackError(
                    code: .tooLarge,
                    message: "more than \(InputLimits.mebibytes(maximumTrailingBytes)) follow the \(InputLimits.mebibytes(declared)) of FIT data the header announces; that is junk, not a chained FIT file")
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}
