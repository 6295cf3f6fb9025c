import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// A local Strava API server on 127.0.0.1, startable in-process (tests, `--sandbox`) or standalone (`trackdrop sandbox`).
public final class StravaSandboxServer: Sendable {
    private struct Running: Sendable {
        var group: ServiceGroup
        var task: Task<Void, any Error>
        var baseURL: URL
    }

    public let configuration: SandboxConfiguration
    let store: SandboxStore
    private let port: Int
    private let logger: Logger
    private let running = Mutex<Running?>(nil)

    public init(configuration: SandboxConfiguration = .init(), port: Int = 0, logger: Logger? = nil) {
        self.configuration = configuration
        self.store = SandboxStore(configuration: configuration)
        self.port = port
        var fallback = Logger(label: "trackdrop.sandbox")
        fallback.logLevel = .warning
        self.logger = logger ?? fallback
    }

    /// "http://127.0.0.1:PORT" while running.
    public var baseURL: URL? { running.withLock { $0?.baseURL } }

    /// The sandbox's clock (the configuration's), which tests can move forward.
    public var clock: SandboxClock { store.clock }

    /// Binds 127.0.0.1 and returns the base URL once the server is listening.
    @discardableResult
    public func start() async throws -> URL {
        try await start(shutdownSignals: [])
    }

    /// Like `start()`, and also shuts down gracefully on these signals (the standalone command uses SIGINT/SIGTERM).
    @discardableResult
    public func start(shutdownSignals: [UnixSignal]) async throws -> URL {
        if let url = baseURL { return url }
        try configuration.validate()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: SandboxRouter.make(store: store),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: shutdownSignals, logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            do {
                try await task.value
                throw SandboxError.cannotStart(port: port, "the server stopped before it was listening")
            } catch let error as SandboxError {
                throw error
            } catch {
                throw SandboxError.cannotStart(port: port, "\(error)")
            }
        }
        let url = URL(string: "http://127.0.0.1:\(boundPort)")!
        running.withLock { $0 = Running(group: group, task: task, baseURL: url) }
        logger.info("Strava sandbox listening", metadata: ["url": "\(url)"])
        return url
    }

    /// Stops accepting connections, lets requests in flight finish, and returns when the server is down.
    public func stop() async {
        guard let current = running.withLock({ state -> Running? in
            defer { state = nil }
            return state
        }) else { return }
        store.stopping.store(true, ordering: .relaxed)
        await current.group.triggerGracefulShutdown()
        _ = try? await current.task.value
    }

    /// Waits until the server has stopped (after `stop()` or one of the shutdown signals).
    public func waitUntilStopped() async throws {
        guard let task = running.withLock({ $0?.task }) else { return }
        try await task.value
        running.withLock { $0 = nil }
    }
}
