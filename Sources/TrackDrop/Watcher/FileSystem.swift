import Foundation
import Glibc

/// The few file-system calls the watcher needs, wrapped once so the rest of the code stays free of C.
enum FileSystem {
    /// Size and modification time, the two things compared between looks.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var modifiedNanoseconds: Int64
        var modified: Date { Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1e9) }
    }

    /// Stamp of a regular file, nil when it is missing or not a regular file.
    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Stamp(size: Int64(info.st_size), modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Entries of one folder as (name, isDirectory); symlinks are followed for the type.
    static func entries(of folder: String) -> [(name: String, isDirectory: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var result: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            let isDirectory: Bool
            if type == UInt8(DT_DIR) {
                isDirectory = true
            } else if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                isDirectory = Self.isDirectory(folder + "/" + name)
            } else {
                isDirectory = false
            }
            result.append((name, isDirectory))
        }
        return result
    }

    /// File-system types where inotify does not see changes made elsewhere (FUSE incl. MTP and sshfs, network mounts).
    static let remoteTypes: Set<String> = ["fuse", "fuseblk", "nfs", "nfs4", "cifs", "smb", "smb2", "smbfs", "9p", "ceph", "coda", "afs", "lustre", "davfs", "glusterfs", "virtiofs"]

    /// The type of the file system holding `path` when inotify is blind there, else nil.
    /// (Glibc's Swift module does not export `statfs`, so the mount table says it instead.)
    static func remoteFileSystemName(_ path: String, mountInfo: String? = nil) -> String? {
        guard let table = mountInfo ?? (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (mountPoint: String, type: String)?
        for line in table.split(separator: "\n") {
            // "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw,errors=continue"
            let halves = line.components(separatedBy: " - ")
            guard halves.count >= 2 else { continue }
            let fields = halves[0].split(separator: " ")
            let tail = halves[1].split(separator: " ")
            guard fields.count >= 5, let type = tail.first else { continue }
            let mountPoint = unescapeMountPath(String(fields[4]))
            let covers = mountPoint == "/" || resolved == mountPoint || resolved.hasPrefix(mountPoint + "/")
            if covers, mountPoint.count >= (best?.mountPoint.count ?? -1) { best = (mountPoint, String(type)) }
        }
        guard let type = best?.type else { return nil }
        let base = type.split(separator: ".").first.map(String.init) ?? type
        return remoteTypes.contains(base) || remoteTypes.contains(type) ? type : nil
    }

    /// mountinfo writes spaces and a few other bytes as octal escapes (`\040`).
    private static func unescapeMountPath(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3, let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether this process may create files in `folder`.
    static func isWritableFolder(_ folder: String) -> Bool {
        access(folder, W_OK) == 0
    }
}
