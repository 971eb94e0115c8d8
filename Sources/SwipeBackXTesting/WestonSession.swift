// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
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
    /// The X display weston's x11 backend runs in (its pointer is weston's); nil when headless.
    public let outerDisplayName: String?
    /// The output's size, px.
    private let outputWidth: Int, outputHeight: Int
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
        outerDisplayName = outer
        outputWidth = width
        outputHeight = height
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

    /// How long weston is given to answer one placing of its pointer before it is placed again, ms.
    /// A motion that Xwayland reads before the shell's placement of the window has reached the X
    /// server puts X's pointer off by the placement's offset, and only another motion mends it.
    private static let pointerAnswerMilliseconds = 250.0

    /// Puts weston's own pointer at (`x`, `y`) px of its output and waits until Xwayland's pointer
    /// is there too.
    ///
    /// XTest input into Xwayland reaches X windows where X has them, and weston's pointer entering
    /// an Xwayland window moves X's pointer to weston's. So until this holds, an XTest drag can land
    /// where the window was before weston's shell placed it (X has it where its client mapped it
    /// until the shell's move comes), or jump when weston's pointer enters the window later. Once it
    /// holds, weston shows an Xwayland window under the point, has given it pointer focus, and
    /// Xwayland has that window where weston shows it; weston's pointer then stays put.
    ///
    /// Weston's x11 backend takes its pointer's place from the outer server only when that pointer
    /// enters its output window (later motion moves it by deltas, from wherever it was), so the
    /// outer pointer leaves the output window and comes back in at the point. The output window
    /// lies at (0, 0) of the outer root, where the backend makes it (no window manager runs there),
    /// and the outer screen must be larger than the output.
    ///
    /// - Parameters:
    ///   - x: px of weston's output (Xwayland's root: one output at 0, 0), in the window to focus.
    ///   - y: px, likewise.
    ///   - display: a connection to this session's Xwayland (`displayName`).
    ///   - timeout: seconds.
    /// - Throws: `XTestingError` for a headless session or an outer screen no larger than the
    ///   output, or when X's pointer does not come there in time.
    public func focusPointer(at x: Int, _ y: Int, xwayland display: OpaquePointer, timeout: TimeInterval = 10) throws {
        guard let outerDisplayName, let outer = XOpenDisplay(outerDisplayName) else {
            throw XTestingError("weston's pointer is out of reach: the session is headless or its outer display does not open")
        }
        defer { XCloseDisplay(outer) }
        let screen = XDefaultScreen(outer)
        let outside = (x: Int32(outputWidth), y: Int32(outputHeight))
        guard outside.x < XDisplayWidth(outer, screen), outside.y < XDisplayHeight(outer, screen) else {
            throw XTestingError("the outer screen has no room beside weston's \(outputWidth) x \(outputHeight) output")
        }
        func xPointer() -> (x: Int, y: Int) {
            var rootX: Int32 = 0, rootY: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0, mask: UInt32 = 0
            var root: Window = 0, child: Window = 0
            XQueryPointer(display, XDefaultRootWindow(display), &root, &child, &rootX, &rootY, &windowX, &windowY, &mask)
            return (Int(rootX), Int(rootY))
        }
        // X's pointer away from the point (and from the nudged one), so that only weston brings it there.
        XTestFakeMotionEvent(display, -1, Int32(x > 1 ? 0 : x + 2), Int32(y), 0)
        XSync(display, 0)
        let deadline = Date().addingTimeInterval(timeout)
        var target = (x: x, y: y)
        while Date() < deadline {
            XTestFakeMotionEvent(outer, -1, outside.x, outside.y, 0)
            XTestFakeMotionEvent(outer, -1, Int32(target.x), Int32(target.y), 0)
            XSync(outer, 0)
            let wait = min(Self.pointerAnswerMilliseconds / 1000, max(0, deadline.timeIntervalSinceNow))
            if waitUntil(timeout: wait, every: 10, { xPointer() == target }) { return }
            // Each retry is a move (1 px), so weston sends a motion even to the window it focused.
            target.x = target.x == x ? x + 1 : x
        }
        throw XTestingError("weston's pointer at (\(target.x), \(target.y)) did not bring Xwayland's there (it is at \(xPointer())): "
                            + "weston shows no Xwayland window there, or Xwayland has it elsewhere")
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: runtime)
        if let outerLock { try? FileManager.default.removeItem(atPath: outerLock) }
    }
}
