import Foundation
import Glibc
import TrackKit

/// The few file-system calls the watcher needs, wrapped once so the rest of the code stays free of C.
enum FileSystem {
    /// What is compared between looks: size and modification time, and which file it is (device, inode) and
    /// when its status last changed, so a replacement keeping size and mtime (`cp -p`) is still noticed.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var modifiedNanoseconds: Int64
        var changedNanoseconds: Int64 = 0
        var identity = Identity(device: 0, inode: 0)
        var modified: Date { Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1e9) }
        var changed: Date { Date(timeIntervalSince1970: Double(changedNanoseconds) / 1e9) }
    }

    /// One file or folder, whatever path leads to it.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// What a folder entry is, after following a symbolic link.
    enum Kind: Equatable, Sendable {
        case directory
        case regularFile
        /// A FIFO, socket or device (described), or a dangling link.
        case special(String)
    }

    /// One entry of a folder listing.
    struct Entry: Sendable {
        var name: String
        var kind: Kind
        /// The entry is a symbolic link (`kind` and `identity` describe its target).
        var isSymlink: Bool
        var identity: Identity?
        var isDirectory: Bool { kind == .directory }
    }

    /// Stamp of a regular file, nil when it is missing or not a regular file.
    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard FileName.withPath(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Stamp(
            size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changedNanoseconds: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
            identity: Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard FileName.withPath(path, { stat($0, &info) }) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return FileName.withPath(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The path with every symbolic link resolved, nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = FileName.withPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName.decode(Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved))))
    }

    /// Entries of one folder, each looked at with `lstat` and (for links) `stat`: never opened.
    static func entries(of folder: String) -> [Entry] {
        guard let directory = FileName.withPath(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var result: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.decode(Array(raw.prefix { $0 != 0 }))
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var info = stat()
            guard FileName.withPath(path, { lstat($0, &info) }) == 0 else { continue }
            let isSymlink = info.st_mode & S_IFMT == S_IFLNK
            if isSymlink, FileName.withPath(path, { stat($0, &info) }) != 0 {
                result.append(Entry(name: name, kind: .special("a dangling symbolic link"), isSymlink: true, identity: nil))
                continue
            }
            let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            let kind: Kind
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = .directory
            case S_IFREG: kind = .regularFile
            case S_IFIFO: kind = .special("a FIFO (named pipe)")
            case S_IFSOCK: kind = .special("a socket")
            case S_IFCHR, S_IFBLK: kind = .special("a device")
            default: kind = .special("not a regular file")
            }
            result.append(Entry(name: name, kind: kind, isSymlink: isSymlink, identity: identity))
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
        FileName.withPath(folder) { access($0, W_OK) } == 0
    }
}
