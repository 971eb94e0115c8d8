// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats

/// Where a window command writes its event log: a file, standard output, or nowhere.
///
/// Every line is written and flushed as it happens, so a reader sees the log live.
final class EventLogSink {
    /// The file descriptor written to, nil for no log.
    private let descriptor: Int32?

    /// Opens `target`: nil for no log, `-` for standard output, else a file created or truncated.
    ///
    /// - Throws: `CommandFailure.usage` when the file cannot be created.
    init(target: String?) throws {
        switch target {
        case nil:
            descriptor = nil
        case "-":
            descriptor = STDOUT_FILENO
        case let path?:
            try Self.checkWritable(path)
            let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                throw CommandFailure.usage("--event-log \(path): cannot create the file: \(String(cString: strerror(errno)))")
            }
            descriptor = opened
        }
        self.target = target
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

    /// Writes one log line of a type the engine does not make (`swipeback system`'s `system` lines).
    func write(_ entry: EventLogEntry) { write(line: EventLogWriter.line(entry)) }

    private func write(line: String) {
        guard let descriptor else { return }
        do {
            try writeAll(Data((line + "\n").utf8), to: descriptor)
        } catch {
            let name = target == "-" ? "standard output" : target ?? ""
            printError("--event-log: cannot write to \(name): \(reason(error))")
            exit(1)
        }
    }
}
