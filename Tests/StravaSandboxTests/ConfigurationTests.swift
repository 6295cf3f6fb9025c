import Foundation
import StravaSandbox
import Testing

@Suite("Configuration", .timeLimit(.minutes(2)))
struct ConfigurationTests {
    @Test func defaultsMatchStrava() {
        let configuration = SandboxConfiguration()
        #expect(configuration.clientID == "12345")
        #expect(configuration.autoApprove)
        #expect(configuration.rateLimitWindowSeconds == 900)
        #expect(configuration.rateLimitOverallShort == 200 && configuration.rateLimitOverallDaily == 2000)
        #expect(configuration.rateLimitReadShort == 100 && configuration.rateLimitReadDaily == 1000)
        #expect(configuration.accessTokenLifetimeSeconds == 21_600)
    }

    @Test func jsonSetsOptionsWithSnakeCaseKeys() throws {
        let json = #"""
        {"client_id": "777", "rotate_refresh_tokens": true, "rate_limit_window_seconds": 5,
         "duplicate_detection": "post", "duplicate_message": "link", "processing_fixed_seconds": 0,
         "faults": {"server_error_rate": 0.1, "rate_limit_burst": 3}}
        """#
        let configuration = try SandboxConfiguration.decode(json: Data(json.utf8))
        #expect(configuration.clientID == "777")
        #expect(configuration.rotateRefreshTokens)
        #expect(configuration.rateLimitWindowSeconds == 5)
        #expect(configuration.duplicateDetection == .post)
        #expect(configuration.duplicateMessage == .link)
        #expect(configuration.processingFixedSeconds == 0)
        #expect(configuration.faults.serverErrorRate == 0.1)
        #expect(configuration.faults.rateLimitBurst == 3)
        #expect(configuration.rateLimitOverallShort == 200)
    }

    @Test func encodedConfigurationReadsBackTheSame() throws {
        var configuration = SandboxConfiguration()
        configuration.callbackDomain = "example.org"
        configuration.faults.stuckUploadRate = 0.2
        let data = try JSONEncoder().encode(configuration)
        let decoded = try SandboxConfiguration.decode(json: data)
        #expect(decoded.callbackDomain == "example.org")
        #expect(decoded.faults == configuration.faults)
    }

    @Test(arguments: [
        (#"{"client_idd": "1"}"#, "client_idd"),
        (#"{"rate_limit_window_seconds": 0}"#, "rate_limit_window_seconds"),
        (#"{"rate_limit_read_short": "many"}"#, "rate_limit_read_short"),
        (#"{"duplicate_detection": "later"}"#, "duplicate_detection"),
        (#"{"faults": {"stuck_upload_rate": 1.5}}"#, "faults.stuck_upload_rate"),
        (#"{"faults": {"latency": 1}}"#, "faults.latency"),
        (#"{"granted_scopes": ["read", "write"]}"#, "granted_scopes"),
    ])
    func badKeysAndValuesNameTheKey(json: String, key: String) throws {
        do {
            _ = try SandboxConfiguration.decode(json: Data(json.utf8))
            Issue.record("\(json) was accepted")
        } catch let error as SandboxError {
            #expect(error.key == key)
            #expect(error.description.contains("\"\(key)\""))
        }
    }

    @Test func loadReadsAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sandbox.json")
        try Data(#"{"athlete_id": 99}"#.utf8).write(to: file)
        #expect(try SandboxConfiguration.load(from: file).athleteID == 99)
        #expect(throws: SandboxError.self) {
            try SandboxConfiguration.load(from: directory.appendingPathComponent("missing.json"))
        }
    }
}
