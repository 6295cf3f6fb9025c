import Foundation
import Testing
@testable import StravaKit

@Suite struct CredentialsStoreTests {
    @Test func savedFileHasMode0600() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = CredentialsStore(fileURL: folder.appendingPathComponent("credentials.json"))
        let credentials = StravaCredentials(
            accessToken: "a", refreshToken: "r", accessTokenExpiresAt: Date(),
            athlete: .init(id: 7), scopes: ["activity:write"], connectedSince: Date())
        try store.save(credentials)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try store.load()?.athlete.id == 7)
    }
}
