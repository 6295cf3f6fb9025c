import TrackKit

/// One event read from an inotify descriptor.
struct InotifyEvent: Sendable, Equatable {
    var wd: Int32
    var mask: UInt32
    var cookie: UInt32
    /// File name inside the watched folder; empty for events about the folder itself.
    var name: String

    func has(_ flag: UInt32) -> Bool { mask & flag != 0 }

    /// Splits a buffer filled by `read(2)` into events. `struct inotify_event` ends in a flexible array member that
    /// Swift cannot see, so the fixed 16-byte header is read field by field and the name follows it.
    static func parse(_ buffer: UnsafeRawBufferPointer) -> [InotifyEvent] {
        let headerSize = 16
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= buffer.count {
            let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard nameStart + length <= buffer.count else { break }
            let nameBytes = buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }
            let name = FileName.decode(Array(nameBytes))
            events.append(InotifyEvent(wd: wd, mask: mask, cookie: cookie, name: name))
            offset = nameStart + length
        }
        return events
    }
}
