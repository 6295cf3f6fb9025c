import Foundation
import TestSupport
import Testing
@testable import StravaKit

@Suite struct CredentialsStoreTests {
    static func sample() -> StravaCredentials {
        StravaCredentials(
            accessToken: String(repeating: "a", count: 40), refreshToken: String(repeating: "b", count: 40),
            accessTokenExpiresAt: Date(timeIntervalSince1970: 1_800_000_000),
            athlete: .init(id: 7, firstName: "Sandy", lastName: "Box"),
            scopes: ["activity:write"], connectedSince: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func temporaryStore() -> (CredentialsStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        return (CredentialsStore(fileURL: folder.appendingPathComponent("trackdrop/credentials.json")), folder)
    }

    @Test func savedFileHasMode0600AndReadsBack() throws {
        let (store, folder) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.sample())
        try store.save(Self.sample())  // replacing keeps the mode
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try store.load() == Self.sample())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.fileURL.deletingLastPathComponent().path)
        #expect(leftovers == ["credentials.json"])
    }

    @Test func aFileOthersCanReadIsRefused() throws {
        let (store, folder) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.sample())
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.fileURL.path)
        let error = #expect(throws: StravaError.self) { try store.load() }
        #expect(error?.description.contains("chmod 600 \(store.fileURL.path)") == true)
        #expect(throws: StravaError.self) {
            try StravaSession(
                settings: StravaSettings(baseURL: URL(string: "http://127.0.0.1:9")!, clientID: "1", clientSecret: "s"),
                credentialsFile: store.fileURL, logger: LogCapture().logger())
        }
    }

    @Test func aMissingFileMeansNotConnected() async throws {
        let (store, folder) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try store.load() == nil)
        let session = try StravaSession(
            settings: StravaSettings(baseURL: URL(string: "http://127.0.0.1:9")!, clientID: "1", clientSecret: "s"),
            credentialsFile: store.fileURL, logger: LogCapture().logger())
        #expect(await session.connectionState == .notConnected)
        await #expect(throws: StravaError.notConnected(credentialsFile: store.fileURL.path)) {
            try await session.submit(ActivityFilesByIndex.request(index: 1))
        }
        try await session.shutdown()
    }

    @Test func descriptionsHideTokens() {
        let credentials = Self.sample()
        #expect(!"\(credentials)".contains(credentials.accessToken))
        #expect(!String(reflecting: credentials).contains(credentials.refreshToken))
        let settings = StravaSettings(baseURL: URL(string: "http://x")!, clientID: "1", clientSecret: "very-secret")
        #expect(!"\(settings)".contains("very-secret"))
    }
}
