import CLibXML2
import Foundation

/// Feeds a file or an in-memory copy to libxml2 in chunks, inflating gzip on the fly, so memory stays
/// bounded however large the file is. Also drops a BOM or whitespace before `<?xml`, which libxml2
/// would otherwise reject.
final class ByteSource {
    private enum Origin {
        case memory(Data, offset: Int)
        case file(Int32)
    }

    private var origin: Origin
    private var stream = z_stream()
    private var inflating = false
    private var streamEnded = false
    private var compressed: [UInt8]
    private var compressedStart = 0
    private var compressedEnd = 0
    private var atStart = true
    /// The source started with the gzip magic bytes 1f 8b.
    private(set) var gzipped = false
    /// Bytes handed to the parser so far (after inflating).
    private(set) var deliveredBytes = 0
    /// Set when reading failed; the parser then sees an I/O error and this says why.
    private(set) var failure: TrackError?
    /// The first bytes handed out, kept to look for a DOCTYPE before the parser sees it.
    private(set) var head: [UInt8] = []

    /// The limits every read is held to (size as stored, size and ratio once inflated).
    let limits: InputLimits
    /// Size of the file as stored (for memory, the data's size).
    private(set) var storedSize = 0
    /// Bytes taken from the file or data so far, before inflating.
    private var rawBytes = 0
    /// Bytes inflated so far.
    private var inflatedBytes = 0

    init(data: Data, limits: InputLimits = InputLimits()) {
        origin = .memory(data, offset: 0)
        compressed = []
        self.limits = limits
        storedSize = data.count
    }

    /// Opens `url` for reading. Only a regular file is read: it is opened without blocking (a FIFO would
    /// otherwise wait for a writer forever) and looked at with `fstat` before a byte is read. Throws
    /// `TrackError` with code `not-a-file` (a FIFO, socket, device or folder), `too-large` (above
    /// `limits.maxFileBytes`) or `unreadable` (cannot be opened; `systemError` says why).
    init(contentsOf url: URL, limits: InputLimits = InputLimits()) throws {
        self.limits = limits
        let descriptor = FileName.withPath(url.path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            throw TrackError.io("cannot open \(FileName.display(url.path)): \(reason); check the path and its permissions", systemError: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw TrackError.io("cannot look at \(url.path): \(String(cString: strerror(code)))", systemError: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw TrackError(
                code: .notAFile,
                message: "\(FileName.display(url.path)) is \(Self.kind(of: status.st_mode)), not a regular file; only activity files are read")
        }
        guard Int(status.st_size) <= limits.maxFileBytes else {
            close(descriptor)
            throw limits.tooLarge(bytes: Int(status.st_size), what: "the file")
        }
        // Regular files never block; blocking mode again keeps reads simple.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        origin = .file(descriptor)
        storedSize = Int(status.st_size)
        compressed = [UInt8](repeating: 0, count: 256 * 1024)
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    deinit {
        if inflating { inflateEnd(&stream) }
        if case .file(let descriptor) = origin { close(descriptor) }
    }

    /// Reads the first (inflated) bytes, which are replayed to the parser afterwards; empty means an empty file.
    func prepare() throws -> [UInt8] {
        if prepared { return head }
        prepared = true
        var probe = [UInt8](repeating: 0, count: 64 * 1024)
        let count = try probe.withUnsafeMutableBytes { try read(into: $0) }
        head = Array(probe[0..<count])
        return head
    }

    private var pendingOffset = 0
    private var prepared = false

    /// `read(into:)` for libxml2's input callback: -1 on failure, with the reason kept in `failure`.
    func readForParser(into buffer: UnsafeMutableRawBufferPointer) -> Int32 {
        do {
            return Int32(try read(into: buffer))
        } catch let error as TrackError {
            failure = error
        } catch {
            failure = TrackError.io("cannot read the file: \(error)")
        }
        return -1
    }

    /// Next bytes exactly as stored (after inflating), for binary content; 0 at the end.
    func readVerbatim(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        atStart = false
        return try read(into: buffer)
    }

    /// Next bytes for the parser; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if pendingOffset < head.count {
            let count = min(buffer.count, head.count - pendingOffset)
            head.withUnsafeBytes { source in
                buffer.baseAddress!.copyMemory(from: source.baseAddress! + pendingOffset, byteCount: count)
            }
            pendingOffset += count
            return count
        }
        var produced = 0
        while produced == 0 {
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[produced...])
            let count = try readDecoded(into: slice)
            if count == 0 { return 0 }
            produced = atStart ? skipLeadingJunk(buffer, count: count) : count
        }
        deliveredBytes += produced
        return produced
    }

    /// Removes a UTF-8 BOM and whitespace at the very start; returns the remaining byte count.
    private func skipLeadingJunk(_ buffer: UnsafeMutableRawBufferPointer, count: Int) -> Int {
        var skip = 0
        while skip < count {
            let byte = buffer[skip]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                skip += 1
            } else if byte == 0xEF, skip + 2 < count, buffer[skip + 1] == 0xBB, buffer[skip + 2] == 0xBF {
                skip += 3
            } else {
                atStart = false
                break
            }
        }
        if skip > 0, skip < count {
            memmove(buffer.baseAddress!, buffer.baseAddress! + skip, count - skip)
        }
        return count - skip
    }

    private func readRaw(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        switch origin {
        case .memory(let data, let offset):
            let count = min(buffer.count, data.count - offset)
            if count > 0 {
                data.withUnsafeBytes { source in
                    buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
                }
                origin = .memory(data, offset: offset + count)
            }
            rawBytes += max(count, 0)
            return max(count, 0)
        case .file(let descriptor):
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 {
                    rawBytes += count
                    // A file that grew past the limit after it was looked at is not read further.
                    if rawBytes > limits.maxFileBytes { throw limits.tooLarge(bytes: rawBytes, what: "the file") }
                    return count
                }
                if errno == EINTR { continue }
                let code = errno
                throw TrackError.io("cannot read the file: \(String(cString: strerror(code)))", systemError: code)
            }
        }
    }

    private func refillCompressed() throws -> Bool {
        if compressedStart < compressedEnd { return true }
        if compressed.isEmpty { compressed = [UInt8](repeating: 0, count: 256 * 1024) }
        let count = try compressed.withUnsafeMutableBytes { try readRaw(into: $0) }
        compressedStart = 0
        compressedEnd = count
        return count > 0
    }

    private func readDecoded(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if deliveredBytes == 0 && !inflating && !gzipped && compressedEnd == 0 {
            guard try refillCompressed() else { return 0 }
            if compressedEnd - compressedStart >= 2, compressed[0] == 0x1F, compressed[1] == 0x8B {
                gzipped = true
                guard trackdrop_inflateInit2(&stream, 15 + 32) == Z_OK else {
                    throw TrackError.io("cannot start decompressing the gzipped file")
                }
                inflating = true
            }
        }
        if !gzipped {
            if compressedStart < compressedEnd {
                let count = min(buffer.count, compressedEnd - compressedStart)
                compressed.withUnsafeBytes { source in
                    buffer.baseAddress!.copyMemory(from: source.baseAddress! + compressedStart, byteCount: count)
                }
                compressedStart += count
                return count
            }
            return try readRaw(into: buffer)
        }
        return try inflate(into: buffer)
    }

    /// Stops a decompression bomb early: by size, and by ratio once past a small size.
    private func checkInflation() throws {
        if inflatedBytes > limits.maxFileBytes {
            throw limits.tooLarge(bytes: inflatedBytes, what: "the file inflated")
        }
        let consumed = max(1, rawBytes - (compressedEnd - compressedStart))
        if inflatedBytes > limits.ratioCheckAfterBytes, inflatedBytes / consumed > limits.maxInflationRatio {
            throw limits.bomb(inflated: inflatedBytes, compressed: consumed)
        }
    }

    private func inflate(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while !streamEnded {
            guard try refillCompressed() else {
                throw TrackError(
                    code: .truncated,
                    message: "the gzipped file is truncated: it ends in the middle of the compressed data")
            }
            let available = compressedEnd - compressedStart
            let status: Int32 = compressed.withUnsafeMutableBytes { input in
                stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self) + compressedStart
                stream.avail_in = uInt(available)
                stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(buffer.count)
                return CLibXML2.inflate(&stream, Z_NO_FLUSH)
            }
            compressedStart = compressedEnd - Int(stream.avail_in)
            let produced = buffer.count - Int(stream.avail_out)
            switch status {
            case Z_STREAM_END:
                // Several gzip members in a row are one file (as `cat a.gz b.gz` makes).
                if try compressedStart < compressedEnd || refillCompressed() {
                    inflateReset(&stream)
                } else {
                    streamEnded = true
                }
            case Z_OK, Z_BUF_ERROR:
                break
            default:
                throw TrackError(
                    code: .badGzip, message: "the gzipped file is damaged (zlib error \(status)); copy it again")
            }
            if produced > 0 {
                inflatedBytes += produced
                try checkInflation()
                return produced
            }
        }
        return 0
    }
}
