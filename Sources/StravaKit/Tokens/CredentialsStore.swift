import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and atomically writes `credentials.json` (mode 0600), refusing files others can read.
public struct CredentialsStore: Sendable {
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    private var path: String { fileURL.path }

    /// The stored credentials, or nil when there is no file.
    public func load() throws(StravaError) -> StravaCredentials? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .credentialsFile(path: path, reason: String(cString: strerror(errno)))
        }
        let mode = info.st_mode & 0o777
        if mode & 0o077 != 0 {
            throw .insecureCredentialsFile(path: path, mode: String(mode, radix: 8))
        }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .credentialsFile(path: path, reason: "cannot read it (\(error.localizedDescription))")
        }
        do {
            return try Self.decoder.decode(StravaCredentials.self, from: data)
        } catch {
            throw .credentialsFile(
                path: path, reason: "it is not valid credentials JSON; run `trackdrop auth login` to replace it")
        }
    }

    /// Writes through a temporary file in the same folder: fsync, rename, fsync of the folder, so a
    /// crash leaves either the old or the new file, never a torn one.
    public func save(_ credentials: StravaCredentials) throws(StravaError) {
        let data: Data
        do {
            data = try Self.encoder.encode(credentials)
        } catch {
            throw .credentialsFile(path: path, reason: "cannot encode credentials")
        }
        let folder = fileURL.deletingLastPathComponent().path
        if mkdirAll(folder) != 0 {
            throw .credentialsFile(path: path, reason: "cannot create folder \(folder): \(errnoText())")
        }
        let temporary = folder + "/." + fileURL.lastPathComponent + ".\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .credentialsFile(path: path, reason: "cannot create \(temporary): \(errnoText())")
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write: \(errnoText())"
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(fd, 0o600) != 0 { failure = "cannot set mode 0600: \(errnoText())" }
        if failure == nil, fsync(fd) != 0 { failure = "cannot fsync: \(errnoText())" }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = "cannot rename into place: \(errnoText())" }
        if let failure {
            unlink(temporary)
            throw .credentialsFile(path: path, reason: failure)
        }
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Removes the file; true when there was one.
    @discardableResult
    public func delete() throws(StravaError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .credentialsFile(path: path, reason: "cannot delete: \(errnoText())")
    }

    private func mkdirAll(_ folder: String) -> Int32 {
        var info = stat()
        if stat(folder, &info) == 0 { return 0 }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder, mkdirAll(parent) != 0 { return -1 }
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return -1 }
        return 0
    }

    private func errnoText() -> String { String(cString: strerror(errno)) }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
