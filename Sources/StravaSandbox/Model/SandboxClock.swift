import Foundation
import Synchronization

/// The sandbox's idea of "now": the system time plus an offset tests can move forward.
///
/// Token lifetimes, code expiry, processing delays and rate-limit windows all read this clock, so a
/// test can live through six hours or a window turn without sleeping.
public final class SandboxClock: Sendable {
    private let offset: Mutex<TimeInterval>

    public init(offset: TimeInterval = 0) {
        self.offset = Mutex(offset)
    }

    /// The current sandbox time.
    public var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Seconds the clock runs ahead of the system time.
    public var currentOffset: TimeInterval { offset.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative value).
    public func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
