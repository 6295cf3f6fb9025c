import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// An answer whose head goes out and whose body then never ends, or trickles out a byte a second: a server
/// that stalls. It lets go when the client closes the connection, the sandbox stops, or `seconds` pass.
struct StalledAnswer: Sendable {
    let trickle: Bool
    let seconds: Double
    let store: SandboxStore

    func response(from original: Response, channel: any Channel) -> Response {
        var response = original
        let body = original.body
        let length = body.contentLength ?? 4096
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        let trickle = trickle
        let store = store
        response.body = ResponseBody(contentLength: length) { writer in
            if trickle {
                let sink = ByteSink()
                try await body.write(CollectingWriter(sink: sink))
                for byte in sink.bytes.withLock({ $0 }) {
                    try await Self.hold(.seconds(1), deadline: deadline, channel: channel, store: store)
                    try await writer.write(ByteBuffer(bytes: [byte]))
                }
                try await writer.finish(nil)
            } else {
                try await Self.hold(nil, deadline: deadline, channel: channel, store: store)
            }
        }
        return response
    }

    /// Waits `interval` (nil: until the deadline); throws, closing the connection, once it is time to let go.
    private static func hold(
        _ interval: Duration?, deadline: ContinuousClock.Instant, channel: any Channel, store: SandboxStore
    ) async throws {
        let end = interval.map { ContinuousClock.now.advanced(by: $0) } ?? deadline
        while ContinuousClock.now < end {
            if !channel.isActive || store.stopping.load(ordering: .relaxed) || ContinuousClock.now >= deadline {
                try? await channel.close()
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        if ContinuousClock.now >= deadline {
            try? await channel.close()
            throw CancellationError()
        }
    }

}

/// The bytes of an answer's body, gathered so they can be sent one by one.
private final class ByteSink: Sendable {
    let bytes = Mutex<[UInt8]>([])
}

private struct CollectingWriter: ResponseBodyWriter {
    let sink: ByteSink

    mutating func write(_ buffer: ByteBuffer) async throws {
        sink.bytes.withLock { $0 += Array(buffer.readableBytesView) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
