import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A one-shot HTTP receiver on 127.0.0.1 (random port) for Strava's redirect to `/callback`.
///
/// It accepts exactly one callback: the first whose `state` matches ends the login (with a code or
/// with Strava's error), a callback with another `state` is refused and fails the login, and after
/// either the receiver closes.
final class LoopbackReceiver: Sendable {
    let port: Int
    private let serverChannel: any Channel
    private let promise: EventLoopPromise<AuthorizationCallback>
    private let finished: Mutex<Bool>

    var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    private init(port: Int, serverChannel: any Channel, promise: EventLoopPromise<AuthorizationCallback>) {
        self.port = port
        self.serverChannel = serverChannel
        self.promise = promise
        self.finished = Mutex(false)
    }

    static func start(expectedState: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> LoopbackReceiver {
        let promise = group.next().makePromise(of: AuthorizationCallback.self)
        let box = ReceiverBox()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        CallbackHandler { uri in box.receiver?.answer(uri: uri, expectedState: expectedState) ?? Self.notReady })
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw StravaError.configuration("the login receiver could not bind a port on 127.0.0.1")
        }
        let receiver = LoopbackReceiver(port: port, serverChannel: channel, promise: promise)
        box.receiver = receiver
        return receiver
    }

    /// Waits for the callback (or the timeout), then closes the receiver.
    func callback(timeout: Duration) async throws -> AuthorizationCallback {
        let seconds = Int(timeout.components.seconds)
        let scheduled = serverChannel.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) { [self] in
            self.finish(.failure(StravaError.loginTimedOut(seconds: seconds)))
        }
        defer { scheduled.cancel() }
        do {
            let value = try await promise.futureResult.get()
            await close()
            return value
        } catch {
            await close()
            throw error
        }
    }

    func close() async {
        finish(.failure(StravaError.sessionClosed))
        try? await serverChannel.close()
    }

    private func finish(_ result: Result<AuthorizationCallback, any Error>) {
        let first = finished.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        promise.completeWith(result)
    }

    private static let notReady = CallbackHandler.Answer(status: .serviceUnavailable, html: page("Not ready", "Try again."))

    /// Decides the answer to one request; completes the login when it is the callback.
    private func answer(uri: String, expectedState: String) -> CallbackHandler.Answer {
        let parts = uri.split(separator: "?", maxSplits: 1).map(String.init)
        guard parts.first == "/callback" else {
            return .init(status: .notFound, html: Self.page("Not found", "This address only receives Strava's answer."))
        }
        if finished.withLock({ $0 }) {
            return .init(status: .gone, html: Self.page("Already used", "This login link was already used. Run `trackdrop auth login` again."))
        }
        let callback = AuthorizationCallback(query: parts.count > 1 ? parts[1] : nil)
        guard callback.state == expectedState else {
            finish(.failure(StravaError.stateMismatch))
            return .init(
                status: .badRequest,
                html: Self.page("Refused", "This answer does not belong to the login trackdrop started, so it was refused. Run `trackdrop auth login` again."))
        }
        finish(.success(callback))
        if let error = callback.error {
            return .init(status: .ok, html: Self.page("Not connected", "Strava said: \(Self.escape(error)). You can close this tab."))
        }
        return .init(status: .ok, html: Self.page("Connected", "trackdrop received Strava's answer. You can close this tab."))
    }

    static func page(_ title: String, _ text: String) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>trackdrop: \(title)</title></head>"
            + "<body><h1>\(title)</h1><p>\(escape(text))</p></body></html>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Lets the channel initializer reach the receiver, which exists only after the bind.
private final class ReceiverBox: Sendable {
    private let stored = Mutex<LoopbackReceiver?>(nil)
    var receiver: LoopbackReceiver? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
