import Foundation

/// What a cheap walk over a FIT file tells: header and CRC verdicts, record count and time span.
/// FIT files are uploaded unchanged, so nothing more is decoded.
struct FITFile {
    var headerSize = 0
    var dataSize = 0
    var headerCRCValid: Bool?
    var fileCRCValid = false
    var recordCount = 0
    var timedRecordCount = 0
    var firstTimestamp: Date?
    var lastTimestamp: Date?
    var sport: String?
    /// Where walking the messages stopped early, and why; nil when the stream was walked to its end.
    var walkProblem: String?
    /// Bytes after the first FIT file (a chained file, or junk).
    var trailingBytes = 0

    /// Seconds between 1970-01-01 and the FIT epoch 1989-12-31T00:00:00Z.
    static let epochOffset: TimeInterval = 631_065_600

    /// Throws `TrackError` when the bytes are not a FIT file at all (no header, no `.FIT` signature).
    init(data: Data) throws {
        guard !data.isEmpty else { throw TrackError.empty() }
        try data.withUnsafeBytes { bytes in try parse(bytes) }
    }

    private mutating func parse(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count >= 12 else {
            throw TrackError(code: .fitHeader, message: "invalid FIT: the file is only \(bytes.count) bytes, shorter than a FIT header")
        }
        headerSize = Int(bytes[0])
        guard headerSize == 12 || headerSize == 14, bytes.count >= headerSize else {
            throw TrackError(code: .fitHeader, message: "invalid FIT: header size \(bytes[0]) (expected 12 or 14); the file is not FIT")
        }
        guard bytes[8] == UInt8(ascii: "."), bytes[9] == UInt8(ascii: "F"), bytes[10] == UInt8(ascii: "I"),
            bytes[11] == UInt8(ascii: "T")
        else {
            throw TrackError(code: .fitHeader, message: "invalid FIT: the header lacks the \".FIT\" signature; the file is not FIT")
        }
        dataSize = Int(bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian)
        if headerSize == 14 {
            let stored = bytes.loadUnaligned(fromByteOffset: 12, as: UInt16.self).littleEndian
            if stored != 0 {
                headerCRCValid = FITCRC.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<12])) == stored
            }
        }
        let end = headerSize + dataSize
        if end + 2 <= bytes.count {
            let stored = bytes.loadUnaligned(fromByteOffset: end, as: UInt16.self).littleEndian
            fileCRCValid = FITCRC.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<end])) == stored
            trailingBytes = bytes.count - end - 2
        } else {
            fileCRCValid = false
            walkProblem = "the file is truncated: the header announces \(dataSize) bytes of data but only \(max(0, bytes.count - headerSize)) follow"
        }
        var walker = FITMessageWalker(bytes: UnsafeRawBufferPointer(rebasing: bytes[headerSize..<min(end, bytes.count)]))
        walker.walk()
        recordCount = walker.recordCount
        timedRecordCount = walker.timedRecordCount
        firstTimestamp = walker.firstRecordDate.map { Date(timeIntervalSince1970: Double($0) + Self.epochOffset) }
        lastTimestamp = walker.lastRecordDate.map { Date(timeIntervalSince1970: Double($0) + Self.epochOffset) }
        sport = walker.sport
        if walkProblem == nil { walkProblem = walker.problem }
    }
}
