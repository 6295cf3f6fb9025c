import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A growable byte buffer for writing XML fast: no per-value `String`, numbers and times formatted by
/// hand, and the result handed to `Data` without a copy. Given a file descriptor it instead keeps only
/// one fixed chunk and flushes it to the file, so writing a huge track needs no copy of it in memory.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// -1 when the bytes stay in memory.
    private let sink: Int32
    /// Bytes already flushed to `sink`.
    private(set) var flushed = 0
    /// `errno` of the first failed write to `sink`; later writes are dropped.
    private(set) var writeError: Int32 = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 4096)
        sink = -1
        base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    /// Flushes to `fileDescriptor` (which the caller owns and closes) every `chunk` bytes.
    init(fileDescriptor: Int32, chunk: Int = 1 << 20) {
        capacity = max(chunk, 4096)
        sink = fileDescriptor
        base = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    /// Writes what is buffered to the file; a no-op for an in-memory buffer.
    mutating func flush() {
        guard sink >= 0 else { return }
        var done = 0
        while done < count, writeError == 0 {
            let written = Glibc.write(sink, base + done, count - done)
            if written < 0 {
                if errno == EINTR { continue }
                writeError = errno
            } else {
                done += written
            }
        }
        flushed += count
        count = 0
    }

    deinit {
        free(base)
    }

    /// The bytes written, as `Data` that takes over the memory.
    consuming func data() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        base = malloc(1)!.assumingMemoryBound(to: UInt8.self)
        return data
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        if sink >= 0 {
            flush()
            if extra <= capacity { return }
        }
        capacity = max(capacity * 2, count + extra)
        base = realloc(base, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// Bytes formatted elsewhere. Going to a file, a block larger than the chunk is written straight
    /// through rather than buffered.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if sink >= 0, bytes.count > capacity {
            flush()
            var done = 0
            while done < bytes.count, writeError == 0 {
                let written = Glibc.write(sink, source + done, bytes.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    writeError = errno
                } else {
                    done += written
                }
            }
            flushed += bytes.count
            return
        }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// Text content or an attribute value, with `& < > " '` escaped and control characters that XML 1.0
    /// forbids dropped.
    mutating func escaped(_ text: String) {
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "\""): raw("&quot;")
            case UInt8(ascii: "'"): raw("&apos;")
            case 0x09, 0x0A, 0x0D: byte(unit)
            case 0..<0x20: continue
            default: byte(unit)
            }
        }
    }

    mutating func integer(_ value: Int) {
        reserve(21)
        var magnitude = value.magnitude
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var length = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[length] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                length += 1
            } while magnitude > 0
            for index in 0..<length { base[count + index] = buffer[length - 1 - index] }
        }
        count += length
    }

    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Int {
        var power = 1
        for _ in 0..<exponent { power &*= 10 }
        return power
    }

    /// `00` to `99`, two bytes each.
    private static let pairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes `value` (0–99) as two digits; room must be reserved.
    @inline(__always)
    private mutating func twoDigits(_ value: Int) {
        let pair = Self.pairs.utf8Start + 2 * value
        base[count] = pair[0]
        base[count + 1] = pair[1]
        count += 2
    }

    /// A longitude with 7 decimals; +180 is written as -180 (the same meridian), since both GPX and TCX
    /// ranges exclude +180.
    mutating func longitude(_ value: Double) {
        // Wrapped once rounded to the 7 decimals written, so that 179.99999996 does not come out as "180".
        let scaled = (value * 1e7).rounded()
        guard scaled.isFinite, scaled.magnitude < 9e15 else {
            raw("0")
            return
        }
        let units = Int(scaled)
        decimal(units: units >= 1_800_000_000 ? units - 3_600_000_000 : units, fractionDigits: 7)
    }

    /// A decimal with at most `fractionDigits` digits after the point, trailing zeros trimmed.
    mutating func decimal(_ value: Double, fractionDigits: Int) {
        let scaled = (value * Double(Self.powerOfTen(fractionDigits))).rounded()
        guard scaled.isFinite, scaled.magnitude < 9e15 else {
            raw("0")
            return
        }
        decimal(units: Int(scaled), fractionDigits: fractionDigits)
    }

    /// `units` in steps of 10^-`fractionDigits`, trailing zeros trimmed.
    private mutating func decimal(units value: Int, fractionDigits: Int) {
        let scale = Self.powerOfTen(fractionDigits)
        var units = value
        if units < 0 {
            byte(UInt8(ascii: "-"))
            units = -units
        }
        integer(units / scale)
        var fraction = units % scale
        guard fraction != 0 else { return }
        var digits = fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        reserve(digits + 1)
        base[count] = UInt8(ascii: ".")
        // The fraction's digits, zero-padded on the left, written from the last.
        var index = count + digits
        while index > count {
            base[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            index -= 1
        }
        count += digits + 1
    }

    /// The day `time` last wrote and its `yyyy-MM-ddT`: consecutive points nearly always share it.
    private var cachedDay = Int.min
    private var cachedDate: (UInt64, UInt32) = (0, 0)

    /// `yyyy-MM-ddTHH:mm:ss(.SSS)Z` in UTC.
    mutating func time(_ date: Date) {
        let interval = date.timeIntervalSince1970
        var whole = Int(interval.rounded(.down))
        var milliseconds = Int(((interval - Double(whole)) * 1000).rounded())
        if milliseconds >= 1000 {
            whole += 1
            milliseconds -= 1000
        }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        // Room for the longest time at once, so that nothing is flushed while it is being written.
        reserve(48)
        if days != cachedDay {
            let (year, month, day) = Self.civil(fromDays: days)
            let start = count
            padded(year, 4)
            byte(UInt8(ascii: "-"))
            padded(month, 2)
            byte(UInt8(ascii: "-"))
            padded(day, 2)
            byte(UInt8(ascii: "T"))
            // Only a four-digit year makes the 11 bytes the cache holds.
            if count - start == 11 {
                cachedDay = days
                withUnsafeMutableBytes(of: &cachedDate) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + start, count: 11)) }
            } else {
                cachedDay = Int.min
            }
        } else {
            withUnsafeBytes(of: cachedDate) { UnsafeMutableRawPointer(base + count).copyMemory(from: $0.baseAddress!, byteCount: 11) }
            count += 11
        }
        twoDigits(secondOfDay / 3600)
        base[count] = UInt8(ascii: ":")
        count += 1
        twoDigits(secondOfDay / 60 % 60)
        base[count] = UInt8(ascii: ":")
        count += 1
        twoDigits(secondOfDay % 60)
        if milliseconds != 0 {
            base[count] = UInt8(ascii: ".")
            count += 1
            padded(milliseconds, 3)
        }
        byte(UInt8(ascii: "Z"))
    }

    /// `value` in at least `width` digits, zero-padded; a negative value gets a minus sign first.
    private mutating func padded(_ value: Int, _ width: Int) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            padded(-value, width)
            return
        }
        var digits = 1, rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = max(digits, width)
        reserve(length)
        var index = count + length - 1, remaining = value
        while index >= count {
            base[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            index -= 1
        }
        count += length
    }

    /// Proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
