import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import StravaSandbox
import TestSupport
import Testing

/// The sandbox's own tests: the shared `SandboxHarness` (processing 0 s unless configured) and an HTTP client
/// that does not follow redirects, to look at the wire exactly.
struct SandboxWireClient: Sendable {
    let sandbox: SandboxHarness
    let client: HTTPClient
    var server: StravaSandboxServer { sandbox.server }
    var baseURL: URL { sandbox.baseURL }
    var clock: SandboxClock { sandbox.clock }
    var configuration: SandboxConfiguration { sandbox.configuration }

    /// Moves the sandbox's clock to 01:00:10 UTC of the next day: 10 s after a quarter hour, so that neither a short
    /// rate-limit window (every 15 min) nor the daily one (at midnight UTC) turns between a test's requests while real
    /// time passes. On the real clock, a test that counted across a quarter hour saw its short count start over ("1,4"
    /// for "4,4"), and one run between 23:30 and 23:45 UTC saw the daily count start over.
    func startAfterAQuarterHour() {
        let now = clock.now.timeIntervalSince1970
        clock.advance(by: (now / 86_400).rounded(.up) * 86_400 + 3_600 - now + 10)
    }

    /// One HTTP exchange's result.
    struct Reply: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: String

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
        var jsonArray: [[String: Any]]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [[String: Any]]
        }
        func header(_ name: String) -> String? { headers.first(name: name) }
    }

    /// Starts a sandbox (processing delay 0 unless `configure` says otherwise), runs `body`, and always shuts down.
    static func with<Result: Sendable>(
        _ configure: (inout SandboxConfiguration) -> Void = { _ in },
        _ body: (SandboxWireClient) async throws -> Result
    ) async throws -> Result {
        try await SandboxHarness.with({ configuration in
            configuration.processingFixedSeconds = 0
            configure(&configuration)
        }) { sandbox in
            let client = HTTPClient(
                eventLoopGroupProvider: .singleton,
                configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(20))))
            let wire = SandboxWireClient(sandbox: sandbox, client: client)
            do {
                let result = try await body(wire)
                try await client.shutdown()
                return result
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }

    func send(
        _ method: HTTPMethod, _ path: String, token: String? = nil, headers: [(String, String)] = [],
        body: Data? = nil, contentType: String? = nil
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL.absoluteString + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        let buffer = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: buffer))
    }

    func get(_ path: String, token: String? = nil) async throws -> Reply {
        try await send(.GET, path, token: token)
    }

    func postForm(_ path: String, _ fields: [(String, String)], token: String? = nil) async throws -> Reply {
        try await send(
            .POST, path, token: token, body: Data(Self.formEncode(fields).utf8),
            contentType: "application/x-www-form-urlencoded")
    }

    func postJSON(_ path: String, _ json: String) async throws -> Reply {
        try await send(.POST, path, body: Data(json.utf8), contentType: "application/json")
    }

    /// `POST /api/v3/uploads` as multipart; `fields` go into the form unless `queryFields` is set.
    func upload(
        _ data: Data, fileName: String = "ride.gpx", dataType: String? = "gpx", token: String,
        fields: [(String, String)] = [], fieldsInQuery: Bool = false, apiBase: String = "/api/v3"
    ) async throws -> Reply {
        var all = fields
        if let dataType { all.insert(("data_type", dataType), at: 0) }
        let boundary = "sandbox-test-\(UUID().uuidString)"
        var body = Data()
        if !fieldsInQuery {
            for (name, value) in all {
                body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
            }
        }
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        let path = fieldsInQuery ? "\(apiBase)/uploads?" + Self.formEncode(all) : "\(apiBase)/uploads"
        return try await send(.POST, path, token: token, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// Polls an upload until it is no longer processing (a timeout as safety net only).
    func settledUpload(_ id: String, token: String) async throws -> Reply {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let reply = try await get("/api/v3/uploads/\(id)", token: token)
            if reply.json?["status"] as? String != "Your activity is still being processed." || Date() > deadline {
                return reply
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Uploads and waits for the outcome; returns the final poll.
    func uploadAndSettle(_ data: Data, fileName: String = "ride.gpx", token: String, fields: [(String, String)] = []) async throws -> Reply {
        let posted = try await upload(data, fileName: fileName, token: token, fields: fields)
        let id = try #require(posted.json?["id_str"] as? String, "upload refused: \(posted.status) \(posted.body)")
        return try await settledUpload(id, token: token)
    }

    /// The authorize redirect's Location for these parameters.
    func authorize(_ parameters: [(String, String)]) async throws -> Reply {
        try await get("/oauth/authorize?" + Self.formEncode(parameters))
    }

    /// A code from the auto-approve redirect.
    func code(scope: String = "read,activity:read_all,activity:write", extra: [(String, String)] = []) async throws -> String {
        let reply = try await authorize([
            ("client_id", configuration.clientID), ("redirect_uri", "http://127.0.0.1:9/callback"),
            ("response_type", "code"), ("scope", scope), ("state", "s1"),
        ] + extra)
        let location = try #require(reply.header("Location"), "no redirect: \(reply.status) \(reply.body)")
        let items = URLComponents(string: location)?.queryItems ?? []
        return try #require(items.first { $0.name == "code" }?.value)
    }

    func exchange(_ code: String, extra: [(String, String)] = []) async throws -> Reply {
        try await postForm("/oauth/token", [
            ("client_id", configuration.clientID), ("client_secret", configuration.clientSecret),
            ("code", code), ("grant_type", "authorization_code"),
        ] + extra)
    }

    func refresh(_ refreshToken: String) async throws -> Reply {
        try await postForm("/oauth/token", [
            ("client_id", configuration.clientID), ("client_secret", configuration.clientSecret),
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
        ])
    }

    /// Access and refresh token through the real OAuth flow.
    func connect(scope: String = "read,activity:read_all,activity:write") async throws -> (access: String, refresh: String) {
        let reply = try await exchange(try await code(scope: scope))
        let json = try #require(reply.json, "token exchange failed: \(reply.status)")
        return (try #require(json["access_token"] as? String), try #require(json["refresh_token"] as? String))
    }

    static func formEncode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
    }
}

extension SandboxConfiguration {
    /// Limits high enough that tests sending hundreds of requests never meet them.
    mutating func liftRateLimits() {
        rateLimitOverallShort = 100_000
        rateLimitOverallDaily = 100_000
        rateLimitReadShort = 100_000
        rateLimitReadDaily = 100_000
    }
}
