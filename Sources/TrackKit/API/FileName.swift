/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 (old FAT device mounts,
/// archives from other systems) is carried in a `String` losslessly: each byte that is not part of valid
/// UTF-8 becomes one scalar of a private-use range (U+10FC80 ... U+10FCFF), and turns back into the same
/// byte at every system call (`withPath`). Valid UTF-8 names are unchanged. `display` shows such bytes as
/// `\xNN`, for logs and JSON.
public enum FileName {
    private static let escapeBase: UInt32 = 0x10FC00

    /// A name or path read from the file system, as a `String` that `bytes(_:)` turns back into the same bytes.
    public static func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(at: index, in: bytes) {
                if isEscape(scalar) {
                    // A real name holding an escape scalar: its bytes are escaped too, so decoding stays reversible.
                    for byte in bytes[index..<index + length] { scalars.append(escape(byte)) }
                } else {
                    scalars.append(scalar)
                }
                index += length
            } else {
                scalars.append(escape(bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes the file system knows the name or path by.
    public static func bytes(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if isEscape(scalar) { out.append(UInt8(scalar.value - escapeBase)) } else { out.append(contentsOf: String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the path as the file system's C string.
    public static func withPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        guard path.unicodeScalars.contains(where: isEscape) else { return try path.withCString(body) }
        var raw = bytes(path)
        raw.append(0)
        return try raw.withUnsafeBufferPointer { buffer in
            try body(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    /// The name for people: bytes that are not UTF-8 as `\xNN`, everything else as it is.
    public static func display(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: isEscape) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if isEscape(scalar) {
                let hex = String(scalar.value - escapeBase, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether the name holds bytes that are not UTF-8.
    public static func hasRawBytes(_ name: String) -> Bool { name.unicodeScalars.contains(where: isEscape) }

    private static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// The well-formed UTF-8 scalar starting at `index`, and its length; nil for a byte that starts none.
    private static func scalar(at index: Int, in bytes: [UInt8]) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // `Unicode.Scalar(_:)` refuses surrogates and values past U+10FFFF.
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
