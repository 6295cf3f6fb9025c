import Foundation

/// Parses numbers and ISO 8601 times straight from libxml2's text bytes, without Foundation formatters
/// (which are far too slow for files with hundreds of thousands of points).
struct TextScanner {
    private static let exactPowersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Leading and trailing XML whitespace removed.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A decimal number such as `-12.345`, `7`, `1.5e3`; nil when the text is not a finite number.
    static func double(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        let bytes = trimmed(raw)
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawDigit = false
        var sawPoint = false
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                sawDigit = true
                if digits < 19 {
                    if mantissa != 0 || byte != 0x30 { digits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
                    if sawPoint { fractionDigits += 1 }
                } else if !sawPoint {
                    return slowDouble(bytes)
                }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        if index < count { return slowDouble(bytes) }
        guard mantissa < (1 << 53), fractionDigits < exactPowersOfTen.count else { return slowDouble(bytes) }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let text = String(bytes: bytes, encoding: .utf8), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// An integer, also written as a decimal (`142.0` becomes 142); nil when not a number.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let value = double(bytes), value.magnitude < 1e15 else { return nil }
        return Int(value.rounded())
    }

    /// A parsed ISO 8601 time: seconds since 1970 and whether a zone was given.
    struct Time {
        var seconds: Double
        var hadZone: Bool
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM|±HHMM|±HH]`; a space is accepted for `T`.
    static func time(_ raw: UnsafeBufferPointer<UInt8>) -> Time? {
        let bytes = trimmed(raw)
        let count = bytes.count
        guard count >= 19 else { return nil }
        func number(_ from: Int, _ length: Int) -> Int? {
            var value = 0
            for offset in from..<(from + length) {
                let byte = bytes[offset]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(5, 2),
            bytes[7] == UInt8(ascii: "-"), let day = number(8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "t"),
            let hour = number(11, 2), bytes[13] == UInt8(ascii: ":"), let minute = number(14, 2),
            bytes[16] == UInt8(ascii: ":"), let second = number(17, 2)
        else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else {
            return nil
        }
        var index = 19
        var fraction = 0.0
        if index < count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        var hadZone = false
        if index < count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                hadZone = true
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                guard index + 3 <= count, let hours = number(index + 1, 2) else { return nil }
                var minutes = 0
                var next = index + 3
                if next < count, bytes[next] == UInt8(ascii: ":") { next += 1 }
                if next + 2 <= count, let parsed = number(next, 2) {
                    minutes = parsed
                    next += 2
                }
                offsetSeconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
                hadZone = true
                index = next
            }
        }
        guard index == count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Time(seconds: Double(whole) + fraction, hadZone: hadZone)
    }

    static func time(string: String) -> Time? {
        var text = string
        return text.withUTF8 { time($0) }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
