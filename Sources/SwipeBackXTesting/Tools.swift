// SPDX-License-Identifier: Apache-2.0
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

/// Checks `condition` every `every` ms until it holds or `timeout` seconds pass: for states a test
/// can only observe from outside (a pixel on screen, a process ending).
///
/// - Returns: whether it held.
@discardableResult
public func waitUntil(timeout: Double = 5, every: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        sleepMilliseconds(every)
    }
}

/// Sleeps for `ms` milliseconds.
public func sleepMilliseconds(_ ms: Double) { usleep(useconds_t(ms * 1000)) }

/// A rectangle of the screen of `display` (the root window: what a compositor shows too), or of
/// `window`'s own pixels (under Xwayland, whose root shows nothing), row by row, each pixel as
/// [red, green, blue]; empty when the server refuses it.
public func screenPixels(_ display: OpaquePointer, x: Int, y: Int, width: Int, height: Int, window: Window? = nil) -> [[Int]] {
    let source = window ?? XDefaultRootWindow(display)
    guard width > 0, height > 0,
          let image = XGetImage(display, source, Int32(x), Int32(y), UInt32(width), UInt32(height), UInt.max, ZPixmap) else { return [] }
    defer { swipeback_destroy_image(image) }
    guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return [] }
    let bytesPerLine = Int(image.pointee.bytes_per_line)
    var pixels: [[Int]] = []
    pixels.reserveCapacity(width * height)
    for row in 0..<height {
        let words = UnsafeRawPointer(data + row * bytesPerLine).assumingMemoryBound(to: UInt32.self)
        for i in 0..<width {
            let p = words[i]
            pixels.append([Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)])
        }
    }
    return pixels
}

/// Runs `tool` (found on `$PATH`) with `arguments` on `display` and waits; returns its status
/// and standard output.
///
/// - Throws: `XTestingError` when the tool is not installed (it names the Debian package).
@discardableResult
public func runTool(_ tool: String, _ arguments: [String], display: String, package: String) throws -> (status: Int32, output: String) {
    guard let path = findTool(tool) else {
        throw XTestingError("\(tool) is not installed: apt-get install \(package) (.ci/run installs it)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Merges X resources (`xrdb -nocpp -merge`, as a desktop's settings daemon does) on `display`.
///
/// - Parameter resources: resource lines, like `Xft.dpi: 192`.
/// - Throws: `XTestingError` when xrdb is missing or fails.
public func mergeResources(_ resources: String, display: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-xrdb-\(UUID().uuidString)").path
    try resources.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let (status, _) = try runTool("xrdb", ["-nocpp", "-merge", file], display: display, package: "x11-xserver-utils")
    guard status == 0 else { throw XTestingError("xrdb -merge exited with status \(status)") }
}
