/// Walks FIT data records using their definitions, counting `record` messages (global 20) and reading
/// timestamps (field 253), compressed-timestamp headers included, in either byte order.
struct FITMessageWalker {
    private struct Definition {
        var globalNumber: UInt16
        var bigEndian: Bool
        var size: Int
        /// Offset and size of field 253 (timestamp) within the message, if defined.
        var timestampOffset: Int?
        /// Offset of the sport field (5) in a `sport` (12) or `session` (18) message.
        var sportOffset: Int?
        /// Offset of `system_timestamp` (field 1) in a `timestamp_correlation` (162) message.
        var systemTimeOffset: Int?
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var recordCount = 0
    private(set) var timedRecordCount = 0
    private(set) var firstRecordTime: UInt32?
    private(set) var lastRecordTime: UInt32?
    private(set) var sport: String?
    private(set) var problem: String?
    private var definitions: [Definition?] = Array(repeating: nil, count: 16)
    private var lastTimestamp: UInt32?
    /// Seconds to add to power-on-relative times, from a `timestamp_correlation` message.
    private var systemTimeCorrection: UInt32?

    /// FIT date_time values below 0x10000000 count seconds since the device powered on, not dates;
    /// with a `timestamp_correlation` message they become dates.
    static func absolute(_ time: UInt32?, correction: UInt32?) -> UInt32? {
        guard let time else { return nil }
        if time < 0x1000_0000, let correction { return time &+ correction }
        return time
    }

    var firstRecordDate: UInt32? { Self.absolute(firstRecordTime, correction: systemTimeCorrection) }
    var lastRecordDate: UInt32? { Self.absolute(lastRecordTime, correction: systemTimeCorrection) }

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private static let sports: [UInt8: String] = [
        0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment", 5: "swimming",
        10: "training", 11: "walking", 12: "cross_country_skiing", 13: "alpine_skiing", 14: "snowboarding",
        15: "rowing", 16: "mountaineering", 17: "hiking", 19: "paddling", 37: "stand_up_paddleboarding",
    ]

    mutating func walk() {
        var offset = 0
        while offset < bytes.count {
            let header = bytes[offset]
            offset += 1
            if header & 0x80 != 0 {
                let local = Int((header >> 5) & 0x03)
                let timeOffset = UInt32(header & 0x1F)
                guard let definition = definitions[local] else { return fail("compressed-timestamp message without a definition", offset) }
                if let last = lastTimestamp {
                    // The 5-bit offset rolls the last full timestamp forward; past 2^32 the FIT clock wraps,
                    // as the SDK's own arithmetic does, rather than trapping on a hostile value.
                    var time = (last & ~0x1F) | timeOffset
                    if timeOffset < (last & 0x1F) { time = time &+ 0x20 }
                    lastTimestamp = time
                }
                guard offset + definition.size <= bytes.count else { return fail("message runs past the end", offset) }
                message(definition, at: offset, compressedTime: lastTimestamp)
                offset += definition.size
            } else if header & 0x40 != 0 {
                guard let next = define(local: Int(header & 0x0F), developer: header & 0x20 != 0, at: offset) else {
                    return fail("definition runs past the end", offset)
                }
                offset = next
            } else {
                guard let definition = definitions[Int(header & 0x0F)] else {
                    return fail("data message without a definition", offset)
                }
                guard offset + definition.size <= bytes.count else { return fail("message runs past the end", offset) }
                message(definition, at: offset, compressedTime: nil)
                offset += definition.size
            }
        }
    }

    private mutating func fail(_ reason: String, _ offset: Int) {
        problem = "\(reason) at data byte \(offset)"
    }

    private mutating func define(local: Int, developer: Bool, at start: Int) -> Int? {
        guard start + 5 <= bytes.count else { return nil }
        let bigEndian = bytes[start + 1] == 1
        let rawGlobal = bytes.loadUnaligned(fromByteOffset: start + 2, as: UInt16.self)
        let global = bigEndian ? UInt16(bigEndian: rawGlobal) : UInt16(littleEndian: rawGlobal)
        let fieldCount = Int(bytes[start + 4])
        var offset = start + 5
        guard offset + fieldCount * 3 <= bytes.count else { return nil }
        var size = 0
        var timestampOffset: Int?
        var sportOffset: Int?
        var systemTimeOffset: Int?
        for field in 0..<fieldCount {
            let base = offset + field * 3
            let number = bytes[base]
            let fieldSize = Int(bytes[base + 1])
            if number == 253, fieldSize == 4 { timestampOffset = size }
            if number == 5, fieldSize == 1, global == 12 || global == 18 { sportOffset = size }
            if number == 1, fieldSize == 4, global == 162 { systemTimeOffset = size }
            size += fieldSize
        }
        offset += fieldCount * 3
        if developer {
            guard offset < bytes.count else { return nil }
            let developerCount = Int(bytes[offset])
            offset += 1
            guard offset + developerCount * 3 <= bytes.count else { return nil }
            for field in 0..<developerCount { size += Int(bytes[offset + field * 3 + 1]) }
            offset += developerCount * 3
        }
        definitions[local] = Definition(
            globalNumber: global, bigEndian: bigEndian, size: size, timestampOffset: timestampOffset,
            sportOffset: sportOffset, systemTimeOffset: systemTimeOffset)
        return offset
    }

    private mutating func message(_ definition: Definition, at offset: Int, compressedTime: UInt32?) {
        var time = compressedTime
        if let fieldOffset = definition.timestampOffset {
            let raw = bytes.loadUnaligned(fromByteOffset: offset + fieldOffset, as: UInt32.self)
            let value = definition.bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
            if value != 0xFFFF_FFFF {
                time = value
                lastTimestamp = value
            }
        }
        if let systemOffset = definition.systemTimeOffset, let time, time >= 0x1000_0000 {
            let raw = bytes.loadUnaligned(fromByteOffset: offset + systemOffset, as: UInt32.self)
            let system = definition.bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
            if system < 0x1000_0000 { systemTimeCorrection = time &- system }
        }
        if let sportOffset = definition.sportOffset, sport == nil {
            sport = Self.sports[bytes[offset + sportOffset]]
        }
        guard definition.globalNumber == 20 else { return }
        recordCount += 1
        if let time {
            timedRecordCount += 1
            if firstRecordTime == nil { firstRecordTime = time }
            lastRecordTime = time
        }
    }
}
