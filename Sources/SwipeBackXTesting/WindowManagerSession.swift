// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing
import Foundation

/// A real window manager (openbox), optionally with a compositing manager (picom, XRender
/// backend), running on a test's X server: started, waited for, and stopped at the end.
public final class WindowManagerSession {
    /// The window manager's process.
    public let windowManager = Process()
    /// The compositing manager's process, while one runs.
    public private(set) var compositor: Process?
    private let home: URL
    private let environment: [String: String]
    private let display: OpaquePointer

    /// Starts openbox on `displayName` and waits until it answers EWMH
    /// (`_NET_SUPPORTING_WM_CHECK` on the root); with `compositing`, then starts picom and waits
    /// until it owns `_NET_WM_CM_S0` (windows are redirected from then on).
    ///
    /// - Parameters:
    ///   - display: the test's own connection to that server, to watch the root.
    ///   - compositing: also run picom (`--backend xrender`, no configuration file: no shadows, no fading).
    /// - Throws: `XTestingError` when a program is missing (naming its Debian package) or does not come up in 10 s.
    public init(displayName: String, display: OpaquePointer, compositing: Bool) throws {
        guard let openbox = findTool("openbox") else {
            throw XTestingError("openbox is not installed: apt-get install openbox (.ci/run installs it)")
        }
        // A private HOME and XDG folders: no user's openbox or picom configuration is read.
        home = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-wm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = displayName
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment.removeValue(forKey: "SESSION_MANAGER")
        self.environment = environment
        self.display = display
        windowManager.executableURL = URL(fileURLWithPath: openbox)
        windowManager.arguments = ["--sm-disable"]
        windowManager.environment = environment
        windowManager.standardOutput = FileHandle.nullDevice
        windowManager.standardError = FileHandle.nullDevice
        try windowManager.run()
        let root = XDefaultRootWindow(display)
        try Self.waitUntil("openbox to manage the screen", windowManager) {
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
            let found = XGetWindowProperty(display, root, check, 0, 1, 0, XA_WINDOW, &type, &format, &count, &after, &data) == Success
                && count == 1
            if let data { XFree(data) }
            return found
        }
        // The check window comes early in openbox's start; a map request before it manages windows
        // goes unanswered. Ready means: a probe window gets reparented into a frame.
        let probe = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
        defer { XDestroyWindow(display, probe); XSync(display, 0) }
        var lastMap = Date.distantPast
        try Self.waitUntil("openbox to manage a window", windowManager) {
            if parentWindow(display, probe) != root { return true }
            if Date().timeIntervalSince(lastMap) > 0.5 {
                XUnmapWindow(display, probe)
                XMapWindow(display, probe)
                XSync(display, 0)
                lastMap = Date()
            }
            return false
        }
        XUnmapWindow(display, probe)
        if compositing { try startCompositor() }
    }

    /// Starts picom (`--backend xrender`, no configuration file: no shadows, no fading) and waits
    /// until it owns `_NET_WM_CM_S0` (windows are redirected from then on).
    ///
    /// - Throws: `XTestingError` when picom is missing or does not come up in 10 s.
    public func startCompositor() throws {
        guard let picom = findTool("picom") else {
            throw XTestingError("picom is not installed: apt-get install picom (.ci/run installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: picom)
        process.arguments = ["--config", "/dev/null", "--backend", "xrender"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        compositor = process
        let selection = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", 0)
        try Self.waitUntil("picom to own _NET_WM_CM_S0", process) { XGetSelectionOwner(display, selection) != 0 }
    }

    /// Stops the compositing manager and waits until `_NET_WM_CM_S0` has no owner.
    public func stopCompositor() {
        guard let compositor else { return }
        compositor.terminate()
        compositor.waitUntilExit()
        self.compositor = nil
        let selection = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", 0)
        let deadline = Date().addingTimeInterval(10)
        while XGetSelectionOwner(display, selection) != 0, Date() < deadline { usleep(20_000) }
    }

    deinit {
        for process in [compositor, windowManager].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: home)
    }

    private static func waitUntil(_ what: String, _ process: Process, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard process.isRunning else { throw XTestingError("\(what): it exited with status \(process.terminationStatus)") }
            guard Date() < deadline else {
                process.terminate()
                throw XTestingError("timed out waiting for \(what)")
            }
            usleep(20_000)
        }
    }
}

/// Windows anywhere in the tree of `display` (a window manager reparents clients into its frames)
/// whose `WM_NAME` is `title`.
public func clientWindows(_ display: OpaquePointer, titled title: String) -> [Window] {
    func search(_ window: Window) -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return (0..<Int(count)).flatMap { index -> [Window] in
            let child = children[index]
            var name: UnsafeMutablePointer<CChar>?
            var matches = false
            if XFetchName(display, child, &name) != 0, let name {
                matches = String(cString: name) == title
                XFree(name)
            }
            return (matches ? [child] : []) + search(child)
        }
    }
    return search(XDefaultRootWindow(display))
}

/// Where `window`'s top-left is on the screen (root coordinates), and its size, in px.
public func rootGeometry(_ display: OpaquePointer, _ window: Window) -> (x: Int, y: Int, width: Int, height: Int) {
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    var x: Int32 = 0, y: Int32 = 0
    var child: Window = 0
    XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
    return (Int(x), Int(y), Int(attributes.width), Int(attributes.height))
}

/// The parent of `window` (a window manager's frame once it is reparented), or 0.
public func parentWindow(_ display: OpaquePointer, _ window: Window) -> Window {
    var rootReturn: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0 else { return 0 }
    if let children { XFree(children) }
    return parent
}

/// Sends an EWMH client message about `window` to the root, as pagers and taskbars do: for
/// example `_NET_ACTIVE_WINDOW` with source 2 (a pager), or `_NET_MOVERESIZE_WINDOW`.
public func sendRootMessage(_ display: OpaquePointer, _ window: Window, _ type: String, _ data: [Int]) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = XInternAtom(display, type, 0)
    event.xclient.format = 32
    let values = data + Array(repeating: 0, count: max(0, 5 - data.count))
    event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
    XSendEvent(display, XDefaultRootWindow(display), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    XFlush(display)
}
