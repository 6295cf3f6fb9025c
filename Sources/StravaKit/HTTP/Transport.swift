import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends one HTTP request through the session's shared AsyncHTTPClient and collects the answer.
struct Transport: Sendable {
    let client: HTTPClient
    var timeout: TimeAmount = .seconds(60)
    var maximumBodyBytes = 32 * 1024 * 1024

    func send(
        method: HTTPMethod, url: String, headers: HTTPHeaders = [:], body: Data? = nil
    ) async throws(TransportFailure) -> HTTPExchange {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers = headers
        request.headers.replaceOrAdd(name: "User-Agent", value: "trackdrop")
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(request, timeout: timeout)
            let buffer = try await response.body.collect(upTo: maximumBodyBytes)
            return HTTPExchange(
                status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
        } catch {
            throw Self.classify(error)
        }
    }

    /// Connection-level failures before the request left are safe to resend; anything else may have
    /// reached the server.
    static func classify(_ error: any Error) -> TransportFailure {
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
