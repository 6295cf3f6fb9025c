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

    /// The name of a file system where inotify does not see changes made elsewhere (FUSE, network mounts), else nil.
    static func remoteFileSystemName(_ path: String) -> String? {
        var info = statfs()
        guard statfs(path, &info) == 0 else { return nil }
        switch UInt64(UInt(bitPattern: Int(info.f_type))) & 0xFFFF_FFFF {
        case 0x6573_5546: return "fuse"
        case 0x6969: return "nfs"
        case 0xFF53_4D42: return "cifs"
        case 0xFE53_4D42: return "smb2"
        case 0x517B: return "smb"
        case 0x0102_1997: return "9p"
        case 0x00C3_6400: return "ceph"
        case 0x7375_7245: return "coda"
        case 0x5346_414F: return "afs"
        case 0x0BD0_0BD0: return "lustre"
        case 0x6B41_4653: return "kafs"
        default: return nil
        }
    }

    /// Whether this process may create files in `folder`.
    static func isWritableFolder(_ folder: String) -> Bool {
        access(folder, W_OK) == 0
    }
}
