import AsyncHTTPClient
import Foundation
import TestSupport
import NIOCore
import Testing

@Suite("trackdrop sandbox command", .timeLimit(.minutes(2)))
struct SandboxCommandTests {
    @Test func printsCredentialsServesAndStopsOnSIGINT() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: SandboxBinary.executable.path),
            "build the trackdrop binary first: swift build --build-tests")
        let binary = try SandboxBinary(arguments: ["sandbox", "--port", "0", "--client-id", "4242", "--client-secret", "s3"])
        do {
            try await checkRunningSandbox(binary)
        } catch {
            binary.terminate()
            throw error
        }
        binary.interrupt()
        #expect(await binary.exitStatus() == 0)
    }

    private func checkRunningSandbox(_ binary: SandboxBinary) async throws {
        let printed = try await binary.output(waitingFor: "Press Ctrl-C").split(separator: "\n").map(String.init)
        let urlLine = try #require(printed.first { $0.contains("listening on") }, "\(printed)")
        let url = try #require(urlLine.split(separator: " ").last.map(String.init))
        #expect(url.wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+/) != nil)
        #expect(printed.contains { $0.contains("client id:") && $0.hasSuffix("4242") })
        #expect(printed.contains { $0.contains("client secret:") && $0.hasSuffix("s3") })

        var post = HTTPClientRequest(url: url + "/oauth/token?client_id=4242&client_secret=wrong&grant_type=refresh_token")
        post.method = .POST
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let status: Result<UInt, any Error>
        do {
            status = .success(try await client.execute(post, timeout: .seconds(10)).status.code)
        } catch {
            status = .failure(error)
        }
        try await client.shutdown()
        #expect(try status.get() == 401)
    }

    @Test func badConfigurationNamesTheKey() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: SandboxBinary.executable.path))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("sandbox.json")
        try Data(#"{"rate_limit_window_seconds": -5}"#.utf8).write(to: config)
        let binary = try SandboxBinary(arguments: ["sandbox", "--config", config.path])
        #expect(await binary.exitStatus() != 0)
        #expect(binary.output.contains("rate_limit_window_seconds"))
    }
}
