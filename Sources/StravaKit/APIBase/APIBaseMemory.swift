import Foundation

/// What the state folder remembers about the new host (`api-base.json`).
public struct APIBaseMemory: Sendable, Codable, Equatable {
    /// The new base this is about (a changed configuration forgets the rest).
    public var newBase: String
    public var newBaseAnswered: Bool
    public var checkedAt: Date

    public init(newBase: String, newBaseAnswered: Bool, checkedAt: Date) {
        self.newBase = newBase
        self.newBaseAnswered = newBaseAnswered
        self.checkedAt = checkedAt
    }

    enum CodingKeys: String, CodingKey {
        case newBase = "new_base"
        case newBaseAnswered = "new_base_answered"
        case checkedAt = "checked_at"
    }

    /// The remembered answer, or nil when there is none (or it cannot be read: then the host is asked again).
    public static func load(from file: URL) -> APIBaseMemory? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(APIBaseMemory.self, from: data)
    }

    func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        try encoder.encode(self).write(to: temporary)
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }
}
