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

    /// Writes one log line.
    func write(_ entry: EventLogEntry) {
        guard let handle else { return }
        handle.write(Data((EventLogWriter.line(entry) + "\n").utf8))
    }
}
