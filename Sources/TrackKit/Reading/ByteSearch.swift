import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finding bytes in raw file content: `memchr` for the first byte, then `memcmp`. The generic
/// `firstRange(of:)` took about 10 ms on a 64 KiB head, a third of a typical file's budget.
enum ByteSearch {
    /// Where `needle` first starts in `bytes` at or after `start`.
    static func firstIndex(of needle: String, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        var needle = needle
        return needle.withUTF8 { pattern -> Int? in
            guard let base = bytes.baseAddress, let first = pattern.first, bytes.count >= pattern.count else { return nil }
            var offset = max(start, 0)
            while offset + pattern.count <= bytes.count {
                guard let hit = memchr(base + offset, Int32(first), bytes.count - pattern.count + 1 - offset) else {
                    return nil
                }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(hit, pattern.baseAddress!, pattern.count) == 0 { return at }
                offset = at + 1
            }
            return nil
        }
    }

    static func firstIndex(of needle: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBytes { firstIndex(of: needle, in: $0, from: start) }
    }

    /// How many times `needle` occurs in `bytes`, overlaps included.
    static func count(of needle: String, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            var total = 0
            var offset = 0
            while let at = firstIndex(of: needle, in: raw, from: offset) {
                total += 1
                offset = at + 1
            }
            return total
        }
    }

    /// Line feeds in `bytes`: the lines libxml2 counts.
    static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        guard var cursor = bytes.baseAddress else { return 0 }
        let end = cursor + bytes.count
        var total = 0
        while cursor < end, let hit = memchr(cursor, 0x0A, end - cursor) {
            total += 1
            cursor = UnsafeRawPointer(hit) + 1
        }
        return total
    }
}
