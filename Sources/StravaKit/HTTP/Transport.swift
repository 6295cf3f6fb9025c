import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends one HTTP request through the session's shared AsyncHTTPClient and collects the answer.
struct Transport: Sendable {
    let client: HTTPClient
    /// Covers connect, head and body of every exchange; an upload gets more time for its size.
    var deadline = ExchangeDeadline.standard
    /// Answers larger than this are cut off and count as a failed exchange: Strava's largest (a page of
    /// 200 activities) is well below it.
    var maximumBodyBytes = Self.maximumBodyBytes

    static let maximumBodyBytes = 8 * 1024 * 1024

    func send(
        method: HTTPMethod, url: String, headers: HTTPHeaders = [:], body: Data? = nil
    ) async throws(TransportFailure) -> HTTPExchange {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers = headers
        request.headers.replaceOrAdd(name: "User-Agent", value: "trackdrop")
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let seconds = deadline.seconds(forBodyBytes: body?.count ?? 0)
        let client = client
        let limit = maximumBodyBytes
        let prepared = request
        do {
            return try await ExchangeDeadline.run(seconds: seconds) {
                let response = try await client.execute(prepared, timeout: .milliseconds(Int64(seconds * 1000)))
                let buffer = try await response.body.collect(upTo: limit)
                return HTTPExchange(
                    status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
            }
        } catch {
            throw Self.classify(error, maximumBodyBytes: limit)
        }
    }

    /// Connection-level failures before the request left are safe to resend; anything else may have
    /// reached the server.
    static func classify(_ error: any Error, maximumBodyBytes: Int = Self.maximumBodyBytes) -> TransportFailure {
        if let exceeded = error as? ExchangeDeadlineExceeded {
            return .outcomeUnknown("no complete answer within \(Int(exceeded.seconds.rounded())) s (the server stalled)")
        }
        if error is NIOTooManyBytesError {
            return .outcomeUnknown("the answer was larger than \(maximumBodyBytes / 1024 / 1024) MiB")
        }
        if error is NIOConnectionError { return .notSent("connection refused or unreachable") }
        if let error = error as? HTTPClientError {
            if error == .connectTimeout { return .notSent("connection timed out") }
            if error == .remoteConnectionClosed { return .outcomeUnknown("the connection was closed by the server") }
            if error == .readTimeout || error == .deadlineExceeded { return .outcomeUnknown("no answer in time") }
            return .outcomeUnknown("\(error)")
        }
        if case ChannelError.connectTimeout = error { return .notSent("connection timed out") }
        if let error = error as? IOError {
            if [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode) {
                return .notSent("connection refused or unreachable")
            }
            return .outcomeUnknown("connection error (\(String(cString: strerror(error.errnoCode))))")
        }
        if error is CancellationError { return .notSent("cancelled") }
        return .outcomeUnknown(String(describing: type(of: error)))
    }
}
