import TrackKit

/// Makes text from outside (file names, error messages) safe for a one-line log: a newline or another
/// control character in a file name must not start a forged log line.
enum LogText {
    /// `\n`, `\r`, `\t` and `\\` as such, every other control character (C0, DEL, C1) and the Unicode line
    /// separators as `\u{…}`; everything else unchanged.
    static func escaped(_ text: String) -> String {
        let text = FileName.display(text)
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A path as shown in a log line.
    static func path(_ path: String) -> String { escaped(path) }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
