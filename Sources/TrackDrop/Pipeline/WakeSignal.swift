/// Wakes one waiting loop; signals sent while it is busy collapse into one, so none is lost and none piles up.
struct WakeSignal: Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func signal() { continuation.yield() }
    func finish() { continuation.finish() }
}
