import CX11
import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import XCTest

/// Paths of the repository and the built `swipeback` binary.
enum Paths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `swipeback` executable built beside the test bundle.
    static var swipeback: String {
        get throws {
            let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            var directory = exe.deletingLastPathComponent()
            // The test runner may sit inside a `.xctest` folder.
            for _ in 0..<3 {
                let candidate = directory.appendingPathComponent("swipeback").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            throw HarnessError("the swipeback binary was not built beside \(exe.path)")
        }
    }

    static func tool(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// A failure raised by the harness itself (missing tools, a process that would not start).
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The result of running a command to completion.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `executable` with `arguments` and waits; `environment` replaces the process environment.
func runCommand(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                         standardError: String(decoding: errData, as: UTF8.self))
}

/// A private Xvfb server for one test: started on a free display, killed at the end.
final class XvfbServer {
    let process = Process()
    let displayName: String
    let display: OpaquePointer

    /// Starts Xvfb with a 24-bit screen of `width` x `height` px and connects to it.
    init(width: Int = 1024, height: Int = 768) throws {
        guard let xvfb = Paths.tool("Xvfb") else {
            throw HarnessError("Xvfb is not installed: run `make test` (it installs it) or `apt-get install xvfb`")
        }
        process.executableURL = URL(fileURLWithPath: xvfb)
        // -displayfd 1: Xvfb picks a free display and writes its number on standard output.
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw HarnessError("Xvfb did not report a display number (got \"\(text)\")")
        }
        displayName = ":\(number)"
        guard let display = XOpenDisplay(displayName) else {
            process.terminate()
            throw HarnessError("cannot connect to Xvfb on \(displayName)")
        }
        self.display = display
    }

    deinit {
        if process.isRunning { XCloseDisplay(display) } // after a kill, Xlib would call the fatal IO handler
        process.terminate()
        process.waitUntilExit()
    }

    // MARK: XTest input: ordinary XI2 motion and button events from the XTEST device.

    func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        XFlush(display)
    }

    func button(_ pressed: Bool) {
        XTestFakeButtonEvent(display, 1, pressed ? 1 : 0, 0)
        XFlush(display)
    }

    /// Presses and releases the key with this keysym.
    func key(_ keysym: Int32) {
        let code = XKeysymToKeycode(display, KeySym(keysym))
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        XFlush(display)
    }

    /// Top-level windows whose `WM_NAME` is `title`.
    func windows(titled title: String) -> [Window] { topLevelWindows(display, titled: title) }

    /// Sends `WM_DELETE_WINDOW` to `window`, as a window manager's close button does.
    func requestClose(_ window: Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = 0 // CurrentTime
        XSendEvent(display, window, 0, 0, &event)
        XFlush(display)
    }

    /// One row of the screen, from x0 to x1 (exclusive), each pixel as [red, green, blue].
    func pixels(row y: Int, from x0: Int, to x1: Int) -> [[Int]] {
        let root = XDefaultRootWindow(display)
        guard let image = XGetImage(display, root, Int32(x0), Int32(y), UInt32(x1 - x0), 1, UInt.max, ZPixmap) else {
            return []
        }
        defer { swipeback_destroy_image(image) }
        guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return [] }
        let words = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        return (0..<(x1 - x0)).map { i in
            let p = words[i]
            return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
        }
    }
}

/// A running `swipeback demo` and its live event log.
final class DemoProcess {
    let process = Process()
    let logPath: String
    private let stderrPipe = Pipe()

    init(display: String, arguments: [String]) throws {
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-e2e-\(UUID().uuidString).jsonl").path
        process.executableURL = URL(fileURLWithPath: try Paths.swipeback)
        process.arguments = ["demo", "--event-log", logPath, "--log-frames"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["XDG_CONFIG_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-e2e-none").path
        process.environment = environment
        process.standardError = stderrPipe
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// What the demo wrote on standard error, once it has exited.
    func standardError() -> String {
        String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The log lines written so far, parsed.
    func lines() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits until `condition` holds for the log, up to `timeout` seconds; returns the log then.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 10, _ condition: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let log = lines()
            if condition(log) { return log }
            if !process.isRunning {
                let err = String(decoding: stderrPipe.fileHandleForReading.availableData, as: UTF8.self)
                throw HarnessError("the demo exited with status \(process.terminationStatus) waiting for \(what): \(err)")
            }
            usleep(10_000)
        }
        throw HarnessError("timed out waiting for \(what); log so far:\n" + lines().map { "\($0)" }.joined(separator: "\n"))
    }
}

/// Top-level windows of `display` whose `WM_NAME` is `title`.
func topLevelWindows(_ display: OpaquePointer, titled title: String) -> [Window] {
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

/// Where a button of the built-in pages sits on `page` in a stack `width` px wide, from the same
/// layout code the app uses.
func builtInButtonCentre(page id: String, button: String, width: Double) throws -> (Int, Int) {
    let document = try PagesDocumentReader.read(path: Paths.repository.appendingPathComponent("Assets/pages.json").path)
    let page = document.page(id)
    let frames = PageLayout.frames(for: page, width: width, direction: .leftToRight, measurer: try TextMeasurer())
    guard let index = page.elements.firstIndex(where: { $0.id == button }) else { throw HarnessError("no button \(button) on \(id)") }
    let f = frames[index]
    return (Int(f.x + f.width / 2), Int(f.y + f.height / 2))
}

/// Sleeps for `ms` milliseconds.
func sleepMilliseconds(_ ms: Double) { usleep(useconds_t(ms * 1000)) }
