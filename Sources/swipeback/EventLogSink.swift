// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats

/// Where a window command writes its event log: a file, standard output, or nowhere.
///
/// Every line is written and flushed as it happens, so a reader sees the log live. A file the
/// sink creates is the user's alone (mode 0600): a log holds the times and places of touches.
final class EventLogSink {
    /// What happens to a file that is there already.
    enum Policy {
        /// Truncated: one run, one log (the demo, the kiosk: a recording to replay).
        case replace
        /// Appended to and kept under `limitBytes`: when a line would take it past that, the file
        /// becomes `FILE.1` (replacing the one before) and a new file starts (`swipeback system`,
        /// a service that runs for months and is restarted by systemd).
        case rotate(limitBytes: Int)
    }

    /// How large `swipeback system`'s log grows before it rotates, bytes: 1 MiB, about 7000
    /// decisions; with the one file kept before it, at most 2 MiB on disk.
    static let systemLimitBytes = 1 << 20

    /// The file descriptor written to, nil for no log.
    private var descriptor: Int32?
    private let policy: Policy
    /// The file's size so far, bytes (for `rotate`; nil when it is not a regular file).
    private var size: Int?

    /// Opens `target`: nil for no log, `-` for standard output, else a file created (mode 0600),
    /// then truncated or appended to by `policy`.
    ///
    /// - Throws: `CommandFailure.usage` when the file cannot be created.
    init(target: String?, policy: Policy = .replace) throws {
        self.policy = policy
        switch target {
        case nil:
            descriptor = nil
        case "-":
            descriptor = STDOUT_FILENO
        case let path?:
            try Self.checkWritable(path)
            descriptor = try Self.open(path, policy: policy)
            size = Self.regularFileSize(descriptor!)
        }
        self.target = target
    }

    /// Opens the log file: created 0600; an existing one truncated (`replace`) or appended to
    /// (`rotate`: made 0600 when it is this user's, as an older version left it 0644).
    private static func open(_ path: String, policy: Policy) throws -> Int32 {
        let flags: Int32
        switch policy {
        case .replace: flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        case .rotate: flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
        }
        let opened = Glibc.open(path, flags, 0o600)
        guard opened >= 0 else {
            throw CommandFailure.usage("--event-log \(path): cannot create the file: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        if case .rotate = policy, fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() {
            _ = fchmod(opened, 0o600)
        }
        return opened
    }

    /// The size of the regular file open on `descriptor`, bytes; nil for anything else (a pipe, a device).
    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    private let target: String?

    /// Refuses a path that is a directory, or whose folder does not exist.
    static func checkWritable(_ path: String, option: String = "--event-log") throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory {
            throw CommandFailure.usage("\(option) \(path): is a directory, expected a file")
        }
        var folderIsDirectory = false
        let folder = TextFile.folder(of: path)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDirectory), folderIsDirectory else {
            throw CommandFailure.usage("\(option) \(path): no folder \(folder)")
        }
    }

    /// Writes a whole text to `path` all or nothing (see `OutputFile`: a temporary file beside it
    /// renamed into place, mode and owner kept; a device or a pipe written in place).
    ///
    /// - Throws: `CommandFailure` naming the file when it cannot be written.
    static func writeAtomically(_ text: String, to path: String, option: String = "--event-log") throws {
        let output = try OutputFile(replacing: path, option: option)
        try output.write(text)
        try output.finish()
    }

    /// Writes one log line.
    /// A live log that cannot be written is lost: the window command stops with one line and status 1.
    func write(_ record: TimedEvent) { write(line: EventLogWriter.line(record)) }

    private func write(line: String) {
        guard descriptor != nil else { return }
        let bytes = Data((line + "\n").utf8)
        do {
            if case .rotate(let limit) = policy, let size, size > 0, size + bytes.count > limit, let path = target {
                try rotate(path)
            }
            try writeAll(bytes, to: descriptor!)
            size = size.map { $0 + bytes.count }
        } catch {
            let name = target == "-" ? "standard output" : target ?? ""
            printError("--event-log: cannot write to \(name): \(reason(error))")
            exit(1)
        }
    }

    /// Moves the full log to `FILE.1` and starts a new one.
    private func rotate(_ path: String) throws {
        if let descriptor { close(descriptor) }
        descriptor = nil
        guard rename(path, path + ".1") == 0 || errno == ENOENT else {
            throw CommandFailure.runtime("cannot move the full log to \(path).1: \(String(cString: strerror(errno)))")
        }
        descriptor = try Self.open(path, policy: policy)
        size = 0
    }
}
