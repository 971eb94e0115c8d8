import Foundation
import SwipeBackCore
import SwipeBackFormats

/// Where a window command writes its event log: a file, standard output, or nowhere.
///
/// Every line is written and flushed as it happens, so a reader sees the log live.
final class EventLogSink {
    private let handle: FileHandle?

    /// Opens `target`: nil for no log, `-` for standard output, else a file created or truncated.
    ///
    /// - Throws: `CommandFailure.usage` when the file cannot be created.
    init(target: String?) throws {
        switch target {
        case nil:
            handle = nil
        case "-":
            handle = FileHandle.standardOutput
        case let path?:
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let opened = FileHandle(forWritingAtPath: path) else {
                throw CommandFailure.usage("--event-log: cannot create \(path)")
            }
            handle = opened
        }
    }

    /// Writes a whole log to `path` through a temporary file renamed into place.
    ///
    /// - Throws: `CommandFailure.usage` naming the file when it cannot be written.
    static func writeAtomically(_ text: String, to path: String) throws {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure.usage("--event-log: cannot write \(path)")
        }
    }

    /// Writes one log line.
    func write(_ entry: EventLogEntry) {
        guard let handle else { return }
        handle.write(Data((EventLogWriter.line(entry) + "\n").utf8))
    }
}
