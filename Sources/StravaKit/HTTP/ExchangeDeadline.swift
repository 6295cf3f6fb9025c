import Foundation
import Synchronization

/// How long one HTTP exchange may take in all: connecting, sending, the head and the whole body.
///
/// AsyncHTTPClient's own deadline ends once the head has arrived, so a server that sends headers and
/// then stalls (or trickles a byte a second) would hold the caller for ever; this one covers the body too.
public struct ExchangeDeadline: Sendable, Equatable {
    /// Seconds for a JSON call (and the fixed part of an upload's deadline).
    public var seconds: TimeInterval
    /// Upload speed assumed at worst: an upload gets `seconds` plus its size at this speed.
    public var uploadBytesPerSecond: Double

    public init(seconds: TimeInterval = 30, uploadBytesPerSecond: Double = 50_000) {
        self.seconds = seconds
        self.uploadBytesPerSecond = uploadBytesPerSecond
    }

    public static let standard = ExchangeDeadline()

    /// The deadline of a request carrying `bodyBytes`: 30 s for a JSON call, more for a large upload
    /// (a 25 MB file at 50 kB/s: about 9 minutes).
    public func seconds(forBodyBytes bodyBytes: Int) -> TimeInterval {
        seconds + Double(max(0, bodyBytes)) / max(1, uploadBytesPerSecond)
    }
}

/// Thrown when an exchange did not finish within its deadline.
struct ExchangeDeadlineExceeded: Error, Sendable {
    var seconds: TimeInterval
}

extension ExchangeDeadline {
    /// Runs `operation` and returns its result, or throws `ExchangeDeadlineExceeded` after `seconds`,
    /// cancelling it. The caller is released at the deadline even if the operation is slow to notice
    /// its cancellation: it finishes in the background.
    static func run<T: Sendable>(
        seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        let work = Task {
            do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(Int64(max(0, seconds) * 1000)))
            if !Task.isCancelled { race.finish(.failure(ExchangeDeadlineExceeded(seconds: seconds))) }
        }
        defer {
            timer.cancel()
            work.cancel()
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in race.wait(continuation) }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first result of an exchange and its timer wins; later ones are dropped.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var continuation: CheckedContinuation<T, any Error>?
        var delivered = false
    }

    private let state = Mutex(State())

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let ready: Result<T, any Error>? = state.withLock { state in
            if let result = state.result {
                state.delivered = true
                return result
            }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            guard let continuation = state.continuation else { return nil }
            state.continuation = nil
            state.delivered = true
            return continuation
        }
        waiting?.resume(with: result)
    }
}
