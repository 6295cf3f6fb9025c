import Foundation

/// Whole-file decompression, for the small files (FIT) that are kept in memory anyway.
enum Inflate {
    static func all(_ data: Data) throws -> Data {
        let source = ByteSource(data: data)
        return try all(source)
    }

    static func all(_ source: ByteSource) throws -> Data {
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try source.readVerbatim(into: $0) }
            if count == 0 { return output }
            output.append(contentsOf: chunk[0..<count])
        }
    }
}
