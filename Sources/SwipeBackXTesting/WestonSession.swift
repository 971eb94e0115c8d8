// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A Wayland session for tests: weston 10 with Xwayland, in a private runtime folder, on its
/// headless backend (no seat: no input) or nested in an X server (the x11 backend, pixman
/// rendering: XTest input into Xwayland reaches its clients, and frames follow weston's repaint
/// clock). Its X display is Xwayland's, started when the first X client connects.
public final class WestonSession {
    /// The compositor process.
    public let process = Process()
    /// The X display weston's Xwayland listens on, like `:3`.
    public let displayName: String
    private let runtime: URL
    /// The lock file this session made for the outer display, removed at the end.
    private var outerLock: String?

    /// Starts weston and waits (up to 15 s) until its Xwayland listens.
    ///
    /// - Parameters:
    ///   - nestedIn: an X display to run weston's x11 backend in (its output `width` x `height`
    ///     px); nil for the headless backend.
    ///   - shell: weston's shell module: `desktop-shell.so` (windows with frames), or
    ///     `kiosk-shell.so` (every top-level window full screen, as a kiosk compositor does).
    /// - Throws: `XTestingError` when weston is missing or does not start Xwayland.
    public init(nestedIn outer: String? = nil, width: Int = 1024, height: Int = 700, shell: String = "desktop-shell.so") throws {
        guard let weston = findTool("weston") else {
            throw XTestingError("weston is not installed: run `make test` (it installs weston and xwayland)")
        }
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-weston-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let log = runtime.appendingPathComponent("weston.log")
        process.executableURL = URL(fileURLWithPath: weston)
        let backend = outer == nil ? ["--backend=headless-backend.so"]
            : ["--backend=x11-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)"]
        process.arguments = backend + ["--shell=\(shell)", "--xwayland", "--socket=wayland-swipeback", "--log=\(log.path)"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.removeValue(forKey: "DISPLAY")
        if let outer { environment["DISPLAY"] = outer }
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Xwayland takes the first display number with no lock file in /tmp, and a server started
        // with -displayfd (XvfbServer, XorgTouchServer) leaves none: on a clean /tmp both took :0
        // and the test's clients reached the outer server. A lock naming this (live) process keeps
        // Xwayland off the outer display's number.
        if let outer, let number = Int(outer.dropFirst().prefix { $0.isNumber }) {
            let lock = "/tmp/.X\(number)-lock"
            if !FileManager.default.fileExists(atPath: lock),
               FileManager.default.createFile(atPath: lock, contents: Data(String(format: "%10d\n", getpid()).utf8)) {
                outerLock = lock
            }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        var found: String?
        while found == nil && Date() < deadline && process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "xserver listening on display ") {
                found = String(text[range.upperBound...].prefix { $0 == ":" || $0.isNumber })
            } else {
                sleepMilliseconds(20)
            }
        }
        guard let found else {
            process.terminate()
            throw XTestingError("weston did not start Xwayland (log: \(log.path))")
        }
        displayName = found
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: runtime)
        if let outerLock { try? FileManager.default.removeItem(atPath: outerLock) }
    }
}
