import Foundation

/// Waits for an event with a generous timeout as a safety net (never as synchronisation).
public enum Eventually {
    public struct TimedOut: Error, CustomStringConvertible {
        public var what: String
        public var description: String { "timed out waiting for \(what)" }

        public init(what: String) { self.what = what }
    }

    /// Polls `condition` until it is true; used only where the thing awaited has no event to wait on (a file
    /// written by another process).
    public static func until(_ what: String, timeout: Duration = .seconds(60), _ condition: @Sendable () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TimedOut(what: what)
    }

    /// Collects ready files from `stream` until `done` says enough, or fails after `timeout`.
    public static func collect<Element: Sendable>(
        _ stream: AsyncStream<Element>, timeout: Duration = .seconds(30), until done: @escaping @Sendable ([Element]) -> Bool
    ) async throws -> [Element] {
        try await withThrowingTaskGroup(of: [Element]?.self) { group in
            group.addTask {
                var collected: [Element] = []
                for await element in stream {
                    collected.append(element)
                    if done(collected) { return collected }
                }
                return collected
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next()!
            group.cancelAll()
            guard let result = first else { throw TimedOut(what: "ready files") }
            return result
        }
    }
}
