import CLibXML2
import Foundation

/// gzip compression (zlib's deflate with a gzip header), in 256 KiB steps so that a large input never needs an
/// output buffer of its own size up front.
public enum Deflate {
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int32
        public var description: String { "gzip compression failed (zlib status \(status))" }
    }

    public static func gzip(_ data: Data, level: Int32 = 6) throws -> Data {
        var stream = z_stream()
        let initialized = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw Failure(status: initialized) }
        defer { deflateEnd(&stream) }
        var output = Data()
        output.reserveCapacity(data.count / 6 + 1024)
        let step = 256 * 1024
        var chunk = [UInt8](repeating: 0, count: step)
        let status: Int32 = data.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            var status = Z_OK
            while status == Z_OK {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(step)
                    let result = deflate(&stream, Z_FINISH)
                    output.append(buffer.baseAddress!, count: step - Int(stream.avail_out))
                    return result
                }
            }
            return status
        }
        guard status == Z_STREAM_END else { throw Failure(status: status) }
        return output
    }
}
