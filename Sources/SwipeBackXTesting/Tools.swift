import CX11
import CX11Testing
import Foundation

/// A failure of the X test tools (a missing program, a server that would not start, a timeout).
public struct XTestingError: Error, CustomStringConvertible {
    /// What went wrong, for the test log.
    public let description: String
    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

/// Starts an X server `process` that writes its display number on standard output (`-displayfd 1`)
/// and returns that number, or nil if none came within `timeout` seconds.
func startReportingDisplay(_ process: Process, timeout: TimeInterval) throws -> Int? {
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    let deadline = Date().addingTimeInterval(timeout)
    while !text.contains("\n"), Date() < deadline {
        let chunk = out.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
    }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The path of the program `name` on `$PATH`, or nil.
public func findTool(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Top-level windows of `display` whose `WM_NAME` is `title`.
public func topLevelWindows(_ display: OpaquePointer, titled title: String) -> [Window] {
    var rootReturn: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    guard XQueryTree(display, XDefaultRootWindow(display), &rootReturn, &parent, &children, &count) != 0,
          let children else { return [] }
    defer { XFree(children) }
    return (0..<Int(count)).map { children[$0] }.filter { window in
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(display, window, &name) != 0, let name else { return false }
        defer { XFree(name) }
        return String(cString: name) == title
    }
}

/// Sleeps for `ms` milliseconds.
public func sleepMilliseconds(_ ms: Double) { usleep(useconds_t(ms * 1000)) }
