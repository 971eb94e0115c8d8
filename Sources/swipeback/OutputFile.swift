// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackFormats

/// Where a command writes output that can grow with its input (a replay's event log, a
/// recording, a saved configuration): written as it is made through a small buffer, so memory
/// stays bounded, and all or nothing.
///
/// A regular file (or one that does not exist yet) is written to a temporary file beside it,
/// `.NAME.swipeback-PID.partial`, then synced and renamed into place by `finish()`: a reader sees
/// the old file or the new one, never a mix, and the new one keeps the old one's mode (0600 stays
/// 0600) and, where the user may set them, its owner and group. A temporary left by a process
/// that was killed (SIGKILL during a write, a sync or the rename) is removed by the next output to
/// the same file. A device or a pipe (`/dev/stdout`, a FIFO, `/dev/null`) is written in place;
/// standard output is written as it is made. A symbolic link (a configuration kept in a dotfiles
/// folder and linked into place) is written through: the link stays, and the file it points to
/// (at the end of a chain of links) is the one replaced, with its temporary beside it.
final class OutputFile {
    /// The descriptor written to.
    private let descriptor: Int32
    /// The temporary file renamed into place at `finish()`, or nil when written in place.
    private let temporary: String?
    /// What to name in messages: `--event-log FILE`, `record FILE`, `save FILE`, or standard output.
    private let name: String
    private let path: String?
    private var buffer: [UInt8] = []
    private var finished = false
    /// The buffer is written out when it holds this many bytes.
    private static let bufferBytes = 64 << 10

    /// Standard output, written as it is made.
    init() {
        descriptor = STDOUT_FILENO
        temporary = nil
        path = nil
        name = "standard output"
    }

    /// The output of `--event-log TARGET`: standard output for nil or `-`, else the file.
    ///
    /// - Throws: what `init(replacing:option:)` throws.
    static func eventLog(_ target: String?) throws -> OutputFile {
        guard let target, target != "-" else { return OutputFile() }
        return try OutputFile(replacing: target, option: "--event-log")
    }

    /// Opens `path` for writing, all or nothing (see the type).
    ///
    /// - Parameters:
    ///   - path: the file to replace or create; its folder must exist.
    ///   - option: how the command line named it, for messages (`--event-log`, `record`, `save`).
    /// - Throws: `CommandFailure.usage` for a folder or a missing folder, `.runtime` when the
    ///   temporary file cannot be created.
    init(replacing path: String, option: String) throws {
        try EventLogSink.checkWritable(path, option: option)
        name = "\(option) \(path)"
        let path = Self.resolvingLinks(path)
        self.path = path
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT != S_IFREG {
            // A device or a pipe: written in place, errors and all.
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw CommandFailure.runtime("\(option) \(path): cannot open it: \(String(cString: strerror(errno)))") }
            descriptor = fd
            temporary = nil
            return
        }
        Self.removeStaleTemporaries(of: path)
        let temporary = Self.temporaryPath(of: path, pid: getpid())
        unlink(temporary)
        // A new file gets the umask's mode; a replaced one its own, set below.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0o600 : 0o666)
        guard fd >= 0 else {
            throw CommandFailure.runtime("\(option) \(path): cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        if exists {
            // The owner first (it clears set-id bits), then the mode; an owner the user may not
            // give (another user's file) stays the user's.
            if info.st_uid != geteuid() || info.st_gid != getegid() {
                if fchown(fd, info.st_uid, info.st_gid) != 0 { _ = fchown(fd, geteuid(), info.st_gid) }
            }
            _ = fchmod(fd, info.st_mode & 0o7777)
        }
        descriptor = fd
        self.temporary = temporary
    }

    deinit {
        if let temporary, !finished {
            close(descriptor)
            unlink(temporary)
        } else if descriptor != STDOUT_FILENO, !finished {
            close(descriptor)
        }
    }

    /// Appends `text`, writing the buffer out when it is full.
    ///
    /// - Throws: `CommandFailure.runtime` naming the output when a write fails (a full disk, a closed pipe).
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferBytes { try flush() }
    }

    private func flush() throws {
        do {
            try writeAll(Data(buffer), to: descriptor)
        } catch {
            throw CommandFailure.runtime(descriptor == STDOUT_FILENO && path == nil
                ? "cannot write to standard output: \(reason(error))" : "\(name): cannot write it: \(reason(error))")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, and for a file replaced all or nothing syncs it and renames it into place.
    ///
    /// - Throws: `CommandFailure.runtime` naming the output when it cannot be written; the old
    ///   file is then left as it was and the temporary removed.
    func finish() throws {
        try flush()
        guard let temporary, let path else {
            if descriptor != STDOUT_FILENO { close(descriptor) }
            finished = true
            return
        }
        guard fsync(descriptor) == 0 else { throw CommandFailure.runtime("\(name): cannot write it: \(String(cString: strerror(errno)))") }
        close(descriptor)
        finished = true
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure.runtime("\(name): cannot write it: \(why)")
        }
        // The rename itself is made durable by syncing the folder.
        let folder = open(TextFile.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { _ = fsync(folder); close(folder) }
    }

    /// The file a path names once every symbolic link on its last component is followed (a chain
    /// of at most 40, as the kernel's own limit): the link's target, relative to the link's folder
    /// when it is relative. A path that is not a link, or a dangling link's last target, is
    /// returned as it is, so writing creates the file the link points to.
    ///
    /// - Parameter path: a file's path, absolute or relative to the working folder.
    /// - Returns: the path to write, never a symbolic link unless the chain is longer than 40.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &bytes, bytes.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: bytes[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : TextFile.folder(of: current) + "/" + target
        }
        return current
    }

    /// `.NAME.swipeback-PID.partial` beside `path`.
    static func temporaryPath(of path: String, pid: pid_t) -> String {
        let folder = TextFile.folder(of: path)
        return folder + "/." + String(path.split(separator: "/").last ?? "") + ".swipeback-\(pid).partial"
    }

    /// Removes the temporaries of `path` left by processes that no longer run.
    static func removeStaleTemporaries(of path: String) {
        let folder = TextFile.folder(of: path)
        let prefix = "." + String(path.split(separator: "/").last ?? "") + ".swipeback-", suffix = ".partial"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(suffix.count)), pid > 0 else { continue }
            // A live process (another recorder of the same file) keeps its own.
            if pid != getpid(), kill(pid, 0) == 0 || errno == EPERM { continue }
            unlink(folder + "/" + name)
        }
    }
}
